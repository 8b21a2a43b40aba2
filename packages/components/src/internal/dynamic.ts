// Values of any type, as provider functions with `t.dynamic` parameters receive them: a
// Dynamic (the cty type and the value), or null. These helpers read them without losing a
// digit: JSON goes through cty's own codec, which writes numbers as exact decimal text.
import { type CtyNumber, type CtyType, type CtyValue, Dynamic, friendlyName } from "@tsvider/cty";
import { decodeJson, impliedTypeFromJson } from "@tsvider/cty/json";
import { numberText } from "./exact.js";

/** A value with its type: a Dynamic's parts, or an element of a collection. */
export interface Typed {
  readonly type: CtyType;
  readonly value: CtyValue;
}

export function typedOf(value: Dynamic | null): Typed | null {
  return value === null ? null : { type: value.type, value: value.value };
}

/** The elements of a list, set or tuple, each with its type; undefined for any other type. */
export function elementsOf(typed: Typed): Typed[] | undefined {
  const { type, value } = typed;
  if (value === null || !Array.isArray(value)) return undefined;
  if (type.kind === "list" || type.kind === "set")
    return value.map((v) => unwrap({ type: type.element, value: v }));
  if (type.kind === "tuple") return value.map((v, i) => unwrap({ type: type.elements[i]!, value: v }));
  return undefined;
}

/** The entries of a map or an object, each with its type; undefined for any other type. */
export function entriesOf(typed: Typed): [string, Typed][] | undefined {
  const { type, value } = typed;
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const record = value as Readonly<Record<string, CtyValue>>;
  if (type.kind === "map")
    return Object.entries(record).map(([k, v]) => [k, unwrap({ type: type.element, value: v })]);
  if (type.kind === "object") {
    return Object.entries(record).map(([k, v]) => [k, unwrap({ type: type.attributes[k]!, value: v })]);
  }
  return undefined;
}

/** A nested Dynamic (where a type says `dynamic`) seen as its own type and value. */
function unwrap(typed: Typed): Typed {
  return typed.value instanceof Dynamic ? { type: typed.value.type, value: typed.value.value } : typed;
}

/** Back to what a `t.dynamic` result holds: a Dynamic, or null. */
export function toDynamic(typed: Typed | null): Dynamic | null {
  if (typed === null || typed.value === null) return null;
  if (typed.type.kind === "dynamic") return typed.value instanceof Dynamic ? typed.value : null;
  return new Dynamic(typed.type, typed.value);
}

/** The value as compact JSON (sets as arrays, numbers as exact decimal text). */
export function jsonText(typed: Typed | null): string {
  if (typed === null || typed.value === null) return "null";
  const elements = elementsOf(typed);
  if (elements) return `[${elements.map(jsonText).join(",")}]`;
  const entries = entriesOf(typed);
  if (entries) {
    const sorted = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${sorted.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(",")}}`;
  }
  switch (typed.type.kind) {
    case "string":
      return JSON.stringify(typed.value as string);
    case "bool":
      return String(typed.value as boolean);
    case "number":
      return numberText(typed.value as CtyNumber);
    default:
      throw new TypeError(`a ${friendlyName(typed.type)} has no JSON form`);
  }
}

/**
 * The value as text: strings as they are, numbers in plain decimal digits, booleans as
 * "true"/"false", collections and objects as compact JSON.
 */
export function textOf(typed: Typed): string {
  switch (typed.type.kind) {
    case "string":
      return typed.value as string;
    case "bool":
      return String(typed.value as boolean);
    case "number":
      return numberText(typed.value as CtyNumber);
    default:
      return jsonText(typed);
  }
}

/** A JSON text as a value with the type JSON implies (objects, tuples), as jsondecode gives. */
export function fromJsonText(text: string): Typed | null {
  const type = impliedTypeFromJson(text);
  // JSON null implies no type at all: the value is null.
  if (type.kind === "dynamic") return null;
  return { type, value: decodeJson(text, type) };
}

/** A short name of a value's type, for messages: "string", "list of number", "object". */
export function typeName(typed: Typed | null): string {
  return typed === null ? "null" : friendlyName(typed.type);
}
