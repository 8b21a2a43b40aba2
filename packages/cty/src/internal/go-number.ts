// Our numbers as the *big.Float go-cty holds for them, and back. A number reaches go-cty
// through our msgpack encoding, and that fixes the big.Float exactly, precision included:
//   - an int64 (our safe integers, and bigints and integer doubles in int64's range) is
//     written as a msgpack int, which go-cty reads with SetInt64/SetUint64: 64 bits;
//   - a non-integer double, or ±Infinity, is written as a float64, read with SetFloat64: 53 bits;
//   - anything else is written as decimal text, read with big.ParseFloat at 512 bits (so
//     beyond about 154 significant digits it is rounded).
// Except a Decimal, which stands for a number go-cty made from decimal text: 512 bits, even
// "11" or "0.5" (which encodeMsgpack writes as an int or a float64, as go-cty's Marshal
// would, and encodeMsgpackKeepingPrecision as text, so that go-cty reads it at 512 bits).
// A result goes back the way go-cty's msgpack marshal writes it: an exact int64 as an int,
// an exact non-integer float64 as a float64, anything else as its shortest text at its own
// precision (Text('f', -1)), held exactly as a number, bigint or Decimal, so that we write
// the very bytes go-cty writes (a ParseInt result has more than 512 bits, for one); a result
// at 512 bits is a Decimal whatever its value, so that it stays at 512 bits. And
// decimal text as go-cty's cty.ParseNumberVal reads it (parseNumberVal), for conversions
// from strings and JSON numbers.

import {
  type CtyNumber,
  Decimal,
  decimalFromText,
  exactDecimalOfDouble,
  exactNumberFromDecimalText,
  heldPrecisions,
} from "../values.js";
import { BigFloat, goFloatSyntax, INT64_MAX, INT64_MIN } from "./bigfloat.js";

const INT64_MIN_DOUBLE = -(2 ** 63);
const INT64_LIMIT_DOUBLE = 2 ** 63;

/** The precision of decimal text as go-cty parses it (cty.ParseNumberVal). */
export const DECIMAL_TEXT_PRECISION = 512;

/** The big.Float go-cty makes of this number when our msgpack encoding of it arrives. */
export function bigFloatOf(n: CtyNumber): BigFloat {
  if (typeof n === "number") {
    if (Number.isNaN(n)) throw new TypeError("NaN is not a cty number");
    if (!Number.isInteger(n)) return BigFloat.fromFloat64(n);
    // JS's -0 is go-cty's negative zero at an int's 64 bits (what negating the int 0 gives).
    if (Object.is(n, -0)) return BigFloat.zero(64, true);
    const precision = n >= INT64_MIN_DOUBLE && n < INT64_LIMIT_DOUBLE ? 64 : DECIMAL_TEXT_PRECISION;
    return BigFloat.fromBigInt(BigInt(n), precision);
  }
  if (typeof n === "bigint") {
    // Beyond int64 the exact integer text, which go-cty reads with one rounding (to nearest).
    return BigFloat.fromBigInt(n, n >= INT64_MIN && n <= INT64_MAX ? 64 : DECIMAL_TEXT_PRECISION);
  }
  // A Decimal is a number go-cty made from decimal text (cty.ParseNumberVal), so it holds it
  // at 512 bits even when the text is an integer or a double's value ("11", "0.5"): HCL's
  // `11 % 5.1` works at 512 bits, not at the 64 of an int.
  // (A Decimal made of an arithmetic result may hold another precision: see ctyNumberOf. Its
  // text is the result's shortest at that precision, which reads back as the same big.Float.)
  return BigFloat.parse(n.text, heldPrecisions.get(n) ?? DECIMAL_TEXT_PRECISION);
}

/**
 * The number go-cty's msgpack encoding of this big.Float stands for, exactly as written, in
 * the form that stands for the big.Float's precision too, so that the next operation rounds
 * as go-cty's would: the plain form (int64 → 64 bits, double → 53, other text → 512) when its
 * precision is the big.Float's, else a Decimal of the same value that holds that precision
 * (an integer at 53 bits, `ceil(0.5)`; a double's value at 64, the int quotient `1 / 2`; an
 * integer or a double at 512, `0.5 + 0.5` of parsed text). Each encodes as the same bytes.
 */
export function ctyNumberOf(x: BigFloat): CtyNumber {
  if (x.isInf()) return x.negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  const written = writtenNumberOf(x);
  if (bigFloatOf(written).precision === x.precision) return written;
  const held = new Decimal(typeof written === "number" ? exactDecimalOfDouble(written)! : written.toString());
  if (x.precision !== DECIMAL_TEXT_PRECISION) heldPrecisions.set(held, x.precision);
  return held;
}

/**
 * Our simplest form of the number go-cty writes for this big.Float (an int, a float64 or
 * text), whatever its precision: how go-cty's value arrives through msgpack.
 */
export function writtenNumberOf(x: BigFloat): CtyNumber {
  if (x.isInf()) return x.negative ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
  // A zero keeps its sign (go-cty writes a negative one as "-0"), which exactInt64 drops.
  if (x.isZero()) return x.negative ? -0 : 0;
  const integer = x.exactInt64();
  if (integer !== undefined) return Number.isSafeInteger(Number(integer)) ? Number(integer) : integer;
  if (!x.isInt()) {
    const double = x.float64();
    if (double.accuracy === 0) return double.value;
  }
  return exactNumberFromDecimalText(x.text());
}

/**
 * Whether go-cty's Equals calls two numbers equal (rawNumberEqual): whole numbers by value,
 * other numbers by their shortest text at their own precisions, so a double and a 512-bit
 * decimal that print alike are equal although Cmp tells them apart.
 */
export function equalAsGoCty(a: BigFloat, b: BigFloat): boolean {
  if (a.sign() !== b.sign()) return false;
  const ai = a.int();
  const bi = b.int();
  if (ai.accuracy !== bi.accuracy) return false;
  if (ai.accuracy === 0) return ai.value === bi.value;
  return a.text() === b.text();
}

// Beyond these exponents the exact value of a parsed number is too long to be worth writing
// out; go-cty keeps it as a 512-bit float (see the notes in convert.ts).
const MAX_EXACT_DECIMAL_EXPONENT = 100_000;
const MAX_EXACT_BINARY_EXPONENT = 10_000;

/**
 * The number go-cty's cty.ParseNumberVal reads from text (big.ParseFloat at 512 bits, Go's
 * syntax: see goFloatSyntax, and "Inf"), or undefined where it refuses the text (go-cty's "a
 * number is required"): bad syntax, an exponent beyond int64 or one that places the mantissa
 * beyond big.Float's exponent range. A value beyond that range is an infinity or zero, as
 * go-cty's is. Throws a RangeError for an exponent whose exact value would be absurdly long.
 * A finite number is a Decimal (as decimalFromText makes), "12" included: go-cty holds what
 * it parses at 512 bits, so `tonumber("12") + 1e-154` keeps the tiny part. A zero keeps its
 * sign ("-0" is Decimal("-0")).
 */
export function parseNumberVal(text: string): CtyNumber | undefined {
  let x: BigFloat;
  try {
    x = BigFloat.parse(text, DECIMAL_TEXT_PRECISION);
  } catch (err) {
    if (err instanceof SyntaxError) return undefined;
    throw err;
  }
  if (x.isInf()) return writtenNumberOf(x);
  if (x.isZero()) return new Decimal(x.negative ? "-0" : "0");
  const [, sign, whole = "", pointed, fractionOnly, marker, exponentText = "0"] = goFloatSyntax.exec(text)!;
  const fraction = pointed ?? fractionOnly ?? "";
  const exponent = Number(exponentText);
  if (marker === "p" || marker === "P") {
    if (Math.abs(exponent) > MAX_EXACT_BINARY_EXPONENT) throw tooLong(text);
    // A power of two is exact in the parse, so the big.Float is go-cty's number as it is.
    return decimalFromText(x.text());
  }
  const scale = exponent - fraction.length;
  if (Math.abs(scale) > MAX_EXACT_DECIMAL_EXPONENT) throw tooLong(text);
  const digits = `${whole}${fraction}`.replace(/^0+/, "");
  return decimalFromText(`${sign === "-" ? "-" : ""}${digits}e${scale}`);
}

function tooLong(text: string): RangeError {
  return new RangeError(`the number ${JSON.stringify(text)} has an exponent too large to convert exactly`);
}
