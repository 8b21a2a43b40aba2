// The Go oracle (tooling/oracles/hcl: hashicorp/hcl/v2 itself) in our tests: one per test
// file (useHclOracle), asked to parse, evaluate, format and write HCL so that our answers can be
// compared with the Go original's, value bytes, diagnostics and ranges alike.
import {
  type CtyType,
  type CtyValue,
  parseTypeJSON,
  typeFromJSON,
  typeToJSON,
  typeToJSONText,
} from "@tsvider/cty";
import type { FunctionSpec, TypedValue } from "@tsvider/cty/function";
import { decodeMsgpack, encodeMsgpack, encodeMsgpackKeepingPrecision } from "@tsvider/cty/msgpack";
import { makeToFunction, stdlibFunctions } from "@tsvider/cty/stdlib";
import { type OracleReply, type startOracle, useOracle } from "../../../../tooling/test/go-oracle.mjs";
import type { Diagnostic, Severity } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Pos, Range } from "../pos.js";
import type { Traversal, Traverser } from "../traversal.js";
import { nameSuggestion } from "./did-you-mean.js";

export type Oracle = ReturnType<typeof startOracle>;

/**
 * The hcl oracle for the tests of this file (or of the describe block it is called in):
 * started before they run, closed after. The handle can be taken at once.
 */
export function useHclOracle(): Oracle {
  return useOracle("hcl");
}

/** Bytes as the oracle takes and gives them: lower-case hex. */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** A value as the oracle takes it: its type's JSON and its msgpack bytes for that type. */
export function typedHex(tv: TypedValue): { type: unknown; hex: string } {
  return { type: typeToJSON(tv.type), hex: hex(encodeMsgpack(tv.value, tv.type)) };
}

/**
 * A value for a request: as typedHex, but Decimals as text and -0 as "-0", so that go-cty
 * holds them as we do (at 512 bits, and with the zero's sign, which its Marshal drops).
 */
export function requestHex(tv: TypedValue): { type: unknown; hex: string } {
  return { type: typeToJSON(tv.type), hex: hex(encodeMsgpackKeepingPrecision(tv.value, tv.type)) };
}

/** A diagnostic reduced to what the oracle reports (and what must agree). */
export interface DiagnosticShape {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail?: string;
  readonly subject?: Range;
  readonly context?: Range;
}

/** Ours in the oracle's shape: no expression or context, no empty detail (Go omits it). */
export function diagnosticShape(d: Diagnostic): DiagnosticShape {
  return {
    severity: d.severity,
    summary: d.summary,
    ...(d.detail ? { detail: d.detail } : {}),
    ...(d.subject ? { subject: plainRange(d.subject) } : {}),
    ...(d.context ? { context: plainRange(d.context) } : {}),
  };
}

const plainPos = (p: Pos): Pos => ({ line: p.line, column: p.column, byte: p.byte });
/** A range as plain data (ours may be frozen or carry more), for toEqual. */
export const plainRange = (r: Range): Range => ({
  filename: r.filename,
  start: plainPos(r.start),
  end: plainPos(r.end),
});

/**
 * hcl suggests the first name within edit distance 3 in Go map order, which is random: where
 * both suggest a name, ours need only be one such name (Go may pick another).
 */
export function withSuggestionsSettled(
  ours: readonly DiagnosticShape[],
  go: readonly DiagnosticShape[],
): DiagnosticShape[] {
  return ours.map((d, i) => {
    const theirs = go[i];
    const mine = d.detail?.match(/named "([^"]*)"\. Did you mean "([^"]*)"\?$/);
    if (!theirs?.detail || !mine || d.summary !== theirs.summary) return d;
    const [, given, suggested] = mine;
    if (nameSuggestion(given!, [suggested!]) !== suggested) return d;
    const goSuggestion = theirs.detail.match(/Did you mean "([^"]*)"\?$/)?.[1];
    return goSuggestion === undefined
      ? d
      : { ...d, detail: d.detail!.replace(/"[^"]*"\?$/, `"${goSuggestion}"?`) };
  });
}

/**
 * go-cty's Modulo on an infinite dividend (`1 / 0 % 1`) panics: big.Float has no integer part
 * of an infinity and go-cty dereferences the nil it gets; hcl reports the recovered panic with
 * a Go stack trace. @tsvider/cty refuses the operation with an error instead. This turns that
 * one panic (a nil dereference in cty.Value.Modulo) into our refusal's diagnostic, so that a
 * comparison takes the two as agreeing, and nothing else.
 */
export function goModuloPanicAsOurRefusal(go: readonly DiagnosticShape[]): DiagnosticShape[] {
  const panic =
    /^(.*)panic in function implementation: runtime error: invalid memory address or nil pointer dereference\n[\s\S]*cty\.Value\.Modulo[\s\S]*$/;
  return go.map((d) => {
    const m = d.detail?.match(panic);
    return m
      ? {
          ...d,
          detail: `${m[1]}can't use modulo with an infinite dividend: the remainder of infinity is not a number.`,
        }
      : d;
  });
}

/** A value and the diagnostics of its evaluation, as the oracle reports them. */
export interface GoValue {
  readonly type: CtyType;
  readonly value: CtyValue;
  /** msgpack of the value for its type, hex. */
  readonly hex: string;
  readonly diagnostics: readonly DiagnosticShape[];
}

export interface GoExpression {
  readonly parseDiagnostics: readonly DiagnosticShape[];
  readonly range: Range;
  readonly startRange: Range;
  readonly variables: readonly Traversal[];
  /** Absent when the parse had errors. */
  readonly value?: GoValue;
}

/**
 * The functions of a context: call name → a @tsvider/cty/stdlib export name, or "to:" and a
 * type's JSON text for go-cty's MakeToFunc of that type (tostring and friends).
 */
export type FunctionNames = Readonly<Record<string, string>>;

/** A context both sides evaluate in: ours, and the fields of an oracle request for Go's. */
export interface SharedContext {
  readonly variables?: Readonly<Record<string, TypedValue>>;
  readonly functions?: FunctionNames;
  /** Evaluate with no context at all (hcl's nil *EvalContext). */
  readonly none?: boolean;
}

/** Our EvalContext for a shared context (undefined for `none`). */
export function ourContext(shared: SharedContext): EvalContext | undefined {
  if (shared.none) return undefined;
  let functions: Record<string, FunctionSpec> | undefined;
  if (shared.functions) {
    functions = {};
    for (const [callName, name] of Object.entries(shared.functions))
      functions[callName] = functionNamed(name);
  }
  return {
    ...(shared.variables ? { variables: shared.variables } : {}),
    ...(functions ? { functions } : {}),
  };
}

function functionNamed(name: string): FunctionSpec {
  if (name.startsWith("to:")) return makeToFunction(parseTypeJSON(name.slice(3)));
  const spec = stdlibFunctions[name];
  if (!spec) throw new Error(`no stdlib function ${name} in @tsvider/cty/stdlib`);
  return spec;
}

function contextFields(shared: SharedContext): object {
  if (shared.none) return { noContext: true };
  return {
    ...(shared.variables
      ? {
          variables: Object.fromEntries(
            Object.entries(shared.variables).map(([n, tv]) => [n, requestHex(tv)]),
          ),
        }
      : {}),
    ...(shared.functions ? { functions: shared.functions } : {}),
  };
}

/** The stdlib call names a context may offer, lower-cased as HCL applications name them. */
export function stdlibFunctionNames(names: readonly string[]): FunctionNames {
  return Object.fromEntries(names.map((n) => [n.toLowerCase(), n]));
}

export interface ExpressionRequest {
  readonly src: string;
  readonly filename?: string;
  readonly start?: Pos;
  readonly context?: SharedContext;
}

/** Go's parse and evaluation of an expression (or, with `template`, a template). */
export async function goExpression(
  oracle: Oracle,
  request: ExpressionRequest,
  template = false,
): Promise<GoExpression> {
  const reply = checked(
    await oracle.request({
      op: template ? "template" : "expr",
      src: request.src,
      filename: request.filename ?? "test.hcl",
      ...(request.start ? { start: request.start } : {}),
      ...contextFields(request.context ?? {}),
    }),
  );
  return {
    parseDiagnostics: diagnosticsOf(reply.parseDiagnostics),
    range: reply.range as Range,
    startRange: reply.startRange as Range,
    variables: (reply.variables as unknown[][]).map(traversalOf),
    ...(reply.value !== undefined ? { value: goValueOf(reply.value) } : {}),
  };
}

/** Go's ParseTraversalAbs. */
export async function goTraversal(
  oracle: Oracle,
  src: string,
  filename = "test.hcl",
): Promise<{ traversal: Traversal; diagnostics: readonly DiagnosticShape[] }> {
  const reply = checked(await oracle.request({ op: "traversal", src, filename }));
  return {
    traversal: traversalOf(reply.traversal as unknown[]),
    diagnostics: diagnosticsOf(reply.diagnostics),
  };
}

export interface GoAttribute {
  readonly name: string;
  readonly range: Range;
  readonly nameRange: Range;
  readonly equalsRange: Range;
  readonly exprRange: Range;
  readonly exprStartRange: Range;
  readonly value?: GoValue;
}

export interface GoBlock {
  readonly type: string;
  readonly labels: readonly string[];
  readonly typeRange: Range;
  readonly labelRanges: readonly Range[];
  readonly openBraceRange: Range;
  readonly closeBraceRange: Range;
  readonly defRange: Range;
  readonly body: GoBody;
}

export interface GoBody {
  readonly range: Range;
  readonly endRange: Range;
  /** In source order. */
  readonly attributes: readonly GoAttribute[];
  readonly blocks: readonly GoBlock[];
}

/** Go's ParseConfig: the body tree with ranges; with a context, each attribute's value too. */
export async function goConfig(
  oracle: Oracle,
  src: string,
  filename = "test.hcl",
  evaluateIn?: SharedContext,
): Promise<{ body: GoBody; diagnostics: readonly DiagnosticShape[] }> {
  const reply = checked(
    await oracle.request({
      op: "config",
      src,
      filename,
      ...(evaluateIn ? { evaluate: true, ...contextFields(evaluateIn) } : {}),
    }),
  );
  return { body: bodyOf(reply.body), diagnostics: diagnosticsOf(reply.diagnostics) };
}

/** A .tfvars file read as Terraform reads it; `values` absent where Terraform stops early. */
export async function goTfvars(
  oracle: Oracle,
  src: string,
  filename = "test.tfvars",
): Promise<{ values?: Readonly<Record<string, GoValue>>; diagnostics: readonly DiagnosticShape[] }> {
  const reply = checked(await oracle.request({ op: "tfvars", src, filename }));
  const values =
    reply.values === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(reply.values as Record<string, unknown>).map(([n, v]) => [n, goValueOf(v)]),
        );
  return { diagnostics: diagnosticsOf(reply.diagnostics), ...(values ? { values } : {}) };
}

/** hclwrite.Format of a source text. */
export async function goFormat(oracle: Oracle, src: string): Promise<string> {
  return checked(await oracle.request({ op: "format", src })).text as string;
}

/** hclwrite.Format of source bytes (which need not be UTF-8), as bytes. */
export async function goFormatBytes(oracle: Oracle, src: Uint8Array): Promise<Uint8Array> {
  const reply = checked(await oracle.request({ op: "format", srcHex: hex(src) }));
  return Uint8Array.from(Buffer.from(reply.hex as string, "hex"));
}

/** A token as hclsyntax's scanner makes it: its type name without "Token", and its range. */
export interface GoToken {
  readonly type: string;
  readonly range: Range;
}

/** hclsyntax's tokens for source bytes: LexConfig, LexExpression or LexTemplate. */
export async function goLex(
  oracle: Oracle,
  src: Uint8Array,
  mode: "config" | "expression" | "template",
  filename = "test.hcl",
): Promise<{ tokens: readonly GoToken[]; diagnostics: readonly DiagnosticShape[] }> {
  const reply = checked(await oracle.request({ op: "lex", srcHex: hex(src), mode, filename }));
  return { tokens: reply.tokens as GoToken[], diagnostics: diagnosticsOf(reply.diagnostics) };
}

/**
 * hclwrite.TokensForValue of a value, as text; `panic` when hclwrite refuses the value (it
 * panics on unknowns).
 */
export async function goWriteValue(
  oracle: Oracle,
  tv: TypedValue,
): Promise<{ ok: true; text: string } | { ok: false; panic: string }> {
  const reply = await oracle.request({ op: "writeValue", ...requestHex(tv) });
  if (typeof reply.error === "string" && reply.error.startsWith("panic: ")) {
    return { ok: false, panic: reply.error.slice("panic: ".length) };
  }
  return { ok: true, text: checked(reply).text as string };
}

/** The reply, unless it is the oracle's refusal of the request itself. */
function checked(reply: OracleReply): OracleReply {
  if (reply.error !== undefined) {
    throw new Error(
      `the hcl oracle could not answer: ${reply.error}${reply.stack ? `\n${String(reply.stack)}` : ""}`,
    );
  }
  return reply;
}

function diagnosticsOf(raw: unknown): DiagnosticShape[] {
  return (raw as DiagnosticShape[]).map((d) => ({
    severity: d.severity,
    summary: d.summary,
    ...(d.detail ? { detail: d.detail } : {}),
    ...(d.subject ? { subject: d.subject } : {}),
    ...(d.context ? { context: d.context } : {}),
  }));
}

function goValueOf(raw: unknown): GoValue {
  const r = raw as { type: unknown; hex: string; diagnostics: unknown };
  const type = typeFromJSON(r.type);
  return {
    type,
    hex: r.hex,
    value: decodeMsgpack(Buffer.from(r.hex, "hex"), type),
    diagnostics: diagnosticsOf(r.diagnostics),
  };
}

function traversalOf(raw: unknown[]): Traversal {
  return raw.map((s): Traverser => {
    const step = s as { kind: string; name?: string; key?: { type: unknown; hex: string }; range: Range };
    switch (step.kind) {
      case "root":
      case "attr":
        return { kind: step.kind, name: step.name ?? "", range: step.range };
      case "index": {
        if (!step.key) throw new Error("the oracle's index step has no key");
        const keyType = typeFromJSON(step.key.type);
        return {
          kind: "index",
          key: decodeMsgpack(Buffer.from(step.key.hex, "hex"), keyType),
          keyType,
          range: step.range,
        };
      }
      case "splat":
        return { kind: "splat", range: step.range };
      default:
        throw new Error(`the oracle sent an unknown traversal step ${step.kind}`);
    }
  });
}

function bodyOf(raw: unknown): GoBody {
  const b = raw as GoBody & {
    attributes: (GoAttribute & { value?: unknown })[];
    blocks: (GoBlock & { body: unknown })[];
  };
  return {
    range: b.range,
    endRange: b.endRange,
    attributes: b.attributes.map((a) => ({
      ...a,
      ...(a.value !== undefined ? { value: goValueOf(a.value) } : {}),
    })),
    blocks: b.blocks.map((k) => ({ ...k, body: bodyOf(k.body) })),
  };
}

/** A type's JSON text, for messages and comparisons. */
export const typeText = (type: CtyType): string => typeToJSONText(type);
