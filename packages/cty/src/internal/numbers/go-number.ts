// Our numbers as the *big.Float go-cty holds for them, and back. A number reaches go-cty
// through our msgpack encoding, and that fixes the big.Float exactly, precision included:
//   - an int64 (our safe integers, and bigints and integer doubles in int64's range) is
//     written as a msgpack int, which go-cty reads with SetInt64/SetUint64: 64 bits;
//   - a non-integer double, or ±Infinity, is written as a float64, read with SetFloat64: 53 bits;
//   - a whole double beyond int64 is go-cty's float64 too (cty.NumberFloatVal): 53 bits, which
//     go-cty's Marshal writes as its shortest text (encodeMsgpackKeepingPrecision as a float64);
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
  decimalFloat,
  decimalFromText,
  decimalOfParts,
  heldPrecisions,
  simplestNumberOfParts,
  writtenPartsOf,
} from "../../values.js";
import { BigFloat, goFloatSyntax, INT64_MAX, INT64_MIN } from "./bigfloat.js";
import { shortestDecimal } from "./bigfloat-text.js";

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
    if (n >= INT64_MIN_DOUBLE && n < INT64_LIMIT_DOUBLE) return BigFloat.fromBigInt(BigInt(n), 64);
    // A whole double beyond int64 (and ±Infinity) is go-cty's float64: 53 bits, written as
    // its shortest text at 53 bits (1e300 is "1" and 300 zeros).
    return BigFloat.fromFloat64(n);
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
  return decimalFloat(n);
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
  const parts = writtenPartsOf(x);
  // A whole double beyond int64 stands for go-cty's float64 of it.
  if (x.precision === 53 && x.isInt() && x.exactInt64() === undefined && x.float64().accuracy === 0) {
    return x.float64().value;
  }
  const written = simplestNumberOfParts(parts);
  if (bigFloatOf(written).precision === x.precision) return written;
  const held = decimalOfParts(parts);
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
  return simplestNumberOfParts(writtenPartsOf(x));
}

/**
 * Whether go-cty's Equals calls two numbers equal (rawNumberEqual): whole numbers by value,
 * other numbers by their shortest text at their own precisions, so a double and a 512-bit
 * decimal that print alike are equal although Cmp tells them apart.
 */
export function equalAsGoCty(a: BigFloat, b: BigFloat): boolean {
  if (a.sign() !== b.sign()) return false;
  if (a.isInf() || b.isInf()) return a.isInf() && b.isInf();
  // Compared without writing them out: a whole number of 10^600000000 has no bigint.
  if (a.isInt() !== b.isInt()) return false;
  if (a.isInt()) return a.cmp(b) === 0;
  const sa = shortestDecimal(a);
  const sb = shortestDecimal(b);
  return sa.digits === sb.digits && sa.exponent === sb.exponent;
}

/**
 * The number go-cty's cty.ParseNumberVal reads from text (big.ParseFloat at 512 bits, Go's
 * syntax: see goFloatSyntax, and "Inf"), or undefined where it refuses the text (go-cty's "a
 * number is required"): bad syntax, an exponent beyond int64 or one that places the mantissa
 * beyond big.Float's exponent range. A value beyond that range is an infinity or zero, as
 * go-cty's is. A finite number is a Decimal (as decimalFromText makes), "12" included:
 * go-cty holds what it parses at 512 bits, so `tonumber("12") + 1e-154` keeps the tiny part.
 * A zero keeps its sign ("-0" is Decimal("-0")). The time it takes grows with the text's
 * length, not with its exponent: 1e-100000 is held as a digit and an exponent.
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
  const marker = goFloatSyntax.exec(text)![5];
  // A power of two is exact in the parse, so the big.Float is go-cty's number as it is.
  if (marker === "p" || marker === "P") return decimalOfParts(writtenPartsOf(x));
  return decimalFromText(text);
}
