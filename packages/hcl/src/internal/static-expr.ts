// What an expression offers to static analysis (hcl's AsTraversal, ExprCall, ExprList, ExprMap
// and UnwrapExpression methods). Native nodes and JSON expressions implement the parts that
// apply to them; the public functions in static.ts look for the method, as hcl looks for the
// interface, so neither syntax needs to know the other's classes.

import type { Expression } from "../expression.js";
import type { Range } from "../pos.js";
import type { Traversal } from "../traversal.js";

/** A function call read without evaluating it (hcl.StaticCall). */
export interface StaticCall {
  readonly name: string;
  readonly nameRange: Range;
  readonly arguments: readonly Expression[];
  /** From the opening parenthesis to the closing one. */
  readonly argsRange: Range;
}

/** One item of an object constructor, key and value unevaluated (hcl.KeyValuePair). */
export interface KeyValuePair {
  readonly key: Expression;
  readonly value: Expression;
}

/** Each method returns undefined where hcl's returns nil: "not this kind of expression after all". */
export interface StaticAnalysable {
  asTraversal?(): Traversal | undefined;
  exprCall?(): StaticCall | undefined;
  exprList?(): readonly Expression[] | undefined;
  exprMap?(): readonly KeyValuePair[] | undefined;
  /** The expression this one wraps (an object key wraps the name or expression it holds). */
  unwrapExpression?(): Expression | undefined;
}

export type StaticMethod = "asTraversal" | "exprCall" | "exprList" | "exprMap";

function has(expr: Expression, method: keyof StaticAnalysable): boolean {
  return typeof (expr as StaticAnalysable)[method] === "function";
}

/** hcl.UnwrapExpression: through every wrapper to the innermost expression. */
export function unwrapAll(expr: Expression): Expression {
  let current = expr;
  for (;;) {
    if (!has(current, "unwrapExpression")) return current;
    const inner = (current as StaticAnalysable).unwrapExpression!();
    if (inner === undefined) return current;
    current = inner;
  }
}

/**
 * hcl.UnwrapExpressionUntil for "has this method": the first expression, going inwards,
 * that implements it; undefined when none does.
 */
export function unwrapUntilMethod(
  expr: Expression,
  method: StaticMethod,
): (Expression & StaticAnalysable) | undefined {
  return unwrapUntil(expr, (e) => has(e, method)) as (Expression & StaticAnalysable) | undefined;
}

/** hcl.UnwrapExpressionUntil. */
export function unwrapUntil(expr: Expression, until: (e: Expression) => boolean): Expression | undefined {
  let current: Expression | undefined = expr;
  while (current !== undefined) {
    if (until(current)) return current;
    if (!has(current, "unwrapExpression")) return undefined;
    current = (current as StaticAnalysable).unwrapExpression!();
  }
  return undefined;
}

/** The traversal an expression is, or undefined (hcl.AbsTraversalForExpr without diagnostics). */
export function absTraversalOf(expr: Expression): Traversal | undefined {
  return unwrapUntilMethod(expr, "asTraversal")?.asTraversal?.();
}

/** The static call an expression is, or undefined (hcl.ExprCall without diagnostics). */
export function staticCallOf(expr: Expression): StaticCall | undefined {
  return unwrapUntilMethod(expr, "exprCall")?.exprCall?.();
}
