// Generators and a comparison for the collection, set, sequence, general, bool and
// conversion function tests: small types and small alphabets (so that equal elements,
// duplicates and unification happen often), nulls, unknowns, refined unknowns, and values
// shaped as go-cty holds them (see go-typed.ts), so that both sides see the same types.
import fc from "fast-check";
import type { TypedValue } from "../function.js";
import { refinedUnknownFor } from "../internal/refined-unknowns.test-support.js";
import {
  bool,
  type CtyType,
  dynamic,
  hasDynamicTypes,
  list,
  map,
  number,
  object,
  set,
  string,
  tuple,
} from "../types.js";
import { type CtyValue, Decimal, Dynamic, Unknown } from "../values.js";
import type { SameAsGoOptions } from "./go-oracle.test-support.js";
import { goTyped } from "./internal/go-typed.js";

export const primitiveTypeArb = fc.constantFrom<CtyType>(string, number, bool);
export const elementTypeArb = fc.constantFrom<CtyType>(string, number, bool, dynamic);
// (Not "__proto__": our msgpack decoder, which reads go-cty's answers, refuses that key.)
const attributeNameArb = fc.constantFrom("a", "b", "c", "é", "10");

/** Types up to two levels deep; a collection's element type has no `dynamic` below its top. */
export const smallTypeArb: fc.Arbitrary<CtyType> = fc.letrec<{ t: CtyType }>((tie) => ({
  t: fc.oneof(
    { depthSize: "small", maxDepth: 2 },
    { weight: 5, arbitrary: elementTypeArb },
    { weight: 1, arbitrary: collectionElementArb(tie("t")).map(list) },
    { weight: 1, arbitrary: collectionElementArb(tie("t")).map(set) },
    { weight: 1, arbitrary: collectionElementArb(tie("t")).map(map) },
    { weight: 1, arbitrary: fc.array(tie("t"), { maxLength: 3 }).map(tuple) },
    { weight: 1, arbitrary: fc.dictionary(attributeNameArb, tie("t"), { maxKeys: 3 }).map((a) => object(a)) },
  ),
})).t;

function collectionElementArb(t: fc.Arbitrary<CtyType>): fc.Arbitrary<CtyType> {
  return t.filter((x) => x.kind === "dynamic" || !hasDynamicTypes(x));
}

const concreteSmallTypeArb = smallTypeArb.filter((t) => !hasDynamicTypes(t));

/** Small types a collection's elements can have: `dynamic` only at the top. */
export const collectionElementTypeArb = collectionElementArb(smallTypeArb);

const numberValueArb = fc.constantFrom<CtyValue>(
  0,
  1,
  -1,
  2,
  1.5,
  new Decimal("0.1"),
  2n ** 70n,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
);
const stringValueArb = fc.constantFrom<CtyValue>("a", "b", "", "é", "a\tb", "true", "1", "ab");

export interface SmallValueOptions {
  /** Weight of null (default 1 in 12). */
  readonly nullWeight?: number;
  /** Weight of unknown and refined unknown (default 1 in 12 each). */
  readonly unknownWeight?: number;
}

/** Values of `type` from small alphabets, with nulls, unknowns and refined unknowns. */
export function smallValueFor(type: CtyType, options: SmallValueOptions = {}): fc.Arbitrary<CtyValue> {
  const nullWeight = options.nullWeight ?? 1;
  const unknownWeight = options.unknownWeight ?? 1;
  const choices: fc.WeightedArbitrary<CtyValue>[] = [
    { weight: 10, arbitrary: knownSmallValueFor(type, options) },
  ];
  if (nullWeight > 0) choices.push({ weight: nullWeight, arbitrary: fc.constant(null) });
  if (unknownWeight > 0) {
    choices.push({ weight: unknownWeight, arbitrary: fc.constant(Unknown) });
    choices.push({ weight: unknownWeight, arbitrary: refinedUnknownOf(type) });
  }
  return fc.oneof(...choices);
}

/** Known (at the top) values of `type`; elements may still be null or unknown. */
export function knownSmallValueFor(type: CtyType, options: SmallValueOptions = {}): fc.Arbitrary<CtyValue> {
  const inner = (t: CtyType) => smallValueFor(t, options);
  switch (type.kind) {
    case "string":
      return stringValueArb;
    case "number":
      return numberValueArb;
    case "bool":
      return fc.boolean();
    case "dynamic":
      return concreteSmallTypeArb.chain((t) => inner(t).map((v): CtyValue => new Dynamic(t, v)));
    case "list":
    case "set":
    case "map": {
      const many = (elements: fc.Arbitrary<CtyValue>): fc.Arbitrary<CtyValue> =>
        type.kind === "map"
          ? fc.dictionary(attributeNameArb, elements, { maxKeys: 4 })
          : fc.array(elements, { maxLength: 4 });
      if (type.element.kind !== "dynamic") return many(inner(type.element));
      // cty keeps a collection's elements to one type: pick it, then make every element.
      return concreteSmallTypeArb.chain((t) => many(inner(t).map((v): CtyValue => new Dynamic(t, v))));
    }
    case "tuple":
      return fc.tuple(...type.elements.map(inner));
    case "object":
      return fc.record(Object.fromEntries(type.attributeNames.map((n) => [n, inner(type.attributes[n]!)])));
    default:
      throw new Error(`no generator for ${type.kind}`);
  }
}

/** Unknowns with the refinements the type can take, near the known values above. */
const refinedUnknownOf = (type: CtyType) =>
  refinedUnknownFor(type, {
    stringPrefixes: ["", "a", "b", "é"],
    numberLower: fc.constantFrom(-1, 0, 1),
    numberUpper: fc.constantFrom(1, 2, 10),
  });

/** An argument of a type from `types`, shaped as go-cty holds it. */
export function argOf(
  types: fc.Arbitrary<CtyType>,
  options: SmallValueOptions = {},
): fc.Arbitrary<TypedValue> {
  return types.chain((type) => smallValueFor(type, options).map((value) => goTyped({ value, type })));
}

/** A known (at the top) argument of a type from `types`, shaped as go-cty holds it. */
export function knownArgOf(
  types: fc.Arbitrary<CtyType>,
  options: SmallValueOptions = {},
): fc.Arbitrary<TypedValue> {
  return types.chain((type) => knownSmallValueFor(type, options).map((value) => goTyped({ value, type })));
}

/** Any small argument, of any small type. */
export const anyArg = argOf(smallTypeArb);

/** Sequence types (list, set, tuple) of small element types. */
export const sequenceTypeArb: fc.Arbitrary<CtyType> = fc.oneof(
  elementTypeArb.map(list),
  elementTypeArb.map(set),
  fc.array(elementTypeArb, { maxLength: 4 }).map(tuple),
  smallTypeArb.filter((t) => t.kind === "list" || t.kind === "set" || t.kind === "tuple"),
);

/** Mapping types (map, object) of small element types. */
export const mappingTypeArb: fc.Arbitrary<CtyType> = fc.oneof(
  elementTypeArb.map(map),
  fc.dictionary(attributeNameArb, elementTypeArb, { maxKeys: 4 }).map((a) => object(a)),
  smallTypeArb.filter((t) => t.kind === "map" || t.kind === "object"),
);

/**
 * How the collection, set, sequence, general, bool and conversion tests compare with go-cty:
 * a recovered panic by its first line, and go-cty asked again where its answer depends on
 * Go's random map iteration order (see SameAsGoOptions).
 */
export const mapOrderAndPanics: SameAsGoOptions = { retryOnMapOrder: true, panicFirstLine: true };
