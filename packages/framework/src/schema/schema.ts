// A schema: the attributes and blocks of a resource, a provider's configuration or a block,
// in one record. Attributes and block types share one namespace in Terraform (a block type
// may not take an attribute's name), which a single record gives by construction.
import type { Block } from "./blocks.js";
import type { AnyAttribute, NestedAttribute } from "./nested.js";

/** One entry of a schema: an attribute (plain or nested) or a block. */
export type SchemaEntry = AnyAttribute | Block;
/**
 * A schema: attributes and blocks by name. The config, plan and state types of a component are
 * inferred from it.
 */
export type Schema = Readonly<Record<string, SchemaEntry>>;

export function isBlock(entry: SchemaEntry): entry is Block {
  return entry.kind === "block";
}

export function isNested(entry: SchemaEntry): entry is NestedAttribute {
  return entry.kind === "nested";
}
