// The type a spec's result has (hcldec.ImpliedType), known before decoding anything; where
// the blocks present decide the type (block tuples, block objects), it is `dynamic`.

import * as cty from "@tsvider/cty";
import { returnTypeFor, type TypedValue } from "@tsvider/cty/function";
import type { EvalContext } from "../eval-context.js";
import type { Spec } from "./spec.js";

/**
 * The type of the value `decode` gives for a spec, worked out from the spec alone
 * (hcldec.ImpliedType).
 */
export function impliedType(spec: Spec): cty.CtyType {
  switch (spec.kind) {
    case "object": {
      const names = Object.keys(spec.attributes);
      if (names.length === 0) return cty.emptyObject;
      const types: Record<string, cty.CtyType> = {};
      for (const n of names)
        Object.defineProperty(types, n, { value: impliedType(spec.attributes[n]!), enumerable: true });
      return cty.object(types);
    }
    case "tuple":
      return spec.elements.length === 0 ? cty.emptyTuple : cty.tuple(spec.elements.map(impliedType));
    case "attr":
      return spec.type;
    case "literal":
      return spec.value.type;
    case "expr":
    case "blockTuple":
    case "blockObject":
      return cty.dynamic;
    case "block":
      return impliedType(spec.nested);
    case "blockList":
      return cty.list(impliedType(spec.nested));
    case "blockSet":
      return cty.set(impliedType(spec.nested));
    case "blockMap": {
      let t = impliedType(spec.nested);
      for (const _ of spec.labelNames) t = cty.map(t);
      return t;
    }
    case "blockAttrs":
      return cty.map(spec.elementType);
    case "blockLabel":
      return cty.string;
    case "default":
      return impliedType(spec.primary);
    case "transformExpr": {
      // The expression's result type for an unknown input of the wrapped spec's type.
      const variables: Record<string, TypedValue> = {
        [spec.varName]: { value: cty.Unknown, type: impliedType(spec.wrapped) },
      };
      const ctx: EvalContext =
        spec.transformContext === undefined ? { variables } : { variables, parent: spec.transformContext };
      return spec.expr.value(ctx).value.type;
    }
    case "transformFunc":
      try {
        return returnTypeFor(spec.func, [{ value: cty.Unknown, type: impliedType(spec.wrapped) }]).type;
      } catch {
        return cty.dynamic; // a misconfigured spec: hcl gives up the same way
      }
    case "refineValue":
    case "validate":
      return impliedType(spec.wrapped);
  }
}
