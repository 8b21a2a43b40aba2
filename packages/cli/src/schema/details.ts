// What a tsvider provider says about its schema beyond `providers schema -json`: custom types, defaults, the
// validators that describe themselves, replacement and importability. The provider writes it
// when started with TSVIDER_SCHEMA_DETAILS_FILE (packages/framework/src/server/schema-details.ts
// writes it; keep the two in step); `tsvider docs` shows it on each page. A provider built with
// another framework, or a schema read from a file a host printed, has none, and the pages then
// hold what the schema alone says.
import { readFile } from "node:fs/promises";
import { CliError } from "../cli/command.js";

/** The environment variable that asks the provider for its schema details, naming the file. */
export const SCHEMA_DETAILS_FILE_ENV = "TSVIDER_SCHEMA_DETAILS_FILE";

export interface SchemaDetailsJson {
  readonly format_version: number;
  readonly provider?: BlockDetailsJson;
  readonly resource_schemas?: Readonly<Record<string, ResourceDetailsJson>>;
  readonly data_source_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly ephemeral_resource_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly list_resource_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly action_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly state_store_schemas?: Readonly<Record<string, BlockDetailsJson>>;
}

export interface ResourceDetailsJson extends BlockDetailsJson {
  /** `terraform import` and `import {}` blocks work for this resource. */
  readonly importable?: boolean;
}

export interface BlockDetailsJson {
  readonly attributes?: Readonly<Record<string, AttributeDetailsJson>>;
  readonly block_types?: Readonly<Record<string, BlockTypeDetailsJson>>;
}

export interface BlockTypeDetailsJson extends BlockDetailsJson {
  /** What the block's validators require, each a sentence or a phrase. */
  readonly validators?: readonly string[];
}

/** A custom type: a string, number or bool of a particular form that the provider checks. */
export interface CustomTypeDetailsJson {
  /** The type's name: "RFC 3339 timestamp". */
  readonly name: string;
  /** One sentence on what a value looks like and when two are the same, when the type has one. */
  readonly description?: string;
}

export interface AttributeDetailsJson {
  /** The attribute's value is of a custom type, which the schema shows as its base type. */
  readonly custom_type?: CustomTypeDetailsJson;
  /** Each element of the attribute's list, set or map is of a custom type. */
  readonly element_custom_type?: CustomTypeDetailsJson;
  /** The default as cty JSON text. */
  readonly default?: string;
  /** What the attribute's validators require, each a sentence or a phrase. */
  readonly validators?: readonly string[];
  readonly requires_replace?: boolean;
  /** When a change replaces the object, in the provider's words. */
  readonly requires_replace_if?: readonly string[];
  /** A nested attribute's own attributes. */
  readonly attributes?: Readonly<Record<string, AttributeDetailsJson>>;
}

/** The only format this reader knows; a later one is ignored rather than misread. */
const FORMAT_VERSION = 1;

/**
 * The details the provider wrote to `file`, or undefined when it wrote none (a provider whose
 * framework predates them) or wrote a format this CLI does not know.
 */
export async function readSchemaDetails(file: string): Promise<SchemaDetailsJson | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  let parsed: SchemaDetailsJson;
  try {
    parsed = JSON.parse(text) as SchemaDetailsJson;
  } catch (err) {
    throw new CliError(
      `the provider wrote schema details to ${file} that are not JSON (${(err as Error).message}): its framework is broken; update @tsvider/framework and run again`,
    );
  }
  return parsed.format_version === FORMAT_VERSION ? parsed : undefined;
}
