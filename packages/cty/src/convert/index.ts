/**
 * Conversions between cty types as go-cty's convert package makes them, and unification of several
 * types to one.
 *
 * @packageDocumentation
 */
// Conversions between cty types, as go-cty's convert package makes them: primitives to and
// from strings, collections and structures element by element, objects to subsets of
// themselves (optional attributes filled with null), and unification of several types to one.
//
// Values cross this API written for a declared type, as everywhere in this package: a
// `Dynamic` wrapper wherever the type says `dynamic`. go-cty's values instead carry their own
// type, and a conversion into a type that holds `dynamic` gives a value whose type is not that
// type: `["a", 1]` as a tuple converted to `list(dynamic)` is go-cty's `list(string)`. So each
// operation comes in two forms:
//
// - `convert` and `getConversion` return the result written for the type you asked for
//   (`to`): for `list(dynamic)` above, `[Dynamic(string, "a"), Dynamic(string, "1")]`.
// - `convertTyped` and `getTypedConversion` return `{ value, type }` with go-cty's own type of
//   the result (`list(string)`) and the value written for that type (`["a", "1"]`): what a
//   function computing its return type from a conversion wants.
//
// Known gaps: go-cty keeps numbers to a 512-bit mantissa (about 154 significant digits), so
// it rounds a longer number parsed from a string, and writes such a number as a string with
// fewer digits; we keep every digit (as the codecs do). A string with a large exponent is
// converted in time proportional to its length (held as digits and an exponent); a number
// whose text would pass 1,000,000 characters is refused (RangeError) only where it would be
// written out. Beyond big.Float's range altogether it is an infinity or zero, as in go-cty. Where go-cty's answer depends on its random map
// order (which of several failing attributes a message names) we take name order, one of the
// answers go-cty can give. Where go-cty panics (a few conversions of unknowns from `dynamic`
// or from maps whose types turn out not to fit; a unification's conversion applied to a value
// it was not made for) we throw a TypeError saying why.
//
// `getConversion` and `unify` make safe conversions unless asked for unsafe ones, as go-cty's
// GetConversion and Unify do; `convert` allows unsafe ones unless told not to, as go-cty's
// Convert does.
//
// Layout: this file is the module's public entry, `@tsvider/cty/convert`, as `stdlib/index.ts`
// is `./stdlib`; the other files of `convert/` are go-cty's convert package piece by piece:
// `conversion.ts` the table of which conversion goes from one type to another,
// `primitive.ts`, `collection.ts` and `structural.ts` the conversions of each kind,
// `unify.ts` unification, `dynamic.ts` the type and refinements of a result not known yet,
// `mismatch.ts` the messages, `error.ts` the error thrown, and `typed-values.ts` the values
// with their own types that they all work on. Code outside the folder goes through this file,
// except for `typed-values.ts`, which `function.ts` and the stdlib use for their arguments.
import type { TypedValue } from "../function.js";
import type { Path } from "../path.js";
import { type CtyType, conformanceErrors, withoutOptionalAttributesDeep } from "../types.js";
import type { CtyValue } from "../values.js";
import { type Conv, conversionFor, convertValue } from "./conversion.js";
import { dynamicReplace } from "./dynamic.js";
import { ConversionError } from "./error.js";
import { mismatchMessage as goMismatchMessage } from "./mismatch.js";
import { ownTyped, writtenFor } from "./typed-values.js";
import { unify as goUnify } from "./unify.js";

export { ConversionError };

/**
 * Options of the conversion functions (`convert`, `getConversion`, `unify`): which of go-cty's
 * conversions they may use.
 */
export interface ConversionOptions {
  /**
   * Allow conversions that can fail for some values: string to number or bool, list to set,
   * map to object, and from `dynamic` (decided when the value's type is known).
   */
  readonly unsafe?: boolean;
}

/**
 * Converts a value of the conversion's source type (written for that type) to the target
 * type, written for the target type; `path` is where the value sits, for errors. Throws a
 * ConversionError, with the path inside the value, when the value does not convert.
 */
export type Conversion = (value: CtyValue, path?: Path) => CtyValue;

/** As Conversion, but gives the result with its own type (go-cty's `Value.Type()`). */
export type TypedConversion = (value: CtyValue, path?: Path) => TypedValue;

/**
 * The conversion from `from` to `to` (go-cty's GetConversion, or GetConversionUnsafe with
 * `unsafe`), or undefined when there is none. Note that go-cty has no conversion from a
 * primitive type to itself, nor between two equal map types of primitives: check for equal
 * types first (or use `convert`, which does).
 */
export function getConversion(
  from: CtyType,
  to: CtyType,
  options?: ConversionOptions,
): Conversion | undefined {
  const typed = getTypedConversion(from, to, options);
  if (typed === undefined) return undefined;
  return (value, path) => writtenForType(typed(value, path), to);
}

/**
 * A result written for the type asked for. A result's own type fits that type but where
 * go-cty's own conversions wander (a unification's conversion of a tuple, or an unknown from
 * `dynamic`, can give another type); then, as go-cty's msgpack writer does, the result is
 * converted to it first, which can fail (a ConversionError).
 */
function writtenForType(result: TypedValue, to: CtyType): CtyValue {
  const fitting = conformanceErrors(result.type, to).length === 0 ? result : convertValue(result, to, true);
  return writtenFor(fitting.value, fitting.type, to);
}

/** getConversion, giving results with their own type. */
export function getTypedConversion(
  from: CtyType,
  to: CtyType,
  options?: ConversionOptions,
): TypedConversion | undefined {
  const conv = conversionFor(from, to, options?.unsafe ?? false);
  return conv && publicTyped(conv, from);
}

function publicTyped(conv: Conv, from: CtyType): TypedConversion {
  return (value, path = []) => conv(ownTyped(value, from, path), path);
}

/**
 * Converts a value of `from` to `to`, as go-cty's Convert: a value whose own type already is
 * `to` (optional attributes aside) comes back as it is; else it converts from its own type
 * (which, where `from` has `dynamic` in it, the value's Dynamic wrappers decide). Unsafe
 * conversions are allowed unless `options.unsafe` is false, as go-cty's Convert allows them.
 * Throws a ConversionError: go-cty's mismatch message when no conversion exists, or the
 * failure inside the value, with its path.
 */
export function convert(value: CtyValue, from: CtyType, to: CtyType, options?: ConversionOptions): CtyValue {
  return writtenForType(convertTyped(value, from, to, options), to);
}

/** convert, giving the result with its own type (go-cty's `Value.Type()` of the result). */
export function convertTyped(
  value: CtyValue,
  from: CtyType,
  to: CtyType,
  options?: ConversionOptions,
): TypedValue {
  return convertValue(ownTyped(value, from), to, options?.unsafe ?? true);
}

/**
 * The type go-cty gives the result of converting a null or unknown of `from` to `to` (undefined
 * when not even an unsafe conversion exists): `to` without optional attributes, its `dynamic`
 * parts taken from `from` (a tuple's element types unified for a list or set, an object's
 * attribute types for a map). A known value's result usually has this type too, but not
 * always: where `from` has `dynamic` in it the value's own types decide, and go-cty has
 * quirks: a set holding unknowns converts to an unknown list of the set's own element type;
 * an optional attribute a map lacks is a null of the attribute's type as written (optional
 * attributes and `dynamic` inside kept); an empty collection converted to one whose element
 * type has `dynamic` inside keeps it. Use convertTyped for the type of a particular result.
 */
export function conversionResultType(from: CtyType, to: CtyType): CtyType | undefined {
  if (conversionFor(from, to, true) === undefined) return undefined;
  // Lenient where go-cty would panic: a map's element type that cannot fill an optional
  // tuple attribute leaves that attribute's type as wanted.
  return dynamicReplace(from, withoutOptionalAttributesDeep(to), true);
}

/** What `unify` found for a list of types: the one type they all convert to, and each one's conversion. */
export interface Unification {
  /** The type all the given types convert to. */
  readonly type: CtyType;
  /** For each given type, its conversion to `type` (results written for `type`); undefined where none is needed. */
  readonly conversions: readonly (Conversion | undefined)[];
  /** The same conversions, giving results with their own type. */
  readonly typedConversions: readonly (TypedConversion | undefined)[];
}

/**
 * The most general type all the given types convert to, and each one's conversion (go-cty's
 * Unify, or UnifyUnsafe with `unsafe`); undefined when there is none, or no types. With
 * `dynamic` among types of one structural kind the result is `dynamic`, and its conversions
 * give an unknown of unknown type whatever the value, as go-cty's do.
 */
export function unify(types: readonly CtyType[], options?: ConversionOptions): Unification | undefined {
  const unified = goUnify(types, options?.unsafe ?? false);
  if (unified === undefined) return undefined;
  const typedConversions = unified.conversions.map((conv, i) => conv && publicTyped(conv, types[i]!));
  const conversions = typedConversions.map(
    (typed): Conversion | undefined =>
      typed && ((value, path) => writtenForType(typed(value, path), unified.type)),
  );
  return { type: unified.type, conversions, typedConversions };
}

/**
 * Why a value of type `got` does not convert to `want`, in go-cty's words (its
 * MismatchMessage): for a message after a conversion failed, not a test of convertibility.
 */
export function mismatchMessage(got: CtyType, want: CtyType): string {
  return goMismatchMessage(got, want);
}
