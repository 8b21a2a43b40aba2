import { BigFloat } from "./internal/numbers/bigfloat.js";
import { shortestDecimal } from "./internal/numbers/bigfloat-text.js";
import type { CtyType } from "./types.js";

// Values as authors see them: plain JS data plus two markers.
//
//   string  -> string            bool -> boolean          null -> null
//   number  -> number | bigint | Decimal (never a rounded JS number)
//   list, tuple -> an array
//   map     -> a plain object, one property per key
//   object  -> a plain object holding every attribute
//   dynamic -> a Dynamic (type + value), or null / Unknown
//   unknown -> the `Unknown` marker

/** A value Terraform does not know yet ("known after apply"). */
export const Unknown: unique symbol = Symbol.for("tsvider.cty.Unknown");

/** What is known about an unknown value (cty's refinements). Absent fields say nothing. */
export interface Refinements {
  /** It will not be null. */
  readonly notNull?: boolean;
  /** A string that will start with this text. */
  readonly stringPrefix?: string;
  /** A number at least (or, exclusive, above) this value. */
  readonly numberLower?: NumberBound;
  /** A number at most (or, exclusive, below) this value. */
  readonly numberUpper?: NumberBound;
  /** A list, set or map with at least this many elements. */
  readonly lengthLower?: number;
  /** A list, set or map with at most this many elements. */
  readonly lengthUpper?: number;
}

/** A lower or upper bound on an unknown number (in a refinement), and whether the bound itself is allowed. */
export interface NumberBound {
  readonly value: CtyNumber;
  readonly inclusive: boolean;
}

/**
 * An unknown value with refinements. Make one with `refine(type, refinements)`, which also
 * applies cty's rules (a refinement that pins the value down yields that value instead).
 */
export class RefinedUnknown implements Refinements {
  // `declare`: no class fields are emitted, so an instance holds only the refinements given.
  declare readonly notNull?: boolean;
  declare readonly stringPrefix?: string;
  declare readonly numberLower?: NumberBound;
  declare readonly numberUpper?: NumberBound;
  declare readonly lengthLower?: number;
  declare readonly lengthUpper?: number;
  constructor(refinements: Refinements) {
    Object.assign(this, refinements);
    Object.freeze(this);
  }
}

/**
 * A value with marks: application annotations (Terraform's "sensitive") that travel with it
 * and are never encoded. See marks.ts for adding and stripping them.
 */
export class Marked {
  readonly value: CtyValue;
  readonly marks: ReadonlySet<unknown>;
  constructor(value: CtyValue, marks: ReadonlySet<unknown>) {
    // One layer of marks: marking a marked value merges the sets.
    if (value instanceof Marked) {
      this.value = value.value;
      this.marks = new Set([...value.marks, ...marks]);
    } else {
      this.value = value;
      this.marks = marks;
    }
    Object.freeze(this);
  }
}

/** The value with these marks added (to any it already has). */
export function mark(value: CtyValue, ...marks: readonly unknown[]): CtyValue {
  if (marks.length === 0) return value;
  if (value instanceof Marked) return new Marked(value.value, new Set([...value.marks, ...marks]));
  return new Marked(value, new Set(marks));
}

/** An unknown value: plain (`Unknown`) or refined (a RefinedUnknown). */
export type Unknown = typeof Unknown | RefinedUnknown;

/**
 * Whether a value is unknown, plain or refined. Only the value itself is looked at: use
 * `containsUnknown` to look inside collections and objects.
 */
export function isUnknown(value: unknown): value is Unknown {
  return value === Unknown || value instanceof RefinedUnknown;
}

/** Whether a value is or holds an unknown anywhere. */
export function containsUnknown(value: CtyValue): boolean {
  if (isUnknown(value)) return true;
  if (value instanceof Dynamic || value instanceof Marked) return containsUnknown(value.value);
  if (value === null || typeof value !== "object" || value instanceof Decimal) return false;
  return Object.values(value).some(containsUnknown);
}

/** An object or map value: a plain object (not an array, a Decimal or a Dynamic). */
export function isRecord(value: CtyValue): value is { readonly [attributeOrKey: string]: CtyValue } {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    !(value instanceof Decimal) &&
    !(value instanceof Dynamic) &&
    !(value instanceof Marked)
  );
}

/**
 * An exact decimal number, such as config `0.1` (which cty sends as the text "0.1") or a
 * large decimal: it keeps the decimal text so the value goes back to Terraform unchanged.
 * It stands for a number go-cty made from decimal text (cty.ParseNumberVal), which go-cty
 * holds at 512 bits, so arithmetic on a Decimal works at 512 bits even when its value is an
 * integer or a double's (Decimal("11") % Decimal("5.1") is 0.8 to 154 digits, where the
 * int 11 % Decimal("5.1") works at an int's 64 bits). It is written to msgpack as go-cty
 * writes the same number: an int, a float64, or its text. (An arithmetic result whose
 * precision is not the one its plain form stands for is a Decimal holding that precision:
 * `ceil(0.5)` at 53 bits, the int quotient `1 / 2` at 64; see internal/numbers/go-number.ts.)
 */
export class Decimal {
  /**
   * The exact decimal text, without an exponent ("0.1", "-12.5", "1000"). Written out when
   * first read: a number such as 1e-100000 is held as its digits and exponent until then.
   */
  declare readonly text: string;
  constructor(text: string) {
    const scanned = scanDecimal(text);
    if (scanned === undefined) throw new TypeError(`${quoteShort(text)} is not a decimal number`);
    holdParts(this, scanned.parts);
  }
  toString(): string {
    return this.text;
  }
  toJSON(): string {
    return this.text;
  }
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return `Decimal(${partsText(decimalParts(this))})`;
  }
}

/**
 * A decimal number as (-1)^negative × digits × 10^exponent, digits without leading or
 * trailing zeros ("" for zero): how a Decimal is held, so that a large exponent costs its
 * digits, not a zero per unit of exponent. (Internal: not exported from the package.)
 */
export interface DecimalParts {
  readonly negative: boolean;
  readonly digits: string;
  readonly exponent: number;
}

const partsOfDecimal = new WeakMap<Decimal, DecimalParts>();

/**
 * The most characters a number is written out with: a number longer than this without an
 * exponent (beyond about 10^±1000000) is read and computed with, but refused where it would
 * be written digit by digit, as cty's encodings and `text` write numbers.
 */
export const MAX_NUMBER_TEXT_LENGTH = 1_000_000;

function holdParts(d: Decimal, parts: DecimalParts): void {
  partsOfDecimal.set(d, parts);
  let text: string | undefined;
  // An own enumerable property, as `text` has always been (deep equality compares it).
  Object.defineProperty(d, "text", {
    enumerable: true,
    get: () => {
      text ??= expandDecimalParts(parts);
      return text;
    },
  });
}

/** The parts a Decimal holds. (Internal.) */
export function decimalParts(d: Decimal): DecimalParts {
  return partsOfDecimal.get(d)!;
}

/** The Decimal of these parts (digits without leading or trailing zeros). (Internal.) */
export function decimalOfParts(parts: DecimalParts): Decimal {
  const d = Object.create(Decimal.prototype) as Decimal;
  holdParts(d, parts);
  return d;
}

/** The parts as short text with an exponent, for messages: "-1.25e-100000". */
export function partsText({ negative, digits, exponent }: DecimalParts): string {
  if (digits === "") return negative ? "-0" : "0";
  const sign = negative ? "-" : "";
  const point = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const e = exponent + digits.length - 1;
  return e === 0 ? `${sign}${point}` : `${sign}${point}e${e}`;
}

/** How long the parts are written out without an exponent. */
function expandedLength({ negative, digits, exponent }: DecimalParts): number {
  const sign = negative ? 1 : 0;
  if (digits === "") return sign + 1;
  if (exponent >= 0) return sign + digits.length + exponent;
  const point = digits.length + exponent;
  return sign + (point > 0 ? digits.length + 1 : 2 - point + digits.length);
}

/** The canonical text of the parts: no exponent, no leading or trailing zeros, "-0" kept. */
function expandDecimalParts(parts: DecimalParts): string {
  const length = expandedLength(parts);
  if (length > MAX_NUMBER_TEXT_LENGTH) {
    throw new RangeError(
      `the number ${partsText(parts)} is ${length} characters long written without an exponent, as cty writes numbers; numbers over ${MAX_NUMBER_TEXT_LENGTH} characters are not written out (compute with it, or give a number nearer to 1)`,
    );
  }
  const { negative, digits, exponent } = parts;
  const sign = negative ? "-" : "";
  if (digits === "") return `${sign}0`;
  if (exponent >= 0) return sign + digits + "0".repeat(exponent);
  const point = digits.length + exponent;
  if (point > 0) return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}0.${"0".repeat(-point)}${digits}`;
}

function quoteShort(text: string): string {
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

/** A cty number: a JavaScript number or bigint when it is exact as one, else a `Decimal`. */
export type CtyNumber = number | bigint | Decimal;

/**
 * The precision go-cty holds an arithmetic result at, for a Decimal made of one whose plain
 * form would stand for another precision (internal/numbers/go-number.ts, ctyNumberOf). A Decimal not
 * here is at 512 bits. (Internal: not exported from the package.)
 */
export const heldPrecisions = new WeakMap<Decimal, number>();

/**
 * A value whose type is known only at run time, where the schema says `dynamic`: the value
 * with its type. A dynamic slot may also hold plain `null` (no value, no type) or `Unknown`
 * (not even the type is known yet).
 */
export class Dynamic {
  readonly type: CtyType;
  readonly value: CtyValue;
  constructor(type: CtyType, value: CtyValue) {
    if (type.kind === "dynamic") {
      throw new TypeError(
        "a Dynamic value needs a concrete type; use null or Unknown for a value of no known type",
      );
    }
    this.type = type;
    this.value = value;
  }
}

/**
 * A cty value as a JavaScript value: null, an unknown, a string, a bool, a number, an array (list,
 * set or tuple), a plain object (map or object), a `Dynamic` (a value with its type, for a
 * `dynamic` place) or a `Marked` value. Its cty type is carried separately, as a `CtyType`.
 */
export type CtyValue =
  | null
  | Unknown
  | string
  | boolean
  | CtyNumber
  | Dynamic
  | Marked
  | readonly CtyValue[]
  | { readonly [attributeOrKey: string]: CtyValue };

const decimalPattern = /^([+-])?(\d+)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$|^([+-])?\.(\d+)(?:[eE]([+-]?\d+))?$/;

// Beyond this decimal exponent no number is finite in go-cty (big.Float's binary exponent is
// an int32), so text past it is refused rather than held.
const MAX_DECIMAL_EXPONENT = 700_000_000;

/**
 * Decimal text read in one pass: its parts, and the power of ten its last written digit
 * stands for (the text's exponent minus its fraction digits: 2 for "1.000e5"), which is how
 * Go's parser splits it. Undefined when the text is not a decimal number.
 */
function scanDecimal(text: string): { parts: DecimalParts; powerOfTen: number } | undefined {
  const m = decimalPattern.exec(text.trim());
  if (!m) return undefined;
  const negative = (m[1] ?? m[5]) === "-";
  const whole = m[2] ?? "";
  const fraction = m[3] ?? m[6] ?? "";
  const exponentText = m[4] ?? m[7] ?? "0";
  const written = Number(exponentText);
  if (!Number.isSafeInteger(written) || Math.abs(written) > MAX_DECIMAL_EXPONENT) return undefined;
  const all = whole + fraction;
  // Loops, not regular expressions: /0+$/ backtracks over a long run of zeros.
  let start = 0;
  while (start < all.length && all.charCodeAt(start) === 48) start++;
  let end = all.length;
  while (end > start && all.charCodeAt(end - 1) === 48) end--;
  const powerOfTen = written - fraction.length;
  const digits = all.slice(start, end);
  const exponent = digits === "" ? 0 : powerOfTen + (all.length - end);
  if (Math.abs(exponent + digits.length) > MAX_DECIMAL_EXPONENT) return undefined;
  return { parts: { negative, digits, exponent }, powerOfTen };
}

/**
 * Canonical decimal text without an exponent, as cty writes numbers that are not exact
 * int64 or float64: no leading zeros, no trailing fractional zeros. A zero keeps its sign
 * ("-0.0" is "-0"), as go-cty's big.Float does: go-cty writes a negative zero as "-0".
 * Undefined for text that is not a decimal number, or whose canonical text would be longer
 * than MAX_NUMBER_TEXT_LENGTH.
 */
export function normalizeDecimalText(text: string): string | undefined {
  const scanned = scanDecimal(text);
  if (scanned === undefined || expandedLength(scanned.parts) > MAX_NUMBER_TEXT_LENGTH) return undefined;
  return expandDecimalParts(scanned.parts);
}

/**
 * The number go-cty makes of decimal text (cty.ParseNumberVal), in our representation: a
 * `number` for integers in the safe range and for decimals a double holds exactly (0.5, not
 * 0.1), a `bigint` for other integers, else a Decimal. So config `0.1`, which cty sends as
 * the text "0.1", arrives as Decimal("0.1") and goes back as the same text, as go-cty would
 * send it. go-cty reads text at 512 bits (about 154 significant digits): longer text, or
 * text beyond 2^512, gives the number rounded as go-cty rounds it, which go-cty then writes
 * as its shortest text at 512 bits. (The plain forms are held at go-cty's 64 or 53 bits in
 * arithmetic; decimalFromText keeps the 512 bits go-cty gives parsed text.)
 */
export function numberFromDecimalText(text: string): CtyNumber {
  return simplestNumberOfParts(goCtyPartsOf(text));
}

/**
 * The number go-cty's cty.ParseNumberVal makes of decimal text, always as a Decimal, so that
 * it keeps go-cty's 512-bit precision through arithmetic: the form for a number literal in
 * configuration ("11" gives Decimal("11"), where numberFromDecimalText gives the number 11).
 */
export function decimalFromText(text: string): Decimal {
  return decimalOfParts(goCtyPartsOf(text));
}

/**
 * The exact value of decimal text in our representation (as numberFromDecimalText, without
 * go-cty's rounding): how we send a Decimal.
 */
export function exactNumberFromDecimalText(text: string): CtyNumber {
  const scanned = scanDecimal(text);
  if (scanned === undefined) throw new TypeError(`${quoteShort(text)} is not a decimal number`);
  return simplestNumberOfParts(scanned.parts);
}

/** The parts of the number go-cty reads from this text (cty.ParseNumberVal, 512 bits). */
function goCtyPartsOf(text: string): DecimalParts {
  const scanned = scanDecimal(text);
  if (scanned === undefined) throw new TypeError(`${quoteShort(text)} is not a decimal number`);
  return keptExactlyByGoCty(scanned.parts, scanned.powerOfTen)
    ? scanned.parts
    : goCtyRoundedParts(text.trim());
}

/**
 * The simplest form of an exact number: a JS number for a safe integer or a double's exact
 * value, a bigint for another integer, else a Decimal (an integer too long to write out stays
 * a Decimal: a bigint of it would be written out digit by digit).
 */
export function simplestNumberOfParts(parts: DecimalParts): CtyNumber {
  const { negative, digits, exponent } = parts;
  // A negative zero is JS's -0 (which BigInt would turn into 0).
  if (digits === "") return negative ? -0 : 0;
  if (exponent >= 0) {
    if (digits.length + exponent <= 15) return Number(partsText(parts));
    if (expandedLength(parts) > MAX_NUMBER_TEXT_LENGTH) return decimalOfParts(parts);
    const magnitude = BigInt(digits) * 10n ** BigInt(exponent);
    const integer = negative ? -magnitude : magnitude;
    return Number.isSafeInteger(Number(integer)) ? Number(integer) : integer;
  }
  // A double's exact value has at most 767 significant digits, none below 10^-1074.
  if (exponent >= -1074 && digits.length <= 767) {
    const text = expandDecimalParts(parts);
    if (exactDecimalOfDouble(Number(text)) === text) return Number(text);
  }
  return decimalOfParts(parts);
}

/**
 * Whether go-cty, reading this text at 512 bits, keeps its value as it is written (so there
 * is nothing to round): at most 150 significant digits and a value below 10^154 fit 512 bits
 * closely enough that go-cty's shortest text gives the same digits back, and a power of ten
 * up to 10^±248 is one go-cty's parser computes exactly.
 */
function keptExactlyByGoCty(parts: DecimalParts, powerOfTen: number): boolean {
  if (powerOfTen < -248 || powerOfTen > 248) return false;
  if (parts.digits.length + parts.exponent > 154) return false;
  return parts.digits.length <= 150;
}

/** The parts of the number go-cty writes for what it reads from this text (512 bits). */
function goCtyRoundedParts(text: string): DecimalParts {
  return writtenPartsOf(BigFloat.parse(text, 512));
}

/**
 * The parts of the exact number go-cty writes for a finite big.Float (as decimal text or as
 * the int or float64 its msgpack holds: all stand for the same value).
 */
export function writtenPartsOf(x: BigFloat): DecimalParts {
  if (x.isZero()) return { negative: x.negative, digits: "", exponent: 0 };
  const integer = x.exactInt64();
  if (integer !== undefined) return scanDecimal(integer.toString())!.parts;
  const double = x.float64();
  if (!x.isInt() && double.accuracy === 0) return scanDecimal(exactDecimalOfDouble(double.value)!)!.parts;
  const { digits, exponent } = shortestDecimal(x);
  return { negative: x.negative, digits, exponent };
}

/**
 * The exact decimal value of a double (0.1 is 0.1000000000000000055511151231257827…), or
 * undefined for infinities and NaN. A double is mantissa × 2^exponent, so its value is an
 * integer, or an integer × 5^k / 10^k: both exact in bigint arithmetic.
 */
export function exactDecimalOfDouble(x: number): string | undefined {
  if (!Number.isFinite(x)) return undefined;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigUint64(0);
  const negative = bits >> 63n === 1n;
  const biased = Number((bits >> 52n) & 0x7ffn);
  let mantissa = bits & ((1n << 52n) - 1n);
  if (biased !== 0) mantissa |= 1n << 52n;
  const exponent = (biased === 0 ? 1 : biased) - 1075;
  let text: string;
  if (exponent >= 0) {
    text = (mantissa << BigInt(exponent)).toString();
  } else {
    const scale = -exponent;
    const digits = (mantissa * 5n ** BigInt(scale)).toString().padStart(scale + 1, "0");
    text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  }
  return normalizeDecimalText(negative ? `-${text}` : text);
}

/**
 * Whether two numbers are the same value, as go-cty's equality decides: integers by their
 * exact value (so -0 equals 0), other numbers by their decimal text (so the double 0.1
 * equals the decimal 0.1), and the infinities only themselves.
 */
export function numbersEqual(a: CtyNumber, b: CtyNumber): boolean {
  if (typeof a === "number" && typeof b === "number") return a === b;
  if (typeof a === "number" && !Number.isFinite(a)) return false;
  if (typeof b === "number" && !Number.isFinite(b)) return false;
  // numberText's values compared as parts: a long number is never written out for this.
  const [pa, pb] = [numberTextParts(a), numberTextParts(b)];
  if (pa.digits === "" && pb.digits === "") return true;
  return pa.negative === pb.negative && pa.digits === pb.digits && pa.exponent === pb.exponent;
}

const INT64_LIMIT_DOUBLE = 2 ** 63;

/**
 * Decimal text of a number without an exponent, as go-cty writes the number: exact for
 * integers in int64's range, bigints and Decimals, and the shortest text that reads back as
 * the same double for other doubles, as go-cty writes a float64 value (a whole double beyond
 * int64, 1e300, is "1" and 300 zeros). A negative zero (JS's -0, Decimal("-0")) is "-0", as
 * go-cty writes the negative zero its big.Float arithmetic keeps (`-0`, `0 * -1`). Throws a
 * RangeError for a number too long to write out (see MAX_NUMBER_TEXT_LENGTH).
 */
export function numberText(n: CtyNumber): string {
  if (typeof n === "number") {
    if (!Number.isFinite(n)) return String(n);
    if (Object.is(n, -0)) return "-0";
    if (Number.isInteger(n)) {
      if (n >= -INT64_LIMIT_DOUBLE && n < INT64_LIMIT_DOUBLE) return BigInt(n).toString();
      return expandDecimalParts(numberTextParts(n));
    }
    return goShortestText(n);
  }
  return typeof n === "bigint" ? n.toString() : expandDecimalParts(numberTextParts(n));
}

/** numberText's value as parts, without writing it out. (Internal.) */
export function numberTextParts(n: CtyNumber): DecimalParts {
  if (typeof n === "number") {
    // A whole double beyond int64 is go-cty's float64 (53 bits), written as its shortest text.
    if (Number.isInteger(n) && (n >= INT64_LIMIT_DOUBLE || n < -INT64_LIMIT_DOUBLE)) {
      const { digits, exponent } = shortestDecimal(BigFloat.fromFloat64(n));
      return { negative: n < 0, digits, exponent };
    }
    return scanDecimal(numberText(n))!.parts;
  }
  if (typeof n === "bigint") return scanDecimal(n.toString())!.parts;
  return decimalTextParts(n);
}

/**
 * A Decimal's value as go-cty writes its number (Text('f', -1)): the shortest text that
 * identifies it at its precision. Short text is that already; a long one (the exact value of
 * a tiny double held at 512 bits, or text past 512 bits) is what go-cty's rounding leaves.
 */
function decimalTextParts(d: Decimal): DecimalParts {
  const parts = decimalParts(d);
  const precision = heldPrecisions.get(d) ?? 512;
  // Up to that many digits, no shorter text lies within half a step of the value at its precision.
  if (parts.digits.length <= Math.floor(precision * Math.LOG10E * Math.LN2) - 4) return parts;
  const x = decimalFloat(d);
  if (x.isZero()) return parts;
  const { digits, exponent } = shortestDecimal(x);
  return { negative: x.negative, digits, exponent };
}

const floatsOfDecimals = new WeakMap<Decimal, BigFloat>();

/**
 * The big.Float go-cty reads from a Decimal's text (big.ParseFloat of the text without an
 * exponent, at the precision the Decimal holds: 512 bits unless it is an arithmetic result
 * that holds another). Computed once per Decimal. (Internal: go-number.ts's bigFloatOf.)
 */
export function decimalFloat(d: Decimal): BigFloat {
  let x = floatsOfDecimals.get(d);
  if (x === undefined) {
    x = floatOfParts(decimalParts(d), heldPrecisions.get(d) ?? 512);
    floatsOfDecimals.set(d, x);
  }
  return x;
}

// Up to this exponent an integer's text is multiplied out to be read as Go reads the digits
// (one rounding of the exact integer); beyond it, where the text could not be written anyway,
// the power of ten is Go's rounded one, as for text with an exponent.
const MAX_EXACT_INTEGER_EXPONENT = MAX_NUMBER_TEXT_LENGTH;

/** big.ParseFloat of the parts' canonical text (no exponent) at this precision. */
function floatOfParts({ negative, digits, exponent }: DecimalParts, precision: number): BigFloat {
  if (digits === "") return BigFloat.zero(precision, negative);
  const mantissa = BigInt(digits);
  let x: BigFloat | undefined;
  if (exponent < 0) {
    // "0.00ddd": the digits, and a power of ten for each digit after the point.
    x = BigFloat.scaledDecimal(negative, mantissa, exponent, exponent, precision);
  } else if (exponent <= MAX_EXACT_INTEGER_EXPONENT) {
    x = BigFloat.fromParts(negative, mantissa * 10n ** BigInt(exponent), 0, precision);
  } else {
    x = BigFloat.scaledDecimal(negative, mantissa, exponent, exponent, precision);
  }
  // Beyond big.Float's range: what Go's parser refuses, we can only take as its limit.
  return x ?? (exponent < 0 ? BigFloat.zero(precision, negative) : BigFloat.infinity(negative, precision));
}

/**
 * The shortest decimal text of a non-integer double as go-cty writes it (big.Float
 * Text('f', -1) at 53 bits). That equals JS's shortest text except where the two measure
 * "shortest" differently: go-cty holds the double as a 53-bit mantissa even when it is
 * subnormal, and takes half a step either side even at a power of two, where a double's
 * step below is smaller. There (5e-324 is 0.000…4940656458412465 in go-cty) this finds the
 * fewest significant digits within that interval, the nearer value when two qualify.
 */
function goShortestText(x: number): string {
  const negative = x < 0;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = (bits >> 52n) & 0x7ffn;
  // |x| = m / 2^k exactly, m normalized to 53 bits. (x is not an integer, so k > 0.)
  let m = biased === 0n ? bits & ((1n << 52n) - 1n) : (bits & ((1n << 52n) - 1n)) | (1n << 52n);
  let k = biased === 0n ? 1074n : 1075n - biased;
  if (biased !== 0n && m !== 1n << 52n) return normalizeDecimalText(String(x))!;
  while (m < 1n << 52n) {
    m <<= 1n;
    k += 1n;
  }
  // Half a step either side, in units of 2^-(k+2): [4m - 2, 4m + 2].
  const scale = 2n ** (k + 2n);
  const low = 4n * m - 2n;
  const high = 4n * m + 2n;
  const inclusive = (m & 1n) === 0n; // round-half-even keeps the ends for an even mantissa
  const exact = exactDecimalOfDouble(Math.abs(x))!;
  const point = exact.indexOf(".");
  const top = exact.startsWith("0.")
    ? -(exact.slice(2).search(/[1-9]/) + 1)
    : (point < 0 ? exact.length : point) - 1;
  for (let digits = 1; digits <= 17; digits++) {
    const q = top - digits + 1; // candidates are C × 10^q, with q < 0 here
    const tenToMinusQ = 10n ** BigInt(-q);
    const down = (m * tenToMinusQ) / 2n ** k; // floor(|x| / 10^q)
    const inRange = (c: bigint) => {
      const scaled = c * scale;
      const l = low * tenToMinusQ;
      const h = high * tenToMinusQ;
      return inclusive ? scaled >= l && scaled <= h : scaled > l && scaled < h;
    };
    const okDown = inRange(down);
    const okUp = inRange(down + 1n);
    if (!okDown && !okUp) continue;
    let chosen = okDown ? down : down + 1n;
    if (okDown && okUp) {
      // The nearer of the two; at an exact tie, the upper.
      chosen = 2n * m * tenToMinusQ - (2n * down + 1n) * 2n ** k >= 0n ? down + 1n : down;
    }
    const text = chosen.toString().padStart(-q + 1, "0");
    const decimal = `${text.slice(0, text.length + q)}.${text.slice(text.length + q)}`;
    return normalizeDecimalText(negative ? `-${decimal}` : decimal)!;
  }
  return negative ? `-${exact}` : exact;
}
