// Typed value descriptors: a cty type together with the TypeScript type of its values, so an
// attribute declared `attr.list(t.string)` is typed `string[]` in config, plan and state. The
// descriptors also keep their element and attribute descriptors, which lets the framework check
// the parts of a value the TypeScript type promises (int64 ranges, no null elements).

import type { CtyNumber, CtyType, Dynamic, ObjectType, Unknown } from "@tsvider/cty";
import * as cty from "@tsvider/cty";

/**
 * What the framework checks and converts, beyond the cty type. `int64` and `float64` are cty
 * numbers that the framework narrows: int64 to a whole number in the signed 64-bit range,
 * float64 to the nearest double.
 */
export type ValueKind =
  | "string"
  | "number"
  | "int64"
  | "float64"
  | "bool"
  | "dynamic"
  | "list"
  | "set"
  | "map"
  | "object"
  | "tuple";

interface Phantom<T, V> {
  /** Phantom: the TypeScript type of a known value. Never set at run time. */
  readonly __value?: T;
  /** Phantom: the value as validation sees it, where any part may still be unknown. */
  readonly __validation?: V;
}

/**
 * The shape of a primitive value type (`t.string`, `t.number`, `t.int64`, `t.float64`, `t.bool`,
 * `t.dynamic`).
 */
export interface PrimitiveShape {
  readonly kind: "string" | "number" | "int64" | "float64" | "bool" | "dynamic";
  readonly type: CtyType;
}
/** The shape of a list, set or map value type, with its element type. */
export interface CollectionShape {
  readonly kind: "list" | "set" | "map";
  readonly type: CtyType;
  readonly element: ValueType;
}
/** The shape of an object value type, with its attribute types. */
export interface ObjectShape {
  readonly kind: "object";
  /** With the optional-attribute markers, as the schema's type JSON carries them. */
  readonly type: ObjectType;
  readonly attributes: Readonly<Record<string, ValueType>>;
  /** Attributes that config may leave out; they arrive as null. */
  readonly optional: ReadonlySet<string>;
}
/** The shape of a tuple value type, with its element types. */
export interface TupleShape {
  readonly kind: "tuple";
  readonly type: CtyType;
  readonly elements: readonly ValueType[];
}

/** A cty type with the TypeScript type `T` of its known values (and `V` during validation). */
export type ValueType<T = unknown, V = unknown> = (
  | PrimitiveShape
  | CollectionShape
  | ObjectShape
  | TupleShape
) &
  Phantom<T, V>;

/** The TypeScript type of a known value of a descriptor. */
export type KnownValue<D> = D extends { readonly __value?: infer T } ? T : never;
/** The TypeScript type of a descriptor's value during validation. */
export type ValidationValue<D> = D extends { readonly __validation?: infer V } ? V : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type ObjectKnown<A, Opt> = Simplify<{
  -readonly [K in keyof A]: K extends Opt ? KnownValue<A[K]> | null : KnownValue<A[K]>;
}>;
type ObjectValidation<A, Opt> = Simplify<{
  -readonly [K in keyof A]: K extends Opt ? ValidationValue<A[K]> | null : ValidationValue<A[K]>;
}>;

/** A descriptor of one shape, with its phantom types. */
export type Typed<Shape, T, V> = Shape & Phantom<T, V>;

function primitive<T>(kind: PrimitiveShape["kind"], type: CtyType): Typed<PrimitiveShape, T, T | Unknown> {
  return Object.freeze({ kind, type });
}

/** The value type of a list (or set) whose elements are of type `E`, as `t.list` returns it. */
export type ListOf<E> = Typed<CollectionShape, KnownValue<E>[], ValidationValue<E>[] | Unknown>;
/** The value type of a map whose elements are of type `E`, as `t.map` returns it. */
export type MapOf<E> = Typed<
  CollectionShape,
  Record<string, KnownValue<E>>,
  Record<string, ValidationValue<E>> | Unknown
>;
/**
 * The value type of an object with attributes `A` (those named in `Opt` optional), as `t.object`
 * returns it.
 */
export type ObjectOf<A, Opt = never> = Typed<
  ObjectShape,
  ObjectKnown<A, Opt>,
  ObjectValidation<A, Opt> | Unknown
>;
/** The value type of a tuple with elements `E`, as `t.tuple` returns it. */
export type TupleOf<E extends readonly unknown[]> = Typed<
  TupleShape,
  { -readonly [K in keyof E]: KnownValue<E[K]> },
  { -readonly [K in keyof E]: ValidationValue<E[K]> } | Unknown
>;

function collection(kind: "list" | "set" | "map", element: ValueType): CollectionShape {
  const make = kind === "list" ? cty.list : kind === "set" ? cty.set : cty.map;
  return Object.freeze({ kind, type: make(element.type), element });
}

export function objectType<
  const A extends Readonly<Record<string, ValueType>>,
  const Opt extends keyof A & string = never,
>(attributes: A, options: { readonly optional?: readonly Opt[] } = {}): ObjectOf<A, Opt> {
  const types: Record<string, CtyType> = {};
  for (const [name, descriptor] of Object.entries(attributes)) types[name] = descriptor.type;
  const optional = options.optional ?? [];
  const shape: ObjectShape = {
    kind: "object",
    // cty.object refuses an optional name that is not an attribute, naming it.
    type: cty.object(types, optional),
    attributes: Object.freeze({ ...attributes }),
    optional: new Set(optional),
  };
  return Object.freeze(shape);
}

/**
 * Value type builders, for the elements of collection attributes and the attributes of object
 * ones: `attr.list(t.string)`, `attr.map(t.object({ port: t.number }))`.
 *
 * Elements are never null: config that holds a null element (`["a", null]`) is refused when it
 * is validated, with a diagnostic naming the element, so `string[]` is the whole truth. An
 * object attribute named in `optional` may be left out of config and is then null.
 */
export const t = {
  string: primitive<string>("string", cty.string),
  /** Any number, exactly: a JS number when it holds the value, else bigint or Decimal. */
  number: primitive<CtyNumber>("number", cty.number),
  /** A whole number in the signed 64-bit range; config outside it is refused when validated. */
  int64: primitive<number | bigint>("int64", cty.number),
  bool: primitive<boolean>("bool", cty.bool),
  /** Any type, chosen by the configuration: a `Dynamic` holding the value and its type. */
  dynamic: primitive<Dynamic>("dynamic", cty.dynamic),
  list: <const E extends ValueType>(element: E): ListOf<E> => collection("list", element),
  /** A set: an array whose order means nothing, without duplicates. */
  set: <const E extends ValueType>(element: E): ListOf<E> => collection("set", element),
  /** A map: a plain object, one property per key. */
  map: <const E extends ValueType>(element: E): MapOf<E> => collection("map", element),
  object: objectType,
  tuple: <const E extends readonly ValueType[]>(elements: E): TupleOf<E> =>
    Object.freeze({ kind: "tuple", type: cty.tuple(elements.map((e) => e.type)), elements: [...elements] }),
} as const;
