// The cty JSON encoding, used by UpgradeResourceState's raw state. Numbers are parsed
// losslessly: a JSON number of any length keeps its exact value.
import { isSafeNumber, parse } from "lossless-json";
import { mapObjectFields } from "./internal/object-fields.js";
import { CtyValueError, type Path } from "./path.js";
import { type CtyType, friendlyName } from "./types.js";
import { type CtyValue, type Decimal, isUnknown, numberFromDecimalText, numberText } from "./values.js";

/** Marks a JSON number while parsing, so it is told apart from a numeric string. */
class JsonNumber {
  constructor(readonly text: string) {}
}

export interface DecodeJsonOptions {
  /**
   * Attributes present in the JSON but not in the type: "error" (the default) refuses them;
   * "ignore" drops them, as upgrading state from an older schema version needs.
   */
  readonly extraAttributes?: "error" | "ignore";
  /** Attributes the type has but the JSON lacks: "error" (the default) or "null". */
  readonly missingAttributes?: "error" | "null";
}

/** Decodes cty JSON text into a value of `type`. Throws CtyValueError naming the path. */
export function decodeJson(
  text: string | Uint8Array,
  type: CtyType,
  options: DecodeJsonOptions = {},
): CtyValue {
  const source = typeof text === "string" ? text : new TextDecoder("utf-8", { fatal: true }).decode(text);
  let raw: unknown;
  try {
    raw = parse(source, null, (digits) => new JsonNumber(digits));
  } catch (err) {
    throw new CtyValueError([], `malformed JSON: ${(err as Error).message}`);
  }
  return fromJson(raw, type, [], options);
}

/** Encodes a wholly known value as cty JSON text. */
export function encodeJson(value: CtyValue, type: CtyType): string {
  return JSON.stringify(toJson(value, type, []), (_key, v) => v) ?? "null";
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
        try {
          return numberFromDecimalText(digits);
        } catch {
          throw new CtyValueError(path, `a number is required, but got the string ${JSON.stringify(digits)}`);
        }
      }
      break;
    case "object": {
      if (typeof raw !== "object" || Array.isArray(raw) || raw instanceof JsonNumber) break;
      return mapObjectFields(raw, type, path, (field, t, at) => fromJson(field, t, at, options), {
        missing: options.missingAttributes ?? "error",
        extra: options.extraAttributes ?? "error",
      }) as Record<string, CtyValue>;
    }
  }
  throw new CtyValueError(path, `a ${friendlyName(type)} is required, but got ${describeJson(raw)}`);
}

function toJson(value: CtyValue, type: CtyType, path: Path): unknown {
  if (value === null) return null;
  if (isUnknown(value)) throw new CtyValueError(path, "unknown values cannot be written as JSON");
  switch (type.kind) {
    case "string":
    case "bool":
      return value;
    case "number": {
      if (typeof value === "number" && !Number.isFinite(value)) {
        throw new CtyValueError(path, `${value} cannot be written as JSON`);
      }
      const text = numberText(value as number | bigint | Decimal);
      // JSON.stringify can only write doubles, so a number a double would round goes out as
      // a numeric string, which cty's JSON decoder accepts for numbers.
      return isSafeNumber(text) ? Number(text) : text;
    }
    case "object":
      return mapObjectFields(value as object, type, path, (field, t, at) =>
        toJson((field ?? null) as CtyValue, t, at),
      );
  }
}

function describeJson(raw: unknown): string {
  if (raw instanceof JsonNumber) return `the number ${raw.text}`;
  if (typeof raw === "string") return `the string ${JSON.stringify(raw)}`;
  if (typeof raw === "boolean") return `the bool ${raw}`;
  if (Array.isArray(raw)) return "a list";
  return "an object";
}
