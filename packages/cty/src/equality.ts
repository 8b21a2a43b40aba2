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
      for (const name of Object.keys(type.attributes)) {
        if (!valuesEqual(ao[name] ?? null, bo[name] ?? null, type.attributes[name]!)) return false;
      }
      return true;
    }
  }
}
