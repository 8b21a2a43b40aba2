// Exact numbers for the provider functions. The framework hands Terraform's numbers over as
// number | bigint | Decimal without rounding; here a finite one becomes a scaled bigint
// (digits × 10^-scale), so rounding, comparing, sizes and the text of a number lose no digit.
// Arithmetic itself is cty's, as Terraform's operators compute it (numeric-functions.ts).
import { type CtyNumber, Decimal, exactDecimalOfDouble } from "@tsvider/cty";

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
