// Blocks: nested configuration written as `name { ... }` (or `name "key" { ... }` for maps),
// each with a schema of its own that may hold attributes and further blocks. Blocks have no
// required/optional/computed flags: how many may appear is said by minItems and maxItems.
import type { Nest, ValuesOf } from "./infer.js";
import type { Schema } from "./schema.js";
import type { Validator } from "./validators.js";

/** How a block nests: one block (`single` or `group`), or many as a list, set or map. */
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
  /** See BlockChecks, which types them by the blocks' value. */
  readonly validators?: readonly unknown[];
}

/** The blocks' value as wholly known config holds it, which their validators check. */
export type BlockConfigValue<N extends BlockNesting, S extends Schema> = Nest<N, ValuesOf<S, "config">>;

/** Checks every kind of block may carry, typed by the blocks' value. */
export interface BlockChecks<C> {
  /**
   * Checks of the blocks as config writes them, run when Terraform validates config, once
   * they are known: functions, built-ins (`validate.length({ max: 3 })` counts list, set and
   * map blocks) or Standard Schemas. An absent single block (null) is skipped.
   */
  readonly validators?: readonly Validator<C>[];
}

/** A nested block in a schema, as the `block` builders return it. */
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

/**
 * A block builder. Without a default for O: options left out give the constraint, which holds
 * no item limits. (Named, so declaration files need not spell out the inferred type.) The
 * result's S is NoInfer: a block written where a Schema is expected (defineResource's, or with
 * `satisfies Schema`) must not make TypeScript read S off that wider type while it types the
 * options; validate.each in `validators` infers its element type from S.
 */
export type BlockBuilder<N extends BlockNesting, Base extends AnyBlockOptions> = <
  const S extends Schema,
  const O extends Base & BlockChecks<BlockConfigValue<N, S>>,
>(
  schema: S,
  options?: O,
) => Block<N, NoInfer<S>, O>;

function define<N extends BlockNesting, Base extends AnyBlockOptions>(nesting: N): BlockBuilder<N, Base> {
  return <S extends Schema, O extends AnyBlockOptions>(schema: S, options: O = {} as O): Block<N, S, O> =>
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
