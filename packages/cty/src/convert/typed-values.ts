// Values as go-cty's conversions see them. A value arrives written for a declared type, with a
// `Dynamic` wrapper wherever that type says `dynamic`; go-cty's value instead *has* a type, its
// own (`Value.Type()`), with `dynamic` left only where a null or unknown of no known type sits.
// Conversions work on that form, a TypedValue whose type is the value's own, and the result is
// written back for whichever type the caller wants (`writtenFor`).
import { canonicalSet, containsUnknown } from "../equality.js";
import type { TypedValue } from "../function.js";
import { setOwn } from "../internal/records.js";
import { unmarkDeep } from "../marks.js";
import { CtyValueError, type Path, type PathStep } from "../path.js";
import {
  type CtyType,
  compareBytewise,
  dynamic,
  friendlyName,
  list,
  map,
  object,
  set,
  tuple,
  typeToJSONText,
  withoutOptionalAttributesDeep,
} from "../types.js";
import { elementTypeOf, sharedElementType } from "../value-type.js";
import { type CtyValue, Decimal, Dynamic, isRecord, isUnknown, Marked, mark, Unknown } from "../values.js";

/** The value without its own (top-level) marks, and those marks. */
export function unmarkTop(value: CtyValue): { value: CtyValue; marks: ReadonlySet<unknown> | undefined } {
  return value instanceof Marked ? { value: value.value, marks: value.marks } : { value, marks: undefined };
}

/** Whether a value is null, looking through its marks (as go-cty's IsNull does). */
export function isNullValue(value: CtyValue): boolean {
  return unmarkTop(value).value === null;
}

/** A null element as go-cty rebuilds it in a collection or object: no marks, no optional attributes. */
export function plainNull(element: TypedValue): TypedValue {
  return isNullValue(element.value)
    ? { value: null, type: withoutOptionalAttributesDeep(element.type) }
    : element;
}

/**
 * The value and its own type, from a value written for `declared`: Dynamic wrappers opened,
 * and types taken as go-cty's msgpack decoder builds them (a list takes its first element's
 * type, an object value's type has no optional attributes, a set carries its elements' marks).
 */
export function ownTyped(value: CtyValue, declared: CtyType, path: Path = []): TypedValue {
  if (value instanceof Marked) {
    const inner = ownTyped(value.value, declared, path);
    return { value: mark(inner.value, ...value.marks), type: inner.type };
  }
  if (declared.kind === "dynamic") {
    if (value instanceof Dynamic) return ownTyped(value.value, value.type, path);
    if (value === null) return { value, type: dynamic };
    // An unknown of no known type takes no refinements.
    if (isUnknown(value)) return { value: Unknown, type: dynamic };
    throw new CtyValueError(
      path,
      "a value where the type is dynamic must be a Dynamic (its type and value), null or Unknown",
    );
  }
  if (value instanceof Dynamic) {
    throw new CtyValueError(
      path,
      `a Dynamic value is only allowed where the type is dynamic, not in a ${friendlyName(declared)}`,
    );
  }
  if (value === null || isUnknown(value)) return { value, type: declared };
  switch (declared.kind) {
    case "list":
    case "set": {
      const elements = asArray(value, declared, path).map((e, index) =>
        ownTyped(e, declared.element, [...path, { index }]),
      );
      if (elements.length === 0) return { value: [], type: declared };
      const elementType = sharedElementType(
        elements.map((e) => e.type),
        path,
      );
      if (declared.kind === "list") return { value: elements.map((e) => e.value), type: list(elementType) };
      return setValue(elements, elementType);
    }
    case "map": {
      if (!isRecord(value)) throw new CtyValueError(path, `a ${friendlyName(declared)} is required`);
      const keys = Object.keys(value);
      const elements = keys.map((key) => ownTyped(value[key]!, declared.element, [...path, { key }]));
      if (elements.length === 0) return { value: {}, type: declared };
      const elementType = sharedElementType(
        elements.map((e) => e.type),
        path,
        keys,
      );
      const out: Record<string, CtyValue> = {};
      for (const [i, key] of keys.entries()) setOwn(out, key, elements[i]!.value);
      return { value: out, type: map(elementType) };
    }
    case "tuple": {
      const elements = asArray(value, declared, path);
      if (elements.length !== declared.elements.length) {
        throw new CtyValueError(
          path,
          `a tuple of ${declared.elements.length} elements is required, but got ${elements.length}`,
        );
      }
      const typed = elements.map((e, index) => ownTyped(e, declared.elements[index]!, [...path, { index }]));
      return { value: typed.map((t) => t.value), type: tuple(typed.map((t) => t.type)) };
    }
    case "object": {
      if (!isRecord(value)) throw new CtyValueError(path, "an object is required");
      const attributes: Record<string, CtyType> = {};
      const out: Record<string, CtyValue> = {};
      for (const name of declared.attributeNames) {
        const typed = ownTyped(Object.hasOwn(value, name) ? value[name]! : null, declared.attributes[name]!, [
          ...path,
          { attribute: name },
        ]);
        setOwn(attributes, name, typed.type);
        setOwn(out, name, typed.value);
      }
      return { value: out, type: object(attributes) };
    }
    case "string":
    case "number":
    case "bool":
      if (!fitsPrimitive(value, declared.kind))
        throw new CtyValueError(path, `a ${declared.kind} is required`);
      return { value, type: declared };
    default:
      return { value, type: declared };
  }
}

function fitsPrimitive(value: CtyValue, kind: "string" | "number" | "bool"): boolean {
  switch (kind) {
    case "string":
      return typeof value === "string";
    case "bool":
      return typeof value === "boolean";
    case "number":
      return (
        (typeof value === "number" && !Number.isNaN(value)) ||
        typeof value === "bigint" ||
        value instanceof Decimal
      );
  }
}

function asArray(value: CtyValue, type: CtyType, path: Path): readonly CtyValue[] {
  if (!Array.isArray(value)) throw new CtyValueError(path, `a ${friendlyName(type)} is required`);
  return value as readonly CtyValue[];
}

/** A set of these elements, as go-cty's SetVal: deduplicated, and marks inside moved onto the set. */
function setValue(elements: readonly TypedValue[], elementType: CtyType): TypedValue {
  const marks: unknown[] = [];
  const plain = elements.map((e) => {
    const stripped = unmarkDeep(e.value, e.type);
    marks.push(...stripped.marks);
    return stripped.value;
  });
  return { value: mark(canonicalSet(plain, elementType), ...marks), type: set(elementType) };
}

/**
 * go-cty's ListVal (undefined where CanListVal is false); `empty` gives the element type of an
 * empty list (asked only then).
 */
export function listOf(elements: readonly TypedValue[], empty: () => CtyType): TypedValue | undefined {
  if (elements.length === 0) return { value: [], type: list(empty()) };
  const elementType = elementTypeOf(elements.map((e) => e.type));
  if (elementType === undefined) return undefined;
  return { value: elements.map((e) => e.value), type: list(elementType) };
}

/** go-cty's SetVal (undefined where CanSetVal is false). */
export function setOf(elements: readonly TypedValue[], empty: () => CtyType): TypedValue | undefined {
  if (elements.length === 0) return { value: [], type: set(empty()) };
  const elementType = elementTypeOf(elements.map((e) => e.type));
  if (elementType === undefined) return undefined;
  return setValue(elements, elementType);
}

/** go-cty's MapVal (undefined where CanMapVal is false). */
export function mapOf(
  entries: ReadonlyMap<string, TypedValue>,
  empty: () => CtyType,
): TypedValue | undefined {
  if (entries.size === 0) return { value: {}, type: map(empty()) };
  const elementType = elementTypeOf([...entries.values()].map((e) => e.type));
  if (elementType === undefined) return undefined;
  const out: Record<string, CtyValue> = {};
  for (const [key, e] of entries) setOwn(out, key, e.value);
  return { value: out, type: map(elementType) };
}

/** go-cty's ObjectVal: the attributes' own types make the object's type. */
export function objectOf(attributes: ReadonlyMap<string, TypedValue>): TypedValue {
  const types: Record<string, CtyType> = {};
  const out: Record<string, CtyValue> = {};
  for (const [name, a] of attributes) {
    setOwn(types, name, a.type);
    setOwn(out, name, a.value);
  }
  return { value: out, type: object(types) };
}

/** go-cty's TupleVal. */
export function tupleOf(elements: readonly TypedValue[]): TypedValue {
  return { value: elements.map((e) => e.value), type: tuple(elements.map((e) => e.type)) };
}

export interface Element {
  /** The step go-cty's element iterator gives: an index, or a map key or attribute name. */
  readonly index: number;
  readonly key: string;
  readonly element: TypedValue;
}

/**
 * The elements of a known, non-null, unmarked collection or structure, in go-cty's iteration
 * order: lists and tuples by index, sets in set order, maps and objects by key in byte order.
 */
export function elementsOf(input: TypedValue): Element[] {
  const { value, type } = input;
  switch (type.kind) {
    case "list":
      return (value as readonly CtyValue[]).map((v, index) => ({
        index,
        key: String(index),
        element: { value: v, type: type.element },
      }));
    case "set":
      return canonicalSet(value as readonly CtyValue[], type.element).map((v, index) => ({
        index,
        key: String(index),
        element: { value: v, type: type.element },
      }));
    case "tuple":
      return (value as readonly CtyValue[]).map((v, index) => ({
        index,
        key: String(index),
        element: { value: v, type: type.elements[index]! },
      }));
    case "map": {
      const record = value as Readonly<Record<string, CtyValue>>;
      return Object.keys(record)
        .sort(compareBytewise)
        .map((key, index) => ({ index, key, element: { value: record[key]!, type: type.element } }));
    }
    case "object": {
      const record = value as Readonly<Record<string, CtyValue>>;
      return type.attributeNames.map((key, index) => ({
        index,
        key,
        element: { value: Object.hasOwn(record, key) ? record[key]! : null, type: type.attributes[key]! },
      }));
    }
    default:
      throw new TypeError(`a ${friendlyName(type)} has no elements`);
  }
}

/**
 * Whether go-cty knows the length of this known collection: always, but for a set holding
 * unknowns among other elements (they may turn out equal to others and merge).
 */
export function lengthKnown(input: TypedValue): boolean {
  if (input.type.kind !== "set") return true;
  const elements = canonicalSet(input.value as readonly CtyValue[], input.type.element);
  return elements.length === 1 || !elements.some(containsUnknown);
}

export const indexStep = (index: number): PathStep => ({ index });
export const keyStep = (key: string): PathStep => ({ key });

/**
 * The value (of its own type `own`) written for `declared`, a type the own type fits: a
 * Dynamic wrapper wherever `declared` says `dynamic` and the value's type is known there.
 */
export function writtenFor(value: CtyValue, own: CtyType, declared: CtyType): CtyValue {
  if (value instanceof Marked) return mark(writtenFor(value.value, own, declared), ...value.marks);
  if (declared.kind === "dynamic") return own.kind === "dynamic" ? value : new Dynamic(own, value);
  if (value === null || isUnknown(value)) return value;
  switch (declared.kind) {
    case "list":
    case "set":
    case "map": {
      if (own.kind !== declared.kind) break;
      const { element } = own;
      if (declared.kind === "map") {
        const record = value as Readonly<Record<string, CtyValue>>;
        const out: Record<string, CtyValue> = {};
        for (const key of Object.keys(record))
          setOwn(out, key, writtenFor(record[key]!, element, declared.element));
        return out;
      }
      return (value as readonly CtyValue[]).map((e) => writtenFor(e, element, declared.element));
    }
    case "tuple": {
      if (own.kind !== "tuple" || own.elements.length !== declared.elements.length) break;
      return (value as readonly CtyValue[]).map((e, i) =>
        writtenFor(e, own.elements[i]!, declared.elements[i]!),
      );
    }
    case "object": {
      if (own.kind !== "object" || !declared.attributeNames.every((n) => Object.hasOwn(own.attributes, n)))
        break;
      const record = value as Readonly<Record<string, CtyValue>>;
      const out: Record<string, CtyValue> = {};
      for (const name of declared.attributeNames) {
        const attribute = Object.hasOwn(record, name) ? record[name]! : null;
        setOwn(out, name, writtenFor(attribute, own.attributes[name]!, declared.attributes[name]!));
      }
      return out;
    }
    default:
      return value;
  }
  throw new TypeError(
    `a value of type ${typeToJSONText(own)} cannot be written as a value of type ${typeToJSONText(declared)}`,
  );
}
