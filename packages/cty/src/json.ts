/**
 * The JSON encoding of cty values: the JSON form of a DynamicValue, and the raw state and identity
 * that upgrade and move requests carry.
 *
 * @packageDocumentation
 */
// The cty JSON encoding: a DynamicValue's json form (what a host sends when it has no msgpack),
// UpgradeResourceState's raw state, MoveResourceState's source state and
// UpgradeResourceIdentity's raw identity. Numbers are parsed losslessly: a JSON number of any
// length keeps its exact value.

import { parse } from "lossless-json";
import { checkTupleLength, collectionElements } from "./internal/codec/collections.js";
import { mapObjectFields } from "./internal/codec/object-fields.js";
import { setOwn } from "./internal/records.js";
import { goJsonString } from "./internal/text/go-json.js";
import {
  asDecodeError,
  CtyDecodeError,
  CtyValueError,
  capsuleNotSerializable,
  marksNotSerializable,
  type Path,
} from "./path.js";
import {
  bool,
  type CtyType,
  compareBytewise,
  dynamic,
  emptyTuple,
  friendlyName,
  number,
  object,
  string,
  tuple,
  typeFromJSON,
  typeToJSONText,
} from "./types.js";
import {
  type CtyValue,
  Decimal,
  Dynamic,
  isRecord,
  isUnknown,
  Marked,
  numberFromDecimalText,
  numberText,
} from "./values.js";

/** Marks a JSON number while parsing, so it is told apart from a numeric string. */
class JsonNumber {
  constructor(readonly text: string) {}
}

/** Options of `decodeJson`: what to do with attributes the JSON has and the type lacks, and the reverse. */
export interface DecodeJsonOptions {
  /**
   * Attributes present in the JSON but not in the type: "error" (the default) refuses them;
   * "ignore" drops them, as upgrading state from an older schema version needs.
   */
  readonly extraAttributes?: "error" | "ignore";
  /** Attributes the type has but the JSON lacks: "error" (the default) or "null". */
  readonly missingAttributes?: "error" | "null";
}

/** Decodes cty JSON text into a value of `type`. Throws CtyDecodeError naming the path. */
export function decodeJson(
  text: string | Uint8Array,
  type: CtyType,
  options: DecodeJsonOptions = {},
): CtyValue {
  let source: string;
  try {
    source = typeof text === "string" ? text : new TextDecoder("utf-8", { fatal: true }).decode(text);
  } catch {
    throw new CtyDecodeError([], "the JSON is not valid UTF-8");
  }
  let raw: unknown;
  try {
    raw = parse(source, null, (digits) => new JsonNumber(digits));
  } catch (err) {
    throw new CtyDecodeError([], `malformed JSON: ${(err as Error).message}`);
  }
  try {
    return fromJson(raw, type, [], options);
  } catch (err) {
    throw asDecodeError(err);
  }
}

/**
 * Encodes a value as cty JSON text, byte for byte as go-cty's json.Marshal writes it:
 * attributes in name order, numbers as exact decimal text, strings escaped as Go's
 * encoding/json escapes them. Unknown values and infinities have no JSON form.
 */
export function encodeJson(value: CtyValue, type: CtyType): string {
  return writeJson(value, type, []);
}

function fromJson(raw: unknown, type: CtyType, path: Path, options: DecodeJsonOptions): CtyValue {
  if (raw === null) return null;
  switch (type.kind) {
    case "string":
      if (typeof raw === "string") return raw.normalize("NFC");
      if (raw instanceof JsonNumber) return raw.text;
      if (typeof raw === "boolean") return String(raw);
      break;
    case "bool":
      if (typeof raw === "boolean") return raw;
      if (raw === "true" || raw === "false") return raw === "true";
      break;
    case "number":
      if (raw instanceof JsonNumber || typeof raw === "string") {
        const digits = raw instanceof JsonNumber ? raw.text : raw;
        // The number in its simplest exact form (a JS number when one holds it), the form
        // providers read state in. go-cty holds it at 512 bits, which only its arithmetic
        // would show (the stdlib's jsondecode keeps that: it is arithmetic's input).
        try {
          return numberFromDecimalText(digits);
        } catch {
          throw new CtyValueError(path, `a number is required, but got the string ${JSON.stringify(digits)}`);
        }
      }
      break;
    case "object": {
      if (typeof raw !== "object" || Array.isArray(raw) || raw instanceof JsonNumber) break;
      const fields = mapObjectFields(raw, type, path, (field, t, at) => fromJson(field, t, at, options), {
        missing: options.missingAttributes ?? "error",
        extra: options.extraAttributes ?? "error",
      });
      return Object.fromEntries(fields);
    }
    case "list":
    case "set": {
      if (!Array.isArray(raw)) break;
      const elements = raw.map((e, index) => fromJson(e, type.element, [...path, { index }], options));
      return [...collectionElements(type, elements, path)];
    }
    case "tuple": {
      if (!Array.isArray(raw)) break;
      checkTupleLength(type, raw.length, path);
      return raw.map((e, index) => fromJson(e, type.elements[index]!, [...path, { index }], options));
    }
    case "map": {
      if (typeof raw !== "object" || Array.isArray(raw) || raw instanceof JsonNumber) break;
      const out: Record<string, CtyValue> = {};
      for (const [key, e] of Object.entries(raw)) {
        setOwn(out, key.normalize("NFC"), fromJson(e, type.element, [...path, { key }], options));
      }
      return out;
    }
    case "dynamic": {
      // {"value": …, "type": …}, in either order
      if (typeof raw !== "object" || Array.isArray(raw) || raw instanceof JsonNumber) break;
      const fields = raw as Record<string, unknown>;
      for (const key of Object.keys(fields)) {
        if (key !== "value" && key !== "type") {
          throw new CtyValueError(path, `invalid key "${key}" in a dynamically-typed value`);
        }
      }
      if (!Object.hasOwn(fields, "type"))
        throw new CtyValueError(path, 'a dynamically-typed value needs its "type"');
      let concrete: CtyType;
      try {
        concrete = typeFromJSON(fields.type);
      } catch (err) {
        throw new CtyValueError(path, `invalid type in a dynamic value: ${(err as Error).message}`);
      }
      const inner = fromJson(fields.value ?? null, concrete, path, options);
      return concrete.kind === "dynamic" ? inner : new Dynamic(concrete, inner);
    }
    case "capsule":
      throw capsuleNotSerializable(path);
  }
  throw new CtyValueError(path, `a ${friendlyName(type)} is required, but got ${describeJson(raw)}`);
}

function writeJson(value: CtyValue, type: CtyType, path: Path): string {
  if (value instanceof Marked) throw marksNotSerializable(path);
  if (value === null) return "null";
  if (isUnknown(value)) throw new CtyValueError(path, "unknown values cannot be written as JSON");
  switch (type.kind) {
    case "string":
      if (typeof value !== "string") break;
      return goJsonString(value.normalize("NFC"));
    case "bool":
      if (typeof value !== "boolean") break;
      return value ? "true" : "false";
    case "number":
      if (typeof value === "number" && !Number.isFinite(value)) {
        throw new CtyValueError(path, `${value} cannot be written as JSON`);
      }
      if (typeof value !== "number" && typeof value !== "bigint" && !(value instanceof Decimal)) break;
      try {
        return numberText(value);
      } catch (err) {
        if (err instanceof RangeError) throw new CtyValueError(path, err.message);
        throw err;
      }
    case "object": {
      if (!isRecord(value)) break;
      const fields = mapObjectFields(value, type, path, (field, t, at) =>
        writeJson((field ?? null) as CtyValue, t, at),
      );
      return `{${[...fields].map(([name, text]) => `${goJsonString(name)}:${text}`).join(",")}}`;
    }
    case "list":
    case "set":
    case "tuple": {
      if (!Array.isArray(value)) break;
      if (type.kind === "tuple") checkTupleLength(type, value.length, path);
      const elements = type.kind === "tuple" ? value : collectionElements(type, value, path);
      const elementType = (index: number) => (type.kind === "tuple" ? type.elements[index]! : type.element);
      return `[${elements.map((e, index) => writeJson(e, elementType(index), [...path, { index }])).join(",")}]`;
    }
    case "map": {
      if (!isRecord(value)) break;
      const keys = Object.keys(value).sort(compareBytewise);
      const record = value as Record<string, CtyValue>;
      const elements = collectionElements(
        type,
        keys.map((key) => record[key]!),
        path,
        keys,
      );
      return `{${keys
        .map(
          (key, i) =>
            `${goJsonString(key.normalize("NFC"))}:${writeJson(elements[i]!, type.element, [...path, { key }])}`,
        )
        .join(",")}}`;
    }
    case "dynamic":
      if (!(value instanceof Dynamic)) {
        throw new CtyValueError(
          path,
          "a value where the type is dynamic must be a Dynamic (its type and value), null or Unknown",
        );
      }
      return `{"value":${writeJson(value.value, value.type, path)},"type":${typeToJSONText(value.type)}}`;
    case "capsule":
      throw capsuleNotSerializable(path);
  }
  throw new CtyValueError(path, `a ${friendlyName(type)} is required, but got ${describeJson(value)}`);
}

function describeJson(raw: unknown): string {
  if (raw instanceof JsonNumber || raw instanceof Decimal)
    return `the number ${String(raw instanceof JsonNumber ? raw.text : raw)}`;
  if (typeof raw === "number" || typeof raw === "bigint") return `the number ${raw}`;
  if (typeof raw === "string") return `the string ${JSON.stringify(raw)}`;
  if (typeof raw === "boolean") return `the bool ${raw}`;
  if (Array.isArray(raw)) return "a list";
  return "an object";
}

/**
 * The type cty infers for JSON text with no schema (go-cty's json.ImpliedType): objects are
 * object types, arrays tuple types, null is dynamic.
 */
export function impliedTypeFromJson(text: string): CtyType {
  let raw: unknown;
  try {
    raw = parse(text, null, (digits) => new JsonNumber(digits));
  } catch (err) {
    throw new CtyDecodeError([], `malformed JSON: ${(err as Error).message}`);
  }
  return impliedType(raw);
}

function impliedType(raw: unknown): CtyType {
  if (raw === null) return dynamic;
  if (typeof raw === "boolean") return bool;
  if (raw instanceof JsonNumber) return number;
  if (typeof raw === "string") return string;
  if (Array.isArray(raw)) return raw.length === 0 ? emptyTuple : tuple(raw.map(impliedType));
  const attributes: Record<string, CtyType> = {};
  for (const [name, v] of Object.entries(raw as Record<string, unknown>))
    setOwn(attributes, name, impliedType(v));
  return object(attributes);
}
