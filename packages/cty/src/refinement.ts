// Refined unknowns: what Terraform knows about a value it does not know yet. A refinement
// can say the value is not null, that a string starts with a prefix, that a number lies in a
// range, or that a collection's length does. This module applies refinements as go-cty's
// RefinementBuilder does, and reads and writes them in msgpack (extension 12) byte for byte as
// go-cty's codec does.
import { Decoder } from "@msgpack/msgpack";
import { graphemeClusters } from "./graphemes.js";
import { compareNumbers } from "./internal/set-elements.js";
import { CtyValueError, type Path } from "./path.js";
import { type CtyType, friendlyName } from "./types.js";
import {
  type CtyNumber,
  type CtyValue,
  type NumberBound,
  RefinedUnknown,
  type Refinements,
  Unknown,
} from "./values.js";

/** cty's refinement kind for a type: which refinements it can take besides nullness. */
function refinementKind(type: CtyType): "string" | "number" | "collection" | "nullable" | "none" {
  switch (type.kind) {
    case "dynamic":
      return "none";
    case "string":
      return "string";
    case "number":
      return "number";
    case "list":
    case "set":
    case "map":
      return "collection";
    default:
      return "nullable";
  }
}

const MAX_LENGTH = Number.MAX_SAFE_INTEGER;

/**
 * The value that an unknown of `type` with these refinements is, by cty's rules: unknown
 * dynamic values take no refinements; a value refined as null is null; a not-null number
 * pinned to one value (both bounds inclusive and equal) is that number; a not-null
 * collection of length 0 is empty, a list of length n is n unknown elements, a set of length
 * 1 is one unknown element. Otherwise a RefinedUnknown, or plain Unknown when nothing is
 * known. Bounds looser than others given are dropped; contradictions throw.
 */
export function refine(
  type: CtyType,
  refinements: Refinements & { readonly isNull?: boolean },
  path: Path = [],
): CtyValue {
  const kind = refinementKind(type);
  if (kind === "none") return Unknown;
  const fail = (reason: string) => new CtyValueError(path, reason);
  if (refinements.isNull && refinements.notNull)
    throw fail("an unknown value cannot be refined as both null and not null");
  if (refinements.isNull) return null;

  const out: { -readonly [K in keyof Refinements]: Refinements[K] } = {};
  if (refinements.notNull) out.notNull = true;

  if (refinements.stringPrefix !== undefined && refinements.stringPrefix !== "") {
    if (kind !== "string") throw fail(`a ${friendlyName(type)} cannot have a string prefix refinement`);
    out.stringPrefix = refinements.stringPrefix.normalize("NFC");
  }
  if (refinements.numberLower !== undefined || refinements.numberUpper !== undefined) {
    if (kind !== "number") throw fail(`a ${friendlyName(type)} cannot have number bounds`);
    const lower = refinements.numberLower;
    const upper = refinements.numberUpper;
    if (lower && !(typeof lower.value === "number" && lower.value === Number.NEGATIVE_INFINITY))
      out.numberLower = lower;
    if (upper && !(typeof upper.value === "number" && upper.value === Number.POSITIVE_INFINITY))
      out.numberUpper = upper;
    if (out.numberLower && out.numberUpper) {
      const order = compareNumbers(out.numberLower.value, out.numberUpper.value);
      if (order > 0 || (order === 0 && !(out.numberLower.inclusive && out.numberUpper.inclusive))) {
        throw fail("an unknown number's lower bound is above its upper bound");
      }
      if (order === 0 && out.notNull) return out.numberLower.value;
    }
  }
  if (refinements.lengthLower !== undefined || refinements.lengthUpper !== undefined) {
    if (kind !== "collection") throw fail(`a ${friendlyName(type)} cannot have length bounds`);
    const lower = refinements.lengthLower ?? 0;
    const upper = refinements.lengthUpper ?? MAX_LENGTH;
    if (!Number.isSafeInteger(lower) || !Number.isSafeInteger(upper) || lower < 0) {
      throw fail("collection length bounds must be whole numbers, not below 0");
    }
    if (upper < lower) throw fail("an unknown collection's length upper bound is below its lower bound");
    if (lower !== 0) out.lengthLower = lower;
    if (upper !== MAX_LENGTH) out.lengthUpper = upper;
    if (lower === upper && out.notNull) {
      if (lower === 0) return type.kind === "map" ? {} : [];
      if (type.kind === "list") return Array.from({ length: lower }, () => Unknown);
      if (type.kind === "set" && lower === 1) return [Unknown];
    }
  }
  return Object.keys(out).length === 0 ? Unknown : new RefinedUnknown(out);
}

/**
 * Both sets of refinements at once, as go-cty's builder adds refinements to an unknown that
 * already has some: each bound the tighter of the two, the longer of two string prefixes.
 * (Prefixes that disagree, or bounds that cross, are left for refine() to refuse.)
 */
export function mergeRefinements(a: Refinements, b: Refinements): Refinements {
  const out: { -readonly [K in keyof Refinements]: Refinements[K] } = {};
  if (a.notNull || b.notNull) out.notNull = true;
  const pa = a.stringPrefix ?? "";
  const pb = b.stringPrefix ?? "";
  const prefix = pa.length >= pb.length ? pa : pb;
  if (prefix !== "") out.stringPrefix = prefix;
  const lower = tighter(a.numberLower, b.numberLower, 1);
  const upper = tighter(a.numberUpper, b.numberUpper, -1);
  if (lower) out.numberLower = lower;
  if (upper) out.numberUpper = upper;
  const lengthLower = maxDefined(a.lengthLower, b.lengthLower);
  const lengthUpper = minDefined(a.lengthUpper, b.lengthUpper);
  if (lengthLower !== undefined) out.lengthLower = lengthLower;
  if (lengthUpper !== undefined) out.lengthUpper = lengthUpper;
  return out;
}

/** The tighter of two bounds: `direction` 1 for lower bounds (the larger), -1 for upper. */
function tighter(
  x: NumberBound | undefined,
  y: NumberBound | undefined,
  direction: 1 | -1,
): NumberBound | undefined {
  if (!x || !y) return x ?? y;
  const order = compareNumbers(x.value, y.value) * direction;
  if (order !== 0) return order > 0 ? x : y;
  return { value: x.value, inclusive: x.inclusive && y.inclusive };
}

const maxDefined = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.max(x, y));
const minDefined = (x?: number, y?: number) => (x === undefined ? y : y === undefined ? x : Math.min(x, y));

// Refinement keys in the extension 12 payload.
const NULLNESS = 1;
const STRING_PREFIX = 2;
const NUMBER_MIN = 3;
const NUMBER_MAX = 4;
const LENGTH_MIN = 5;
const LENGTH_MAX = 6;

const payloadDecoder = new Decoder({ useBigInt64: true });

/**
 * Reads an extension 12 payload (a msgpack map from integer keys to refinements) into the
 * value it describes. `readNumber` decodes a bound's number as the msgpack codec does.
 */
export function decodeRefinements(
  payload: Uint8Array,
  type: CtyType,
  path: Path,
  readNumber: (raw: unknown, at: Path) => CtyNumber,
): CtyValue {
  if (payload.length > 1024)
    throw new CtyValueError(path, "oversize unknown value refinement (over 1024 bytes)");
  let raw: unknown;
  try {
    raw = payloadDecoder.decode(payload);
  } catch (err) {
    throw new CtyValueError(path, `malformed unknown value refinement: ${(err as Error).message}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw) || raw instanceof Uint8Array) {
    throw new CtyValueError(path, "malformed unknown value refinement: not a map");
  }
  if (type.kind === "dynamic") return Unknown;
  const r: { -readonly [K in keyof Refinements]: Refinements[K] } & { isNull?: boolean } = {};
  const bound = (v: unknown, what: string): NumberBound => {
    if (!Array.isArray(v) || v.length !== 2 || typeof v[1] !== "boolean" || v[0] === null) {
      throw new CtyValueError(path, `malformed ${what} refinement: it must be [number, bool]`);
    }
    return { value: readNumber(v[0], path), inclusive: v[1] };
  };
  for (const [key, v] of Object.entries(raw as Record<string, unknown>)) {
    switch (Number(key)) {
      case NULLNESS:
        if (typeof v !== "boolean")
          throw new CtyValueError(path, "malformed null refinement: it must be a bool");
        if (v) r.isNull = true;
        else r.notNull = true;
        break;
      case STRING_PREFIX:
        if (typeof v !== "string")
          throw new CtyValueError(path, "malformed string prefix refinement: it must be a string");
        r.stringPrefix = v;
        break;
      case NUMBER_MIN:
        r.numberLower = bound(v, "number lower bound");
        break;
      case NUMBER_MAX:
        r.numberUpper = bound(v, "number upper bound");
        break;
      case LENGTH_MIN:
      case LENGTH_MAX: {
        const n = typeof v === "bigint" ? Number(v) : v;
        if (typeof n !== "number" || !Number.isInteger(n)) {
          throw new CtyValueError(path, "malformed length bound refinement: it must be an integer");
        }
        if (Number(key) === LENGTH_MIN) r.lengthLower = n;
        else r.lengthUpper = n;
        break;
      }
      default:
        break; // refinements this version does not know say nothing it must act on
    }
  }
  return refine(type, r, path);
}

const MAX_PREFIX_BYTES = 256;
const utf8 = new TextEncoder();

/**
 * The entries of the extension 12 payload cty writes for a refined unknown of `type`, in its
 * order; empty when nothing is worth writing (then a plain unknown is written instead).
 */
export function refinementEntries(value: RefinedUnknown, type: CtyType): [number, unknown][] {
  const kind = refinementKind(type);
  if (kind === "none") return [];
  const entries: [number, unknown][] = [];
  if (value.notNull) entries.push([NULLNESS, false]);
  if (kind === "number") {
    if (value.numberLower) entries.push([NUMBER_MIN, value.numberLower]);
    if (value.numberUpper) entries.push([NUMBER_MAX, value.numberUpper]);
  } else if (kind === "string" && value.stringPrefix) {
    entries.push([STRING_PREFIX, truncatePrefix(value.stringPrefix.normalize("NFC"))]);
  } else if (kind === "collection") {
    if (value.lengthLower) entries.push([LENGTH_MIN, value.lengthLower]);
    if (value.lengthUpper !== undefined) entries.push([LENGTH_MAX, value.lengthUpper]);
  }
  return entries;
}

/**
 * cty caps a written prefix at 256 bytes: past that it keeps 255 bytes and then drops the
 * last grapheme cluster, which the cut may have broken.
 */
function truncatePrefix(prefix: string): string {
  if (utf8.encode(prefix).length <= MAX_PREFIX_BYTES) return prefix;
  let cut = "";
  let bytes = 0;
  for (const ch of prefix) {
    const n = utf8.encode(ch).length;
    if (bytes + n > MAX_PREFIX_BYTES - 1) break;
    cut += ch;
    bytes += n;
  }
  // Clusters as go-cty's own segmenter (go-textseg, Unicode 15) finds them, not the JS engine's.
  const clusters = graphemeClusters(cut);
  clusters.pop();
  return clusters.join("");
}
