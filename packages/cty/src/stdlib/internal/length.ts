// The length of a collection as go-cty's Value.Length reports it: a number when known, else
// an unknown number bounded by what the collection's refinements (or a set's possible
// coalescing of unknown elements) allow.
import { canonicalSet, containsUnknown } from "../../equality.js";
import { refine } from "../../refinement.js";
import { type CtyType, number } from "../../types.js";
import { type CtyNumber, type CtyValue, isUnknown, RefinedUnknown } from "../../values.js";

/** Go's math.MaxInt, the length bound go-cty uses for "no upper bound". */
export const goMaxInt = 2n ** 63n - 1n;

/** A length bound as a cty number: small ones as JS numbers, math.MaxInt as a bigint. */
export function lengthNumber(n: number | bigint): CtyNumber {
  return typeof n === "bigint" && n > BigInt(Number.MAX_SAFE_INTEGER) ? n : Number(n);
}

/**
 * What go-cty's Range() says about the length of a list, set or map value (or of a value of
 * unknown type): exact for a known collection whose length is known, the refinements' bounds
 * for an unknown, else from zero to math.MaxInt.
 */
export function lengthBounds(value: CtyValue, type: CtyType): { lower: number; upper: number | bigint } {
  if (type.kind === "dynamic" || value === null) return { lower: 0, upper: goMaxInt };
  if (isUnknown(value)) {
    const r = value instanceof RefinedUnknown ? value : {};
    return { lower: r.lengthLower ?? 0, upper: r.lengthUpper ?? goMaxInt };
  }
  const length = goLength(value, type);
  if (isUnknown(length)) return { lower: 0, upper: goMaxInt };
  return { lower: Number(length), upper: Number(length) };
}

/**
 * go-cty's Value.Length() of an unmarked list, set, map or tuple, or of an unknown of unknown
 * type. A set holding unknowns has an unknown length (they may turn out equal to other
 * elements), from 1 to the number it holds now, unless it holds just one element.
 */
export function goLength(value: CtyValue, type: CtyType): CtyValue {
  if (type.kind === "tuple") return type.elements.length;
  if (isUnknown(value)) {
    const { lower, upper } = lengthBounds(value, type);
    return refine(number, {
      notNull: true,
      numberLower: { value: lower, inclusive: true },
      numberUpper: { value: lengthNumber(upper), inclusive: true },
    });
  }
  if (type.kind === "set") {
    const stored = canonicalSet(value as readonly CtyValue[], type.element).length;
    if (stored === 1 || !containsUnknown(value)) return stored;
    return refine(number, {
      notNull: true,
      numberLower: { value: 1, inclusive: true },
      numberUpper: { value: stored, inclusive: true },
    });
  }
  return storedLength(value, type);
}

/**
 * go-cty's LengthInt(): the number of elements a known collection holds now (a set's after
 * duplicates collapse, unknowns counted one each), or a tuple's or object's by its type.
 */
export function storedLength(value: CtyValue, type: CtyType): number {
  switch (type.kind) {
    case "tuple":
      return type.elements.length;
    case "object":
      return type.attributeNames.length;
    case "set":
      return canonicalSet(value as readonly CtyValue[], type.element).length;
    case "list":
      return (value as readonly CtyValue[]).length;
    case "map":
      return Object.keys(value as Record<string, CtyValue>).length;
    default:
      throw new TypeError(`${type.kind} values have no length`);
  }
}
