// Small helpers over cty values as HCL evaluation holds them: a TypedValue whose type is the
// value's own (go-cty's Value.Type()), so `dynamic` appears only where a null or unknown of
// no known type sits. Marks are looked through where go-cty looks through them.

import {
  type CtyType,
  type CtyValue,
  Decimal,
  Dynamic,
  dynamic,
  isUnknown,
  list,
  Marked,
  mark,
  object,
  RefinedUnknown,
  tuple,
  typeEquals,
  Unknown,
} from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";

/** An unknown value of no known type (cty.DynamicVal). */
export const dynamicUnknown: TypedValue = Object.freeze({ value: Unknown, type: dynamic });

/** The value without its top-level marks, and those marks (empty when none). */
export function unmarkTop(value: CtyValue): { value: CtyValue; marks: ReadonlySet<unknown> } {
  return value instanceof Marked ? { value: value.value, marks: value.marks } : { value, marks: emptyMarks };
}

const emptyMarks: ReadonlySet<unknown> = new Set();

/** The top-level marks of a value. */
export function marksOf(value: CtyValue): ReadonlySet<unknown> {
  return value instanceof Marked ? value.marks : emptyMarks;
}

/** The value carrying these marks too. */
export function withMarks(value: CtyValue, ...markSets: readonly ReadonlySet<unknown>[]): CtyValue {
  let out = value;
  for (const m of markSets) if (m.size > 0) out = mark(out, ...m);
  return out;
}

/** A TypedValue carrying these marks too. */
export function typedWithMarks(tv: TypedValue, ...markSets: readonly ReadonlySet<unknown>[]): TypedValue {
  return { value: withMarks(tv.value, ...markSets), type: tv.type };
}

export function isNullValue(value: CtyValue): boolean {
  return unmarkTop(value).value === null;
}

export function isKnownValue(value: CtyValue): boolean {
  return !isUnknown(unmarkTop(value).value);
}

/** The refinements of an unknown (through marks), or undefined for a plain or no unknown. */
export function refinementsOf(value: CtyValue): RefinedUnknown | undefined {
  const v = unmarkTop(value).value;
  return v instanceof RefinedUnknown ? v : undefined;
}

/**
 * A value written for its type (Dynamic wrappers where it says `dynamic`) as a TypedValue of its
 * own type, which is how evaluation holds values; variables arrive written for their type.
 * It is how @tsvider/cty's callFunction takes in its arguments, so it is that code.
 */
export { ownTypedValue as ownTyped } from "@tsvider/cty/function";

/** A TypedValue of own type written for a type with `dynamic` in it (as callers expect values). */
export function asDynamicSlot(tv: TypedValue): CtyValue {
  if (tv.type.kind === "dynamic") return tv.value;
  const { value, marks } = unmarkTop(tv.value);
  return withMarks(new Dynamic(tv.type, value), marks);
}

/** A number's value as an integer, or undefined when it has a fractional part. */
export function integerOf(n: CtyValue): bigint | undefined {
  if (typeof n === "number") return Number.isInteger(n) ? BigInt(n) : undefined;
  if (typeof n === "bigint") return n;
  if (n instanceof Decimal) return n.text.includes(".") ? undefined : BigInt(n.text);
  return undefined;
}

/** Whether a known number is below zero. */
export function isNegative(n: CtyValue): boolean {
  if (typeof n === "number") return n < 0;
  if (typeof n === "bigint") return n < 0n;
  if (n instanceof Decimal) return n.text.startsWith("-");
  return false;
}

/** A tuple of these elements (cty.TupleVal). */
export function tupleVal(elements: readonly TypedValue[]): TypedValue {
  return { value: elements.map((e) => e.value), type: tuple(elements.map((e) => e.type)) };
}

/** An object of these attributes (cty.ObjectVal). */
export function objectVal(attributes: ReadonlyMap<string, TypedValue>): TypedValue {
  const value: Record<string, CtyValue> = {};
  const types: Record<string, CtyType> = {};
  for (const [name, v] of attributes) {
    setOwn(value, name, v.value);
    setOwn(types, name, v.type);
  }
  return { value, type: object(types) };
}

/**
 * A list of these elements (cty.ListVal): their type is the first one of known type; the
 * caller checks they agree (listElementsAgree).
 */
export function listVal(elements: readonly TypedValue[]): TypedValue {
  const elementType = elements.find((e) => e.type.kind !== "dynamic")?.type ?? dynamic;
  return { value: elements.map((e) => e.value), type: list(elementType) };
}

/** Whether the elements can make a list (cty.CanListVal): one type, unknown types aside. */
export function listElementsAgree(elements: readonly TypedValue[]): boolean {
  let t: CtyType = dynamic;
  for (const e of elements) {
    if (t.kind === "dynamic") t = e.type;
    else if (e.type.kind !== "dynamic" && !typeEquals(t, e.type)) return false;
  }
  return true;
}

/** Defines a property even when the name is "__proto__". */
export function setOwn<T>(record: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}

/** An unknown value of this type (cty.UnknownVal). */
export function unknownOf(type: CtyType): TypedValue {
  return { value: Unknown, type };
}
