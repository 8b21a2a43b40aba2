// Exact numbers for the provider functions. The framework hands Terraform's numbers over as
// number | bigint | Decimal without rounding; here they become a scaled bigint (digits ×
// 10^-scale), so sums, differences, products, rounding and sizes lose no digit: 0.1 + 0.2 is
// 0.3, where Terraform's own + (binary, 512 bits) gives 0.3 only to about 150 digits. Only a
// quotient with no end in decimal (1 / 3), and the infinities, go through cty's arithmetic:
// what Terraform's operators give.
import { type CtyNumber, Decimal, exactDecimalOfDouble, number } from "@tsvider/cty";
import { callFunction, type FunctionSpec } from "@tsvider/cty/function";
import {
  add as ctyAdd,
  divide as ctyDivide,
  multiply as ctyMultiply,
  subtract as ctySubtract,
} from "@tsvider/cty/stdlib";

/** A finite number as digits × 10^-scale, scale ≥ 0. */
export interface Scaled {
  readonly digits: bigint;
  readonly scale: number;
}

/** The exact value of a finite cty number; undefined for the infinities. */
export function toScaled(n: CtyNumber): Scaled | undefined {
  if (typeof n === "bigint") return { digits: n, scale: 0 };
  if (typeof n === "number") {
    if (!Number.isFinite(n)) return undefined;
    if (Number.isInteger(n)) return { digits: BigInt(n), scale: 0 };
    return fromText(exactDecimalOfDouble(n)!);
  }
  return fromText(n.text);
}

function fromText(text: string): Scaled {
  // Decimal text is normalized: an optional sign, digits, an optional fraction, no exponent.
  const negative = text.startsWith("-");
  const body = negative ? text.slice(1) : text;
  const [whole = "0", fraction = ""] = body.split(".");
  const digits = BigInt(whole + fraction);
  return { digits: negative ? -digits : digits, scale: fraction.length };
}

/** A scaled value back as a cty number: a JS number for safe integers, else bigint or Decimal. */
export function fromScaled({ digits, scale }: Scaled): CtyNumber {
  let d = digits;
  let s = scale;
  while (s > 0 && d % 10n === 0n) {
    d /= 10n;
    s -= 1;
  }
  if (s === 0) return integer(d);
  // A JS number when it holds the value exactly, as the framework hands numbers to authors.
  const text = scaledText({ digits: d, scale: s });
  const asDouble = Number(text);
  return exactDecimalOfDouble(asDouble) === text ? asDouble : new Decimal(text);
}

function integer(n: bigint): CtyNumber {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** Plain decimal text: no exponent, trailing fractional zeros kept (they say the precision). */
export function scaledText({ digits, scale }: Scaled): string {
  const negative = digits < 0n;
  const abs = (negative ? -digits : digits).toString();
  if (scale === 0) return negative ? `-${abs}` : abs;
  const padded = abs.padStart(scale + 1, "0");
  const text = `${padded.slice(0, -scale)}.${padded.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The shortest text of a number: "3", "2.5", "1e+30" never (always plain digits). */
export function numberText(n: CtyNumber): string {
  if (typeof n === "number" && !Number.isFinite(n))
    return Number.isNaN(n) ? "NaN" : n > 0 ? "Infinity" : "-Infinity";
  const s = toScaled(n)!;
  const text = scaledText(s);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/**
 * Rounds to `places` decimal places (negative: to tens, hundreds, ...), ties to the even
 * neighbour as Python's round() does for exact decimals. The result has scale max(places, 0).
 */
export function roundScaled(value: Scaled, places: number): Scaled {
  const target = Math.max(places, 0);
  if (value.scale <= places) {
    // Already that precise: only widen the scale.
    return { digits: value.digits * 10n ** BigInt(target - value.scale), scale: target };
  }
  const drop = 10n ** BigInt(value.scale - places);
  const negative = value.digits < 0n;
  const abs = negative ? -value.digits : value.digits;
  let quotient = abs / drop;
  const twice = (abs % drop) * 2n;
  if (twice > drop || (twice === drop && quotient % 2n === 1n)) quotient += 1n;
  const signed = negative ? -quotient : quotient;
  // Negative places: the quotient counts tens (or more); scale it back to whole units.
  const digits = places < 0 ? signed * 10n ** BigInt(-places) : signed;
  return { digits, scale: target };
}

/** Compares two finite scaled values: -1, 0 or 1. */
export function compareScaled(a: Scaled, b: Scaled): -1 | 0 | 1 {
  const scale = Math.max(a.scale, b.scale);
  const x = a.digits * 10n ** BigInt(scale - a.scale);
  const y = b.digits * 10n ** BigInt(scale - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function binary(spec: FunctionSpec, a: CtyNumber, b: CtyNumber): CtyNumber {
  return callFunction(spec, [
    { type: number, value: a },
    { type: number, value: b },
  ]).value as CtyNumber;
}

/** Both finite: the exact operation on scaled values; else cty's (for the infinities' rules). */
function exactOr(
  spec: FunctionSpec,
  a: CtyNumber,
  b: CtyNumber,
  op: (x: Scaled, y: Scaled) => Scaled | undefined,
): CtyNumber {
  const x = toScaled(a);
  const y = toScaled(b);
  const exact = x && y ? op(x, y) : undefined;
  return exact ? fromScaled(exact) : binary(spec, a, b);
}

function aligned(x: Scaled, y: Scaled): [bigint, bigint, number] {
  const scale = Math.max(x.scale, y.scale);
  return [x.digits * 10n ** BigInt(scale - x.scale), y.digits * 10n ** BigInt(scale - y.scale), scale];
}

/** a + b, exactly (decimal digits are never rounded); infinities as Terraform's + has them. */
export const addExact = (a: CtyNumber, b: CtyNumber): CtyNumber =>
  exactOr(ctyAdd, a, b, (x, y) => {
    const [p, q, scale] = aligned(x, y);
    return { digits: p + q, scale };
  });

/** a - b, exactly; infinities as Terraform's - has them. */
export const subtractExact = (a: CtyNumber, b: CtyNumber): CtyNumber =>
  exactOr(ctySubtract, a, b, (x, y) => {
    const [p, q, scale] = aligned(x, y);
    return { digits: p - q, scale };
  });

/** a × b, exactly; infinities as Terraform's * has them. */
export const multiplyExact = (a: CtyNumber, b: CtyNumber): CtyNumber =>
  exactOr(ctyMultiply, a, b, (x, y) => ({ digits: x.digits * y.digits, scale: x.scale + y.scale }));

/**
 * a / b: exact when the quotient has a finite decimal expansion (12 / 3, 5 / 2, 1 / 8); when
 * it has none (1 / 3), what Terraform's / operator gives, 512-bit binary precision.
 */
export const divideExact = (a: CtyNumber, b: CtyNumber): CtyNumber =>
  exactOr(ctyDivide, a, b, (x, y) => {
    if (y.digits === 0n) return undefined;
    const [p, q] = aligned(x, y);
    // p / q in lowest terms; it ends in decimal only if q has no prime factor but 2 and 5.
    const g = gcd(p < 0n ? -p : p, q < 0n ? -q : q);
    let num = p / g;
    let den = q / g;
    if (den < 0n) {
      num = -num;
      den = -den;
    }
    let twos = 0;
    let fives = 0;
    let rest = den;
    while (rest % 2n === 0n) {
      rest /= 2n;
      twos++;
    }
    while (rest % 5n === 0n) {
      rest /= 5n;
      fives++;
    }
    if (rest !== 1n) return undefined;
    const scale = Math.max(twos, fives);
    return { digits: (num * 10n ** BigInt(scale)) / den, scale };
  });

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

/** Whether a number is zero (0, 0n, Decimal "0"). */
export function isZero(n: CtyNumber): boolean {
  const s = toScaled(n);
  return s !== undefined && s.digits === 0n;
}

/** -1, 0 or 1, infinities included. */
export function compareNumbers(a: CtyNumber, b: CtyNumber): -1 | 0 | 1 {
  const x = toScaled(a);
  const y = toScaled(b);
  if (x && y) return compareScaled(x, y);
  const rank = (n: CtyNumber, s: Scaled | undefined) => (s ? 0 : (n as number) > 0 ? 1 : -1);
  const rx = rank(a, x);
  const ry = rank(b, y);
  return rx < ry ? -1 : rx > ry ? 1 : 0;
}

/** A whole number that fits a JS safe integer, or undefined. */
export function safeInteger(n: CtyNumber): number | undefined {
  const s = toScaled(n);
  if (!s) return undefined;
  const whole = roundScaled(s, 0);
  if (compareScaled(whole, s) !== 0) return undefined;
  const v = whole.digits;
  return v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(v) : undefined;
}
