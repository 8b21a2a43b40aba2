// Numbers as the Go ints go-cty's functions read them (gocty.FromCtyValue into an int, or
// big.Float's Int64 checked for exactness): whole numbers in int64's range, refused otherwise
// with go-cty's own message. "Whole" is judged on the big.Float go-cty holds, so a decimal
// that go-cty's 512-bit parse rounds to an integer is one.
import { bigFloatOf } from "../../internal/numbers/go-number.js";
import type { CtyNumber } from "../../values.js";

/** The message go-cty gives for a number that is not a whole number in int64's range. */
export const notAnInt64 = `value must be a whole number, between ${-(2n ** 63n)} and ${2n ** 63n - 1n}`;

/**
 * go-cty's big.Float.Int64 with exact accuracy: the number when it is a whole number in the
 * int64 range, undefined otherwise (a fraction, an infinity, or out of range).
 */
export function exactInt64(n: CtyNumber): bigint | undefined {
  if (typeof n === "number" && Number.isSafeInteger(n)) return BigInt(n);
  return bigFloatOf(n).exactInt64();
}

/** The number as an exact bigint, or an Error with go-cty's message where it is no int64. */
export function goIntExact(n: CtyNumber): bigint {
  const integer = exactInt64(n);
  if (integer === undefined) throw new Error(notAnInt64);
  return integer;
}

/**
 * As goIntExact, as a JS number: exact up to 2^53, and beyond that still larger than any
 * length or index it is compared with, which is all go-cty's functions do with such values.
 */
export function goInt(n: CtyNumber): number {
  return Number(goIntExact(n));
}
