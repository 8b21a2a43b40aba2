// The one walk over an object's attributes that every codec shares: cty objects always hold
// exactly the type's attributes, so a missing or an extra one is an error naming it, unless
// the caller (reading old state) asks for leniency.
import { CtyValueError, type Path } from "../path.js";
import { type ObjectType, sortedAttributeNames } from "../types.js";

export interface ObjectFieldOptions {
  readonly missing?: "error" | "null";
  readonly extra?: "error" | "ignore";
}

/** Maps each attribute of `type` through `convert`, in name order, checking the field set. */
export function mapObjectFields<T>(
  fields: object,
  type: ObjectType,
  path: Path,
  convert: (field: unknown, attributeType: ObjectType["attributes"][string], at: Path) => T,
  options: ObjectFieldOptions = {},
): Record<string, T | null> {
  const out: Record<string, T | null> = {};
  for (const name of sortedAttributeNames(type)) {
    const at = [...path, { attribute: name }];
    if (Object.hasOwn(fields, name)) {
      out[name] = convert((fields as Record<string, unknown>)[name], type.attributes[name]!, at);
    } else if (options.missing === "null") {
      out[name] = null;
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
