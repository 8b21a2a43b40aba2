/**
 * Static analysis of expressions: their shape (lists, maps, calls, traversals, keywords) read
 * without evaluating them.
 *
 * @packageDocumentation
 */
// Static analysis (hcl's ExprList, ExprMap, ExprCall, AbsTraversalForExpr,
// RelTraversalForExpr, ExprAsKeyword, UnwrapExpression and StaticExpr): reading the shape of
// an expression without evaluating it, for languages built on HCL whose arguments are
// references, type constructors or keyword lists rather than values. Native and JSON syntax
// both answer: in JSON a string holds a traversal ("a.b[0]") or a call ("list(string)") in
// native syntax, read at the string's position.

import type { CtyType, CtyValue } from "@tsvider/cty";
import type { Diagnostic } from "./diagnostic.js";
import type { Expression } from "./expression.js";
import {
  absTraversalOf,
  type KeyValuePair,
  type StaticCall,
  unwrapAll,
  unwrapUntil,
  unwrapUntilMethod,
} from "./internal/static-expr.js";
import type { Range } from "./pos.js";
import type { Traversal } from "./traversal.js";

export type { KeyValuePair, StaticCall } from "./internal/static-expr.js";

const invalid = (detail: string, subject: Range): Diagnostic[] => [
  { severity: "error", summary: "Invalid expression", detail, subject },
];

/** The elements of a tuple constructor (`[a, b]`, a JSON array), unevaluated. */
export function exprList(expr: Expression): { list?: readonly Expression[]; diagnostics: Diagnostic[] } {
  const list = unwrapUntilMethod(expr, "exprList")?.exprList?.();
  if (list !== undefined) return { list, diagnostics: [] };
  return { diagnostics: invalid("A static list expression is required.", expr.startRange) };
}

/** The items of an object constructor (`{a = 1}`, a JSON object) as key and value expressions. */
export function exprMap(expr: Expression): { pairs?: readonly KeyValuePair[]; diagnostics: Diagnostic[] } {
  const pairs = unwrapUntilMethod(expr, "exprMap")?.exprMap?.();
  if (pairs !== undefined) return { pairs, diagnostics: [] };
  return { diagnostics: invalid("A static map expression is required.", expr.startRange) };
}

/** A function call's name and argument expressions (`list(string)`, or that text in JSON). */
export function exprCall(expr: Expression): { call?: StaticCall; diagnostics: Diagnostic[] } {
  const call = unwrapUntilMethod(expr, "exprCall")?.exprCall?.();
  if (call !== undefined) return { call, diagnostics: [] };
  return { diagnostics: invalid("A static function call is required.", expr.startRange) };
}

/**
 * The reference an expression is (`var.a[0]`, or that text in JSON): a name followed by
 * attribute steps and constant indexes, nothing computed.
 */
export function absTraversalForExpr(expr: Expression): { traversal?: Traversal; diagnostics: Diagnostic[] } {
  const traversal = absTraversalOf(expr);
  if (traversal !== undefined) return { traversal, diagnostics: [] };
  return {
    diagnostics: invalid(
      "A single static variable reference is required: only attribute access and indexing with constant keys. No calculations, function calls, template expressions, etc are allowed here.",
      expr.range,
    ),
  };
}

/** absTraversalForExpr with the root name as a first attribute step, to apply to a value. */
export function relTraversalForExpr(expr: Expression): { traversal?: Traversal; diagnostics: Diagnostic[] } {
  const r = absTraversalForExpr(expr);
  const root = r.traversal?.[0];
  if (r.traversal === undefined || root === undefined) return r;
  if (root.kind !== "root") return r;
  return {
    traversal: [{ kind: "attr", name: root.name, range: root.range }, ...r.traversal.slice(1)],
    diagnostics: r.diagnostics,
  };
}

/**
 * The single name an expression is (`string`, `null`, `true`, or `"string"` in JSON), or ""
 * when it is anything else: for keyword arguments such as a type or a mode.
 */
export function exprAsKeyword(expr: Expression): string {
  const traversal = absTraversalOf(expr);
  const root = traversal?.[0];
  return traversal?.length === 1 && root?.kind === "root" ? root.name : "";
}

/** The innermost expression behind any wrappers (an object key's name or expression). */
export function unwrapExpression(expr: Expression): Expression {
  return unwrapAll(expr);
}

/**
 * The first expression, going inwards through wrappers, for which `until` holds; undefined
 * when none does.
 */
export function unwrapExpressionUntil(
  expr: Expression,
  until: (e: Expression) => boolean,
): Expression | undefined {
  return unwrapUntil(expr, until);
}

/** An expression whose value is fixed (hcl.StaticExpr), for synthesized configuration. */
export function staticExpr(value: CtyValue, type: CtyType, range: Range): Expression {
  return {
    value: () => ({ value: { value, type }, diagnostics: [] }),
    variables: () => [],
    range,
    startRange: range,
  };
}
