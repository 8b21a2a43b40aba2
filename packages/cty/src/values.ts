// Values as authors see them: plain JS data plus two markers.
//
//   string  -> string            bool -> boolean          null -> null
//   number  -> number | bigint | Decimal (never a rounded JS number)
//   object  -> a plain object holding every attribute
//   unknown -> the `Unknown` marker

/** A value Terraform does not know yet ("known after apply"). */
export const Unknown: unique symbol = Symbol.for("tsvider.cty.Unknown");
export type Unknown = typeof Unknown;

export function isUnknown(value: unknown): value is Unknown {
  return value === Unknown;
}

/**
 * An exact decimal number that neither a JS `number` nor a `bigint` holds exactly, such as
 * config `0.1` (which cty sends as the text "0.1") or a large decimal. It keeps the decimal
 * text so the value goes back to Terraform unchanged. Arithmetic arrives with the cty issue.
 */
export class Decimal {
  readonly text: string;
  constructor(text: string) {
    const normalized = normalizeDecimalText(text);
    if (normalized === undefined) throw new TypeError(`"${text}" is not a decimal number`);
    this.text = normalized;
  }
  toString(): string {
    return this.text;
  }
  toJSON(): string {
    return this.text;
  }
}

export type CtyNumber = number | bigint | Decimal;

export type CtyValue =
  | null
  | Unknown
  | string
  | boolean
  | CtyNumber
  | { readonly [attribute: string]: CtyValue };

const decimalPattern = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-])?\.(\d+)(?:[eE]([+-]?\d+))?$/;

/**
 * Canonical decimal text without an exponent, as cty writes numbers that are not exact
 * int64 or float64: no leading zeros, no trailing fractional zeros, "-0" as "0".
 */
export function normalizeDecimalText(text: string): string | undefined {
  const m = decimalPattern.exec(text.trim());
  if (!m) return undefined;
  const sign = m[1] ?? m[5] ?? "";
  let intPart = m[2] ?? "0";
  let frac = m[3] ?? m[6] ?? "";
  const exp = Number(m[4] ?? m[7] ?? "0");
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 100_000) return undefined;
  if (exp > 0) {
    const shift = frac.padEnd(exp, "0");
    intPart += shift.slice(0, exp);
    frac = shift.slice(exp);
  } else if (exp < 0) {
    const padded = intPart.padStart(-exp + 1, "0");
    frac = padded.slice(padded.length + exp) + frac;
    intPart = padded.slice(0, padded.length + exp);
  }
  intPart = intPart.replace(/^0+(?=\d)/, "");
  frac = frac.replace(/0+$/, "");
  const body = frac ? `${intPart}.${frac}` : intPart;
  return body === "0" ? "0" : sign === "-" ? `-${body}` : body;
}

/**
 * The most natural JS representation of an exact decimal: a `number` when the double holds
 * it exactly (its shortest text is the same decimal), a `bigint` for other integers, else a
 * Decimal.
 */
export function numberFromDecimalText(text: string): CtyNumber {
  const normalized = normalizeDecimalText(text);
  if (normalized === undefined) throw new TypeError(`"${text}" is not a decimal number`);
  const asDouble = Number(normalized);
  if (Number.isFinite(asDouble) && normalizeDecimalText(String(asDouble)) === normalized) {
    // A double is exact for integers only inside the safe range; beyond it, keep a bigint.
    if (!Number.isInteger(asDouble) || Number.isSafeInteger(asDouble)) return asDouble;
  }
  if (!normalized.includes(".")) return BigInt(normalized);
  return new Decimal(normalized);
}

/** True when two numbers denote the same value, whatever their JS representation. */
export function numbersEqual(a: CtyNumber, b: CtyNumber): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (typeof a === "number" && !Number.isFinite(a)) return a === b;
  if (typeof b === "number" && !Number.isFinite(b)) return false;
  return normalizeDecimalText(numberText(a)) === normalizeDecimalText(numberText(b));
}

/** Exact decimal text of a number (for doubles, the shortest text that round-trips). */
export function numberText(n: CtyNumber): string {
  if (typeof n === "number") {
    if (!Number.isFinite(n)) return String(n);
    // String(1e21) gives exponent form; normalizeDecimalText expands it exactly.
    return normalizeDecimalText(String(n))!;
  }
  return n.toString();
}
