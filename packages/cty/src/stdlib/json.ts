// go-cty stdlib: json.go — jsonencode and jsondecode.
import { containsUnknown } from "../equality.js";
import { ArgumentError, defineFunction } from "../function.js";
import { goQuoteRune } from "../internal/text/go-quote.js";
import { utf8Bytes } from "../internal/text/go-utf8.js";
import { refine } from "../refinement.js";
import { bool, type CtyType, dynamic, number, string } from "../types.js";
import { type CtyValue, isUnknown, RefinedUnknown, Unknown } from "../values.js";
import { goTrimSpace } from "./go/strings.js";
import { decodeJsonDocument } from "./internal/go-json-document.js";
import { encodeJsonAsOwnType } from "./internal/json-encode.js";

/**
 * The cty function `jsonEncode`, a FunctionSpec to call with `callFunction`. Writes any value as
 * JSON text: maps and objects as JSON objects, lists, sets and tuples as arrays, null as null.
 */
export const jsonEncode = defineFunction({
  description:
    "Writes any value as JSON text: maps and objects as JSON objects, lists, sets and tuples as arrays, null as null. When the value is not wholly known the text is unknown, though its first character may be.",
  params: [{ name: "val", type: dynamic, allowUnknown: true, allowDynamicType: true, allowNull: true }],
  returnType: string,
  refineResult: { notNull: true },
  impl: ([val]) => {
    const { value, type } = val!;
    if (containsUnknown(value)) return unknownEncoding(value, type);
    if (value === null) return "null";
    return encodeJsonAsOwnType(value, type);
  },
});

/**
 * What jsonencode knows of the text of a value that is not wholly known: nothing when it may
 * be null (the text could be `null`), else it is not null and its first character follows
 * from the type.
 */
function unknownEncoding(value: CtyValue, type: CtyType): CtyValue {
  const mayBeNull =
    type.kind === "dynamic" || (isUnknown(value) && !(value instanceof RefinedUnknown && value.notNull));
  if (mayBeNull) return Unknown;
  const prefix =
    type.kind === "string"
      ? '"'
      : type.kind === "object" || type.kind === "map"
        ? "{"
        : type.kind === "tuple" || type.kind === "list" || type.kind === "set"
          ? "["
          : undefined;
  return refine(string, { notNull: true, ...(prefix === undefined ? {} : { stringPrefix: prefix }) });
}

/**
 * The cty function `jsonDecode`, a FunctionSpec to call with `callFunction`. Reads one JSON
 * document into the value it spells out: JSON objects become objects, arrays tuples, numbers exact
 * numbers.
 */
export const jsonDecode = defineFunction({
  description:
    "Reads one JSON document into the value it spells out: JSON objects become objects, arrays tuples, numbers exact numbers. The result's type follows from the text: for an unknown text, only a known first character can tell it.",
  params: [{ name: "str", type: string }],
  returnType: ([str]) => {
    const value = str!.value;
    if (isUnknown(value))
      return typeFromPrefix(value instanceof RefinedUnknown ? (value.stringPrefix ?? "") : "");
    return decodeJsonDocument(utf8Bytes(value as string)).type;
  },
  impl: ([str]) => decodeJsonDocument(utf8Bytes(str!.value as string)).value,
});

/**
 * The result type when only the start of the text is known: its first character decides
 * a string, bool or number, or that the text cannot be JSON at all.
 */
function typeFromPrefix(knownPrefix: string): CtyType {
  const prefix = goTrimSpace(knownPrefix);
  if (prefix === "") return dynamic;
  const codePoint = prefix.codePointAt(0)!;
  // Go holds a lone surrogate as U+FFFD, the rune it then reads.
  const first = codePoint >= 0xd800 && codePoint <= 0xdfff ? 0xfffd : codePoint;
  const c = String.fromCodePoint(first);
  if (c === "{" || c === "[" || c === "n") return dynamic;
  if (c === '"') return string;
  if (c === "t" || c === "f") return bool;
  if ("-0123456789.".includes(c)) return number;
  throw new ArgumentError(0, `a JSON document cannot begin with the character ${goQuoteRune(first)}`);
}
