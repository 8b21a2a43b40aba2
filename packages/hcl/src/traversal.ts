/**
 * Traversals: variable references such as `var.a[0].b`, and looking values up along them.
 *
 * @packageDocumentation
 */
// Traversals (hcl.Traversal): a variable name followed by attribute and index steps, as
// `var.a[0].b` is. Applications use them to see which names an expression refers to, and
// to look values up with HCL's rules.

import type { CtyType, CtyValue } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "./diagnostic.js";
import type { EvalContext } from "./eval-context.js";
import { nameSuggestion } from "./internal/did-you-mean.js";
import { dynamicUnknown, ownTyped } from "./internal/typed-values.js";
import { getAttr, goQuote, index } from "./ops.js";
import { type Range, rangeBetween } from "./pos.js";

/** One step of a traversal: the root variable name, an attribute, an index, or a splat. */
export type Traverser =
  | { readonly kind: "root"; readonly name: string; readonly range: Range }
  | { readonly kind: "attr"; readonly name: string; readonly range: Range }
  | { readonly kind: "index"; readonly key: CtyValue; readonly keyType: CtyType; readonly range: Range }
  | { readonly kind: "splat"; readonly range: Range };

/**
 * A variable reference as a sequence of steps (`var.a.b[0]`), absolute when it starts with a root
 * name.
 */
export type Traversal = readonly Traverser[];

/** Whether the traversal starts from a value rather than a name. */
export function traversalIsRelative(t: Traversal): boolean {
  return t[0]?.kind !== "root";
}

/** The variable name an absolute traversal starts with. */
export function traversalRootName(t: Traversal): string {
  const root = t[0];
  if (root?.kind !== "root") throw new TypeError("a relative traversal has no root name");
  return root.name;
}

/** From the first step to the last. */
export function traversalRange(t: Traversal): Range | undefined {
  const first = t[0];
  const last = t[t.length - 1];
  return first && last ? rangeBetween(first.range, last.range) : undefined;
}

/** The value a traversal leads to, with diagnostics when a step fails. */
export interface TraversalResult {
  readonly value: TypedValue;
  readonly diagnostics: Diagnostic[];
}

/**
 * Applies a relative traversal to a value (hcl's Traversal.TraverseRel): each step with
 * HCL's index and attribute rules, stopping at the first error with an unknown result. The
 * value is written for `type`; the result is a TypedValue of its own type.
 */
export function applyTraversal(value: CtyValue, type: CtyType, traversal: Traversal): TraversalResult {
  return traverseRelTyped(ownTyped({ value, type }), traversal);
}

/** applyTraversal on a TypedValue that already has its own type. */
export function traverseRelTyped(from: TypedValue, traversal: Traversal): TraversalResult {
  let current = from;
  const diagnostics: Diagnostic[] = [];
  for (const step of traversal) {
    let r: TraversalResult;
    switch (step.kind) {
      case "attr":
        r = getAttr(current, step.name, step.range);
        break;
      case "index":
        r = index(current, ownTyped({ value: step.key, type: step.keyType }), step.range);
        break;
      case "root":
        throw new TypeError("applyTraversal takes a relative traversal; use traverseAbs for one with a root");
      case "splat":
        // hcl has no implementation for a splat step in a traversal either.
        throw new TypeError("a splat step cannot be applied as a traversal");
    }
    diagnostics.push(...r.diagnostics);
    if (r.diagnostics.some((d) => d.severity === "error")) return { value: dynamicUnknown, diagnostics };
    current = r.value;
  }
  return { value: current, diagnostics };
}

/**
 * Looks an absolute traversal up in a context (hcl's Traversal.TraverseAbs): the root name in
 * the nearest context that has variables, then the rest as applyTraversal.
 */
export function traverseAbs(traversal: Traversal, ctx: EvalContext | undefined): TraversalResult {
  const root = traversal[0];
  if (root?.kind !== "root") throw new TypeError("traverseAbs takes a traversal with a root name");
  let hasVariables = false;
  for (let c = ctx; c !== undefined; c = c.parent) {
    if (c.variables === undefined) continue;
    hasVariables = true;
    if (Object.hasOwn(c.variables, root.name)) {
      const v = c.variables[root.name]!;
      return applyTraversal(v.value, v.type, traversal.slice(1));
    }
  }
  if (!hasVariables) {
    return {
      value: dynamicUnknown,
      diagnostics: [
        {
          severity: "error",
          summary: "Variables not allowed",
          detail: "Variables may not be used here.",
          subject: root.range,
        },
      ],
    };
  }
  const names: string[] = [];
  for (let c = ctx; c !== undefined; c = c.parent) if (c.variables) names.push(...Object.keys(c.variables));
  const suggestion = nameSuggestion(root.name, names);
  return {
    value: dynamicUnknown,
    diagnostics: [
      {
        severity: "error",
        summary: "Unknown variable",
        detail: `There is no variable named ${goQuote(root.name)}.${suggestion ? ` Did you mean ${goQuote(suggestion)}?` : ""}`,
        subject: root.range,
      },
    ],
  };
}
