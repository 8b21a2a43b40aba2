// Conversions into lists, sets and maps (from collections, tuples and objects), and from maps
// into objects, as go-cty makes them, with go-cty's error texts and paths.
import type { TypedValue } from "../function.js";
import { goQuote } from "../internal/text/go-quote.js";
import type { Path } from "../path.js";
import {
  type CollectionType,
  type CtyType,
  list,
  type ObjectType,
  type TupleType,
  typeEquals,
  withoutOptionalAttributesDeep,
} from "../types.js";
import { Unknown } from "../values.js";
import { type Conv, conversionFor, conversionsTo } from "./conversion.js";
import { ConversionError } from "./error.js";
import { mismatchMessage } from "./mismatch.js";
import {
  elementsOf,
  indexStep,
  keyStep,
  lengthKnown,
  listOf,
  mapOf,
  objectOf,
  plainNull,
  setOf,
} from "./typed-values.js";
import { unifiedType } from "./unify.js";

/** The collection built (undefined where its elements' types differ), or go-cty's error for that. */
function allOneType(
  result: TypedValue | undefined,
  path: Path,
  what: string,
  kind: "list" | "set" | "map",
): TypedValue {
  if (result === undefined)
    throw new ConversionError(path, `${what} types must all match for conversion to ${kind}`);
  return result;
}

/** The element type of the collection being converted, for an empty result of `dynamic` elements. */
function ownElementType(input: TypedValue): CtyType {
  const { type } = input;
  if (type.kind === "list" || type.kind === "set" || type.kind === "map") return type.element;
  throw new TypeError(`a ${type.kind} has no element type`);
}

/** The element type of an empty result: the wanted one, or where that is `dynamic`, the source collection's. */
function emptyElementType(element: CtyType, input: TypedValue): () => CtyType {
  return () => (element.kind === "dynamic" ? ownElementType(input) : withoutOptionalAttributesDeep(element));
}

/** A list or set to a list of `element` (its elements converted by `convert`, if given). */
export function collectionToList(element: CtyType, convert: Conv | undefined): Conv {
  return (input, path) => {
    // A set whose unknowns may merge with other elements has an unknown length, so the list
    // is unknown. (go-cty gives it the set's element type, not the wanted one.)
    if (!lengthKnown(input)) return { value: Unknown, type: list(ownElementType(input)) };
    const elements = elementsOf(input).map(({ index, element: e }) =>
      plainNull(convert ? convert(e, [...path, indexStep(index)]) : e),
    );
    return allOneType(listOf(elements, emptyElementType(element, input)), path, "element", "list");
  };
}

/** A list or set to a set of `element`. */
export function collectionToSet(element: CtyType, convert: Conv | undefined): Conv {
  return (input, path) => {
    const elements = elementsOf(input).map(({ index, element: e }) =>
      plainNull(convert ? convert(e, [...path, indexStep(index)]) : e),
    );
    return allOneType(setOf(elements, emptyElementType(element, input)), path, "element", "set");
  };
}

/** A map to a map of `element`. */
export function collectionToMap(element: CtyType, convert: Conv): Conv {
  return (input, path) => {
    let elements = new Map<string, TypedValue>();
    for (const { key, element: e } of elementsOf(input))
      elements.set(key, convert(e, [...path, keyStep(key)]));
    if (elements.size === 0) return mapOf(elements, emptyElementType(element, input))!;
    if (isStructured(element)) elements = unifyMapElements(elements, path, false);
    const result = mapOf(elements, () => element);
    return allOneType(result, path, "element", "map");
  };
}

function isStructured(type: CtyType): boolean {
  return type.kind === "list" || type.kind === "set" || type.kind === "map" || type.kind === "object";
}

/** A tuple to a set of `element` (`dynamic`: of the tuple's element types unified). */
export function tupleToSet(from: TupleType, element: CtyType, unsafe: boolean): Conv | undefined {
  if (from.elements.length === 0) {
    return () => setOf([], () => withoutOptionalAttributesDeep(element))!;
  }
  const plan = tupleElementsPlan(from, element, unsafe);
  if (plan === undefined) return undefined;
  return (input, path) => {
    const elements = plan.convert(input, path).map(plainNull);
    const result = setOf(elements, () => plan.target);
    return allOneType(result, path, "element", "set");
  };
}

/** A tuple to a list of `element` (`dynamic`: of the tuple's element types unified). */
export function tupleToList(from: TupleType, element: CtyType, unsafe: boolean): Conv | undefined {
  if (from.elements.length === 0) {
    return () => listOf([], () => withoutOptionalAttributesDeep(element))!;
  }
  const plan = tupleElementsPlan(from, element, unsafe);
  if (plan === undefined) return undefined;
  return (input, path) => {
    // No null clean-up here, unlike the other conversions to a list.
    const elements = plan.convert(input, path);
    // go-cty unifies the converted elements at the path of the last element (its loop's
    // path variable), so errors from here sit one step deeper than the list.
    const lastPath = [...path, indexStep(elements.length - 1)];
    const unified = unifyListElements(elements, lastPath, unsafe);
    const result = listOf(unified, () => plan.target);
    return allOneType(result, path, "element", "list");
  };
}

/**
 * How a tuple's elements go into a list or set of `element`: the element type they take, and
 * each converted to it (undefined where some cannot be).
 */
function tupleElementsPlan(
  from: TupleType,
  element: CtyType,
  unsafe: boolean,
): { target: CtyType; convert: (input: TypedValue, path: Path) => TypedValue[] } | undefined {
  const target = elementTarget(from.elements, element, unsafe);
  if (target === undefined) return undefined;
  const converts = conversionsTo(from.elements, target, unsafe);
  if (converts === undefined) return undefined;
  const convert = (input: TypedValue, path: Path) =>
    elementsOf(input).map(({ index, element: e }) => {
      const convertOne = converts[index];
      return convertOne ? convertOne(e, [...path, indexStep(index)]) : e;
    });
  return { target, convert };
}

/**
 * The element type tuple elements convert to: `element`, or for `dynamic` the unification
 * of their types, which must not itself be `dynamic` unless they all are.
 */
function elementTarget(elements: readonly CtyType[], element: CtyType, unsafe: boolean): CtyType | undefined {
  if (element.kind !== "dynamic") return element;
  const unified = unifiedType(elements, unsafe);
  if (unified === undefined) return undefined;
  if (unified.kind === "dynamic" && elements.some((t) => t.kind !== "dynamic")) return undefined;
  return unified;
}

/** An object to a map of `element` (`dynamic`: of the attribute types unified). */
export function objectToMap(from: ObjectType, element: CtyType, unsafe: boolean): Conv | undefined {
  if (from.attributeNames.length === 0) {
    return () => mapOf(new Map(), () => withoutOptionalAttributesDeep(element))!;
  }
  let target = element;
  if (element.kind === "dynamic") {
    const unified = unifiedType(
      from.attributeNames.map((n) => from.attributes[n]!),
      unsafe,
    );
    if (unified === undefined) return undefined;
    target = unified;
  }
  const converts = new Map<string, Conv>();
  for (const name of from.attributeNames) {
    const attribute = from.attributes[name]!;
    if (typeEquals(attribute, target)) continue;
    const convert = conversionFor(attribute, target, unsafe);
    if (convert === undefined) return undefined;
    converts.set(name, convert);
  }
  return (input, path) => {
    let elements = new Map<string, TypedValue>();
    for (const { key, element: e } of elementsOf(input)) {
      const convert = converts.get(key);
      elements.set(key, convert ? convert(e, [...path, keyStep(key)]) : e);
    }
    if (isStructured(target)) elements = unifyMapElements(elements, path, unsafe);
    const result = mapOf(elements, () => target);
    return allOneType(result, path, "attribute", "map");
  };
}

/**
 * A map to an object: each attribute from the element of the same key (others ignored);
 * an optional attribute the map lacks is null. An optional attribute whose type the map's
 * elements cannot convert to is allowed (unsafe) as long as the map has no such element.
 */
export function mapToObject(from: CollectionType, to: ObjectType, unsafe: boolean): Conv | undefined {
  const converts = new Map<string, Conv | "impossible">();
  for (const name of to.attributeNames) {
    const attribute = to.attributes[name]!;
    if (typeEquals(attribute, from.element)) continue;
    const convert = conversionFor(from.element, attribute, unsafe);
    if (convert !== undefined) converts.set(name, convert);
    else if (to.optional.has(name) && unsafe) converts.set(name, "impossible");
    else return undefined;
  }
  return (input, path) => {
    const attributes = new Map<string, TypedValue>();
    for (const { key, element: e } of elementsOf(input)) {
      if (!Object.hasOwn(to.attributes, key)) continue;
      const convert = converts.get(key);
      let converted = e;
      if (convert === "impossible") {
        throw new ConversionError(
          path,
          `map element type is incompatible with attribute ${goQuote(key)}: ${mismatchMessage(e.type, to.attributes[key]!)}`,
        );
      }
      if (convert) converted = convert(e, [...path, keyStep(key)]);
      attributes.set(key, plainNull(converted));
    }
    for (const name of to.attributeNames) {
      if (attributes.has(name)) continue;
      // go-cty gives an absent optional attribute its type as declared, optional parts kept.
      if (to.optional.has(name)) attributes.set(name, { value: null, type: to.attributes[name]! });
      else throw new ConversionError(path, `map has no element for required attribute ${goQuote(name)}`);
    }
    return objectOf(attributes);
  };
}

/**
 * go-cty's conversionUnifyCollectionElements: the elements of a new map unified to one type,
 * each converted to it where it differs (errors at the element's key).
 */
function unifyMapElements(
  elements: ReadonlyMap<string, TypedValue>,
  path: Path,
  unsafe: boolean,
): Map<string, TypedValue> {
  const target = unifiedType(
    [...elements.values()].map((e) => e.type),
    unsafe,
  );
  if (target === undefined)
    throw new ConversionError(path, "cannot find a common base type for all elements");
  const out = new Map<string, TypedValue>();
  for (const [key, e] of elements) {
    out.set(key, typeEquals(e.type, target) ? e : convertTo(e, target, unsafe, [...path, keyStep(key)]));
  }
  return out;
}

/** go-cty's conversionUnifyListElements, for the elements of a list made from a tuple. */
function unifyListElements(elements: readonly TypedValue[], path: Path, unsafe: boolean): TypedValue[] {
  const target = unifiedType(
    elements.map((e) => e.type),
    unsafe,
  );
  if (target === undefined)
    throw new ConversionError(path, "cannot find a common base type for all elements");
  return elements.map((e, i) =>
    typeEquals(e.type, target) ? e : convertTo(e, target, unsafe, [...path, indexStep(i)]),
  );
}

function convertTo(e: TypedValue, target: CtyType, unsafe: boolean, path: Path): TypedValue {
  const convert = conversionFor(e.type, target, unsafe);
  // Unification only gives a type every element converts to.
  if (convert === undefined) throw new TypeError("unified type has no conversion from an element's type");
  return convert(e, path);
}
