// The elements of a list, set or map as the codecs write them: a set's in canonical order
// without duplicates, and for any collection of dynamic values a check that they share one
// type, as cty requires of a collection's elements.
import { canonicalSet, uniformDynamicType } from "../equality.js";
import { CtyValueError, type Path } from "../path.js";
import type { CollectionType, TupleType } from "../types.js";
import type { CtyValue } from "../values.js";

export function collectionElements(
  type: CollectionType,
  elements: readonly CtyValue[],
  path: Path,
): readonly CtyValue[] {
  try {
    if (type.element.kind === "dynamic") uniformDynamicType(elements);
    return type.kind === "set" ? canonicalSet(elements, type.element) : elements;
  } catch (err) {
    if (err instanceof TypeError) throw new CtyValueError(path, err.message);
    throw err;
  }
}

/** A tuple value has exactly as many elements as its type. */
export function checkTupleLength(type: TupleType, length: number, path: Path): void {
  if (length !== type.elements.length) {
    throw new CtyValueError(
      path,
      `a tuple of ${type.elements.length} elements is required, but got ${length}`,
    );
  }
}
