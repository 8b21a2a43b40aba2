import { elementsOf as ownElementsOf, ownTyped, writtenFor } from "../../convert/typed-values.js";
import type { TypedValue } from "../../function.js";
import { type CtyType, hasDynamicTypes } from "../../types.js";
import { type CtyValue, Dynamic, Marked, mark } from "../../values.js";

/**
 * The value with the type go-cty gives it (its own type: `Dynamic` wrappers opened, a list of
 * `dynamic` typed by its elements), written for that type.
 */
export function goTyped(arg: TypedValue): TypedValue {
  return hasDynamicTypes(arg.type) ? ownTyped(arg.value, arg.type) : arg;
}

/** A value read from a slot of `type`: a `Dynamic` there stands for its own type and value. */
export function typedAt(value: CtyValue, type: CtyType): TypedValue {
  if (type.kind !== "dynamic") return { value, type };
  const inner = value instanceof Marked ? value.value : value;
  if (!(inner instanceof Dynamic)) return { value, type };
  const found = typedAt(inner.value, inner.type);
  return value instanceof Marked ? { value: mark(found.value, ...value.marks), type: found.type } : found;
}

/**
 * The elements of a known, unmarked list, set or tuple with their types, as go-cty's
 * ElementIterator gives them: a set's in its canonical order without duplicates.
 */
export function sequenceElements(value: CtyValue, type: CtyType): TypedValue[] {
  if (type.kind !== "list" && type.kind !== "set" && type.kind !== "tuple") {
    throw new TypeError(`${type.kind} values are not sequences`);
  }
  return elementsOf(value, type);
}

/**
 * The entries of a known, unmarked map or object with their types, in go-cty's iteration
 * order: by key, byte-wise.
 */
export function mappingEntries(value: CtyValue, type: CtyType): [string, TypedValue][] {
  if (type.kind !== "map" && type.kind !== "object")
    throw new TypeError(`${type.kind} values are not mappings`);
  return ownElementsOf({ value, type }).map(({ key, element }) => [
    key,
    typedAt(element.value, element.type),
  ]);
}

/**
 * A result, of its own type, written for the function's return type as callFunction expects
 * (a `Dynamic` wrapper wherever that type says `dynamic` and the result's type is known);
 * callFunction opens them again to report the result's own type.
 */
export function returnedAs(result: TypedValue, returnType: CtyType): CtyValue {
  return writtenFor(result.value, result.type, returnType);
}

/** The elements of any known, unmarked collection or structure, as go-cty's ElementIterator gives them. */
export function elementsOf(value: CtyValue, type: CtyType): TypedValue[] {
  return ownElementsOf({ value, type }).map(({ element }) => typedAt(element.value, element.type));
}
