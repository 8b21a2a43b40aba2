// Checks on values that cross between Terraform and author code.
import { type CtyType, type CtyValue, isUnknown, type ObjectType, valuesEqual } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Schema } from "../schema/attributes.js";
import type { ObjectValue } from "./provider-server.js";

/** Required attributes that are null: Terraform checks this too, but bad input must not pass. */
export function checkRequired(schema: Schema, config: ObjectValue, diagnostics: Diagnostics): void {
  for (const [name, attribute] of Object.entries(schema)) {
    if (attribute.options.required && config[name] === null) {
      diagnostics.addError(
        "Missing required argument",
        `The argument "${name}" is required, but no definition was found.`,
        [{ attribute: name }],
      );
    }
  }
}

export function isWhollyKnown(value: CtyValue, type: CtyType): boolean {
  if (isUnknown(value)) return false;
  if (value === null || type.kind !== "object") return true;
  const obj = value as ObjectValue;
  return Object.keys(type.attributes).every((n) => isWhollyKnown(obj[n] ?? null, type.attributes[n]!));
}

/** Fills attributes the author left out with null, and refuses ones the schema lacks. */
export function completeObject(
  partial: object,
  type: ObjectType,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue | undefined {
  const out: Record<string, CtyValue> = {};
  for (const name of Object.keys(type.attributes)) {
    const v = (partial as Record<string, CtyValue | undefined>)[name];
    out[name] = v === undefined ? null : v;
  }
  for (const name of Object.keys(partial)) {
    if (!Object.hasOwn(type.attributes, name)) {
      diagnostics.addError(
        `${where} returned an attribute the schema does not have`,
        `"${name}" is not in the schema. Remove it from the returned object, or add it to the schema.`,
        [{ attribute: name }],
      );
      return undefined;
    }
  }
  return out;
}

export function attributeChanged(
  a: ObjectValue | null,
  b: ObjectValue | null,
  name: string,
  type: ObjectType,
): boolean {
  return !valuesEqual(a?.[name] ?? null, b?.[name] ?? null, type.attributes[name]!);
}
