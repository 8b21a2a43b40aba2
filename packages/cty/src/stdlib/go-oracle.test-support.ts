// The Go oracle (tooling/oracles/cty) in our tests: one per test file (useGoOracle), and
// go-cty's stdlib called through it (op "call") and compared with ours: the same result type
// and msgpack bytes, or the same error message blaming the same argument.
import { expect } from "vitest";
import { type startOracle, useOracle } from "../../../../tooling/test/go-oracle.mjs";
import { ArgumentError, callFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { decodeMsgpack, encodeMsgpack, encodeMsgpackKeepingPrecision } from "../msgpack.js";
import { type CtyType, number, parseTypeJSON, string, typeToJSON, typeToJSONText } from "../types.js";
import type { CtyValue } from "../values.js";

export type Oracle = ReturnType<typeof startOracle>;

/**
 * The cty oracle for the tests of this file (or of the describe block it is called in):
 * started before they run, closed after. The handle can be taken at once; it answers from
 * when the tests start.
 */
export function useGoOracle(): Oracle {
  return useOracle("cty");
}

/** Bytes as the oracle takes and gives them: lower-case hex. */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString("hex");

/** A function argument: a value and its type. */
export const tv = (value: CtyValue, type: CtyType): TypedValue => ({ value, type });
/** A string argument. */
export const str = (value: CtyValue): TypedValue => tv(value, string);
/** A number argument. */
export const num = (value: CtyValue): TypedValue => tv(value, number);

export type GoOutcome =
  | {
      readonly ok: true;
      readonly type: CtyType;
      readonly value: CtyValue;
      readonly hex: string;
      /** The result as go-cty's JSON writes it, where it can (not with unknowns). */
      readonly json?: string;
    }
  | { readonly ok: false; readonly error: string; readonly argIndex?: number };

/** go-cty's answer for stdlib function `name` (our export name) on these arguments. */
export async function callGo(
  oracle: Oracle,
  name: string,
  args: readonly TypedValue[],
  to?: CtyType,
): Promise<GoOutcome> {
  const reply = await oracle.request({
    op: "call",
    name,
    ...(to ? { to: typeToJSON(to) } : {}),
    // Decimals as text, so that go-cty holds them at 512 bits as we do (see bigFloatOf).
    args: args.map((a) => ({
      type: typeToJSON(a.type),
      hex: hex(encodeMsgpackKeepingPrecision(a.value, a.type)),
    })),
  });
  if (reply.error !== undefined) {
    if (
      /^(argument \d+( type| hex)?: |no stdlib function|to: )/.test(reply.error) &&
      reply.argIndex === undefined
    ) {
      throw new Error(`the oracle could not take the request: ${reply.error}`);
    }
    return {
      ok: false,
      error: reply.error,
      ...(reply.argIndex !== undefined ? { argIndex: reply.argIndex } : {}),
    };
  }
  if (reply.resultType === undefined || reply.hex === undefined) {
    throw new Error(`the oracle's reply has no result: ${JSON.stringify(reply)}`);
  }
  const type = parseTypeJSON(reply.resultType);
  return {
    ok: true,
    type,
    hex: reply.hex,
    value: decodeMsgpack(Buffer.from(reply.hex, "hex"), type),
    ...(reply.json ? { json: reply.json } : {}),
  };
}

export type OurOutcome =
  | { readonly ok: true; readonly type: CtyType; readonly hex: string; readonly value: CtyValue }
  | { readonly ok: false; readonly error: string; readonly argIndex?: number };

/** Our answer, in the same shape. Errors other than the function's own refusals propagate. */
export function callOurs(spec: FunctionSpec, args: readonly TypedValue[]): OurOutcome {
  let result: TypedValue;
  try {
    result = callFunction(spec, args);
  } catch (err) {
    if (err instanceof ArgumentError) return { ok: false, error: err.message, argIndex: err.argumentIndex };
    if (err instanceof Error && !(err instanceof TypeError) && !(err instanceof RangeError)) {
      return { ok: false, error: err.message };
    }
    throw err;
  }
  return {
    ok: true,
    type: result.type,
    value: result.value,
    hex: hex(encodeMsgpack(result.value, result.type)),
  };
}

export interface SameAsGoOptions {
  /** The type go-cty's MakeToFunc converts to (the oracle's "toType" function). */
  readonly to?: CtyType;
  /**
   * Ask go-cty again, up to 400 times, while its answer differs from ours: for answers that
   * depend on Go's random map iteration order (Equals over objects and maps stops at the
   * first attribute that decides). Some orders are rare (Go starts iterating a small map at
   * one of eight slots, so with two keys one order comes 7 times in 8): 24 tries would miss
   * the rare one 4% of the time.
   */
  readonly retryOnMapOrder?: boolean;
  /** Compare a recovered Go panic by its first line: go-cty adds a Go stack trace after it. */
  readonly panicFirstLine?: boolean;
  /**
   * A go-cty panic (its first line) that is a bug of go-cty's rather than an answer to copy:
   * where go-cty panics so, ours must refuse with an error instead (any message).
   */
  readonly goPanicWeRefuse?: RegExp;
  /** Compare nothing where our answer is one go-cty's cannot be compared with (say why where you pass it). */
  readonly skipWhen?: (ours: OurOutcome) => boolean;
}

const panicPrefix = "panic in function implementation: ";

/**
 * Expects our function to answer as go-cty does: the same result type and bytes, or an error
 * with the same message about the same argument, with the allowances `options` grants.
 * Returns our answer, for further checks.
 */
export async function expectSameAsGo(
  oracle: Oracle,
  name: string,
  spec: FunctionSpec,
  args: readonly TypedValue[],
  options: SameAsGoOptions = {},
): Promise<OurOutcome> {
  const ours = callOurs(spec, args);
  if (options.skipWhen?.(ours)) return ours;
  const goMessage = (go: GoOutcome & { ok: false }) =>
    options.panicFirstLine && go.error.startsWith(panicPrefix) ? go.error.split("\n")[0]! : go.error;
  const agree = (go: GoOutcome) =>
    go.ok
      ? ours.ok && typeToJSONText(ours.type) === typeToJSONText(go.type) && ours.hex === go.hex
      : !ours.ok && ours.error === goMessage(go) && ours.argIndex === go.argIndex;
  let go = await callGo(oracle, name, args, options.to);
  for (let attempt = 0; options.retryOnMapOrder && attempt < 400 && !agree(go); attempt++) {
    go = await callGo(oracle, name, args, options.to);
  }
  const label = `${name}(${args.map((a) => typeToJSONText(a.type)).join(", ")})`;
  if (!go.ok && go.error.startsWith(panicPrefix) && options.goPanicWeRefuse?.test(go.error.split("\n")[0]!)) {
    expect(ours, `${label}: go-cty panics with "${go.error.split("\n")[0]}"; ours must refuse`).toMatchObject(
      {
        ok: false,
      },
    );
    return ours;
  }
  if (go.ok) {
    expect(ours, `${label}: go-cty returned ${typeToJSONText(go.type)} ${go.hex}`).toMatchObject({
      ok: true,
    });
    if (!ours.ok) return ours;
    expect(typeToJSONText(ours.type), `${label}: result type`).toBe(typeToJSONText(go.type));
    expect(ours.hex, `${label}: result bytes`).toBe(go.hex);
  } else {
    expect(ours, `${label}: go-cty failed with "${go.error}"`).toMatchObject({ ok: false });
    if (ours.ok) return ours;
    expect(ours.error, `${label}: error`).toBe(goMessage(go));
    expect(ours.argIndex, `${label}: the argument blamed`).toBe(go.argIndex);
  }
  return ours;
}
