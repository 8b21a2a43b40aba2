// The arithmetic behind go-cty's number functions, on our numbers: each operation as go-cty
// performs it on the *big.Float it holds (see internal/numbers/go-number.ts for which one that is),
// with shortcuts where plain JS arithmetic provably gives the same result. The shortcuts
// cover safe integers (which go-cty holds at 64 bits, so sums, products and exact quotients
// are exact) and non-integer doubles (53 bits, where go-cty rounds as IEEE doubles do).
// big.Float keeps a sign on zero as IEEE doubles do, with the same rules for sums, products
// and quotients (-0 + -0 is -0, an exact cancellation +0, 0 × -1 is -0), so JS's -0 stands
// for go-cty's negative zero and the shortcuts keep it.
import { BigFloat, GoNaNError } from "../../internal/numbers/bigfloat.js";
import { bigFloatOf, ctyNumberOf, equalAsGoCty } from "../../internal/numbers/go-number.js";
import type { CtyNumber } from "../../values.js";

const SMALLEST_NORMAL = 2 ** -1022;

function isSafeInteger(n: CtyNumber): n is number {
  return typeof n === "number" && Number.isSafeInteger(n);
}

/** A finite double with a fraction: go-cty holds it as a 53-bit big.Float, as a double. */
function isFraction(n: CtyNumber): n is number {
  return typeof n === "number" && Number.isFinite(n) && !Number.isInteger(n);
}

/** An exact integer result as go-cty writes it back: a number when safe, else a bigint. */
function integerResult(n: bigint): CtyNumber {
  return Number.isSafeInteger(Number(n)) ? Number(n) : n;
}

/** Runs a big.Float operation, turning its NaN panic into go-cty's message for it. */
function guarded(message: string, operation: () => BigFloat): CtyNumber {
  try {
    return ctyNumberOf(operation());
  } catch (err) {
    if (err instanceof GoNaNError) throw new Error(message);
    throw err;
  }
}

/** The number as go-cty holds and writes it back: the 512-bit rounding of long decimals, etc. */
export function asGoCtyWrites(n: CtyNumber): CtyNumber {
  if (isSafeInteger(n) || (typeof n === "number" && !Number.isInteger(n))) return n;
  return ctyNumberOf(bigFloatOf(n));
}

export function addNumbers(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (isSafeInteger(a) && isSafeInteger(b)) {
    const sum = a + b;
    return Number.isSafeInteger(sum) ? sum : integerResult(BigInt(a) + BigInt(b));
  }
  // Two doubles' sum rounds to 53 bits alike in both (a sum below the normal range is exact).
  if (isFraction(a) && isFraction(b)) return a + b;
  return guarded("can't compute sum of opposing infinities", () => bigFloatOf(a).add(bigFloatOf(b)));
}

export function subtractNumbers(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (isSafeInteger(a) && isSafeInteger(b)) {
    const difference = a - b;
    return Number.isSafeInteger(difference) ? difference : integerResult(BigInt(a) - BigInt(b));
  }
  if (isFraction(a) && isFraction(b)) return a - b;
  // go-cty subtracts by adding the negation.
  return guarded("can't subtract infinity from itself", () => bigFloatOf(a).add(bigFloatOf(b).neg()));
}

/**
 * go-cty's Multiply: the product rounded to 512 bits, then kept at the larger of the operands'
 * precisions and the bits the product needs, so products of short numbers stay exact.
 */
export function multiplyBigFloats(a: BigFloat, b: BigFloat): BigFloat {
  const product = a.mul(b, 512);
  return product.withPrecision(Math.max(a.precision, b.precision, product.bits));
}

export function multiplyNumbers(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (isSafeInteger(a) && isSafeInteger(b)) {
    const product = a * b;
    if (Number.isSafeInteger(product)) return product;
    const exact = BigInt(a) * BigInt(b);
    // Beyond int64 go-cty writes the product as its shortest text at 64 bits: the general path.
    if (exact >= -(2n ** 63n) && exact < 2n ** 63n) return exact;
  }
  return guarded("can't multiply zero by infinity", () => multiplyBigFloats(bigFloatOf(a), bigFloatOf(b)));
}

export function divideNumbers(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (isSafeInteger(a) && isSafeInteger(b) && b !== 0 && a % b === 0) return a / b;
  if (isFraction(a) && isFraction(b)) {
    // Correctly rounded to 53 bits alike, unless the quotient leaves the double range; and
    // go-cty writes an integer beyond int64 as its shortest text.
    const quotient = a / b;
    const written = Number.isSafeInteger(quotient) || !Number.isInteger(quotient);
    if (written && Number.isFinite(quotient) && Math.abs(quotient) >= SMALLEST_NORMAL) return quotient;
  }
  return guarded("can't divide zero by zero or infinity by infinity", () => bigFloatOf(a).quo(bigFloatOf(b)));
}

/**
 * go-cty's Modulo: a - b × trunc(a / b), where the quotient is rounded to the operands'
 * precision and the rest is computed at a's precision; x % 0 is x. ∞ × 0 on the way is its
 * NaN error. An infinite quotient (an infinite a: `1 / 0 % 1`) has no integer part, and
 * go-cty then dereferences a nil integer, a Go panic rather than an answer: we refuse with
 * an error that says what is wrong.
 */
export const INFINITE_DIVIDEND =
  "can't use modulo with an infinite dividend: the remainder of infinity is not a number";

export function moduloNumbers(a: CtyNumber, b: CtyNumber): CtyNumber {
  if (isSafeInteger(a) && isSafeInteger(b)) {
    // The rounded quotient of safe integers truncates as the exact one does.
    if (b === 0) return a;
    const remainder = a % b;
    if (remainder !== 0) return remainder;
    // A zero remainder is a - b × 0 for a zero a (so -0 % 5 is -0 - 0, -0, and -0 % -5 is
    // -0 - -0, 0), else an exact cancellation, +0 (where JS's -5 % 5 is -0).
    return Object.is(a, -0) && b > 0 ? -0 : 0;
  }
  const x = bigFloatOf(a);
  const y = bigFloatOf(b);
  if (y.isZero()) return ctyNumberOf(x);
  return guarded("can't use modulo with zero and infinity", () => {
    const truncated = x.quo(y).truncated();
    if (truncated === undefined) throw new Error(INFINITE_DIVIDEND);
    // go-cty's SetInt of the integer into a Float of a's precision, minus the sign of a zero.
    const integer = truncated.isZero() ? BigFloat.zero(x.precision) : truncated.withPrecision(x.precision);
    const multiple = y.mul(integer, x.precision);
    return x.sub(multiple, x.precision);
  });
}

export function negateNumber(n: CtyNumber): CtyNumber {
  if (typeof n === "number" && (Number.isSafeInteger(n) || !Number.isInteger(n))) return -n;
  return ctyNumberOf(bigFloatOf(n).neg());
}

export function absoluteNumber(n: CtyNumber): CtyNumber {
  if (typeof n === "number" && (Number.isSafeInteger(n) || !Number.isInteger(n))) return Math.abs(n);
  return ctyNumberOf(bigFloatOf(n).abs());
}

/** Exact order of two numbers as go-cty holds them (Cmp). */
export function compareNumbersAsGoCty(a: CtyNumber, b: CtyNumber): -1 | 0 | 1 {
  // go-cty holds every double exactly, whatever its precision, so doubles compare as doubles.
  if (typeof a === "number" && typeof b === "number") return a < b ? -1 : a > b ? 1 : 0;
  return bigFloatOf(a).cmp(bigFloatOf(b));
}

/** go-cty's equality of two known numbers (see equalAsGoCty). */
export function numbersEqualAsGoCty(a: CtyNumber, b: CtyNumber): boolean {
  // Doubles: integers compare by value, and two different fractions never print alike.
  if (typeof a === "number" && typeof b === "number") return a === b;
  return equalAsGoCty(bigFloatOf(a), bigFloatOf(b));
}
