// The cty JSON encoding, used by UpgradeResourceState's raw state. Numbers are parsed
// losslessly: a JSON number of any length keeps its exact value.
import { parse } from "lossless-json";
import { mapObjectFields } from "./internal/object-fields.js";
import { CtyValueError, type Path } from "./path.js";
import { type CtyType, friendlyName } from "./types.js";
import { type CtyValue, Decimal, isUnknown, numberFromDecimalText, numberText } from "./values.js";

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

function writeJson(value: CtyValue, type: CtyType, path: Path): string {
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
      return numberText(value);
    case "object": {
      if (typeof value !== "object" || value instanceof Decimal) break;
      const fields = mapObjectFields(value, type, path, (field, t, at) =>
        writeJson((field ?? null) as CtyValue, t, at),
      );
      return `{${Object.entries(fields)
        .map(([name, text]) => `${goJsonString(name)}:${text}`)
        .join(",")}}`;
    }
  }
  throw new CtyValueError(path, `a ${friendlyName(type)} is required, but got ${describeJson(value)}`);
}

/**
 * A JSON string as Go's encoding/json writes one: besides quotes, backslashes and control
 * characters it escapes <, > and & (HTML safety) and U+2028, U+2029; a lone surrogate, which
 * has no UTF-8 form, becomes U+FFFD.
 */
export function goJsonString(s: string): string {
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = s.charCodeAt(i + 1);
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        out += s[i]! + s[i + 1]!;
        i++;
      } else {
        out += "\\ufffd";
      }
      continue;
    }
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += "\\\\";
        break;
      case 0x08:
        out += "\\b";
        break;
      case 0x0c:
        out += "\\f";
        break;
      case 0x0a:
        out += "\\n";
        break;
      case 0x0d:
        out += "\\r";
        break;
      case 0x09:
        out += "\\t";
        break;
      default:
        if (c < 0x20 || c === 0x3c || c === 0x3e || c === 0x26 || c === 0x2028 || c === 0x2029) {
          out += `\\u${c.toString(16).padStart(4, "0")}`;
        } else {
          out += s[i];
        }
    }
  }
  return `${out}"`;
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
