// Attributes: the leaves of a schema. Each carries its value type (a cty type with the
// TypeScript type of its values, see types.ts) and its flags, from which config, plan and state
// types are inferred.

import type { Unknown } from "@tsvider/cty";
import * as cty from "@tsvider/cty";
import type { CustomType } from "./custom-types.js";
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

/** Whether option `K` of `O` is written `true`. */
type IsTrue<O, K extends string> = O extends { readonly [P in K]: true } ? true : false;
/** Whether option `K` of `O` is left out or written `false` (a `boolean` may be either). */
type IsUnset<O, K extends string> = K extends keyof O
  ? O[K] extends false | undefined
    ? true
    : false
  : true;
/** `Then` when `C` is true, else nothing to add. */
type When<C extends boolean, Then> = C extends true ? Then : unknown;

type KeepsState = { readonly builtin: "useStateForUnknown" | "useNonNullStateForUnknown" };
type HasKeepStateModifier<O> = O extends { readonly planModifiers: readonly (infer M)[] }
  ? [Extract<M, KeepsState>] extends [never]
    ? false
    : true
  : false;
/** Whether `O` has a default that is a number literal with a fraction or an exponent (1.5, 1e300). */
type FractionalDefault<O> = O extends { readonly default: infer N extends number }
  ? number extends N
    ? false
    : `${N}` extends `${bigint}`
      ? false
      : true
  : false;

/**
 * The contradictions among an attribute's options that TypeScript can see where they are
 * written, which schema/check.ts (with defaults.ts and plan-modifiers.ts) also refuses at
 * start-up. Each one types the option at fault as a message no written value matches, so the
 * compiler's error lands on that option and quotes the message; the rest is `unknown`, which
 * adds nothing. An option given as a plain `boolean` (built at run time) is not judged here:
 * the start-up checks still see it. `Int` is true for `attr.int64`.
 */
export type OptionProblems<O, Int extends boolean = false> = When<
  IsTrue<O, "required">,
  {
    readonly optional?: "is contradicted by required: true. Keep one: required (must be set) or optional (may be set).";
    readonly computed?: "is contradicted by required: true. A required value comes from config; use optional + computed for a value the provider fills in.";
  }
> &
  When<
    IsTrue<O, "writeOnly">,
    {
      readonly computed?: "is contradicted by writeOnly: true. A write-only value comes only from config and is never stored; make it required or optional.";
    }
  > &
  When<
    "default" extends keyof O ? IsUnset<O, "computed"> : false,
    {
      readonly default?: "needs computed: true. Terraform lets a provider fill in only computed attributes; add computed: true (keep optional: true so config can still set it).";
    }
  > &
  When<
    Int extends true ? FractionalDefault<O> : false,
    { readonly default?: "of an int64 attribute is a whole number." }
  > &
  When<
    HasKeepStateModifier<O> extends true ? IsUnset<O, "computed"> : false,
    {
      readonly planModifiers?: "keep a prior value with useStateForUnknown(), which needs computed: true. Only a computed attribute is planned unknown; make it computed, or remove the modifier.";
    }
  >;

/**
 * The options `O` as written when nothing contradicts, else with each option at fault typed as
 * its message (not intersected with it, which would make it `never` and lose the message).
 */
export type Checked<O, Int extends boolean = false> =
  OptionProblems<O, Int> extends infer P ? ([keyof P] extends [never] ? O : Omit<O, keyof P> & P) : never;

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

/**
 * A builder of attributes of value type `D`. The options are typed `Checked<O>`: O as written,
 * inferred from the argument, or with the options at fault replaced by their messages.
 */
function define<D extends ValueType, Int extends boolean = false>(value: D) {
  return <const O extends OptionsOf<D>>(options: Checked<O, Int>) => attribute(value, options as O);
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
  int64: define<typeof t.int64, true>(t.int64),
  /** A number as the nearest double. Config with more precision than a double is rounded. */
  float64: define(float64),
  bool: define(t.bool),
  /** Any type, chosen by the configuration: a `Dynamic` holding the value and its type. */
  dynamic: define(t.dynamic),
  list: <const E extends ValueType, const O extends OptionsOf<ListOf<E>>>(element: E, options: Checked<O>) =>
    attribute(t.list(element), options as O),
  /** A set: an array whose order means nothing, without duplicates. */
  set: <const E extends ValueType, const O extends OptionsOf<ListOf<E>>>(element: E, options: Checked<O>) =>
    attribute(t.set(element), options as O),
  /** A map: a plain object, one property per key. */
  map: <const E extends ValueType, const O extends OptionsOf<MapOf<E>>>(element: E, options: Checked<O>) =>
    attribute(t.map(element), options as O),
  /**
   * An object of fixed attribute types: `attr.object({ host: t.string, port: t.number }, ...)`,
   * or with attributes config may leave out, `attr.object(t.object({...}, { optional: ["port"] }), ...)`.
   * For attributes with flags of their own, use `attr.singleNested`.
   */
  object: objectAttribute,
  tuple: <const E extends readonly ValueType[], const O extends OptionsOf<TupleOf<E>>>(
    elements: E,
    options: Checked<O>,
  ) => attribute(t.tuple(elements), options as O),
  /**
   * A value of a custom type (`types.rfc3339`, `types.json`, ... or one `customType` makes):
   * its base's value (`string`), validated as the type says, and a value equal to the prior one
   * by the type's rule keeps the prior spelling, so a respelled value plans no change.
   */
  custom: <const D extends CustomType, const O extends OptionsOf<D>>(type: D, options: O) =>
    attribute(type, options),
  singleNested,
  listNested,
  setNested,
  mapNested,
} as const;

function objectAttribute<
  const A extends Readonly<Record<string, ValueType>>,
  const O extends OptionsOf<ObjectOf<A>>,
>(attributes: A, options: Checked<O>): Attribute<KnownValue<ObjectOf<A>>, O, ValidationValue<ObjectOf<A>>>;
function objectAttribute<const D extends ObjectShape, const O extends OptionsOf<D>>(
  type: D,
  options: Checked<O>,
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
