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
  const d = x.isFinite() ? exactDecimal(x.mantissa, x.exponent) : { digits: "", exp: 0 };
  const shortest = prec < 0;
  if (shortest) {
    roundShortest(d, x);
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

/** The exact value in decimal, without an exponent (for tests and messages). */
export function exactFloatText(x: BigFloat): string {
  if (!x.isFinite()) return floatText(x, "f", -1);
  const d = exactDecimal(x.mantissa, x.exponent);
  return (x.negative ? "-" : "") + fmtF(Math.max(d.digits.length - d.exp, 0), d);
}

// Decimal digits as Go's math/big decimal type holds them: value = 0.digits × 10^exp, no
// trailing zeros in digits (empty for zero).
interface DecimalDigits {
  digits: string;
  exp: number;
}

const pow5Exact: bigint[] = [];

function fivePower(n: number): bigint {
  if (n >= 1100) return 5n ** BigInt(n);
  let p = pow5Exact[n];
  if (p === undefined) {
    p = 5n ** BigInt(n);
    pow5Exact[n] = p;
  }
  return p;
}

/** The exact decimal value of mantissa × 2^exponent (mantissa > 0 and odd, as BigFloat keeps it). */
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

/** Go's fmtF: ddd.ddd with `prec` digits after the point. */
function fmtF(prec: number, d: DecimalDigits): string {
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
}

/** Rounds to n digits, half to even only at an exact half (Go's decimal.round). */
function roundDecimal(d: DecimalDigits, n: number): void {
  if (n < 0 || n >= d.digits.length) return;
  let up: boolean;
  if (d.digits[n] === "5" && n + 1 === d.digits.length) {
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
 * position by position, as Go does, even where their decimal exponents differ.
 */
function roundShortest(d: DecimalDigits, x: BigFloat): void {
  if (d.digits.length === 0) return;
  // x = mant × 2^exp with mant of precision + 1 bits, so its last bit is half an ulp.
  const shift = x.precision + 1 - x.bits;
  const mant = x.mantissa << BigInt(shift);
  const exp = x.exponent - shift;
  const lower = exactDecimal(mant - 1n, exp);
  const upper = exactDecimal(mant + 1n, exp);
  const inclusive = (mant & 2n) === 0n;
  for (let i = 0; i < d.digits.length; i++) {
    const m = d.digits.charCodeAt(i);
    const l = digitAt(lower, i).charCodeAt(0);
    const u = digitAt(upper, i).charCodeAt(0);
    const okDown = l !== m || (inclusive && i + 1 === lower.digits.length);
    const okUp = m !== u && (inclusive || m + 1 < u || i + 1 < upper.digits.length);
    if (okDown && okUp) {
      roundDecimal(d, i + 1);
      return;
    }
    if (okDown) {
      roundDecimalDown(d, i + 1);
      return;
    }
    if (okUp) {
      roundDecimalUp(d, i + 1);
      return;
    }
  }
}
