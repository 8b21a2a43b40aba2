// Go's math/big.Float, as far as go-cty's numbers need it: binary floating point with a
// per-value precision (mantissa bits), round-to-nearest-even after every operation, ±Inf,
// signed zero, and Go's decimal parsing (big.ParseFloat, overflowing big.Float's exponent
// range as Go's does); the decimal text it writes (Text) is in bigfloat-text.ts. go-cty
// keeps every number as a *big.Float, so reproducing its arithmetic bit for bit means
// reproducing these rules; everything here is exact bigint arithmetic followed by one
// rounding, as Go does (Go's operations are correctly rounded, except parsing, whose power
// of five is itself rounded; see `pow5`).
import { exactFloatText, floatText } from "./bigfloat-text.js";

/** How a rounded result compares with the exact one (Go's big.Accuracy). */
export type Accuracy = -1 | 0 | 1;
export const Below: Accuracy = -1;
export const Exact: Accuracy = 0;
export const Above: Accuracy = 1;

/**
 * Go's big.ErrNaN: an operation whose result would be NaN (∞ - ∞, 0 × ∞, 0 / 0, ∞ / ∞, a NaN
 * float64). Go panics with it; the message is Go's.
 */
export class GoNaNError extends Error {
  override readonly name = "GoNaNError";
}

type Form = "zero" | "finite" | "inf";

export class BigFloat {
  /** Prefer the static constructors; this one takes the parts as they are (mantissa odd). */
  constructor(
    readonly form: Form,
    /** The sign, for zeros and infinities too. */
    readonly negative: boolean,
    /** Finite values: an odd positive integer (0n otherwise); |value| = mantissa × 2^exponent. */
    readonly mantissa: bigint,
    readonly exponent: number,
    /** The mantissa's bit length (go's MinPrec); 0 for zeros and infinities. */
    readonly bits: number,
    /** The precision in bits that results computed from this value are rounded to. */
    readonly precision: number,
  ) {}

  static zero(precision: number, negative = false): BigFloat {
    return new BigFloat("zero", negative, 0n, 0, 0, precision);
  }

  static infinity(negative: boolean, precision: number): BigFloat {
    return new BigFloat("inf", negative, 0n, 0, 0, precision);
  }

  /** (-1)^negative × magnitude × 2^exponent rounded to `precision` bits (nearest, ties to even). */
  static fromParts(negative: boolean, magnitude: bigint, exponent: number, precision: number): BigFloat {
    return magnitude === 0n
      ? BigFloat.zero(precision, negative)
      : rounded(negative, magnitude, exponent, precision, false);
  }

  /** An integer rounded to `precision` bits: Go's SetInt64/SetUint64 (64) or SetInt on a Float with that precision. */
  static fromBigInt(n: bigint, precision: number): BigFloat {
    return BigFloat.fromParts(n < 0n, n < 0n ? -n : n, 0, precision);
  }

  /** Go's new(big.Float).SetInt(n): precision of the larger of 64 and n's bit length, exact. */
  static fromBigIntExact(n: bigint): BigFloat {
    const magnitude = n < 0n ? -n : n;
    return BigFloat.fromBigInt(n, Math.max(64, magnitude === 0n ? 0 : bitLength(magnitude)));
  }

  /** Go's new(big.Float).SetFloat64(x): 53 bits, exact; NaN panics. */
  static fromFloat64(x: number): BigFloat {
    if (Number.isNaN(x)) throw new GoNaNError("Float.SetFloat64(NaN)");
    const negative = x < 0 || Object.is(x, -0);
    if (x === 0) return BigFloat.zero(53, negative);
    if (!Number.isFinite(x)) return BigFloat.infinity(negative, 53);
    const { mantissa, exponent } = doubleParts(x);
    return BigFloat.fromParts(negative, mantissa, exponent, 53);
  }

  /**
   * Go's big.ParseFloat(text, 10, precision, ToNearestEven): a decimal mantissa with an
   * optional "e" (power of ten) or "p" (power of two) exponent, or "Inf" with a sign. Throws
   * a SyntaxError for anything else, and where Go refuses the exponent: beyond int64, or
   * placing the mantissa beyond big.Float's exponent range before the power of five is
   * applied. A result beyond that range is an infinity, or a zero, as Go's is.
   */
  static parse(text: string, precision: number): BigFloat {
    const infinity = /^([+-]?)[Ii]nf$/.exec(text);
    if (infinity) return BigFloat.infinity(infinity[1] === "-", precision);
    const m = goFloatSyntax.exec(text);
    if (!m) throw new SyntaxError(`cannot parse "${text}" as a number`);
    const negative = m[1] === "-";
    const fraction = m[3] ?? m[4] ?? "";
    const digits = (m[2] ?? "") + fraction;
    const exponentBig = BigInt(m[6] ?? "0");
    if (exponentBig < INT64_MIN || exponentBig > INT64_MAX) {
      throw new SyntaxError(`the exponent of "${text}" is out of range`);
    }
    const exponent = Number(exponentBig);
    const decimalExponent = m[5] === "e" || m[5] === "E";
    const result = BigFloat.scaledDecimal(
      negative,
      BigInt(digits),
      -fraction.length + exponent,
      -fraction.length + (decimalExponent ? exponent : 0),
      precision,
    );
    if (result === undefined) throw new SyntaxError(`the exponent of "${text}" overflows`);
    return result;
  }

  /**
   * mantissa × 2^exp2 × 5^exp5 as Go's parser computes it (the tail of big.ParseFloat, once
   * it has read the digits and split the powers of ten): the mantissa placed by exp2 must lie
   * within big.Float's exponent range (else undefined, where Go refuses the text), then one
   * multiplication or division by Go's rounded power of five. A result beyond the range is an
   * infinity or a zero, as Go's is.
   */
  static scaledDecimal(
    negative: boolean,
    mantissa: bigint,
    exp2: number,
    exp5: number,
    precision: number,
  ): BigFloat | undefined {
    if (mantissa === 0n) return BigFloat.zero(precision, negative);
    const placed = bitLength(mantissa) + exp2;
    if (placed < MIN_EXP || placed > MAX_EXP) return undefined;
    let result: BigFloat;
    if (exp5 === 0) {
      result = rounded(negative, mantissa, exp2, precision, false);
    } else {
      const power = pow5(Math.abs(exp5), precision + 64);
      result =
        exp5 > 0
          ? rounded(negative, mantissa * power.mantissa, exp2 + power.exponent, precision, false)
          : quotient(negative, mantissa, exp2, power.mantissa, power.exponent, precision);
    }
    const goExponent = result.exponent + result.bits;
    if (goExponent > MAX_EXP) return BigFloat.infinity(negative, precision);
    if (goExponent < MIN_EXP) return BigFloat.zero(precision, negative);
    return result;
  }

  isZero(): boolean {
    return this.form === "zero";
  }

  isInf(): boolean {
    return this.form === "inf";
  }

  isFinite(): boolean {
    return this.form === "finite";
  }

  /** -1, 0 or +1 (Go's Sign: zeros of either sign are 0). */
  sign(): -1 | 0 | 1 {
    return this.form === "zero" ? 0 : this.negative ? -1 : 1;
  }

  /** The same value with another precision, rounded if it is smaller (Go's SetPrec, prec > 0). */
  withPrecision(precision: number): BigFloat {
    if (this.form !== "finite") return new BigFloat(this.form, this.negative, 0n, 0, 0, precision);
    return rounded(this.negative, this.mantissa, this.exponent, precision, false);
  }

  neg(): BigFloat {
    return new BigFloat(this.form, !this.negative, this.mantissa, this.exponent, this.bits, this.precision);
  }

  abs(): BigFloat {
    return this.negative ? this.neg() : this;
  }

  /** x + y rounded to `precision` (default: the larger of the operands' precisions), as Go's Add. */
  add(y: BigFloat, precision = Math.max(this.precision, y.precision)): BigFloat {
    return sum(this, y, false, precision);
  }

  /** x - y, as Go's Sub. */
  sub(y: BigFloat, precision = Math.max(this.precision, y.precision)): BigFloat {
    return sum(this, y, true, precision);
  }

  /** x × y, as Go's Mul. */
  mul(y: BigFloat, precision = Math.max(this.precision, y.precision)): BigFloat {
    const negative = this.negative !== y.negative;
    if (this.form === "finite" && y.form === "finite") {
      return rounded(negative, this.mantissa * y.mantissa, this.exponent + y.exponent, precision, false);
    }
    if ((this.form === "zero" && y.form === "inf") || (this.form === "inf" && y.form === "zero")) {
      throw new GoNaNError("multiplication of zero with infinity");
    }
    if (this.form === "inf" || y.form === "inf") return BigFloat.infinity(negative, precision);
    return BigFloat.zero(precision, negative);
  }

  /** x / y, as Go's Quo (x / 0 is an infinity). */
  quo(y: BigFloat, precision = Math.max(this.precision, y.precision)): BigFloat {
    const negative = this.negative !== y.negative;
    if (this.form === "finite" && y.form === "finite") {
      return quotient(negative, this.mantissa, this.exponent, y.mantissa, y.exponent, precision);
    }
    if ((this.form === "zero" && y.form === "zero") || (this.form === "inf" && y.form === "inf")) {
      throw new GoNaNError("division of zero by zero or infinity by infinity");
    }
    if (this.form === "zero" || y.form === "inf") return BigFloat.zero(precision, negative);
    return BigFloat.infinity(negative, precision);
  }

  /** -1, 0 or +1 as x <, =, > y, exactly (Go's Cmp; -0 equals +0). */
  cmp(y: BigFloat): -1 | 0 | 1 {
    const ox = this.order();
    const oy = y.order();
    if (ox !== oy) return ox < oy ? -1 : 1;
    if (ox === 1) return compareMagnitudes(this, y);
    if (ox === -1) return compareMagnitudes(y, this);
    return 0;
  }

  private order(): number {
    const magnitude = this.form === "zero" ? 0 : this.form === "finite" ? 1 : 2;
    return this.negative ? -magnitude : magnitude;
  }

  /** Whether the value is a whole number (zeros are; infinities are not). */
  isInt(): boolean {
    if (this.form !== "finite") return this.form === "zero";
    return this.exponent >= 0;
  }

  /**
   * The value truncated towards zero (Go's Int): undefined for the infinities; the accuracy
   * says which way the truncation went.
   */
  int(): { readonly value: bigint | undefined; readonly accuracy: Accuracy } {
    if (this.form === "inf") return { value: undefined, accuracy: this.negative ? Above : Below };
    if (this.form === "zero") return { value: 0n, accuracy: Exact };
    let magnitude: bigint;
    let accuracy: Accuracy = Exact;
    if (this.exponent >= 0) {
      magnitude = this.mantissa << BigInt(this.exponent);
    } else {
      magnitude = this.mantissa >> BigInt(-this.exponent);
      accuracy = this.negative ? Above : Below;
    }
    return { value: this.negative ? -magnitude : magnitude, accuracy };
  }

  /**
   * The value truncated towards zero as a BigFloat (exact, at this precision): Int without
   * the integer, so that a whole number of a billion bits costs nothing; undefined for the
   * infinities.
   */
  truncated(): BigFloat | undefined {
    if (this.form === "inf") return undefined;
    if (this.form === "zero" || this.exponent >= 0) return this;
    const magnitude = this.mantissa >> BigInt(-this.exponent);
    return BigFloat.fromParts(this.negative, magnitude, 0, this.precision);
  }

  /** The value as a Go int64 when it is exactly one (Go's Int64 with Exact accuracy). */
  exactInt64(): bigint | undefined {
    if (this.form === "zero") return 0n;
    if (this.form !== "finite" || this.exponent < 0 || this.exponent + this.bits > 64) return undefined;
    const value = this.int().value!;
    return value >= INT64_MIN && value <= INT64_MAX ? value : undefined;
  }

  /** The nearest float64 (ties to even, with subnormals and overflow to ±Inf), as Go's Float64. */
  float64(): { readonly value: number; readonly accuracy: Accuracy } {
    if (this.form === "zero") return { value: this.negative ? -0 : 0, accuracy: Exact };
    if (this.form === "inf") {
      return { value: this.negative ? -Infinity : Infinity, accuracy: Exact };
    }
    const sign = this.negative ? -1 : 1;
    // |x| = 0.1xxx… × 2^e in Go's terms, so the unbiased double exponent is e - 1.
    const e = this.exponent + this.bits;
    let precision = 53;
    if (e - 1 < -1022) {
      // Subnormal: fewer mantissa bits are available.
      precision = e + 1074;
      if (precision < 0 || (precision === 0 && this.bits === 1)) {
        return { value: sign * 0, accuracy: this.negative ? Above : Below };
      }
      if (precision === 0) return { value: sign * 5e-324, accuracy: this.negative ? Below : Above };
    }
    const r = rounded(this.negative, this.mantissa, this.exponent, precision, false);
    const accuracy = r.cmp(this) as Accuracy;
    if (r.form === "zero") return { value: sign * 0, accuracy };
    if (r.exponent + r.bits - 1 > 1023) {
      return { value: sign * Infinity, accuracy: this.negative ? Below : Above };
    }
    return { value: sign * doubleFromParts(r.mantissa, r.exponent), accuracy };
  }

  /**
   * Go's Text('f', -1): the shortest decimal (no exponent) that identifies the value among
   * those of its precision, "+Inf"/"-Inf" for the infinities, "-0" for negative zero.
   */
  text(): string {
    return floatText(this, "f", -1);
  }

  /** The exact value as decimal text (for tests and messages). */
  exactText(): string {
    return exactFloatText(this);
  }
}

/** Go's int64 range. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;

// big.Float's exponent range (MinExp, MaxExp), for |x| = 0.1xxx… × 2^exp.
const MIN_EXP = -(2 ** 31);
const MAX_EXP = 2 ** 31 - 1;

/**
 * The text big.ParseFloat reads in base 10: a sign, digits with at most one radix point (at
 * least one digit), and an exponent that is decimal ("e") or binary ("p"). No spaces, no "_",
 * no "0x", no "NaN".
 */
export const goFloatSyntax = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:([eEpP])([+-]?\d+))?$/;

/** Bit length of a positive bigint. */
export function bitLength(n: bigint): number {
  if (n <= 0xffffffffn) return 32 - Math.clz32(Number(n));
  if (n <= 0x1fffffffffffffn) return 64 - Math.clz32(Math.floor(Number(n) / 2 ** 32));
  const hex = n.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(Number.parseInt(hex[0]!, 16));
}

/** Number of trailing zero bits of a positive bigint. */
function trailingZeros(n: bigint): number {
  if (n & 1n) return 0;
  return bitLength(n & -n) - 1;
}

/**
 * The finite value (-1)^negative × magnitude × 2^exponent (magnitude > 0), rounded to
 * `precision` bits to nearest, ties to even. `sticky` says the true value lies a little above
 * magnitude (a division's nonzero remainder), which decides ties; callers that pass it make
 * sure the magnitude has more than precision + 1 bits.
 */
function rounded(
  negative: boolean,
  magnitude: bigint,
  exponent: number,
  precision: number,
  sticky: boolean,
): BigFloat {
  let mantissa = magnitude;
  let exp = exponent;
  let bits = bitLength(mantissa);
  if (bits > precision) {
    const drop = bits - precision;
    const dropBig = BigInt(drop);
    let kept = mantissa >> dropBig;
    const rest = mantissa - (kept << dropBig);
    const half = 1n << (dropBig - 1n);
    if (rest > half || (rest === half && (sticky || (kept & 1n) === 1n))) kept += 1n;
    mantissa = kept;
    exp += drop;
    bits = bitLength(mantissa);
  }
  const zeros = trailingZeros(mantissa);
  if (zeros > 0) {
    mantissa >>= BigInt(zeros);
    exp += zeros;
    bits -= zeros;
  }
  return new BigFloat("finite", negative, mantissa, exp, bits, precision);
}

/** mx·2^ex / (my·2^ey), correctly rounded: enough quotient bits, and the remainder as sticky bit. */
function quotient(
  negative: boolean,
  mx: bigint,
  ex: number,
  my: bigint,
  ey: number,
  precision: number,
): BigFloat {
  const shift = Math.max(0, precision + 2 - (bitLength(mx) - bitLength(my)));
  const numerator = mx << BigInt(shift);
  const q = numerator / my;
  const remainder = numerator - q * my;
  return rounded(negative, q, ex - ey - shift, precision, remainder !== 0n);
}

function compareMagnitudes(x: BigFloat, y: BigFloat): -1 | 0 | 1 {
  // Compare the positions of the leading bits first, then the aligned mantissas.
  const tx = x.exponent + x.bits;
  const ty = y.exponent + y.bits;
  if (tx !== ty) return tx < ty ? -1 : 1;
  const low = Math.min(x.exponent, y.exponent);
  const ax = x.mantissa << BigInt(x.exponent - low);
  const ay = y.mantissa << BigInt(y.exponent - low);
  return ax < ay ? -1 : ax > ay ? 1 : 0;
}

/** `small`, or a one-bit stand-in of its sign where it is too far below `large` to matter. */
function negligibleBeside(large: BigFloat, small: BigFloat, precision: number): BigFloat {
  const floor = Math.min(large.exponent, large.exponent + large.bits - precision) - 2;
  if (small.exponent + small.bits >= floor || floor - (small.exponent + small.bits) < 64) return small;
  return new BigFloat("finite", small.negative, 1n, floor - 1, 1, small.precision);
}

/** x + y (or x - y) as Go's Add and Sub, special cases included. */
function sum(x: BigFloat, y: BigFloat, subtract: boolean, precision: number): BigFloat {
  const yNegative = subtract ? !y.negative : y.negative;
  if (x.isFinite() && y.isFinite()) {
    // An operand far below the other's last bit and the rounding position only decides the
    // rounding through its sign (it is below a quarter of an ulp): one bit just there does
    // the same, and aligning the two would cost a shift as long as the gap (10^±600000000).
    [x, y] = [negligibleBeside(y, x, precision), negligibleBeside(x, y, precision)];
    const low = Math.min(x.exponent, y.exponent);
    const ax = x.mantissa << BigInt(x.exponent - low);
    const ay = y.mantissa << BigInt(y.exponent - low);
    const total = (x.negative ? -ax : ax) + (yNegative ? -ay : ay);
    // An exact cancellation is +0 when rounding to nearest.
    if (total === 0n) return BigFloat.zero(precision);
    return rounded(total < 0n, total < 0n ? -total : total, low, precision, false);
  }
  if (x.isInf() && y.isInf() && x.negative !== yNegative) {
    throw new GoNaNError(
      subtract ? "subtraction of infinities with equal signs" : "addition of infinities with opposite signs",
    );
  }
  if (x.isZero() && y.isZero()) return BigFloat.zero(precision, x.negative && yNegative);
  if (x.isInf() || y.isZero()) return x.withPrecision(precision);
  const result = y.withPrecision(precision);
  return subtract ? result.neg() : result;
}

// 5^n at a precision, as Go's parser computes it (floatconv.go pow5): exact from a table up to
// 5^27, beyond that by repeated squaring with every product rounded to the precision, so
// Go's parse of a decimal with a large exponent is not always correctly rounded.
const pow5Cache = new Map<string, BigFloat>();

function pow5(n: number, precision: number): BigFloat {
  const key = `${n}/${precision}`;
  const cached = pow5Cache.get(key);
  if (cached) return cached;
  let result: BigFloat;
  if (n <= 27) {
    result = BigFloat.fromBigInt(5n ** BigInt(n), precision);
  } else {
    let z = BigFloat.fromBigInt(5n ** 27n, precision);
    let f = BigFloat.fromBigInt(5n, precision);
    for (let k = n - 27; k > 0; k = Math.floor(k / 2)) {
      if (k % 2 === 1) z = z.mul(f, precision);
      f = f.mul(f, precision);
    }
    result = z;
  }
  if (pow5Cache.size > 4096) pow5Cache.clear();
  pow5Cache.set(key, result);
  return result;
}

/** A finite double's exact value as mantissa × 2^exponent (mantissa ≥ 0). */
function doubleParts(x: number): { mantissa: bigint; exponent: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & 0xfffffffffffffn;
  return biased === 0
    ? { mantissa: fraction, exponent: -1074 }
    : { mantissa: fraction | 0x10000000000000n, exponent: biased - 1075 };
}

/** The double mantissa × 2^exponent, which the caller knows to be representable. */
function doubleFromParts(mantissa: bigint, exponent: number): number {
  if (mantissa <= 0x1fffffffffffffn && exponent >= -1022 && exponent <= 1023 - 53) {
    return Number(mantissa) * 2 ** exponent;
  }
  const bits = bitLength(mantissa);
  const view = new DataView(new ArrayBuffer(8));
  const unbiased = exponent + bits - 1;
  if (unbiased >= -1022) {
    const normalized = mantissa << BigInt(53 - bits);
    view.setBigUint64(0, (BigInt(unbiased + 1023) << 52n) | (normalized & 0xfffffffffffffn));
  } else {
    view.setBigUint64(0, mantissa << BigInt(exponent + 1074));
  }
  return view.getFloat64(0);
}
