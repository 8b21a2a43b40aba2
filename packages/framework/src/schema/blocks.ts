// Blocks: nested configuration written as `name { ... }` (or `name "key" { ... }` for maps),
// each with a schema of its own that may hold attributes and further blocks. Blocks have no
// required/optional/computed flags: how many may appear is said by minItems and maxItems.
import type { Schema } from "./schema.js";

export type BlockNesting = "single" | "list" | "set" | "map" | "group";

/** Documentation every block may carry. */
export interface BlockOptions {
  readonly description?: string;
  /** Markdown instead of plain text in `description`. */
  readonly markdownDescription?: string;
  /** Deprecated, with the message Terraform shows to whoever still writes the block. */
  readonly deprecationMessage?: string;
}

export interface SingleBlockOptions extends BlockOptions {
  /** 1: the block must appear once (its value is never null). Default 0: at most once. */
  readonly minItems?: 0 | 1;
}

export interface ListBlockOptions extends BlockOptions {
  /** The fewest blocks config must hold. Default 0. */
  readonly minItems?: number;
  /** The most blocks config may hold; 0 (the default) for no limit. */
  readonly maxItems?: number;
}

/** What any block's options may hold (item limits where its nesting allows them). */
export interface AnyBlockOptions extends BlockOptions {
  readonly minItems?: number;
  readonly maxItems?: number;
}

export interface Block<
  N extends BlockNesting = BlockNesting,
  S extends Schema = Schema,
  O extends AnyBlockOptions = AnyBlockOptions,
> {
  readonly kind: "block";
  readonly nesting: N;
  /** The block's own attributes and blocks. */
  readonly schema: S;
  readonly options: O;
}

function define<N extends BlockNesting, Base extends AnyBlockOptions>(nesting: N) {
  return <const S extends Schema, const O extends Base = Base>(
    schema: S,
    options: O = {} as O,
  ): Block<N, S, O> =>
    Object.freeze({ kind: "block", nesting, schema: Object.freeze({ ...schema }), options });
}

/**
 * Block builders: `block.list({ port: attr.number({ required: true }) }, { maxItems: 10 })`.
 * A block's value is an object (single, group), an array of objects (list, set) or a record
 * of objects by key (map); list, set and map blocks are empty, never null, when absent.
 */
export const block = {
  /** At most one block (exactly one with `minItems: 1`); null when absent. */
  single: define<"single", SingleBlockOptions>("single"),
  /** Blocks in the order config writes them. */
  list: define<"list", ListBlockOptions>("list"),
  /** Blocks whose order means nothing; identical blocks collapse into one. */
  set: define<"set", ListBlockOptions>("set"),
  /** Labelled blocks, `name "key" { ... }`, as a record by label. */
  map: define<"map", BlockOptions>("map"),
  /**
   * At most one block that is never null: when config leaves it out, its value is the object
   * an empty block would give (attributes null, list, set and map blocks empty).
   */
  group: define<"group", BlockOptions>("group"),
} as const;
