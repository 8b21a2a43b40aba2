// What only protocol 6's schemas have: nested attribute types (Schema.Attribute.nested_type).
// Everything the protocols share is translated in ../protocol/wire.ts.
import { compareBytewise } from "@tsvider/cty";
import { Schema_Object_NestingMode } from "@tsvider/rpcplugin/tfplugin6";
import type { SchemaTranslation } from "../protocol/wire.js";

export const schemaTranslationV6: SchemaTranslation = {
  nestedType: (entry, attribute) => ({
    attributes: Object.keys(entry.attributes)
      .sort(compareBytewise)
      .map((inner) => attribute(inner, entry.attributes[inner]!)),
    nesting: objectNesting[entry.nesting],
  }),
};

const objectNesting = {
  single: Schema_Object_NestingMode.SINGLE,
  list: Schema_Object_NestingMode.LIST,
  set: Schema_Object_NestingMode.SET,
  map: Schema_Object_NestingMode.MAP,
} as const;
