import { canonicalSetElements } from "./internal/set-elements.js";
import { type CtyType, typeEquals } from "./types.js";
import {
  type CtyNumber,
  type CtyValue,
  containsUnknown,
  Dynamic,
  isUnknown,
  Marked,
  type NumberBound,
  numbersEqual,
  RefinedUnknown,
  type Refinements,
  type Unknown,
} from "./values.js";

export { containsUnknown };

/**
 * Whether two values of `type` are the same, as cty's RawEquals sees it: unknown equals only
 * unknown, null only null, numbers by value whatever their JS representation.
 */
export function valuesEqual(a: CtyValue, b: CtyValue, type: CtyType): boolean {
  if (a === b) return true;
  if (a instanceof Marked || b instanceof Marked) {
    // Raw equality counts marks: equal values with different marks are not the same.
    if (!(a instanceof Marked && b instanceof Marked) || a.marks.size !== b.marks.size) return false;
    for (const m of a.marks) if (!b.marks.has(m)) return false;
    return valuesEqual(a.value, b.value, type);
  }
  if (isUnknown(a) || isUnknown(b)) return isUnknown(a) && isUnknown(b) && sameRefinements(a, b);
  if (a === null || b === null) return false;
  switch (type.kind) {
    case "string":
      // cty holds strings in NFC, so two spellings of one text are the same string.
      return typeof a === "string" && typeof b === "string" && a.normalize("NFC") === b.normalize("NFC");
    case "bool":
      return a === b;
    case "number":
      return numbersEqual(a as CtyNumber, b as CtyNumber);
    case "object": {
      const ao = a as Record<string, CtyValue>;
      const bo = b as Record<string, CtyValue>;
      return type.attributeNames.every((n) => valuesEqual(ao[n] ?? null, bo[n] ?? null, type.attributes[n]!));
    }
    case "list":
    case "tuple": {
      const aa = a as readonly CtyValue[];
      const ba = b as readonly CtyValue[];
      const elementType = (i: number) => (type.kind === "tuple" ? type.elements[i]! : type.element);
      return aa.length === ba.length && aa.every((e, i) => valuesEqual(e, ba[i]!, elementType(i)));
    }
    case "map": {
      const ao = a as Record<string, CtyValue>;
      const bo = b as Record<string, CtyValue>;
      const keys = Object.keys(ao);
      return (
        keys.length === Object.keys(bo).length &&
        keys.every((k) => Object.hasOwn(bo, k) && valuesEqual(ao[k]!, bo[k]!, type.element))
      );
    }
    case "set": {
      const ae = canonicalSet(a as readonly CtyValue[], type.element);
      const be = canonicalSet(b as readonly CtyValue[], type.element);
      return ae.length === be.length && ae.every((e, i) => valuesEqual(e, be[i]!, type.element));
    }
    case "dynamic": {
      if (!(a instanceof Dynamic) || !(b instanceof Dynamic)) return false;
      return typeEquals(a.type, b.type) && valuesEqual(a.value, b.value, a.type);
    }
    case "capsule":
      throw new TypeError("capsule values are compared by the application that defines them");
  }
}

/**
 * The elements of a set of `elementType`, deduplicated and in go-cty's order: the order it
 * writes them to the wire and iterates them in. Linear in the number of elements plus a sort.
 */
export function canonicalSet(elements: readonly CtyValue[], elementType: CtyType): CtyValue[] {
  if (elementType.kind === "dynamic") {
    // A set of dynamic values holds values of one type, and cty orders them as values of that
    // type; a null or unknown of no known type among them takes that type too.
    const wrapped = elements.filter((e): e is Dynamic => e instanceof Dynamic);
    const concrete = wrapped[0]?.type;
    if (concrete === undefined) return canonicalSetElements(elements, elementType, rulesFor(elementType));
    if (wrapped.some((e) => !typeEquals(e.type, concrete))) {
      throw new TypeError("the elements of a set of dynamic values must all have one type");
    }
    const inner = canonicalSet(
      elements.map((e) => (e instanceof Dynamic ? e.value : e)),
      concrete,
    );
    return inner.map((v) => new Dynamic(concrete, v));
  }
  return canonicalSetElements(elements, elementType, rulesFor(elementType));
}

function rulesFor(elementType: CtyType) {
  return {
    rawEquals: (a: CtyValue, b: CtyValue) => valuesEqual(a, b, elementType),
    equivalent: (a: CtyValue, b: CtyValue) =>
      !containsUnknown(a) && !containsUnknown(b) && valuesEqual(a, b, elementType),
    canonical: canonicalSet,
  };
}

/** Two unknowns are raw-equal when they carry the same refinements (none, for plain ones). */
function sameRefinements(a: Unknown, b: Unknown): boolean {
  const ra: Refinements = a instanceof RefinedUnknown ? a : {};
  const rb: Refinements = b instanceof RefinedUnknown ? b : {};
  const sameBound = (x?: NumberBound, y?: NumberBound) =>
    x === undefined || y === undefined
      ? x === y
      : x.inclusive === y.inclusive && numbersEqual(x.value, y.value);
  return (
    !ra.notNull === !rb.notNull &&
    ra.stringPrefix === rb.stringPrefix &&
    sameBound(ra.numberLower, rb.numberLower) &&
    sameBound(ra.numberUpper, rb.numberUpper) &&
    ra.lengthLower === rb.lengthLower &&
    ra.lengthUpper === rb.lengthUpper
  );
}
