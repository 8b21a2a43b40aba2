// Nested attributes (protocol 6 `nested_type`): an attribute whose value is an object, or a
// list, set or map of objects, and whose own attributes carry their own flags (required,
// computed, sensitive, ...). Config sets them with `=`, unlike blocks.
import type { Attribute, AttributeOptions } from "./attributes.js";

export type NestingMode = "single" | "list" | "set" | "map";

/** The attributes of a nested attribute's objects: plain or nested, never blocks. */
export type NestedAttributes = Readonly<Record<string, AnyAttribute>>;

export interface NestedAttribute<
  N extends NestingMode = NestingMode,
  A extends NestedAttributes = NestedAttributes,
  O extends AttributeOptions = AttributeOptions,
> {
  readonly kind: "nested";
  readonly nesting: N;
  readonly attributes: A;
  readonly options: O;
}

/** Anything that is set with `=` in config. */
export type AnyAttribute = Attribute<unknown, AttributeOptions, unknown> | NestedAttribute;

function define<N extends NestingMode>(nesting: N) {
  return <const A extends NestedAttributes, const O extends AttributeOptions>(
    attributes: A,
    options: O,
  ): NestedAttribute<N, A, O> =>
    Object.freeze({ kind: "nested", nesting, attributes: Object.freeze({ ...attributes }), options });
}

/** One object: `attr.singleNested({ size: attr.number({ required: true }) }, { optional: true })`. */
export const singleNested = define("single");
/** A list of objects, in the order config gives them. */
export const listNested = define("list");
/** A set of objects: order means nothing, duplicates collapse. No dynamic or write-only inside. */
export const setNested = define("set");
/** A map of objects, by key. */
export const mapNested = define("map");
