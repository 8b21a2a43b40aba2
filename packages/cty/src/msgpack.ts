/**
 * The msgpack encoding of cty values that Terraform and OpenTofu send providers (DynamicValue),
 * decoded and encoded against a known type.
 *
 * @packageDocumentation
 */
// The msgpack encoding Terraform and OpenTofu use for DynamicValue, decoded and encoded
// against a known type, as go-cty's msgpack package does:
//   - numbers: int when an exact int64, float64 when an exact non-integer double, else
//     decimal text;
//   - unknown: extension 0 with a one-byte payload; every extension code decodes as unknown;
//   - objects: a map holding exactly every attribute;
//   - null: nil at any level.

import { Decoder, ExtData, ExtensionCodec } from "@msgpack/msgpack";
import { checkTupleLength, collectionElements } from "./internal/codec/collections.js";
import { MsgpackWriter } from "./internal/codec/msgpack-writer.js";
import { mapObjectFields } from "./internal/codec/object-fields.js";
import { bigFloatOf, DECIMAL_TEXT_PRECISION } from "./internal/numbers/go-number.js";
import { setOwn } from "./internal/records.js";
import { escapedUtf8Text } from "./internal/text/escaped-utf8.js";
import {
  asDecodeError,
  CtyDecodeError,
  CtyValueError,
  capsuleNotSerializable,
  marksNotSerializable,
  type Path,
} from "./path.js";
import { decodeRefinements, refinementEntries } from "./refinement.js";
import {
  bool,
  type CtyType,
  compareBytewise,
  dynamic,
  emptyTuple,
  friendlyName,
  number,
  object,
  parseTypeJSON,
  string,
  tuple,
  typeToJSONText,
} from "./types.js";
import {
  type CtyNumber,
  type CtyValue,
  Decimal,
  Dynamic,
  decimalFromText,
  decimalParts,
  isRecord,
  isUnknown,
  Marked,
  type NumberBound,
  numberFromDecimalText,
  numberText,
  RefinedUnknown,
  simplestNumberOfParts,
  Unknown,
} from "./values.js";

// Without registered extension types every extension decodes to an ExtData, which we turn
// into an unknown below: type 0 a plain one, type 12 one with its refinements (refinement.ts),
// which go back as type 12 with the refinements the value still has.
const extensionCodec = new ExtensionCodec();
const REFINED_UNKNOWN = 12;
const textEncoder = new TextEncoder();

/** What @msgpack/msgpack asks of a map-key decoder (its KeyDecoder, not exported). */
interface KeyDecoder {
  canBeCached(byteLength: number): boolean;
  decode(bytes: Uint8Array, inputOffset: number, byteLength: number): string;
}

// @msgpack/msgpack refuses a map key "__proto__" (it builds plain objects, where that key
// would set the prototype), but to cty it is a key like any other: a map variable or a tag
// may have it, and refusing it would lose the value. Short keys (under 17 bytes, so
// "__proto__" among them) go through the library's cached key decoder, which ours wraps: it
// hands the library a stand-in for "__proto__", and the decoded tree has the real key put
// back in a prototype-less object. The stand-in carries a random part, so bytes that decode
// to it cannot be written without reading this process's memory. It is made on first use, not
// when the module is evaluated: a start-up snapshot keeps what evaluation computed, and would
// give every process the same one.
const libraryKeyDecoder = (new Decoder() as unknown as { keyDecoder: KeyDecoder }).keyDecoder;
let protoStandIn: string | undefined;
const standInForProto = (): string => (protoStandIn ??= `__proto__\u0000${crypto.randomUUID()}`);
let sawProtoKey = false;
const keyDecoder: KeyDecoder = {
  canBeCached: (byteLength) => libraryKeyDecoder.canBeCached(byteLength),
  decode(bytes, inputOffset, byteLength) {
    const key = libraryKeyDecoder.decode(bytes, inputOffset, byteLength);
    if (key !== "__proto__") return key;
    sawProtoKey = true;
    return standInForProto();
  },
};
const decoder = new Decoder({ extensionCodec, useBigInt64: true, keyDecoder });

// go-cty keeps the bytes of a str that is not valid UTF-8 and writes them back unchanged,
// where the library would decode them to other text; such a string (value or map key) is
// read here with each bad byte held as a lone surrogate (internal/text/escaped-utf8.ts), which our
// writer turns back into the byte. Valid strings, nearly all, go the library's way.
interface LibraryDecoderState {
  bytes: Uint8Array;
  pos: number;
  maxStrLength: number;
  decodeUtf8String(byteLength: number, headerOffset: number): unknown;
}
{
  const state = decoder as unknown as LibraryDecoderState;
  const libraryDecodeUtf8String = state.decodeUtf8String.bind(decoder);
  state.decodeUtf8String = (byteLength, headerOffset) => {
    const start = state.pos + headerOffset;
    const end = start + byteLength;
    if (byteLength <= state.maxStrLength && end <= state.bytes.byteLength) {
      const escaped = escapedUtf8Text(state.bytes, start, end);
      if (escaped !== undefined) {
        state.pos = end;
        return escaped;
      }
    }
    return libraryDecodeUtf8String(byteLength, headerOffset);
  };
}

/** The library's reading of msgpack bytes, with any "__proto__" map key as it was sent. */
function decodeRaw(bytes: Uint8Array): unknown {
  sawProtoKey = false;
  const raw = decoder.decode(bytes);
  return sawProtoKey ? withProtoKeys(raw) : raw;
}

function withProtoKeys(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(withProtoKeys);
  if (raw === null || typeof raw !== "object" || raw instanceof Uint8Array || raw instanceof ExtData)
    return raw;
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of Object.entries(raw))
    out[key === protoStandIn ? "__proto__" : key] = withProtoKeys(value);
  return out;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN_DOUBLE = -(2 ** 63);
const INT64_LIMIT_DOUBLE = 2 ** 63;

/** Decodes msgpack bytes into a value of `type`. Throws CtyDecodeError naming the path. */
export function decodeMsgpack(bytes: Uint8Array, type: CtyType): CtyValue {
  let raw: unknown;
  try {
    raw = decodeRaw(bytes);
  } catch (err) {
    throw new CtyDecodeError([], `malformed msgpack: ${(err as Error).message}`);
  }
  try {
    return fromRaw(raw, type, []);
  } catch (err) {
    throw asDecodeError(err);
  }
}

/** Encodes `value` as msgpack for `type`. Throws CtyValueError naming the path. */
export function encodeMsgpack(value: CtyValue, type: CtyType): Uint8Array {
  const writer = new MsgpackWriter();
  write(writer, value, type, []);
  return writer.bytes();
}

/** Set while encodeMsgpackKeepingPrecision runs (encoding is synchronous). */
let decimalsAsText = false;

/**
 * As encodeMsgpack, but every Decimal goes as its decimal text, which go-cty's decoder reads
 * with cty.ParseNumberVal: so go-cty holds it at 512 bits, as a Decimal means, even where
 * its value is an int or a double ("11", "0.5"), which encodeMsgpack writes as go-cty's
 * Marshal would and go-cty then reads at 64 or 53 bits. A negative zero goes as the text "-0"
 * too (go-cty's Marshal writes one as the int 0, losing its sign, which 1 / -0 shows). For
 * handing values to go-cty itself.
 */
export function encodeMsgpackKeepingPrecision(value: CtyValue, type: CtyType): Uint8Array {
  decimalsAsText = true;
  try {
    return encodeMsgpack(value, type);
  } finally {
    decimalsAsText = false;
  }
}

function fromRaw(raw: unknown, type: CtyType, path: Path): CtyValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) {
    // Extension 12 carries refinements; every other code is a plain unknown.
    return raw.type === REFINED_UNKNOWN && raw.data instanceof Uint8Array && raw.data.length > 1
      ? decodeRefinements(raw.data, type, path, numberFromRaw)
      : Unknown;
  }
  switch (type.kind) {
    case "string":
      if (typeof raw === "string") return raw.normalize("NFC");
      throw mismatch(raw, type, path);
    case "bool":
      if (typeof raw === "boolean") return raw;
      throw mismatch(raw, type, path);
    case "number":
      return numberFromRaw(raw, path);
    case "object": {
      if (typeof raw !== "object" || raw instanceof Uint8Array || Array.isArray(raw)) {
        throw mismatch(raw, type, path);
      }
      return Object.fromEntries(mapObjectFields(raw, type, path, fromRaw));
    }
    case "list":
    case "set": {
      if (!Array.isArray(raw)) throw mismatch(raw, type, path);
      const elements = raw.map((e, index) => fromRaw(e, type.element, [...path, { index }]));
      return [...collectionElements(type, elements, path)];
    }
    case "tuple": {
      if (!Array.isArray(raw)) throw mismatch(raw, type, path);
      checkTupleLength(type, raw.length, path);
      return raw.map((e, index) => fromRaw(e, type.elements[index]!, [...path, { index }]));
    }
    case "map": {
      if (typeof raw !== "object" || raw instanceof Uint8Array || Array.isArray(raw)) {
        throw mismatch(raw, type, path);
      }
      const out: Record<string, CtyValue> = {};
      for (const [key, e] of Object.entries(raw)) {
        setOwn(out, key.normalize("NFC"), fromRaw(e, type.element, [...path, { key }]));
      }
      return out;
    }
    case "dynamic": {
      // [type JSON (bin, or str from older writers), value of that type]
      if (!Array.isArray(raw) || raw.length !== 2) {
        throw new CtyValueError(path, "a dynamic value must be an array of its type JSON and its value");
      }
      const [typeJson, inner] = raw;
      if (!(typeJson instanceof Uint8Array) && typeof typeJson !== "string") {
        throw new CtyValueError(path, "a dynamic value's type must be JSON bytes");
      }
      let concrete: CtyType;
      try {
        concrete = parseTypeJSON(typeJson);
      } catch (err) {
        throw new CtyValueError(path, `invalid type in a dynamic value: ${(err as Error).message}`);
      }
      if (concrete.kind === "dynamic") return fromRaw(inner, concrete, path);
      return new Dynamic(concrete, fromRaw(inner, concrete, path));
    }
    case "capsule":
      throw capsuleNotSerializable(path);
  }
}

function write(w: MsgpackWriter, value: CtyValue, type: CtyType, path: Path): void {
  if (value instanceof Marked) throw marksNotSerializable(path);
  if (value === null) {
    w.nil();
    return;
  }
  if (isUnknown(value)) {
    const entries = value instanceof RefinedUnknown ? refinementEntries(value, type) : [];
    if (entries.length === 0) w.fixext1(0, 0);
    else w.ext(REFINED_UNKNOWN, refinementPayload(entries, path));
    return;
  }
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") break;
      w.string(value.normalize("NFC"));
      return;
    case "bool":
      if (typeof value !== "boolean") break;
      w.bool(value);
      return;
    case "number": {
      if (typeof value !== "number" && typeof value !== "bigint" && !(value instanceof Decimal)) break;
      const form = wireNumber(value, path);
      if (typeof form === "string") w.string(form);
      else if (
        typeof form === "number" &&
        !(form >= INT64_MIN_DOUBLE && form < INT64_LIMIT_DOUBLE && Number.isInteger(form))
      )
        w.float64(form);
      else w.int(form);
      return;
    }
    case "object": {
      if (!isRecord(value)) break;
      w.mapHeader(type.attributeNames.length);
      mapObjectFields(value, type, path, (field, t, at, name) => {
        w.string(name);
        write(w, (field ?? null) as CtyValue, t, at);
      });
      return;
    }
    case "list":
    case "set":
    case "tuple": {
      if (!Array.isArray(value)) break;
      if (type.kind === "tuple") checkTupleLength(type, value.length, path);
      // A set goes out deduplicated in cty's order; a list of dynamic values is checked for one type.
      const elements = type.kind === "tuple" ? value : collectionElements(type, value, path);
      w.arrayHeader(elements.length);
      elements.forEach((e, index) => {
        write(w, e, type.kind === "tuple" ? type.elements[index]! : type.element, [...path, { index }]);
      });
      return;
    }
    case "map": {
      if (!isRecord(value)) break;
      // cty writes map keys in byte-wise order.
      const entries = sortedEntries(value as Record<string, CtyValue>);
      const elements = collectionElements(
        type,
        entries.map(([, e]) => e),
        path,
        entries.map(([key]) => key),
      );
      w.mapHeader(entries.length);
      entries.forEach(([key], i) => {
        w.string(key);
        write(w, elements[i]!, type.element, [...path, { key }]);
      });
      return;
    }
    case "dynamic": {
      if (!(value instanceof Dynamic)) {
        throw new CtyValueError(
          path,
          "a value where the type is dynamic must be a Dynamic (its type and value), null or Unknown",
        );
      }
      w.arrayHeader(2);
      w.bin(textEncoder.encode(typeToJSONText(value.type)));
      write(w, value.value, value.type, path);
      return;
    }
    case "capsule":
      throw capsuleNotSerializable(path);
  }
  throw mismatch(value, type, path);
}

function refinementPayload(entries: [number, unknown][], path: Path): Uint8Array {
  const p = new MsgpackWriter();
  p.mapHeader(entries.length);
  for (const [key, v] of entries) {
    p.int(key);
    if (typeof v === "boolean") p.bool(v);
    else if (typeof v === "string") p.string(v);
    else if (typeof v === "number") p.int(v);
    else {
      const bound = v as NumberBound;
      p.arrayHeader(2);
      write(p, bound.value, number, path);
      p.bool(bound.inclusive);
    }
  }
  return p.bytes();
}

function sortedEntries(record: Record<string, CtyValue>): [string, CtyValue][] {
  const normalized = new Map<string, CtyValue>();
  for (const [key, e] of Object.entries(record)) normalized.set(key.normalize("NFC"), e);
  return [...normalized].sort(([a], [b]) => compareBytewise(a, b));
}

/** A number in any of the msgpack forms cty accepts: int, uint, float, or decimal text. */
function numberFromRaw(raw: unknown, path: Path): CtyNumber {
  if (typeof raw === "number") {
    if (Number.isNaN(raw)) throw new CtyValueError(path, "NaN is not a valid number");
    return raw;
  }
  if (typeof raw === "bigint") return Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
  if (typeof raw === "string") {
    try {
      // go-cty reads number text with cty.ParseNumberVal, at 512 bits. A bigint beyond int64
      // and a Decimal already stand for that; text whose value is an int64 or a double (which
      // go-cty's own Marshal never writes as text) becomes a Decimal, to keep the 512 bits.
      const n = numberFromDecimalText(raw);
      return bigFloatOf(n).precision === DECIMAL_TEXT_PRECISION ? n : decimalFromText(raw);
    } catch {
      throw new CtyValueError(
        path,
        `a number is required, but got the string ${JSON.stringify(raw.length > 60 ? `${raw.slice(0, 60)}…` : raw)}`,
      );
    }
  }
  throw mismatch(raw, number, path);
}

/**
 * cty's choice of msgpack form (go-cty msgpack.Marshal): an int when the value is an exact
 * int64; a float64 when it is an exact double and not an integer (and for the infinities);
 * else its decimal text. Equal values therefore always encode to the same bytes.
 */
function wireNumber(value: CtyNumber, path: Path): number | bigint | string {
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new CtyValueError(path, "NaN cannot be sent to Terraform");
    if (decimalsAsText && Object.is(value, -0)) return "-0";
    if (!Number.isInteger(value)) return value; // a non-integer double, or ±Inf: float64
    if (value >= INT64_MIN_DOUBLE && value < INT64_LIMIT_DOUBLE) return value;
    // A whole double beyond int64 is go-cty's float64 (cty.NumberFloatVal), which go-cty's
    // Marshal writes as its shortest text ("1" and 300 zeros for 1e300); go-cty reads that
    // text at 512 bits, so handed to go-cty itself it goes as the float64 it is.
    return decimalsAsText ? value : numberText(value);
  }
  if (typeof value === "bigint") {
    return value < INT64_MIN || value > INT64_MAX ? value.toString() : value;
  }
  // The exact value, as we hold it (go-cty rounds what it reads; we send what we have).
  const simplest = decimalsAsText ? value : simplestNumberOfParts(decimalParts(value));
  if (!(simplest instanceof Decimal)) return wireNumber(simplest, path);
  try {
    return simplest.text;
  } catch (err) {
    if (err instanceof RangeError) throw new CtyValueError(path, err.message);
    throw err;
  }
}

function mismatch(raw: unknown, type: CtyType, path: Path): CtyValueError {
  return new CtyValueError(path, `${article(friendlyName(type))} is required, but got ${describeRaw(raw)}`);
}

function article(name: string): string {
  return /^[aeiou]/.test(name) ? `an ${name}` : `a ${name}`;
}

function describeRaw(raw: unknown): string {
  if (typeof raw === "string")
    return `the string ${JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw)}`;
  if (typeof raw === "number" || typeof raw === "bigint") return `the number ${raw}`;
  if (typeof raw === "boolean") return `the bool ${raw}`;
  if (raw instanceof Uint8Array) return "binary data";
  if (Array.isArray(raw)) return "a list";
  if (raw instanceof Decimal) return `the number ${raw.text}`;
  return "an object";
}

/**
 * The type cty infers for msgpack bytes with no schema (go-cty's msgpack.ImpliedType): maps
 * are object types, arrays tuple types, nil and any extension (an unknown) dynamic.
 */
export function impliedTypeFromMsgpack(bytes: Uint8Array): CtyType {
  let raw: unknown;
  try {
    raw = decodeRaw(bytes);
  } catch (err) {
    throw new CtyDecodeError([], `malformed msgpack: ${(err as Error).message}`);
  }
  return impliedType(raw, []);
}

function impliedType(raw: unknown, path: Path): CtyType {
  if (raw === null || raw === undefined || raw instanceof ExtData) return dynamic;
  if (typeof raw === "boolean") return bool;
  if (typeof raw === "number" || typeof raw === "bigint") return number;
  if (typeof raw === "string") return string;
  if (raw instanceof Uint8Array) throw new CtyDecodeError(path, "binary data has no cty type");
  if (Array.isArray(raw))
    return raw.length === 0 ? emptyTuple : tuple(raw.map((e, index) => impliedType(e, [...path, { index }])));
  const attributes: Record<string, CtyType> = {};
  for (const [name, v] of Object.entries(raw as Record<string, unknown>)) {
    setOwn(attributes, name, impliedType(v, [...path, { attribute: name }]));
  }
  return object(attributes);
}
