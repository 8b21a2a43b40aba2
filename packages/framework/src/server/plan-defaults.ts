// Defaults applied to Terraform's proposed new state, the first step of planning: each computed
// attribute with a default whose config is null gets the default, at every level of nesting.
// This comes before the framework decides whether the object changes at all, so an attribute
// removed from config that goes back to its default counts as a change, and one whose state
// holds the default already does not.
import { type CtyValue, isRecord } from "@tsvider/cty";
import { defaultOf } from "../schema/defaults.js";
import type { Schema } from "../schema/schema.js";
import { elementAt, innerSchema, mapObjects } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";

/**
 * The proposed object with defaults filled in. `config` is the matching config object: null
 * when config has none here (a default made the object, so everything in it is unset), and
 * undefined inside sets, whose elements cannot be paired with config's; there a null value
 * counts as unset.
 */
export function withDefaults(
  schema: Schema,
  proposed: ObjectValue,
  config: ObjectValue | null | undefined,
): ObjectValue {
  if (!hasDefaults(schema)) return proposed;
  const out: Record<string, CtyValue> = { ...proposed };
  for (const [name, entry] of Object.entries(schema)) {
    let value = proposed[name] ?? null;
    const configValue = config === undefined ? undefined : (config?.[name] ?? null);
    if (entry.kind !== "block") {
      const fallback = defaultOf(entry);
      // Unpaired (in a set), a computed-only attribute is always unset, an optional one when null.
      const unset =
        configValue === undefined ? !entry.options.optional || value === null : configValue === null;
      if (fallback !== undefined && unset) {
        // A nested attribute's default is planned as the author wrote it, the defaults of the
        // attributes inside it left aside (as terraform-plugin-framework does).
        out[name] = fallback;
        continue;
      }
    }
    if (entry.kind !== "attribute" && hasDefaults(innerSchema(entry))) {
      value = mapObjects(entry.nesting, value, (object, at) => {
        if (entry.nesting === "set" || configValue === undefined) {
          return withDefaults(innerSchema(entry), object, undefined);
        }
        const element = elementAt(entry.nesting, configValue, at);
        return withDefaults(innerSchema(entry), object, isRecord(element) ? element : null);
      });
    }
    out[name] = value;
  }
  return out;
}

const defaultsInside = new WeakMap<Schema, boolean>();

/** Whether any attribute of the schema, at any depth, has a default. */
export function hasDefaults(schema: Schema): boolean {
  let found = defaultsInside.get(schema);
  if (found === undefined) {
    found = Object.values(schema).some(
      (entry) =>
        (entry.kind !== "block" && defaultOf(entry) !== undefined) ||
        (entry.kind !== "attribute" && hasDefaults(innerSchema(entry))),
    );
    defaultsInside.set(schema, found);
  }
  return found;
}
