// The elements of a list, set or map as the codecs write them: a set's in canonical order
// without duplicates; where the element type has `dynamic` in it, checked to share one type
// as cty requires, and a null or unknown of no known type among elements of a known type
// given that type, as go-cty writes it.
import { canonicalSet } from "../../equality.js";
import { CtyValueError, type Path } from "../../path.js";
import { type CollectionType, hasDynamicTypes, type TupleType } from "../../types.js";
import { uniformElementType } from "../../value-type.js";
import { type CtyValue, Dynamic, isUnknown } from "../../values.js";

export function collectionElements(
  type: CollectionType,
  elements: readonly CtyValue[],
  path: Path,
  keys?: readonly string[],
): readonly CtyValue[] {
  let typed = elements;
  if (hasDynamicTypes(type.element)) {
    const elementType = uniformElementType(elements, type.element, path, keys);
    if (type.element.kind === "dynamic" && elementType !== undefined) {
      typed = elements.map((e) => (e === null || isUnknown(e) ? new Dynamic(elementType, e) : e));
    }
  }
  return type.kind === "set" ? canonicalSet(typed, type.element) : typed;
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
