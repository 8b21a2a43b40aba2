// Attributes: the leaves of a schema. Each carries its value type (a cty type with the
// TypeScript type of its values, see types.ts) and its flags, from which config, plan and state
// types are inferred.

import type { Unknown } from "@tsvider/cty";
import * as cty from "@tsvider/cty";
import { listNested, mapNested, setNested, singleNested } from "./nested.js";
import type { PlanModifier } from "./plan-modifiers.js";
import {
  type KnownValue,
  type ListOf,
  type MapOf,
  type ObjectOf,
  type ObjectShape,
  objectType,
  type PrimitiveShape,
  type TupleOf,
  type Typed,
  t,
  type ValidationValue,
  type ValueType,
} from "./types.js";
import type { Validator } from "./validators.js";

/**
 * Flags and documentation every attribute (plain or nested) may carry, and what takes part in
 * validation and planning. `T` is the type of the attribute's known value (as state holds it),
 * `C` its value in wholly known config, `P` its value while planning, where any part may still
 * be unknown; the builders work all three out from the attribute's type.
 */
export interface AttributeOptions<T = unknown, C = T, P = unknown> {
  /** The practitioner must set it. */
  readonly required?: boolean;
  /** The practitioner may set it. */
  readonly optional?: boolean;
  /** The provider sets it (with `optional`, when the practitioner did not). */
  readonly computed?: boolean;
  /** Hidden in plan output and logs (still stored in state). */
  readonly sensitive?: boolean;
  /**
   * Sent in config only, never stored: plan and state hold null (Terraform 1.11, OpenTofu 1.11
   * and later; managed resources only). Required or optional, never computed; not inside a set.
   */
  readonly writeOnly?: boolean;
  readonly description?: string;
  /** Markdown instead of plain text in `description`. */
  readonly markdownDescription?: string;
  /** Deprecated, with the message Terraform shows to whoever still sets it. */
  readonly deprecationMessage?: string;
  /**
   * A change to this attribute destroys the object and creates a new one (the same as
   * `planModifiers: [requiresReplace()]`).
   */
  readonly requiresReplace?: boolean;
  /**
   * Resources only, with `computed`: the value planned when config leaves the attribute out
   * (instead of unknown). Checked against the attribute's type at start-up.
   */
  readonly default?: T;
  /**
   * Checks of the configured value, run when Terraform validates config, once the value is
   * known: functions `(value, ctx) => message | undefined`, built-ins (`validate.length`,
   * ...), or Standard Schemas such as zod's. Null values are skipped unless a validator asks.
   */
  readonly validators?: readonly Validator<C>[];
  /**
   * Resources only: steps of planning for this attribute, in order, after defaults and after
   * computed values are marked unknown (`useStateForUnknown()`, `requiresReplaceIf(...)`, ...).
   */
  readonly planModifiers?: readonly PlanModifier<T, P>[];
}

/** The options of an attribute of value type `D`. */
export type OptionsOf<D> = AttributeOptions<KnownValue<D>, KnownValue<D>, ValidationValue<D>>;

/** An attribute whose value is of one cty type: a primitive, a collection, an object, a tuple. */
export interface Attribute<T = unknown, O extends AttributeOptions = AttributeOptions, V = unknown> {
  readonly kind: "attribute";
  readonly value: ValueType<T, V>;
  /** The attribute's cty type, as the schema's type JSON carries it. */
  readonly type: cty.CtyType;
  readonly options: O;
  /** Phantom: the TypeScript type of a known value. Never set at run time. */
  readonly __value?: T;
  /** Phantom: the value as validation sees it. Never set at run time. */
  readonly __validation?: V;
}

function attribute<D extends ValueType, const O extends OptionsOf<D>>(
  value: D,
  options: O,
): Attribute<KnownValue<D>, O, ValidationValue<D>> {
  const typed = value as ValueType<KnownValue<D>, ValidationValue<D>>;
  return Object.freeze({ kind: "attribute", value: typed, type: value.type, options });
}

function define<D extends ValueType>(value: D) {
  return <const O extends OptionsOf<D>>(options: O) => attribute(value, options);
}

const float64: Typed<PrimitiveShape, number, number | Unknown> = Object.freeze({
  kind: "float64",
  type: cty.number,
});

/**
 * Attribute builders: `attr.string({ required: true })`, `attr.list(t.string, { optional: true })`.
 *
 * Nested attributes (`singleNested`, `listNested`, `setNested`, `mapNested`) hold objects whose
 * attributes carry their own flags, as protocol 6's nested types do. They are named after the
 * nesting, with a `Nested` suffix, so they never read like the typed `attr.list` or
 * `attr.object`, whose elements have a type but no flags of their own.
 */
export const attr = {
  string: define(t.string),
  /** Any number, exactly: a JS number when it holds the value, else bigint or Decimal. */
  number: define(t.number),
  /**
   * A whole number in the signed 64-bit range, as `number` (safe integers) or `bigint`.
   * Config that is not whole, or out of range, is refused when validated.
   */
  int64: define(t.int64),
  /** A number as the nearest double. Config with more precision than a double is rounded. */
  float64: define(float64),
  bool: define(t.bool),
  /** Any type, chosen by the configuration: a `Dynamic` holding the value and its type. */
  dynamic: define(t.dynamic),
  list: <const E extends ValueType, const O extends OptionsOf<ListOf<E>>>(element: E, options: O) =>
    attribute(t.list(element), options),
  /** A set: an array whose order means nothing, without duplicates. */
  set: <const E extends ValueType, const O extends OptionsOf<ListOf<E>>>(element: E, options: O) =>
    attribute(t.set(element), options),
  /** A map: a plain object, one property per key. */
  map: <const E extends ValueType, const O extends OptionsOf<MapOf<E>>>(element: E, options: O) =>
    attribute(t.map(element), options),
  /**
   * An object of fixed attribute types: `attr.object({ host: t.string, port: t.number }, ...)`,
   * or with attributes config may leave out, `attr.object(t.object({...}, { optional: ["port"] }), ...)`.
   * For attributes with flags of their own, use `attr.singleNested`.
   */
  object: objectAttribute,
  tuple: <const E extends readonly ValueType[], const O extends OptionsOf<TupleOf<E>>>(
    elements: E,
    options: O,
  ) => attribute(t.tuple(elements), options),
  singleNested,
  listNested,
  setNested,
  mapNested,
} as const;

function objectAttribute<
  const A extends Readonly<Record<string, ValueType>>,
  const O extends OptionsOf<ObjectOf<A>>,
>(attributes: A, options: O): Attribute<KnownValue<ObjectOf<A>>, O, ValidationValue<ObjectOf<A>>>;
function objectAttribute<const D extends ObjectShape, const O extends OptionsOf<D>>(
  type: D,
  options: O,
): Attribute<KnownValue<D>, O, ValidationValue<D>>;
function objectAttribute(
  attributesOrType: Readonly<Record<string, ValueType>> | ValueType,
  options: AttributeOptions,
): Attribute {
  // A descriptor has a string kind; a record of descriptors holds objects only.
  const type =
    typeof attributesOrType.kind === "string"
      ? (attributesOrType as ValueType)
      : objectType(attributesOrType as Readonly<Record<string, ValueType>>);
  return attribute(type, options);
}
