// Our static analysis, type expressions and try/can in the shape the hcl oracle's "static",
// "typeexpr", "typeDefaults" and "exprTry" ops answer in (tooling/oracles/hcl/static.go), so
// a test compares the two with one toEqual.

import { isDeepStrictEqual } from "node:util";
import { type CtyType, typeFromJSON, typeToJSON, typeToJSONText, unmarkDeep } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import fc from "fast-check";
import { expect } from "vitest";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";
import { tryFunctions } from "../ext/tryfunc.js";
import type { TypeDefaults, TypeResult } from "../ext/typeexpr.js";
import {
  convertFunction,
  typeConstraint,
  typeConstraintWithDefaults,
  typeExact,
  typeString,
} from "../ext/typeexpr.js";
import { parseJsonExpression } from "../json/index.js";
import { parseExpression } from "../native/index.js";
import type { Range } from "../pos.js";
import {
  absTraversalForExpr,
  exprAsKeyword,
  exprCall,
  exprList,
  exprMap,
  relTraversalForExpr,
  unwrapExpression,
} from "../static.js";
import type { Traversal } from "../traversal.js";
import {
  type DiagnosticShape,
  diagnosticShape,
  goModuloPanicAsOurRefusal,
  hex,
  type Oracle,
  ourContext,
  plainRange,
  type SharedContext,
  typedHex,
} from "./go-oracle.test-support.js";

export type Syntax = "native" | "json";

/** The file name a test gives source of each syntax. */
const fileFor = (syntax: Syntax) => (syntax === "json" ? "t.json" : "t.hcl");

/** An expression parsed in the syntax named. */
function parseIn(syntax: Syntax, src: string, filename = fileFor(syntax)) {
  return syntax === "json" ? parseJsonExpression(src, filename) : parseExpression(src, filename);
}

/** An expression of either syntax that must parse without diagnostics. */
export function parseClean(src: string, syntax: Syntax = "native"): Expression {
  const { expression, diagnostics } = parseIn(syntax, src);
  expect(diagnostics).toEqual([]);
  return expression;
}

type Step =
  | { kind: "root" | "attr"; name: string; range: Range }
  | { kind: "index"; key: { type: unknown; hex: string }; range: Range }
  | { kind: "splat"; range: Range };

export interface StaticInfo {
  range: Range;
  startRange: Range;
  keyword: string;
  unwrapRange: Range;
  list: { diagnostics: DiagnosticShape[]; elements?: (StaticInfo | null)[] };
  map: { diagnostics: DiagnosticShape[]; pairs?: { key: StaticInfo | null; value: StaticInfo | null }[] };
  call: {
    diagnostics: DiagnosticShape[];
    name?: string;
    nameRange?: Range;
    argsRange?: Range;
    arguments?: (StaticInfo | null)[];
  };
  absTraversal: { diagnostics: DiagnosticShape[]; traversal?: Step[] };
  relTraversal: { diagnostics: DiagnosticShape[]; traversal?: Step[] };
}

const shapes = (ds: readonly Diagnostic[]): DiagnosticShape[] => ds.map(diagnosticShape);

function steps(t: Traversal): Step[] {
  return t.map((s): Step => {
    if (s.kind === "index") {
      return {
        kind: "index",
        key: { type: typeToJSON(s.keyType), hex: hex(encodeMsgpack(s.key, s.keyType)) },
        range: plainRange(s.range),
      };
    }
    if (s.kind === "splat") return { kind: "splat", range: plainRange(s.range) };
    return { kind: s.kind, name: s.name, range: plainRange(s.range) };
  });
}

/** Our answers for an expression, `depth` levels into lists, maps and call arguments. */
export function ourStaticInfo(expr: Expression, depth = 3): StaticInfo {
  const nested = (e: Expression) => (depth > 0 ? ourStaticInfo(e, depth - 1) : null);
  const list = exprList(expr);
  const map = exprMap(expr);
  const call = exprCall(expr);
  const abs = absTraversalForExpr(expr);
  const rel = relTraversalForExpr(expr);
  return {
    range: plainRange(expr.range),
    startRange: plainRange(expr.startRange),
    keyword: exprAsKeyword(expr),
    unwrapRange: plainRange(unwrapExpression(expr).range),
    list: {
      diagnostics: shapes(list.diagnostics),
      ...(list.list && list.list.length > 0 ? { elements: list.list.map(nested) } : {}),
    },
    map: {
      diagnostics: shapes(map.diagnostics),
      ...(map.pairs && map.pairs.length > 0
        ? { pairs: map.pairs.map((p) => ({ key: nested(p.key), value: nested(p.value) })) }
        : {}),
    },
    call: {
      diagnostics: shapes(call.diagnostics),
      ...(call.call
        ? {
            name: call.call.name,
            nameRange: plainRange(call.call.nameRange),
            argsRange: plainRange(call.call.argsRange),
            ...(call.call.arguments.length > 0 ? { arguments: call.call.arguments.map(nested) } : {}),
          }
        : {}),
    },
    absTraversal: {
      diagnostics: shapes(abs.diagnostics),
      ...(abs.traversal && abs.traversal.length > 0 ? { traversal: steps(abs.traversal) } : {}),
    },
    relTraversal: {
      diagnostics: shapes(rel.diagnostics),
      ...(rel.traversal && rel.traversal.length > 0 ? { traversal: steps(rel.traversal) } : {}),
    },
  };
}

function checked(reply: Record<string, unknown>): Record<string, unknown> {
  if (reply.error !== undefined) throw new Error(`the hcl oracle could not answer: ${String(reply.error)}`);
  return reply;
}

/** Go's answers (the oracle's "static" op), with its nulls for "not analysed" kept. */
export async function goStatic(
  oracle: Oracle,
  src: string,
  syntax: Syntax,
  filename = "test.hcl",
): Promise<{ parseDiagnostics: DiagnosticShape[]; info: StaticInfo }> {
  const reply = checked(await oracle.request({ op: "static", src, filename, mode: syntax }));
  return { parseDiagnostics: reply.parseDiagnostics as DiagnosticShape[], info: reply.info as StaticInfo };
}

export interface TypeShape {
  type: unknown;
  typeString: string;
  diagnostics: DiagnosticShape[];
  defaults?: DefaultsShape;
}

export interface DefaultsShape {
  type: unknown;
  defaultValues?: Record<string, { type: unknown; hex: string }>;
  children?: Record<string, DefaultsShape>;
}

function defaultsShape(d: TypeDefaults): DefaultsShape {
  return {
    type: typeToJSON(d.type),
    ...(d.defaultValues
      ? {
          defaultValues: Object.fromEntries(
            Object.entries(d.defaultValues).map(([k, v]) => [k, typedHexOwn(v)]),
          ),
        }
      : {}),
    ...(d.children
      ? { children: Object.fromEntries(Object.entries(d.children).map(([k, c]) => [k, defaultsShape(c)])) }
      : {}),
  };
}

/** A value's own type and msgpack, marks dropped, as the oracle's encodeTyped writes it. */
export function typedHexOwn(tv: TypedValue): { type: unknown; hex: string } {
  return { type: typeToJSON(tv.type), hex: hex(encodeMsgpack(unmarkDeep(tv.value, tv.type).value, tv.type)) };
}

/** Our type result in the oracle's shape. */
export function typeShape(r: TypeResult & { defaults?: TypeDefaults }): TypeShape {
  return {
    type: typeToJSON(r.type),
    typeString: typeString(r.type),
    diagnostics: shapes(r.diagnostics),
    ...(r.defaults ? { defaults: defaultsShape(r.defaults) } : {}),
  };
}

/**
 * go-cty names one failing attribute of an object conversion, "chosen arbitrarily": the first
 * its loop over a Go map meets, an order Go randomises on every loop and weights unevenly (the
 * rarer of two attributes came first in 85 of 400 asks; an 8-slot map can make one as rare as
 * one in eight). Where ours names another, Go is asked again until it gives ours or 200
 * answers have not (one in eight does not miss 200 times: ours is then wrong), and the last
 * answer is returned for comparison.
 */
export async function askAgainWhileDifferent<R>(
  ask: () => Promise<R>,
  first: R,
  shape: (reply: R) => unknown,
  ours: unknown,
): Promise<R> {
  let reply = first;
  for (let again = 0; again < 200 && !isDeepStrictEqual(shape(reply), ours); again++) reply = await ask();
  return reply;
}

export async function goTypeexpr(
  oracle: Oracle,
  src: string,
  syntax: Syntax,
  filename = "test.hcl",
): Promise<{
  parseDiagnostics: DiagnosticShape[];
  type: TypeShape;
  constraint: TypeShape;
  withDefaults: TypeShape;
}> {
  const reply = checked(await oracle.request({ op: "typeexpr", src, filename, mode: syntax }));
  return reply as unknown as {
    parseDiagnostics: DiagnosticShape[];
    type: TypeShape;
    constraint: TypeShape;
    withDefaults: TypeShape;
  };
}

/**
 * A type expression read by ours and by hcl's ext/typeexpr: parse failure alike, then the
 * exact type, the constraint and the constraint with defaults (types, defaults, diagnostics).
 */
export async function expectTypeexprSameAsGo(oracle: Oracle, src: string, syntax: Syntax): Promise<void> {
  const ours = parseIn(syntax, src);
  const ask = () => goTypeexpr(oracle, src, syntax, fileFor(syntax));
  const first = await ask();
  expect(ours.diagnostics.length > 0, `parse of ${src}`).toBe(first.parseDiagnostics.length > 0);
  if (first.parseDiagnostics.length > 0) return;
  const withDefaults = typeShape(typeConstraintWithDefaults(ours.expression));
  // A default that fails on several attributes: go-cty names one of them arbitrarily.
  const go = await askAgainWhileDifferent(ask, first, (r) => r.withDefaults, withDefaults);
  expect(typeShape(typeExact(ours.expression)), `type of ${src}`).toEqual(go.type);
  expect(typeShape(typeConstraint(ours.expression)), `constraint of ${src}`).toEqual(go.constraint);
  expect(withDefaults, `constraint with defaults of ${src}`).toEqual(go.withDefaults);
}

/** Go's Defaults.Apply of the type expression's defaults to a value. */
export async function goApplyDefaults(
  oracle: Oracle,
  src: string,
  value: TypedValue,
): Promise<{ type: unknown; hex: string }> {
  const reply = checked(
    await oracle.request({
      op: "typeDefaults",
      src,
      filename: "test.hcl",
      mode: "native",
      type: typeToJSON(value.type),
      hex: hex(encodeMsgpack(value.value, value.type)),
    }),
  );
  return reply.value as { type: unknown; hex: string };
}

/** A typed value from the oracle's type JSON and hex. */
export function fromTypedHex(th: { type: unknown; hex: string }): TypedValue {
  const type: CtyType = typeFromJSON(th.type);
  return { type, value: decodeMsgpack(Buffer.from(th.hex, "hex"), type) };
}

function withTryAndConvert(shared: SharedContext): EvalContext {
  const base = ourContext(shared) ?? {};
  return { ...base, functions: { ...base.functions, ...tryFunctions, convert: convertFunction } };
}

/** hcl suggests names in Go's random map order: suggestions are left out of the comparison. */
const settled = (ds: readonly DiagnosticShape[]) =>
  ds.map((d) =>
    d.detail ? { ...d, detail: d.detail.replace(/ Did you mean "[^"]*"\?/g, " Did you mean?") } : d,
  );

const valueShape = (tv: TypedValue) => ({
  type: typeToJSONText(tv.type),
  hex: hex(encodeMsgpack(unmarkDeep(tv.value, tv.type).value, tv.type)),
});

const hugeExponent = /\d[eE][+-]?\d{6,}/;

/**
 * An expression evaluated by ours and by Go (the "exprTry" op) with try, can and typeexpr's
 * convert in the context besides the shared one: value (type, msgpack) and diagnostics agree.
 */
export async function expectEvaluationSameAsGo(
  oracle: Oracle,
  src: string,
  syntax: Syntax,
  context: SharedContext,
): Promise<void> {
  fc.pre(!hugeExponent.test(src));
  const ask = async () => {
    const r = await oracle.request({
      op: "exprTry",
      src,
      filename: "t.hcl",
      mode: syntax,
      ...(context.variables
        ? {
            variables: Object.fromEntries(
              Object.entries(context.variables).map(([n, tv]) => [n, typedHex(tv)]),
            ),
          }
        : {}),
      ...(context.functions ? { functions: context.functions } : {}),
    });
    if (r.error !== undefined) throw new Error(String(r.error));
    return r;
  };
  let reply = await ask();
  // (Go's side names the file t.hcl in either syntax; so do we, for the same ranges.)
  const parsed = parseIn(syntax, src, "t.hcl");
  const goParse = reply.parseDiagnostics as DiagnosticShape[];
  expect(parsed.diagnostics.length > 0, `parse of ${src}`).toBe(goParse.length > 0);
  if (reply.value === undefined) return;
  type GoValue = { type: unknown; hex: string; diagnostics: DiagnosticShape[] };
  const { value, diagnostics } = parsed.expression.value(withTryAndConvert(context));
  const ours = settled(diagnostics.map(diagnosticShape));
  // Go's diagnostics, with its panic on `infinity % x` read as our refusal of it.
  const goDiagnostics = (r: typeof reply) =>
    settled(goModuloPanicAsOurRefusal((r.value as GoValue).diagnostics));
  reply = await askAgainWhileDifferent(ask, reply, goDiagnostics, ours);
  const go = reply.value as GoValue;
  expect(ours, `diagnostics of ${src}`).toEqual(goDiagnostics(reply));
  expect(valueShape(value), `value of ${src}`).toEqual({
    type: JSON.stringify(go.type),
    hex: go.hex,
  });
}
