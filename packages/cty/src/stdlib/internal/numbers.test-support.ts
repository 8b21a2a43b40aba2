// Number arguments for the differential tests of go-cty's number functions: every way a
// number reaches go-cty (int64, float64, decimal text) and the edges of each, plus the
// non-values a parameter may meet (null, unknown, refined unknown, dynamic).
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { expect } from "vitest";
import type { FunctionSpec, TypedValue } from "../../function.js";
import { unmarkDeep } from "../../marks.js";
import { refine } from "../../refinement.js";
import { dynamic, number, string } from "../../types.js";
import { type CtyNumber, Decimal, Dynamic, numberText, Unknown } from "../../values.js";
import { callGo, expectSameAsGo, type Oracle } from "../go-oracle.test-support.js";
import { asGoCtyWrites } from "./number-ops.js";

const digitString = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

/** Decimal text with `digits` digits and the point somewhere in or around them. */
const decimalText = (minDigits: number, maxDigits: number, maxShift: number) =>
  fc
    .tuple(
      fc.boolean(),
      fc.constantFrom(..."123456789"),
      digitString(minDigits - 1, maxDigits - 1),
      fc.integer({ min: -maxShift, max: maxShift }),
    )
    .map(([negative, lead, rest, shift]) => `${negative ? "-" : ""}${lead}.${rest}e${shift}`);

/** Decimals: short (0.1, 1e-30), long (up to 200 digits), tiny and huge. */
export const decimalArb: fc.Arbitrary<Decimal> = fc
  .oneof(
    fc.constantFrom("0.1", "-0.1", "1e-30", "0.3", "2.5", "5", "-0", "1.000000000000000000001"),
    decimalText(1, 20, 30),
    decimalText(140, 200, 20),
    decimalText(1, 30, 400),
    decimalText(150, 170, 300),
  )
  .map((text) => new Decimal(text));

const int64Edges: CtyNumber[] = [
  2n ** 63n - 1n,
  -(2n ** 63n),
  2n ** 63n,
  -(2n ** 63n) - 1n,
  2n ** 64n - 1n,
  2n ** 64n,
  2n ** 53n + 1n,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  2 ** 60,
  -(2 ** 63),
  2 ** 63,
  1e20,
  1e300,
  2n ** 512n,
  2n ** 512n + 1n,
  2n ** 513n - 1n,
  10n ** 200n + 7n,
];

const specialDoubles: CtyNumber[] = [
  0,
  -0,
  0.5,
  -0.5,
  0.1,
  1 / 3,
  5e-324,
  -5e-324,
  2 ** -1022,
  2 ** -1074 * 12345,
  Number.MIN_VALUE * 3,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  4503599627370495.5,
  1.5,
  2.5,
  -1,
  1,
  2,
  3,
  10,
];

/** Any number we can hold, weighted towards the edges. */
export const numberArb: fc.Arbitrary<CtyNumber> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 2, arbitrary: fc.constantFrom(...int64Edges) },
  { weight: 2, arbitrary: fc.constantFrom(...specialDoubles) },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, min: -1e6, max: 1e6 }) },
  {
    weight: 2,
    arbitrary: fc.oneof(
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      fc.bigInt({ min: -(2n ** 600n), max: 2n ** 600n }),
    ),
  },
  { weight: 3, arbitrary: decimalArb },
);

/** A number as go-cty's number functions may receive it: known, or wrapped as dynamic. */
export const knownNumberArg: fc.Arbitrary<TypedValue> = numberArb.chain((n) =>
  fc.constantFrom<TypedValue>({ type: number, value: n }, { type: dynamic, value: new Dynamic(number, n) }),
);

/** An unknown number, refined or not. */
export const unknownNumberArg: fc.Arbitrary<TypedValue> = fc
  .tuple(
    fc.boolean(),
    fc.option(fc.tuple(numberArb, fc.boolean()), { nil: undefined }),
    fc.option(fc.tuple(numberArb, fc.boolean()), { nil: undefined }),
  )
  .map(([notNull, lowerGiven, upperGiven]): TypedValue => {
    // Bounds as go-cty will hold them, so that bounds it rounds together are refused here too.
    const lower = lowerGiven && ([asGoCtyWrites(lowerGiven[0]), lowerGiven[1]] as const);
    const upper = upperGiven && ([asGoCtyWrites(upperGiven[0]), upperGiven[1]] as const);
    try {
      const value = refine(number, {
        ...(notNull ? { notNull: true } : {}),
        ...(lower ? { numberLower: { value: lower[0], inclusive: lower[1] } } : {}),
        ...(upper ? { numberUpper: { value: upper[0], inclusive: upper[1] } } : {}),
      });
      return { type: number, value };
    } catch {
      return { type: number, value: Unknown };
    }
  });

/** Arguments for a number parameter: mostly numbers, sometimes null, unknown, dynamic or a string. */
export const numberArg: fc.Arbitrary<TypedValue> = fc.oneof(
  { weight: 12, arbitrary: knownNumberArg },
  { weight: 2, arbitrary: unknownNumberArg },
  {
    weight: 1,
    arbitrary: fc.constantFrom<TypedValue>(
      { type: number, value: null },
      { type: dynamic, value: null },
      { type: dynamic, value: Unknown },
      { type: string, value: "1" },
    ),
  },
);

/**
 * Whether the oracle's Go computes math.Log and math.Exp as stdlib/go/math.ts does: with
 * its amd64 assembly, on a processor with FMA (Go's arm64 Exp, and its portable Log, differ
 * in the last bit for some inputs).
 */
export const goMathAsEmulated = process.arch === "x64" && cpuHasFma();

function cpuHasFma(): boolean {
  try {
    return /^flags\s*:.*\bfma\b/m.test(readFileSync("/proc/cpuinfo", "utf8"));
  } catch {
    return true; // no /proc (macOS): assume a processor with FMA
  }
}

/**
 * go-cty's Modulo on an infinite dividend (`1 / 0 % 1`): big.Float has no integer part of an
 * infinity, and go-cty dereferences the nil it gets, a Go panic. Ours refuses with an error.
 */
export const moduloOfInfinityPanic =
  /^panic in function implementation: runtime error: invalid memory address or nil pointer dereference$/;

function isWholeDoubleBeyondInt64(v: unknown): boolean {
  return typeof v === "number" && Number.isInteger(v) && (v >= 2 ** 63 || v < -(2 ** 63));
}

/**
 * Expects our number function to answer as go-cty does (expectSameAsGo, panics compared by
 * their first line), and a zero with the same sign: msgpack writes a negative zero as the int
 * 0, go-cty's JSON as "-0", so that is where a zero's sign shows.
 */
export async function expectSameAsGoCty(
  oracle: Oracle,
  name: string,
  spec: FunctionSpec,
  args: readonly TypedValue[],
): Promise<void> {
  // Our -0 is go-cty's negative zero at an int's 64 bits (negate(0)), which msgpack cannot
  // carry: the oracle gets it as the text "-0", at 512 bits. Beside a whole double beyond
  // int64 (53 bits) that precision shows in the result's digits, so such pairs prove nothing.
  const known = args.map((a) => (a.value instanceof Dynamic ? a.value.value : a.value));
  if (known.some((v) => Object.is(v, -0)) && known.some(isWholeDoubleBeyondInt64)) return;
  const ours = await expectSameAsGo(oracle, name, spec, args, {
    panicFirstLine: true,
    ...(name === "modulo" ? { goPanicWeRefuse: moduloOfInfinityPanic } : {}),
  });
  if (!ours.ok) return;
  const go = await callGo(oracle, name, args);
  // Zeros only: go-cty's JSON writes other numbers at the precision it holds them (a 64-bit
  // 1/3 with 20 digits), which our numbers do not all record; msgpack compares those.
  if (go.ok && (go.json === "0" || go.json === "-0")) {
    const plain = unmarkDeep(ours.value, ours.type).value;
    expect(numberText(plain as CtyNumber), `${name}: the zero's sign`).toBe(go.json);
  }
}
