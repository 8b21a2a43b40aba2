// The msgpack encoding Terraform and OpenTofu use for DynamicValue, decoded and encoded
// against a known type (PROTOCOL.md section 4):
//   - numbers: int when an exact int64, float64 when an exact double, else decimal text;
//   - unknown: extension 0 with a one-byte payload; every extension code decodes as unknown;
//   - objects: a map holding exactly every attribute;
//   - null: nil at any level.
import { Decoder, Encoder, ExtData, ExtensionCodec } from "@msgpack/msgpack";
import { mapObjectFields } from "./internal/object-fields.js";
import { CtyValueError, type Path } from "./path.js";
import { type CtyType, friendlyName } from "./types.js";
import {
  type CtyNumber,
  type CtyValue,
  Decimal,
  isUnknown,
  numberFromDecimalText,
  numberText,
  Unknown,
} from "./values.js";

// Without registered extension types every extension decodes to an ExtData, which we turn
// into Unknown below; refinement payloads (type 12) are read with the full cty issue.
const extensionCodec = new ExtensionCodec();
const decoder = new Decoder({ extensionCodec, useBigInt64: true });
const encoder = new Encoder({ extensionCodec, useBigInt64: true, sortKeys: false, ignoreUndefined: false });

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN_DOUBLE = -(2 ** 63);
const INT64_LIMIT_DOUBLE = 2 ** 63;

/** Decodes msgpack bytes into a value of `type`. Throws CtyValueError naming the path. */
export function decodeMsgpack(bytes: Uint8Array, type: CtyType): CtyValue {
  let raw: unknown;
  try {
    raw = decoder.decode(bytes);
  } catch (err) {
    throw new CtyValueError([], `malformed msgpack: ${(err as Error).message}`);
  }
  return fromRaw(raw, type, []);
}

/** Encodes `value` as msgpack for `type`. Throws CtyValueError naming the path. */
export function encodeMsgpack(value: CtyValue, type: CtyType): Uint8Array {
  return encoder.encode(toRaw(value, type, []));
}

function fromRaw(raw: unknown, type: CtyType, path: Path): CtyValue {
  if (raw === null || raw === undefined) return null;
  if (raw instanceof ExtData) return Unknown;
  switch (type.kind) {
    case "string":
      if (typeof raw === "string") return raw.normalize("NFC");
      throw mismatch(raw, type, path);
    case "bool":
      if (typeof raw === "boolean") return raw;
      throw mismatch(raw, type, path);
    case "number":
      if (typeof raw === "number") {
        if (Number.isNaN(raw)) throw new CtyValueError(path, "NaN is not a valid number");
        return raw;
      }
      if (typeof raw === "bigint") return Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
      if (typeof raw === "string") {
        try {
          return numberFromDecimalText(raw);
        } catch {
          throw new CtyValueError(path, `a number is required, but got the string "${raw}"`);
        }
      }
      throw mismatch(raw, type, path);
    case "object": {
      if (typeof raw !== "object" || raw instanceof Uint8Array || Array.isArray(raw)) {
        throw mismatch(raw, type, path);
      }
      return mapObjectFields(raw, type, path, fromRaw) as Record<string, CtyValue>;
    }
  }
}

function toRaw(value: CtyValue, type: CtyType, path: Path): unknown {
  if (value === null) return null;
  if (isUnknown(value)) return new ExtData(0, new Uint8Array([0]));
  switch (type.kind) {
    case "string":
      if (typeof value === "string") return value.normalize("NFC");
      throw mismatch(value, type, path);
    case "bool":
      if (typeof value === "boolean") return value;
      throw mismatch(value, type, path);
    case "number":
      if (typeof value === "number" || typeof value === "bigint" || value instanceof Decimal) {
        return wireNumber(value, path);
      }
      throw mismatch(value, type, path);
    case "object": {
      if (typeof value !== "object" || value instanceof Decimal) throw mismatch(value, type, path);
      return mapObjectFields(value, type, path, (field, t, at) => toRaw((field ?? null) as CtyValue, t, at));
    }
  }
}

/**
 * cty's choice of msgpack form (go-cty msgpack.Marshal): an int when the value is an exact
 * int64; a float64 when it is an exact double and not an integer (and for the infinities);
 * else its decimal text. Equal values therefore always encode to the same bytes.
 */
function wireNumber(value: CtyNumber, path: Path): number | bigint | string {
  if (typeof value === "number") {
    if (Number.isNaN(value)) throw new CtyValueError(path, "NaN cannot be sent to Terraform");
    if (!Number.isInteger(value)) return value; // a non-integer double, or ±Inf: float64
    if (value >= INT64_MIN_DOUBLE && value < INT64_LIMIT_DOUBLE) {
      // With useBigInt64, @msgpack/msgpack writes a JS number beyond 32 bits as a float64;
      // as a bigint it writes the int64/uint64 that cty writes.
      return value >= -(2 ** 31) && value < 2 ** 32 ? value : BigInt(value);
    }
    return numberText(value);
  }
  if (typeof value === "bigint") {
    if (value < INT64_MIN || value > INT64_MAX) return value.toString();
    return value >= -(2n ** 31n) && value < 2n ** 32n ? Number(value) : value;
  }
  const simplest = numberFromDecimalText(value.text);
  return simplest instanceof Decimal ? simplest.text : wireNumber(simplest, path);
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
