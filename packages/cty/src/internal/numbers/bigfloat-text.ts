// big.Float's decimal text (Go's math/big ftoa.go), as go-cty writes its numbers: Text with
// the formats 'e', 'E', 'f', 'g', 'G' and a number of digits, or the fewest digits that
// still identify the value among those of its precision (a negative precision). The value's
// exact decimal expansion is rounded once, half to even only at an exact half, as Go's
// decimal type rounds.
import type { BigFloat } from "./bigfloat.js";

export type TextFormat = "e" | "E" | "f" | "g" | "G";

/** Go's Float.Text(format, prec) of a BigFloat. */
export function floatText(x: BigFloat, format: TextFormat, prec: number): string {
  if (x.isInf()) return x.negative ? "-Inf" : "+Inf";
  const sign = x.negative ? "-" : "";
  const d = decimalToFormat(x, format, prec);
  const shortest = prec < 0;
  if (shortest) {
    if (format === "e" || format === "E") prec = d.digits.length - 1;
    else if (format === "f") prec = Math.max(d.digits.length - d.exp, 0);
    else prec = d.digits.length;
  } else if (format === "e" || format === "E") {
    roundDecimal(d, 1 + prec);
  } else if (format === "f") {
    roundDecimal(d, d.exp + prec);
  } else {
    if (prec === 0) prec = 1;
    roundDecimal(d, prec);
  }
  if (format === "e" || format === "E") return sign + fmtE(format, prec, d);
  if (format === "f") return sign + fmtF(prec, d);
  // %e where the exponent is below -4 or at least the precision (6 for the shortest form).
  let eprec = prec;
  if (eprec > d.digits.length && d.digits.length >= d.exp) eprec = d.digits.length;
  if (shortest) eprec = 6;
  const exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (prec > d.digits.length) prec = d.digits.length;
    return sign + fmtE(format === "g" ? "e" : "E", prec - 1, d);
  }
  if (prec > d.exp) prec = d.digits.length;
  return sign + fmtF(Math.max(prec - d.exp, 0), d);
}

/**
 * The shortest decimal that identifies a finite, nonzero x among the numbers of its precision
 * (Go's Text('f', -1) digits), as (-1)^negative × digits × 10^exponent with no trailing zeros:
 * what go-cty writes for x, without writing out the zeros of a large exponent.
 */
export function shortestDecimal(x: BigFloat): { readonly digits: string; readonly exponent: number } {
  const d = shortestDigits(x);
  return { digits: d.digits, exponent: d.exp - d.digits.length };
}

/** The decimal digits x is written with in this format and precision, before the rounding to it. */
function decimalToFormat(x: BigFloat, format: TextFormat, prec: number): DecimalDigits {
  if (!x.isFinite()) return { digits: "", exp: 0 };
  if (prec < 0) return shortestDigits(x);
  // Only the digits the format keeps (and two more, to round) are computed where the exact
  // expansion would be long: a large exponent has as many digits as it is large.
  let wanted: number;
  if (format === "e" || format === "E") wanted = prec + 3;
  else if (format === "f") {
    wanted = Math.max(decimalExponentEstimate(x.mantissa, x.exponent) + prec + 3, 3);
    checkWritable(wanted);
  } else wanted = Math.max(prec, 1) + 2;
  return decimalDigitsOf([x.mantissa], x.exponent, wanted)[0]!;
}

/** The exact value in decimal, without an exponent (for tests and messages). */
export function exactFloatText(x: BigFloat): string {
  if (!x.isFinite()) return floatText(x, "f", -1);
  const d = exactDecimal(x.mantissa, x.exponent);
  return (x.negative ? "-" : "") + fmtF(Math.max(d.digits.length - d.exp, 0), d);
}

// Decimal digits as Go's math/big decimal type holds them: value = 0.digits × 10^exp, no
// trailing zeros in digits (empty for zero). `truncated` says the exact expansion goes on
// past the digits held, with nonzero digits (they were not computed).
interface DecimalDigits {
  digits: string;
  exp: number;
  truncated?: boolean;
}

const pow5Exact: bigint[] = [];
// The few large powers of five last used: a run of arithmetic on numbers of one magnitude
// asks for the same power again and again.
const pow5Large = new Map<number, bigint>();

function fivePower(n: number): bigint {
  if (n >= 1100) {
    let p = pow5Large.get(n);
    if (p === undefined) {
      p = 5n ** BigInt(n);
      if (pow5Large.size >= 8) pow5Large.delete(pow5Large.keys().next().value!);
      pow5Large.set(n, p);
    }
    return p;
  }
  let p = pow5Exact[n];
  if (p === undefined) {
    p = 5n ** BigInt(n);
    pow5Exact[n] = p;
  }
  return p;
}

/** The exact decimal value of mantissa × 2^exponent (mantissa > 0). */
function exactDecimal(mantissa: bigint, exponent: number): DecimalDigits {
  let digits: string;
  let exp: number;
  if (exponent >= 0) {
    digits = (mantissa << BigInt(exponent)).toString();
    exp = digits.length;
  } else {
    // m / 2^k = m × 5^k / 10^k
    digits = (mantissa * fivePower(-exponent)).toString();
    exp = digits.length + exponent;
  }
  const d = { digits, exp };
  trimDecimal(d);
  return d;
}

const LOG10_2 = Math.log10(2);

/** About the decimal exponent (Go's decimal exp) of mantissa × 2^exponent; off by at most one. */
function decimalExponentEstimate(mantissa: bigint, exponent: number): number {
  return Math.floor((bitLength(mantissa) + exponent) * LOG10_2) + 1;
}

/** About how many digits the exact decimal expansion of mantissa × 2^exponent has. */
function exactLengthEstimate(mantissa: bigint, exponent: number): number {
  const bits = bitLength(mantissa) + (exponent >= 0 ? exponent : -exponent * Math.log2(5));
  return Math.ceil(bits * LOG10_2);
}

/**
 * The decimals of m × 2^exponent for each m (all of about one size), to at least `wanted`
 * significant digits: exact when the expansion is short, else the first digits of it (exact,
 * truncated), so that a large exponent costs a power of five of its size rather than a digit
 * string as long as the exact expansion.
 */
function decimalDigitsOf(mantissas: readonly bigint[], exponent: number, wanted: number): DecimalDigits[] {
  const first = mantissas[0]!;
  if (exactLengthEstimate(first, exponent) <= Math.max(2 * wanted, 2000)) {
    return mantissas.map((m) => exactDecimal(m, exponent));
  }
  // floor(m × 2^exponent × 10^t) has about wanted + 2 digits.
  const t = wanted + 2 - decimalExponentEstimate(first, exponent);
  if (Math.abs(t) > EXACT_POWER_LIMIT) return approximateDigitsOf(mantissas, exponent, t, wanted);
  const e2 = exponent + t;
  const p = fivePower(Math.abs(t));
  const scaled = (m: bigint): { q: bigint; exact: boolean } => {
    if (t >= 0 && e2 < 0) {
      // The usual small value: m × 5^t × 2^e2, a shift.
      const product = m * p;
      const shift = BigInt(-e2);
      return { q: product >> shift, exact: (product & ((1n << shift) - 1n)) === 0n };
    }
    let numerator = t >= 0 ? m * p : m;
    let denominator = t >= 0 ? 1n : p;
    if (e2 >= 0) numerator <<= BigInt(e2);
    else denominator <<= BigInt(-e2);
    const q = numerator / denominator;
    return { q, exact: q * denominator === numerator };
  };
  return mantissas.map((m) => {
    const { q, exact } = scaled(m);
    const d: DecimalDigits = { digits: q.toString(), exp: 0, truncated: !exact };
    d.exp = d.digits.length - t;
    if (exact) trimDecimal(d);
    return d;
  });
}

// Past this power of ten (a number beyond about 10^±1500000, whose text is not written out),
// the power is not computed exactly: 5^t alone would have billions of bits.
const EXACT_POWER_LIMIT = 1_500_000;

/**
 * As decimalDigitsOf, for a power of ten too large to compute exactly: 5^|t| to a precision
 * a few hundred bits beyond the digits wanted, by repeated squaring with truncation (relative
 * error below 2^(log2|t| + 2 - precision)), so the digits are floor(m × 2^exponent × 10^t)
 * unless that product lies within about 2^-100 of an integer; its expansion goes on (a value
 * this far from 1 is never a short decimal), so it is marked truncated.
 */
function approximateDigitsOf(
  mantissas: readonly bigint[],
  exponent: number,
  t: number,
  wanted: number,
): DecimalDigits[] {
  // About 3.33 bits per digit wanted, and a margin for the error of the power.
  const precision = bitLength(mantissas[0]!) + Math.ceil(wanted * 3.33) + 256;
  const power = approximatePow5(Math.abs(t), precision);
  return mantissas.map((m) => {
    let q: bigint;
    if (t >= 0) {
      // m × 5^t × 2^(exponent + t)
      const shift = power.exponent + exponent + t;
      const product = m * power.mantissa;
      q = shift >= 0 ? product << BigInt(shift) : product >> BigInt(-shift);
    } else {
      // m × 2^(exponent + t) / 5^-t
      const shift = exponent + t - power.exponent;
      q = shift >= 0 ? (m << BigInt(shift)) / power.mantissa : m / (power.mantissa << BigInt(-shift));
    }
    const digits = q.toString();
    return { digits, exp: digits.length - t, truncated: true };
  });
}

/** 5^n as mantissa × 2^exponent, the mantissa truncated to `precision` bits after each step. */
function approximatePow5(n: number, precision: number): { mantissa: bigint; exponent: number } {
  let mantissa = 1n;
  let exponent = 0;
  let baseMantissa = 5n;
  let baseExponent = 0;
  const cut = (m: bigint, e: number): [bigint, number] => {
    const extra = bitLength(m) - precision;
    return extra > 0 ? [m >> BigInt(extra), e + extra] : [m, e];
  };
  for (let k = n; k > 0; k = Math.floor(k / 2)) {
    if (k % 2 === 1) [mantissa, exponent] = cut(mantissa * baseMantissa, exponent + baseExponent);
    if (k > 1) [baseMantissa, baseExponent] = cut(baseMantissa * baseMantissa, 2 * baseExponent);
  }
  return { mantissa, exponent };
}

function bitLength(n: bigint): number {
  if (n <= 0xffffffffn) return 32 - Math.clz32(Number(n));
  const hex = n.toString(16);
  return (hex.length - 1) * 4 + 32 - Math.clz32(Number.parseInt(hex[0]!, 16));
}

/** Go's fmtE: d.ddd…e±dd with `prec` digits after the point. */
function fmtE(e: "e" | "E", prec: number, d: DecimalDigits): string {
  let out = d.digits === "" ? "0" : d.digits[0]!;
  if (prec > 0) {
    out += ".";
    const m = Math.min(d.digits.length, prec + 1);
    out += d.digits.slice(1, m);
    out += "0".repeat(Math.max(0, prec + 1 - Math.max(m, 1)));
  }
  const exp = d.digits === "" ? 0 : d.exp - 1;
  const abs = Math.abs(exp);
  return `${out}${e}${exp < 0 ? "-" : "+"}${abs < 10 ? "0" : ""}${abs}`;
}

// The longest number text written out (cty writes numbers without an exponent, so a large
// exponent is as many characters; go-cty takes minutes on such text).
const MAX_WRITTEN_LENGTH = 1_000_000;

function checkWritable(length: number): void {
  if (length > MAX_WRITTEN_LENGTH) {
    throw new RangeError(
      `a number would be written with ${length} digits without an exponent; numbers over ${MAX_WRITTEN_LENGTH} characters are not written out`,
    );
  }
}

/** Go's fmtF: ddd.ddd with `prec` digits after the point. */
function fmtF(prec: number, d: DecimalDigits): string {
  checkWritable((d.exp > 0 ? d.exp : 1) + (prec > 0 ? prec + 1 : 0));
  let out = d.exp > 0 ? d.digits.slice(0, d.exp).padEnd(d.exp, "0") : "0";
  if (prec > 0) {
    out += ".";
    for (let i = 0; i < prec; i++) out += digitAt(d, d.exp + i);
  }
  return out;
}

function digitAt(d: DecimalDigits, i: number): string {
  return i >= 0 && i < d.digits.length ? d.digits[i]! : "0";
}

function trimDecimal(d: DecimalDigits): void {
  d.truncated = false;
  let end = d.digits.length;
  while (end > 0 && d.digits.charCodeAt(end - 1) === 48) end--;
  d.digits = d.digits.slice(0, end);
  if (end === 0) d.exp = 0;
}

function roundDecimalDown(d: DecimalDigits, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  d.digits = d.digits.slice(0, n);
  trimDecimal(d);
}

function roundDecimalUp(d: DecimalDigits, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  let i = n;
  while (i > 0 && d.digits.charCodeAt(i - 1) >= 57) i--;
  if (i === 0) {
    d.digits = "1";
    d.exp++;
    return;
  }
  d.digits = d.digits.slice(0, i - 1) + String.fromCharCode(d.digits.charCodeAt(i - 1) + 1);
  d.truncated = false;
}

/** Rounds to n digits, half to even only at an exact half (Go's decimal.round). */
function roundDecimal(d: DecimalDigits, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  let up: boolean;
  if (d.digits[n] === "5" && n + 1 === d.digits.length && !d.truncated) {
    up = n > 0 && (d.digits.charCodeAt(n - 1) - 48) % 2 === 1;
  } else {
    up = d.digits.charCodeAt(n) >= 53;
  }
  if (up) roundDecimalUp(d, n);
  else roundDecimalDown(d, n);
}

/**
 * Go's roundShortest: cut d, the exact decimal of x, to the fewest digits that still lie
 * within half an ulp of x at x's precision (the ends count when x's mantissa is even, as
 * round-to-even would read them back to x). The bounds' digits are compared with d's
 * position by position, as Go does, even where their decimal exponents differ. The walk
 * ends where the bounds' digits part, within about precision × log10(2) digits, so where the
 * expansions are long only their first digits are computed.
 */
function shortestDigits(x: BigFloat): DecimalDigits {
  if (!x.isFinite()) return { digits: "", exp: 0 };
  // x = mant × 2^exp with mant of precision + 1 bits, so its last bit is half an ulp.
  const shift = x.precision + 1 - x.bits;
  const mant = x.mantissa << BigInt(shift);
  const exp = x.exponent - shift;
  const wanted = Math.ceil(x.precision * LOG10_2) + 30;
  const [lower, d, upper] = decimalDigitsOf([mant - 1n, mant, mant + 1n], exp, wanted) as [
    DecimalDigits,
    DecimalDigits,
    DecimalDigits,
  ];
  const inclusive = (mant & 2n) === 0n;
  for (let i = 0; i < d.digits.length; i++) {
    const m = d.digits.charCodeAt(i);
    const l = digitAt(lower, i).charCodeAt(0);
    const u = digitAt(upper, i).charCodeAt(0);
    const okDown = l !== m || (inclusive && !lower.truncated && i + 1 === lower.digits.length);
    const okUp =
      m !== u && (inclusive || m + 1 < u || upper.truncated === true || i + 1 < upper.digits.length);
    if (okDown && okUp) {
      roundDecimal(d, i + 1);
      return d;
    }
    if (okDown) {
      roundDecimalDown(d, i + 1);
      return d;
    }
    if (okUp) {
      roundDecimalUp(d, i + 1);
      return d;
    }
  }
  return d;
}
