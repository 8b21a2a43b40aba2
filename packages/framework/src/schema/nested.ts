// Nested attributes (protocol 6 `nested_type`): an attribute whose value is an object, or a
// list, set or map of objects, and whose own attributes carry their own flags (required,
// computed, sensitive, ...). Config sets them with `=`, unlike blocks.
import type { Unknown } from "@tsvider/cty";
import type { Attribute, AttributeOptions, Checked } from "./attributes.js";
import type { Nest, ValuesOf } from "./infer.js";

/** How a nested attribute holds its objects: one object, or a list, set or map of them. */
export type NestingMode = "single" | "list" | "set" | "map";

/** The attributes of a nested attribute's objects: plain or nested, never blocks. */
export type NestedAttributes = Readonly<Record<string, AnyAttribute>>;

/**
 * A nested attribute in a schema (protocol 6), as `attr.singleNested`, `attr.listNested`,
 * `attr.setNested` and `attr.mapNested` return it.
 */
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

/**
 * The options of a nested attribute: a default, validators and plan modifiers are typed by
 * its objects as state, config and planning hold them.
 */
export type NestedOptions<N extends NestingMode, A extends NestedAttributes> = AttributeOptions<
  Nest<N, ValuesOf<A, "state">>,
  Nest<N, ValuesOf<A, "config">>,
  Nest<N, ValuesOf<A, "planning">> | Unknown
>;

function define<N extends NestingMode>(nesting: N) {
  return <const A extends NestedAttributes, const O extends NestedOptions<N, A>>(
    attributes: A,
    // Checked: contradicting flags are type errors at the flag, as attr.*'s (attributes.ts).
    options: Checked<O>,
    // NoInfer: a schema written where a Schema is expected (defineResource's, or with
    // `satisfies Schema`) must not make TypeScript read A off that wider type while it types
    // the options; validate.each in `validators` infers its element type from A.
  ): NestedAttribute<N, NoInfer<A>, O> =>
    Object.freeze({
      kind: "nested",
      nesting,
      attributes: Object.freeze({ ...attributes }),
      options: options as O,
    });
}

/** One object: `attr.singleNested({ size: attr.number({ required: true }) }, { optional: true })`. */
export const singleNested = define("single");
/** A list of objects, in the order config gives them. */
export const listNested = define("list");
/** A set of objects: order means nothing, duplicates collapse. No dynamic or write-only inside. */
export const setNested = define("set");
/** A map of objects, by key. */
export const mapNested = define("map");
