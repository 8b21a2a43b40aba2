// go-cty stdlib, set.go: membership, and union, intersection, difference and symmetric
// difference of sets whose element types unify. Membership is by hash (go-cty's set hashing),
// so each operation is linear in the sizes of the sets.
import { unify } from "../convert/index.js";
import { containsUnknown } from "../equality.js";
import {
  ArgumentError,
  defineFunction,
  type FunctionSpec,
  type Parameter,
  type TypedValue,
} from "../function.js";
import { bool, type CollectionType, type CtyType, dynamic, set, typeEquals } from "../types.js";
import { type CtyValue, isUnknown, Unknown } from "../values.js";
import { unknownBool } from "./internal/equals.js";
import { goConvert } from "./internal/go-convert.js";
import { goPanic } from "./internal/go-panic.js";
import { goTypeString } from "./internal/go-type-string.js";
import { goTyped } from "./internal/go-typed.js";
import { storedLength } from "./internal/length.js";
import { conformingResult } from "./internal/result-check.js";
import { ValueIndex } from "./internal/value-index.js";

const notNull = { notNull: true } as const;
const anySet = (name: string): Parameter => ({ name, type: set(dynamic), allowDynamicType: true });

/**
 * The cty function `setHasElement`, a FunctionSpec to call with `callFunction`. Whether the set
 * holds elem.
 */
export const setHasElement: FunctionSpec = defineFunction({
  description:
    "Whether the set holds elem. A value of another type than the set's elements is never in it; when nothing matches but the set holds unknowns, the answer is unknown.",
  params: [anySet("set"), { name: "elem", type: dynamic, allowDynamicType: true }],
  returnType: bool,
  refineResult: notNull,
  impl: ([setArg, elemArg]) => {
    const s = goTyped(setArg!);
    const elem = goTyped(elemArg!);
    const elementType = (s.type as CollectionType).element;
    // A set holds only values of its element type.
    if (!typeEquals(elementType, elem.type)) return false;
    const index = new ValueIndex(elementType, s.value as readonly CtyValue[]);
    if (index.has(elem.value)) return true;
    // Not found among the known elements, but an unknown one may turn out to be it.
    return containsUnknown(s.value) ? unknownBool : false;
  },
});

/**
 * The set type of a set operation's result: a set of the arguments' element types unified,
 * leaving out empty sets of unknown element type (which convert to any set).
 */
function setOperationType(args: readonly TypedValue[]): CtyType {
  const elementTypes: CtyType[] = [];
  for (const arg of args) {
    const typed = goTyped(arg);
    if (typed.type.kind !== "set") {
      // go-cty asks a value of unknown type for its element type, and panics.
      throw goPanic("not a collection type");
    }
    const empty = !isUnknown(typed.value) && storedLength(typed.value, typed.type) === 0;
    if (empty && typed.type.element.kind === "dynamic") continue;
    elementTypes.push(typed.type.element);
  }
  if (elementTypes.length === 0) return set(dynamic);
  const unified = unify(elementTypes, { unsafe: true });
  if (unified === undefined) throw new Error("given sets must all have compatible element types");
  return set(unified.type);
}

type SetOperation = (a: ValueIndex, b: ValueIndex) => CtyValue[];

/**
 * The implementation of a set operation folding `op` over the arguments, each converted to
 * the result type first. Only union can work with unknown elements; the others need every
 * element known (an unknown could turn out equal to any other element).
 */
function setOperationImpl(op: SetOperation, allowUnknowns: boolean) {
  return (args: readonly TypedValue[], returnType: CtyType): CtyValue => {
    let result: ValueIndex | undefined;
    for (const [i, arg] of args.entries()) {
      let converted: TypedValue;
      try {
        converted = goConvert(goTyped(arg), returnType);
      } catch (err) {
        throw new ArgumentError(i, (err as Error).message);
      }
      if (!allowUnknowns && containsUnknown(converted.value)) return Unknown;
      // The conversion gives each set its own element type, which may not be the return
      // type's (an empty set keeps its own); go-cty's set operations then refuse to mix them.
      const elementType = (converted.type as CollectionType).element;
      if (result !== undefined && !typeEquals(result.elementType, elementType)) {
        throw goPanic(
          `incompatible set rules: cty.setRules{Type:${goTypeString(result.elementType)}}, cty.setRules{Type:${goTypeString(elementType)}}`,
        );
      }
      const index = new ValueIndex(elementType, converted.value as readonly CtyValue[]);
      result = result === undefined ? index : new ValueIndex(elementType, op(result, index));
    }
    const { elementType, elements } = result!;
    return conformingResult({ value: [...elements], type: set(elementType) }, returnType);
  };
}

const setOperation = (description: string, op: SetOperation, allowUnknowns: boolean) =>
  defineFunction({
    description,
    params: [anySet("first_set")],
    varParam: anySet("other_sets"),
    returnType: setOperationType,
    refineResult: notNull,
    impl: setOperationImpl(op, allowUnknowns),
  });

/**
 * The cty function `setUnion`, a FunctionSpec to call with `callFunction`. Every element found in
 * any of the sets, whose element types must unify.
 */
export const setUnion: FunctionSpec = setOperation(
  "Every element found in any of the sets, whose element types must unify. Unknown elements are kept, each one on its own.",
  // Unknown elements never match, so each one stays.
  (a, b) => [...a.elements, ...b.elements],
  true,
);

/**
 * The cty function `setIntersection`, a FunctionSpec to call with `callFunction`. The elements
 * found in every one of the sets.
 */
export const setIntersection: FunctionSpec = setOperation(
  "The elements found in every one of the sets. Unknown if any set holds an unknown element.",
  (a, b) => a.elements.filter((e) => b.has(e)),
  false,
);

/**
 * The cty function `setSubtract`, a FunctionSpec to call with `callFunction`. The elements of a
 * that are not in b.
 */
export const setSubtract: FunctionSpec = defineFunction({
  description: "The elements of a that are not in b. Unknown if either set holds an unknown element.",
  params: [anySet("a"), anySet("b")],
  returnType: setOperationType,
  refineResult: notNull,
  impl: setOperationImpl((a, b) => a.elements.filter((e) => !b.has(e)), false),
});

/**
 * The cty function `setSymmetricDifference`, a FunctionSpec to call with `callFunction`. The
 * elements found in an odd number of the sets (with two sets, in exactly one of them).
 */
export const setSymmetricDifference: FunctionSpec = setOperation(
  "The elements found in an odd number of the sets (with two sets, in exactly one of them). Unknown if any set holds an unknown element.",
  (a, b) => [...a.elements.filter((e) => !b.has(e)), ...b.elements.filter((e) => !a.has(e))],
  false,
);
