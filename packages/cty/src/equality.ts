import type { CtyType } from "./types.js";
import { type CtyNumber, type CtyValue, isUnknown, numbersEqual } from "./values.js";

/**
 * Whether two values of `type` are the same, as cty's RawEquals sees it: unknown equals only
 * unknown, null only null, numbers by value whatever their JS representation.
 */
export function valuesEqual(a: CtyValue, b: CtyValue, type: CtyType): boolean {
  if (a === b) return true;
  if (a === null || b === null || isUnknown(a) || isUnknown(b)) return false;
  switch (type.kind) {
    case "string":
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
    case "set":
    case "dynamic":
    case "capsule":
      throw new TypeError(
        `comparing ${type.kind} values is not supported by this version of @tsvider/cty yet`,
      );
  }
}
