// The one walk over an object's attributes that every codec shares: cty objects always hold
// exactly the type's attributes, so a missing or an extra one is an error naming it, unless
// the caller (reading old state) asks for leniency.
import { CtyValueError, type Path } from "../../path.js";
import type { ObjectType } from "../../types.js";

export interface ObjectFieldOptions {
  readonly missing?: "error" | "null";
  readonly extra?: "error" | "ignore";
}

/**
 * Maps each attribute of `type` through `convert`, in name order, checking the field set. A
 * Map, not a plain object: a plain object would put integer-like names ("10", "9") first in
 * numeric order, and encoders must write attributes in byte-wise order.
 */
export function mapObjectFields<T>(
  fields: object,
  type: ObjectType,
  path: Path,
  convert: (field: unknown, attributeType: ObjectType["attributes"][string], at: Path, name: string) => T,
  options: ObjectFieldOptions = {},
): Map<string, T | null> {
  const out = new Map<string, T | null>();
  for (const name of type.attributeNames) {
    const at = [...path, { attribute: name }];
    if (Object.hasOwn(fields, name)) {
      out.set(name, convert((fields as Record<string, unknown>)[name], type.attributes[name]!, at, name));
    } else if (options.missing === "null") {
      out.set(name, null);
    } else {
      throw new CtyValueError(at, "attribute is missing from the object");
    }
  }
  if (options.extra !== "ignore") {
    for (const name of Object.keys(fields)) {
      if (!Object.hasOwn(type.attributes, name)) {
        throw new CtyValueError(
          [...path, { attribute: name }],
          "unsupported attribute: the schema has no such attribute",
        );
      }
    }
  }
  return out;
}
