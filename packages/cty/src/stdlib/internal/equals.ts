// go-cty's Value.Equals: equality that knows about unknowns. Where a value is unknown the
// answer is unknown, unless what is known about it (its type, its refinements) already rules
// equality out; nulls of any type equal one another; numbers compare by value.

import type { TypedValue } from "../../function.js";
import { compareNumbers } from "../../internal/set-elements.js";
import { containsMarks, unmarkDeep } from "../../marks.js";
import { refine } from "../../refinement.js";
import {
  bool,
  type CtyType,
  compareBytewise,
  conformanceErrors,
  hasDynamicTypes,
  typeEquals,
} from "../../types.js";
import {
  type CtyNumber,
  type CtyValue,
  isUnknown,
  Marked,
  mark,
  numbersEqual,
  RefinedUnknown,
} from "../../values.js";
import { typedAt } from "./go-typed.js";
import { goLength, goMaxInt } from "./length.js";
import { ValueIndex } from "./value-index.js";

/** go-cty's answer when equality cannot be decided yet: an unknown bool, known not to be null. */
export const unknownBool: CtyValue = refine(bool, { notNull: true });

/**
 * go-cty's `a.Equals(b)`: true, false, or an unknown bool (`unknownBool`). Marks anywhere in
 * either value mark the answer (only their own marks when exactly one of them is null).
 *
 * go-cty walks object attributes and map keys in Go's random map order and stops at the first
 * attribute that decides; when one attribute is unequal and another undecidable its answer
 * varies from call to call. We walk them in key order.
 */
export function ctyEquals(a: TypedValue, b: TypedValue): CtyValue {
  if (containsMarks(a.value, a.type) || containsMarks(b.value, b.type)) {
    const ua = unmarkDeep(a.value, a.type);
    const ub = unmarkDeep(b.value, b.type);
    let marks = [...ua.marks, ...ub.marks];
    if ((ua.value === null) !== (ub.value === null)) {
      marks = [...ownMarks(a.value), ...ownMarks(b.value)];
    }
    return mark(equalsUnmarked(typedAt(ua.value, a.type), typedAt(ub.value, b.type)), ...marks);
  }
  return equalsUnmarked(typedAt(a.value, a.type), typedAt(b.value, b.type));
}

function ownMarks(value: CtyValue): Iterable<unknown> {
  return value instanceof Marked ? value.marks : [];
}

function equalsUnmarked(a: TypedValue, b: TypedValue): CtyValue {
  const aKnown = !isUnknown(a.value);
  const bKnown = !isUnknown(b.value);
  if (a.value === null && definitelyNotNull(b.value)) return false;
  if (b.value === null && definitelyNotNull(a.value)) return false;
  if (aKnown && !bKnown && rangeIncludes(b, a) === false) return false;
  if (bKnown && !aKnown && rangeIncludes(a, b) === false) return false;

  if (!aKnown && !bKnown) return unknownBool;
  if (!aKnown || !bKnown) {
    const [known, unknown] = aKnown ? [a, b] : [b, a];
    // A null equals an unknown that turns out null, of whatever type.
    if (known.value === null || hasDynamicTypes(unknown.type)) return unknownBool;
    return typeEquals(known.type, unknown.type) ? unknownBool : false;
  }

  if (a.value === null || b.value === null) return a.value === null && b.value === null;
  if (!hasWhollyKnownType(a) || !hasWhollyKnownType(b)) {
    const neither =
      conformanceErrors(a.type, b.type).length > 0 && conformanceErrors(b.type, a.type).length > 0;
    return neither ? false : unknownBool;
  }
  if (!typeEquals(a.type, b.type)) return false;
  return equalsSameType(a.value, b.value, a.type);
}

/** Known, non-null, unmarked values of one type with no value of unknown type inside. */
function equalsSameType(a: CtyValue, b: CtyValue, type: CtyType): CtyValue {
  switch (type.kind) {
    case "number":
      return numbersEqual(a as CtyNumber, b as CtyNumber);
    case "string":
    case "bool":
      return a === b;
    case "list":
    case "tuple": {
      const as = a as readonly CtyValue[];
      const bs = b as readonly CtyValue[];
      if (as.length !== bs.length) return false;
      for (let i = 0; i < as.length; i++) {
        const t = type.kind === "tuple" ? type.elements[i]! : type.element;
        const eq = equalsUnmarked(typedAt(as[i]!, t), typedAt(bs[i]!, t));
        if (eq !== true) return eq;
      }
      return true;
    }
    case "object": {
      const ar = a as Record<string, CtyValue>;
      const br = b as Record<string, CtyValue>;
      for (const n of type.attributeNames) {
        const t = type.attributes[n]!;
        const eq = equalsUnmarked(typedAt(ar[n] ?? null, t), typedAt(br[n] ?? null, t));
        if (eq !== true) return eq;
      }
      return true;
    }
    case "map": {
      const ar = a as Record<string, CtyValue>;
      const br = b as Record<string, CtyValue>;
      const keys = Object.keys(ar).sort(compareBytewise);
      if (keys.length !== Object.keys(br).length) return false;
      for (const k of keys) {
        if (!Object.hasOwn(br, k)) return false;
        const eq = equalsUnmarked(typedAt(ar[k]!, type.element), typedAt(br[k]!, type.element));
        if (eq !== true) return eq;
      }
      return true;
    }
    case "set": {
      // Equal when every element of each is in the other; an unknown element in either makes
      // the answer unknown (it may turn out to be any of the other's elements).
      const as = new ValueIndex(type.element, a as readonly CtyValue[]);
      const bs = new ValueIndex(type.element, b as readonly CtyValue[]);
      if (as.elements.some(isUnknown) || bs.elements.some(isUnknown)) return unknownBool;
      return as.elements.every((e) => bs.has(e)) && bs.elements.every((e) => as.has(e));
    }
    default:
      throw new TypeError(`${type.kind} values cannot be compared here`);
  }
}

function definitelyNotNull(value: CtyValue): boolean {
  if (!isUnknown(value)) return value !== null;
  return value instanceof RefinedUnknown && value.notNull === true;
}

/**
 * go-cty's HasWhollyKnownType: false when the value is, or holds, an unknown of unknown type
 * (whose type, once known, could still make the values equal).
 */
function hasWhollyKnownType({ value, type }: TypedValue): boolean {
  if (value === null) return true;
  if (isUnknown(value)) return !hasDynamicTypes(type);
  switch (type.kind) {
    case "list":
    case "set":
      return (value as readonly CtyValue[]).every((e) => hasWhollyKnownType(typedAt(e, type.element)));
    case "tuple":
      return (value as readonly CtyValue[]).every((e, i) =>
        hasWhollyKnownType(typedAt(e, type.elements[i]!)),
      );
    case "map":
      return Object.values(value as Record<string, CtyValue>).every((e) =>
        hasWhollyKnownType(typedAt(e, type.element)),
      );
    case "object": {
      const record = value as Record<string, CtyValue>;
      return type.attributeNames.every((n) =>
        hasWhollyKnownType(typedAt(record[n] ?? null, type.attributes[n]!)),
      );
    }
    default:
      return true;
  }
}

/**
 * go-cty's ValueRange.Includes, for an unknown `range` and a known `candidate`, reduced to
 * what Equals uses: false when the candidate cannot be what the unknown turns out to be,
 * undefined when that cannot be ruled out.
 */
function rangeIncludes(range: TypedValue, candidate: TypedValue): false | undefined {
  const r = range.value instanceof RefinedUnknown ? range.value : undefined;
  if (candidate.value === null) return r?.notNull ? false : undefined;
  if (conformanceErrors(candidate.type, range.type).length > 0) return false;
  if (r === undefined) return undefined; // nothing known beyond the type
  switch (range.type.kind) {
    case "string":
      return r.stringPrefix !== undefined && !(candidate.value as string).startsWith(r.stringPrefix)
        ? false
        : undefined;
    case "number": {
      // go-cty treats a missing bound as an exclusive infinity, so an infinite candidate is
      // outside the range of any refined unknown number without a bound on that side.
      const v = candidate.value as CtyNumber;
      const lower = r.numberLower ?? { value: Number.NEGATIVE_INFINITY, inclusive: false };
      const upper = r.numberUpper ?? { value: Number.POSITIVE_INFINITY, inclusive: false };
      const low = compareNumbers(v, lower.value);
      const high = compareNumbers(v, upper.value);
      if (low < 0 || (low === 0 && !lower.inclusive)) return false;
      if (high > 0 || (high === 0 && !upper.inclusive)) return false;
      return undefined;
    }
    case "list":
    case "set":
    case "map": {
      const length = goLength(candidate.value, candidate.type);
      const [shortest, longest] = isUnknown(length)
        ? lengthRangeOf(length)
        : [BigInt(length as number), BigInt(length as number)];
      if (longest < BigInt(r.lengthLower ?? 0)) return false;
      if (shortest > BigInt(r.lengthUpper ?? goMaxInt)) return false;
      return undefined;
    }
    default:
      return undefined;
  }
}

function lengthRangeOf(length: CtyValue): [bigint, bigint] {
  const r = length as RefinedUnknown;
  return [BigInt(r.numberLower!.value as number), BigInt(r.numberUpper!.value as number)];
}
