// The type a value has, as go-cty's Value.Type() reports it, when the type it was written for
// contains `dynamic`: each dynamic part replaced by the type of the value found there. cty
// requires the elements of a list, set or map to share one such type; go-cty panics on
// elements that do not (Terraform would crash), so the codecs check it first.
import { CtyValueError, type Path } from "./path.js";
import {
  type CtyType,
  dynamic,
  friendlyName,
  hasDynamicTypes,
  list,
  map,
  object,
  set,
  tuple,
  typeEquals,
  typeToJSONText,
} from "./types.js";
import { type CtyValue, Dynamic, isRecord, isUnknown, Marked } from "./values.js";

/**
 * The type go-cty gives this value, which was written for `type`: `type` itself when it has
 * no `dynamic` in it or the value is null or unknown; else `dynamic` parts resolved from the
 * `Dynamic` wrappers found in the value (a plain null or Unknown in a dynamic slot stays
 * `dynamic`). A known list, set or map takes its elements' type, as go-cty's ListVal does.
 */
export function typeOfValue(value: CtyValue, type: CtyType): CtyType {
  if (!hasDynamicTypes(type)) return type;
  const v = value instanceof Marked ? value.value : value;
  if (type.kind === "dynamic") return v instanceof Dynamic ? typeOfValue(v.value, v.type) : dynamic;
  if (v === null || isUnknown(v)) return type;
  switch (type.kind) {
    case "list":
    case "set":
    case "map": {
      const elements = Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : [];
      const elementType = uniformElementType(elements, type.element, []);
      if (elementType === undefined) return type;
      return type.kind === "list"
        ? list(elementType)
        : type.kind === "set"
          ? set(elementType)
          : map(elementType);
    }
    case "tuple": {
      const elements = Array.isArray(v) ? v : [];
      return tuple(type.elements.map((t, i) => typeOfValue(elements[i] ?? null, t)));
    }
    case "object": {
      const record = isRecord(v) ? v : {};
      const attributes: Record<string, CtyType> = {};
      for (const name of type.attributeNames) {
        Object.defineProperty(attributes, name, {
          value: typeOfValue(Object.hasOwn(record, name) ? record[name]! : null, type.attributes[name]!),
          enumerable: true,
        });
      }
      return object(attributes, type.optional);
    }
    default:
      return type;
  }
}

/**
 * The one type the elements of a collection of `elementType` have (see typeOfValue), or
 * undefined when there are none, or none but null or unknown values of no known type. An
 * element whose type is unknown (`dynamic`) goes with any other, as in go-cty; two that
 * differ fail with a CtyValueError naming the second.
 */
export function uniformElementType(
  elements: readonly CtyValue[],
  elementType: CtyType,
  path: Path,
  keys?: readonly string[],
): CtyType | undefined {
  if (!hasDynamicTypes(elementType)) return elements.length > 0 ? elementType : undefined;
  const shared = sharedElementType(
    elements.map((e) => typeOfValue(e, elementType)),
    path,
    keys,
  );
  return shared.kind === "dynamic" ? undefined : shared;
}

/**
 * The element type go-cty gives a list, set or map of elements of these types (ListVal,
 * SetVal, MapVal): the first that is not `dynamic`, or `dynamic` when none is; an element of
 * no known type goes with any other. Where a later one differs (go-cty panics), undefined.
 */
export function elementTypeOf(types: readonly CtyType[]): CtyType | undefined {
  const conflict = elementTypeConflict(types);
  return conflict === undefined ? (types.find((t) => t.kind !== "dynamic") ?? dynamic) : undefined;
}

/**
 * As elementTypeOf, but two elements of different types fail with a CtyValueError at the
 * second (at `path` and the element's index, or its key from `keys`).
 */
export function sharedElementType(types: readonly CtyType[], path: Path, keys?: readonly string[]): CtyType {
  const conflict = elementTypeConflict(types);
  if (conflict === undefined) return types.find((t) => t.kind !== "dynamic") ?? dynamic;
  const [firstIndex, index] = conflict;
  const first = types[firstIndex]!;
  const type = types[index]!;
  // Friendly names say "tuple" for every tuple type; then the type JSON shows the difference.
  const named = friendlyName(first) !== friendlyName(type);
  const describe = (t: CtyType) => (named ? friendlyName(t) : typeToJSONText(t));
  throw new CtyValueError(
    [...path, keys ? { key: keys[index]! } : { index }],
    `the elements of a collection must all have one type: element ${firstIndex} is ${describe(first)}, this one is ${describe(type)}`,
  );
}

/** The indexes of the first type that is not `dynamic` and of the first later one that differs from it. */
export function elementTypeConflict(types: readonly CtyType[]): [number, number] | undefined {
  const firstIndex = types.findIndex((t) => t.kind !== "dynamic");
  if (firstIndex < 0) return undefined;
  const first = types[firstIndex]!;
  for (let i = firstIndex + 1; i < types.length; i++) {
    const t = types[i]!;
    if (t.kind !== "dynamic" && !typeEquals(t, first)) return [firstIndex, i];
  }
  return undefined;
}
