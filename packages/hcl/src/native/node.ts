// The base of every native-syntax expression node: the Expression interface, plus what the
// syntax tree needs internally (walking children, for variables()). Values travel as
// TypedValues of their own type (see internal/typed-values.ts).

import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";
import type { Range } from "../pos.js";
import type { Traversal } from "../traversal.js";

export interface EvalResult {
  value: TypedValue;
  diagnostics: Diagnostic[];
}

/** A child in the tree, with the names a 'for' expression makes local around it. */
export interface ChildNode {
  readonly node: NativeExpression;
  readonly localNames?: ReadonlySet<string>;
}

/**
 * The base of every expression in native syntax; its subclasses are the syntax tree `parseConfig`
 * and `parseExpression` build.
 */
export abstract class NativeExpression implements Expression {
  abstract readonly range: Range;
  abstract get startRange(): Range;
  abstract value(ctx?: EvalContext): EvalResult;
  /** The direct children, in source order. */
  abstract children(): ChildNode[];

  variables(): Traversal[] {
    return variablesOf(this);
  }
}

/** Implemented by nodes that are a plain name reference (ScopeTraversalExpr). */
export interface ScopeTraversalLike {
  readonly traversal: Traversal;
}

function isScopeTraversal(n: NativeExpression): n is NativeExpression & ScopeTraversalLike {
  return (n as { kind?: string }).kind === "scopeTraversal";
}

/**
 * The absolute traversals under a node, leaving out names a 'for' expression binds (hcl's
 * Variables). Walked with an explicit stack: trees can be deep.
 */
export function variablesOf(root: NativeExpression): Traversal[] {
  const out: Traversal[] = [];
  type Item = { node: NativeExpression; scopes: readonly ReadonlySet<string>[] };
  const stack: Item[] = [{ node: root, scopes: [] }];
  while (stack.length > 0) {
    const { node, scopes } = stack.pop()!;
    if (isScopeTraversal(node)) {
      const root = node.traversal[0];
      const name = root?.kind === "root" ? root.name : "";
      if (!scopes.some((s) => s.has(name))) out.push(node.traversal);
      continue;
    }
    const kids = node.children();
    for (let i = kids.length - 1; i >= 0; i--) {
      const k = kids[i]!;
      stack.push({ node: k.node, scopes: k.localNames ? [...scopes, k.localNames] : scopes });
    }
  }
  return out;
}

/** An error diagnostic, leaving out absent ranges (exactOptionalPropertyTypes). */
export function errorDiag(
  summary: string,
  detail: string,
  subject?: Range,
  context?: Range,
  expression?: Expression,
  evalContext?: EvalContext,
): Diagnostic {
  const d: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { severity: "error", summary, detail };
  if (subject) d.subject = subject;
  if (context) d.context = context;
  if (expression) d.expression = expression;
  if (evalContext) d.evalContext = evalContext;
  return d;
}

/** Fills in the expression and context on diagnostics that have none (hcl's setDiagEvalContext). */
export function withEvalContext(
  diagnostics: Diagnostic[],
  expression: Expression,
  ctx: EvalContext | undefined,
): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.expression) return d;
    const out: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { ...d, expression };
    if (ctx) out.evalContext = ctx;
    return out;
  });
}
