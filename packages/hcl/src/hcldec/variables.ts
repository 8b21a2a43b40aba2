// The variables a body refers to where a spec would evaluate it (hcldec.Variables), so an
// application can work out which values to put in the context before decoding.

import type { Body, BodyContent } from "../body.js";
import { hasErrors } from "../diagnostic.js";
import type { Traversal } from "../traversal.js";
import { impliedSchema, sameBodyChildren } from "./schema.js";
import type { Spec } from "./spec.js";

/**
 * The variables a body refers to where `spec` would evaluate it (hcldec.Variables), so that the
 * caller can put their values in the context before decoding.
 */
export function variables(body: Body, spec: Spec): Traversal[] {
  const { content } = body.partialContent(impliedSchema(spec));
  const out: Traversal[] = [];
  const pending: Spec[] = [spec];
  // Depth first, in spec order: the spec, then the specs decoded against the same body.
  for (let s = pending.pop(); s !== undefined; s = pending.pop()) {
    out.push(...variablesNeeded(s, content));
    pending.push(...[...sameBodyChildren(s)].reverse());
  }
  return out;
}

function variablesNeeded(spec: Spec, content: BodyContent): Traversal[] {
  switch (spec.kind) {
    case "attr": {
      const attr = Object.hasOwn(content.attributes, spec.name) ? content.attributes[spec.name] : undefined;
      return attr === undefined ? [] : attr.expr.variables();
    }
    case "expr":
      return spec.expr.variables();
    case "block": {
      const first = content.blocks.find((b) => b.type === spec.typeName);
      return first === undefined ? [] : variables(first.body, spec.nested);
    }
    case "blockList":
    case "blockTuple":
    case "blockSet":
    case "blockMap":
    case "blockObject":
      return content.blocks
        .filter((b) => b.type === spec.typeName)
        .flatMap((b) => variables(b.body, spec.nested));
    case "blockAttrs": {
      const first = content.blocks.find((b) => b.type === spec.typeName);
      if (first === undefined) return [];
      const { attributes, diagnostics } = first.body.justAttributes();
      if (hasErrors(diagnostics)) return [];
      // In source order, so errors about them come in source order too.
      return Object.values(attributes)
        .flatMap((a) => a.expr.variables())
        .sort((a, b) => (a[0]?.range.start.byte ?? 0) - (b[0]?.range.start.byte ?? 0));
    }
    default:
      return [];
  }
}
