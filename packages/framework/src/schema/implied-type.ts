// The cty type of a schema's values, as Terraform implies it from the schema (configschema's
// ImpliedType): every value the framework decodes or encodes for a resource or a provider has
// this type. Nested attributes and list, set and map blocks are collections of objects; single
// and group blocks are objects. Optional-attribute markers are left out: they only tell
// Terraform how to convert config, and values on the wire always hold every attribute.
// (Terraform gives a list or map block with `dynamic` inside a dynamic type instead; check.ts
// refuses such blocks, so that case never arises here.)
import * as cty from "@tsvider/cty";
import type { Block } from "./blocks.js";
import type { NestedAttribute } from "./nested.js";
import type { Schema, SchemaEntry } from "./schema.js";

// Schemas are frozen, so each one's type is worked out once; the server asks for the types of
// nested objects on every request.
const cache = new WeakMap<Schema, cty.ObjectType>();

export function impliedType(schema: Schema): cty.ObjectType {
  let type = cache.get(schema);
  if (!type) {
    const attributes: Record<string, cty.CtyType> = {};
    for (const [name, entry] of Object.entries(schema)) attributes[name] = entryType(entry);
    type = cty.object(attributes);
    cache.set(schema, type);
  }
  return type;
}

/** The cty type of one attribute's or block's value. */
export function entryType(entry: SchemaEntry): cty.CtyType {
  switch (entry.kind) {
    case "attribute":
      return cty.withoutOptionalAttributesDeep(entry.type);
    case "nested":
      return nest(entry.nesting, impliedType(entry.attributes));
    case "block":
      return nest(entry.nesting, impliedType(entry.schema));
  }
}

/** The type of one element of a nested attribute or block: the object its schema implies. */
export function elementType(entry: NestedAttribute | Block): cty.ObjectType {
  return impliedType(entry.kind === "nested" ? entry.attributes : entry.schema);
}

function nest(nesting: NestedAttribute["nesting"] | Block["nesting"], object: cty.ObjectType): cty.CtyType {
  switch (nesting) {
    case "single":
    case "group":
      return object;
    case "list":
      return cty.list(object);
    case "set":
      return cty.set(object);
    case "map":
      return cty.map(object);
  }
}
