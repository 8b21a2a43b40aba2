// Conversions between object types and between tuple types, attribute by attribute and
// element by element, as go-cty makes them.
import type { TypedValue } from "../function.js";
import { type ObjectType, type TupleType, typeEquals, withoutOptionalAttributesDeep } from "../types.js";
import { type Conv, conversionFor, conversionsBetween } from "./conversion.js";
import { elementsOf, indexStep, objectOf, plainNull, tupleOf } from "./typed-values.js";

/**
 * An object to an object type whose attributes it has (more are dropped), each converted; an
 * optional attribute it lacks becomes null.
 */
export function objectToObject(from: ObjectType, to: ObjectType, unsafe: boolean): Conv | undefined {
  // For each wanted attribute the source has: its conversion, or null where the types are equal.
  const converts = new Map<string, Conv | null>();
  for (const name of to.attributeNames) {
    const wanted = to.attributes[name]!;
    const given = from.attributes[name];
    if (given === undefined) {
      if (to.optional.has(name)) continue;
      return undefined;
    }
    if (typeEquals(given, wanted)) {
      converts.set(name, null);
      continue;
    }
    const convert = conversionFor(given, wanted, unsafe);
    if (convert === undefined) return undefined;
    converts.set(name, convert);
  }
  return (input, path) => {
    const attributes = new Map<string, TypedValue>();
    for (const { key, element } of elementsOf(input)) {
      const convert = converts.get(key);
      if (convert === undefined) continue;
      const converted = convert ? convert(element, [...path, { attribute: key }]) : element;
      attributes.set(key, plainNull(converted));
    }
    for (const name of to.optional) {
      if (!attributes.has(name)) {
        attributes.set(name, { value: null, type: withoutOptionalAttributesDeep(to.attributes[name]!) });
      }
    }
    return objectOf(attributes);
  };
}

/** A tuple to a tuple type of the same length, element by element. */
export function tupleToTuple(from: TupleType, to: TupleType, unsafe: boolean): Conv | undefined {
  if (from.elements.length !== to.elements.length) return undefined;
  const converts = conversionsBetween(from.elements, to.elements, unsafe);
  if (converts === undefined) return undefined;
  return (input, path) =>
    tupleOf(
      elementsOf(input).map(({ index, element }) => {
        const convert = converts[index];
        return convert ? convert(element, [...path, indexStep(index)]) : element;
      }),
    );
}
