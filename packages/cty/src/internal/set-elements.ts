// Sets as go-cty keeps them. A set value is written to the wire (and iterated) in one
// canonical order, so we must produce exactly that order:
//   1. elements are grouped by the CRC-32 of their "hash bytes", a text form of the value,
//      groups in ascending checksum order, each group in insertion order;
//   2. then a stable sort: known before unknown, nulls last, strings byte-wise, numbers
//      ascending, false before true, anything else by its hash bytes.
// Equal elements collapse into one; an element that is or holds an unknown never equals
// another, so unknowns never collapse. Membership is by hash, so building a set is linear in
// its size (plus the sort), never quadratic.
import type { CtyType } from "../types.js";
import { compareBytewise } from "../types.js";
import {
  type CtyNumber,
  type CtyValue,
  containsUnknown,
  Dynamic,
  exactDecimalOfDouble,
  isUnknown,
  Marked,
  numberText,
} from "../values.js";
import { floatText } from "./numbers/bigfloat-text.js";
import { bigFloatOf } from "./numbers/go-number.js";
import { goQuote } from "./text/go-quote.js";

const crcTable = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

const utf8 = new TextEncoder();

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of utf8.encode(text)) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** What set ordering needs from value equality, passed in to keep dependencies one-way. */
export interface ElementEquality {
  /** cty's Equals being true: equal and wholly known. Decides which elements collapse. */
  readonly equivalent: (a: CtyValue, b: CtyValue) => boolean;
  /** cty's RawEquals: equal, unknowns included. */
  readonly rawEquals: (a: CtyValue, b: CtyValue) => boolean;
  /** Canonical order of a nested set's elements, which its hash bytes list in that order. */
  readonly canonical: (elements: readonly CtyValue[], elementType: CtyType) => readonly CtyValue[];
}

/** The elements of a set in go-cty's canonical order, duplicates removed. */
export function canonicalSetElements(
  elements: readonly CtyValue[],
  type: CtyType,
  eq: ElementEquality,
): CtyValue[] {
  if (
    (type.kind === "string" || type.kind === "number" || type.kind === "bool") &&
    !elements.some((e) => e instanceof Marked)
  ) {
    return canonicalPrimitiveSet(elements, type.kind);
  }
  // Each bucket keeps its wholly known elements apart: only they can be equivalent to
  // anything, so a bucket of many unknowns (they all hash alike) costs nothing to add to.
  const buckets = new Map<string, { all: CtyValue[]; known: CtyValue[] }>();
  for (const element of elements) {
    const key = hashBytes(element, type, eq.canonical);
    let bucket = buckets.get(key);
    if (!bucket) {
      bucket = { all: [], known: [] };
      buckets.set(key, bucket);
    }
    if (containsUnknown(element)) bucket.all.push(element);
    else if (!bucket.known.some((other) => eq.equivalent(element, other))) {
      bucket.all.push(element);
      bucket.known.push(element);
    }
  }
  const flat: { value: CtyValue; key: string }[] = [];
  const ordered = [...buckets]
    .map(([key, bucket]) => ({ sum: crc32(key), key, bucket: bucket.all }))
    .sort((a, b) => a.sum - b.sum);
  for (const { key, bucket } of ordered) for (const value of bucket) flat.push({ value, key });
  // Array.prototype.sort is stable, as go-cty's sort.SliceStable.
  const less = (x: { value: CtyValue; key: string }, y: { value: CtyValue; key: string }) =>
    isLess(x.value, x.key, y.value, y.key, type, eq);
  flat.sort((x, y) => (less(x, y) ? -1 : less(y, x) ? 1 : 0));
  return flat.map((e) => e.value);
}

/**
 * Sets of strings, numbers or bools, the common case, without hashing: the ordering rules
 * are total for distinct known values, so only unknowns (which never collapse, and keep their
 * order, all sharing one hash bucket in go-cty) and one null need care.
 */
function canonicalPrimitiveSet(
  elements: readonly CtyValue[],
  kind: "string" | "number" | "bool",
): CtyValue[] {
  const known = new Map<string, { key: string; value: CtyValue }>();
  const unknowns: CtyValue[] = [];
  let sawNull = false;
  for (const element of elements) {
    if (element === null) sawNull = true;
    else if (isUnknown(element)) unknowns.push(element);
    else {
      const key =
        kind === "string"
          ? (element as string).normalize("NFC")
          : kind === "number"
            ? numberKey(element as CtyNumber)
            : String(element);
      if (!known.has(key)) known.set(key, { key, value: kind === "string" ? key : element });
    }
  }
  const sorted = [...known.values()];
  if (kind === "string") sorted.sort((a, b) => compareBytewise(a.key, b.key));
  else if (kind === "number")
    sorted.sort((a, b) => compareNumbers(a.value as CtyNumber, b.value as CtyNumber));
  else sorted.sort((a, b) => (a.value === b.value ? 0 : a.value === false ? -1 : 1));
  const out = sorted.map((e) => e.value);
  out.push(...unknowns);
  if (sawNull) out.push(null);
  return out;
}

/** Two numbers that cty counts as equal get the same key. */
function numberKey(n: CtyNumber): string {
  if (typeof n === "number" && !Number.isFinite(n)) return String(n);
  return numberText(n);
}

/** go-cty's setRules.Less. */
function isLess(
  a: CtyValue,
  aKey: string,
  b: CtyValue,
  bKey: string,
  type: CtyType,
  eq: ElementEquality,
): boolean {
  if (eq.rawEquals(a, b)) return false;
  // Order by the values themselves; marks do not take part.
  if (a instanceof Marked) a = a.value;
  if (b instanceof Marked) b = b.value;
  if (b === null && a !== null) return true;
  if (a === null) return false;
  if (!isUnknown(a) && isUnknown(b)) return true;
  if (isUnknown(a)) return false;
  switch (type.kind) {
    case "string":
      // cty holds strings in NFC; compare what it holds.
      return compareBytewise((a as string).normalize("NFC"), (b as string).normalize("NFC")) < 0;
    case "bool":
      return a === false;
    case "number":
      return compareNumbers(a as CtyNumber, b as CtyNumber) < 0;
    default:
      return compareBytewise(aKey, bKey) < 0;
  }
}

/** Orders numbers by their exact values (the infinities at the ends). */
export function compareNumbers(a: CtyNumber, b: CtyNumber): number {
  const fa = infinity(a);
  const fb = infinity(b);
  if (fa !== 0 || fb !== 0) return fa === fb ? 0 : fa < fb ? -1 : 1;
  const [an, as] = rational(a);
  const [bn, bs] = rational(b);
  // an / 10^as vs bn / 10^bs
  const left = an * 10n ** BigInt(Math.max(bs - as, 0));
  const right = bn * 10n ** BigInt(Math.max(as - bs, 0));
  return left < right ? -1 : left > right ? 1 : 0;
}

function infinity(n: CtyNumber): number {
  return typeof n === "number" && !Number.isFinite(n) ? Math.sign(n) : 0;
}

/** A finite number as an integer numerator and a power-of-ten scale. */
function rational(n: CtyNumber): [bigint, number] {
  const text = typeof n === "number" ? exactDecimalOfDouble(n)! : n.toString();
  const point = text.indexOf(".");
  if (point < 0) return [BigInt(text), 0];
  return [BigInt(text.slice(0, point) + text.slice(point + 1)), text.length - point - 1];
}

/**
 * go-cty's hash bytes (appendSetHashBytes): "?" unknown, "~" null, numbers as big.Float's
 * String() (%g with 10 significant digits), "T"/"F", strings quoted as Go's %q, lists and
 * sets "[e;e;]", maps "{k:v;}", objects and tuples "<v;v;>". A negative zero hashes as "-0",
 * so a set holds it apart from 0; without `signedZeros` it hashes as 0, for buckets of values
 * compared by equality (where -0 equals 0).
 */
export function hashBytes(
  value: CtyValue,
  type: CtyType,
  canonical: ElementEquality["canonical"],
  signedZeros = true,
): string {
  const hash = (v: CtyValue, t: CtyType): string => hashBytes(v, t, canonical, signedZeros);
  // go-cty hashes a marked value as the value it wraps.
  if (value instanceof Marked) return hash(value.value, type);
  if (isUnknown(value)) return "?";
  if (value === null) return "~";
  switch (type.kind) {
    case "number": {
      const text = goFloatString(value as CtyNumber);
      return signedZeros || text !== "-0" ? text : "0";
    }
    case "bool":
      return value ? "T" : "F";
    case "string":
      return goQuote((value as string).normalize("NFC"));
    case "list":
      return `[${(value as readonly CtyValue[]).map((e) => `${hash(e, type.element)};`).join("")}]`;
    case "set":
      return `[${canonical(value as readonly CtyValue[], type.element)
        .map((e) => `${hash(e, type.element)};`)
        .join("")}]`;
    case "map": {
      const record = value as Record<string, CtyValue>;
      const keys = Object.keys(record).sort(compareBytewise);
      return `{${keys.map((k) => `${goQuote(k.normalize("NFC"))}:${hash(record[k]!, type.element)};`).join("")}}`;
    }
    case "object": {
      const record = value as Record<string, CtyValue>;
      return `<${type.attributeNames.map((n) => `${hash(record[n] ?? null, type.attributes[n]!)};`).join("")}>`;
    }
    case "tuple":
      return `<${(value as readonly CtyValue[]).map((e, i) => `${hash(e, type.elements[i]!)};`).join("")}>`;
    case "dynamic":
      // A dynamic slot's value hashes as the value of its own type.
      if (value instanceof Dynamic) return hash(value.value, value.type);
      throw new TypeError("a value where the type is dynamic must be a Dynamic, null or Unknown");
    default:
      throw new TypeError(`${type.kind} values cannot be set elements in this version of @tsvider/cty`);
  }
}

/** big.Float's String(), Text('g', 10), of the big.Float go-cty holds for the number. */
function goFloatString(n: CtyNumber): string {
  return floatText(bigFloatOf(n), "g", 10);
}
