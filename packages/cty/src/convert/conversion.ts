// go-cty's conversion table: which conversion goes from one type to another (safe ones only,
// or unsafe ones too), and the checks every conversion makes first (marks set aside and put
// back, conversion to `dynamic` passing the value through, nulls and unknowns converted by
// type alone).
import type { TypedValue } from "../function.js";
import type { Path } from "../path.js";
import { type CtyType, isPrimitiveType, typeEquals, withoutOptionalAttributesDeep } from "../types.js";
import { isUnknown, Marked, mark } from "../values.js";
import {
  collectionToList,
  collectionToMap,
  collectionToSet,
  mapToObject,
  objectToMap,
  tupleToList,
  tupleToSet,
} from "./collection.js";
import { dynamicReplace, prepareUnknownResult } from "./dynamic.js";
import { ConversionError } from "./error.js";
import { mismatchMessage } from "./mismatch.js";
import { primitiveConversion } from "./primitive.js";
import { objectToObject, tupleToTuple } from "./structural.js";

/**
 * A conversion on values of their own type (see typed-values.ts); `path` is where the value
 * sits, for errors. Throws ConversionError.
 */
export type Conv = (input: TypedValue, path: Path) => TypedValue;

/**
 * Each type's conversion to the type at the same place in `targets` (undefined where the two
 * are equal); undefined if one has none.
 */
export function conversionsBetween(
  types: readonly CtyType[],
  targets: readonly CtyType[],
  unsafe: boolean,
): (Conv | undefined)[] | undefined {
  const conversions: (Conv | undefined)[] = [];
  for (const [i, t] of types.entries()) {
    const target = targets[i]!;
    if (typeEquals(t, target)) {
      conversions.push(undefined);
      continue;
    }
    const convert = conversionFor(t, target, unsafe);
    if (convert === undefined) return undefined;
    conversions.push(convert);
  }
  return conversions;
}

/** Each type's conversion to `target` (undefined where equal); undefined if one has none. */
export function conversionsTo(
  types: readonly CtyType[],
  target: CtyType,
  unsafe: boolean,
): (Conv | undefined)[] | undefined {
  return conversionsBetween(
    types,
    types.map(() => target),
    unsafe,
  );
}

/** go-cty's getConversion: the conversion with the standard checks around it, or undefined. */
export function conversionFor(from: CtyType, to: CtyType, unsafe: boolean): Conv | undefined {
  const convertKnown = knownConversion(from, to, unsafe);
  if (convertKnown === undefined) return undefined;
  const run: Conv = (input, path) => {
    if (input.value instanceof Marked) {
      const { marks } = input.value;
      const out = run({ value: input.value.value, type: input.type }, path);
      return { value: mark(out.value, ...marks), type: out.type };
    }
    if (to.kind === "dynamic") return input;
    if (input.value === null || isUnknown(input.value)) {
      // Nulls and unknowns never take a type with optional attributes, so that the elements
      // of a collection agree on one type.
      const target = dynamicReplace(input.type, withoutOptionalAttributesDeep(to));
      if (input.value === null) return { value: null, type: target };
      return { value: prepareUnknownResult(input, target), type: target };
    }
    return convertKnown(input, path);
  };
  return run;
}

/** go-cty's getConversionKnown: the conversion of known, non-null, unmarked values. */
function knownConversion(from: CtyType, to: CtyType, unsafe: boolean): Conv | undefined {
  if (to.kind === "dynamic") return (input) => input;
  // A value whose type is not known yet may still convert once it is: decide then.
  if (unsafe && from.kind === "dynamic") return dynamicFixup(to);
  if (isPrimitiveType(from) && isPrimitiveType(to)) return primitiveConversion(from, to, unsafe);
  if (from.kind === "object" && to.kind === "object") return objectToObject(from, to, unsafe);
  if (from.kind === "tuple" && to.kind === "tuple") return tupleToTuple(from, to, unsafe);
  if (to.kind === "list" && (from.kind === "list" || from.kind === "set")) {
    if (typeEquals(from.element, to.element)) return collectionToList(to.element, undefined);
    const element = conversionFor(from.element, to.element, unsafe);
    return element && collectionToList(to.element, element);
  }
  if (to.kind === "set" && (from.kind === "list" || from.kind === "set")) {
    // A list to a set loses order and duplicates: unsafe.
    if (from.kind === "list" && !unsafe) return undefined;
    if (typeEquals(from.element, to.element)) return collectionToSet(to.element, undefined);
    const element = conversionFor(from.element, to.element, unsafe);
    return element && collectionToSet(to.element, element);
  }
  if (to.kind === "map" && from.kind === "map") {
    // No shortcut for equal element types here, as in go-cty: map(string) to map(string)
    // has no conversion, since string to string has none.
    const element = conversionFor(from.element, to.element, unsafe);
    return element && collectionToMap(to.element, element);
  }
  if (to.kind === "list" && from.kind === "tuple") return tupleToList(from, to.element, unsafe);
  if (to.kind === "set" && from.kind === "tuple") return tupleToSet(from, to.element, unsafe);
  if (to.kind === "map" && from.kind === "object") return objectToMap(from, to.element, unsafe);
  // A map's keys may not be the object's attributes: unsafe.
  if (to.kind === "object" && from.kind === "map") return unsafe ? mapToObject(from, to, unsafe) : undefined;
  // Capsule types convert only through operations their definitions give, and ours give none.
  return undefined;
}

/**
 * The conversion, decided when the value arrives, of a value whose type was not known when
 * the conversion was made: go-cty's Convert on the value, its errors placed under `path`.
 */
function dynamicFixup(to: CtyType): Conv {
  return (input, path) => {
    try {
      return convertValue(input, to, true);
    } catch (err) {
      if (err instanceof ConversionError) throw new ConversionError([...path, ...err.path], err.reason);
      throw err;
    }
  };
}

/**
 * go-cty's Convert (with `unsafe`; go-cty's is always unsafe): a value already of the wanted
 * type (optional attributes aside) is returned as it is; else the conversion from the value's
 * own type, or a ConversionError with go-cty's mismatch message.
 */
export function convertValue(input: TypedValue, to: CtyType, unsafe: boolean): TypedValue {
  if (typeEquals(input.type, withoutOptionalAttributesDeep(to))) return input;
  const conv = conversionFor(input.type, to, unsafe);
  if (conv === undefined) throw new ConversionError([], mismatchMessage(input.type, to));
  return conv(input, []);
}
