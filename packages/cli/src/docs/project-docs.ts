// `tsvider docs` as a library: a project's documentation generated from its schema (read from
// the built provider, or from a `providers schema -json` file), compared with its docs
// directory or written over it. The command and CI scripts call these.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { CliError, type Progress } from "../cli/command.js";
import { loadProject, type Project } from "../project.js";
import type { SchemaDetailsJson } from "../schema/details.js";
import { projectSchemaWithDetails, type SchemaWithDetails } from "../schema/inspect.js";
import type { ProviderSchemaJson, SchemaDocument } from "../schema/json.js";
import { type DocsDifferences, docsDifferences, writeDocs } from "./check.js";

export { type DocsDifferences, describeDifferences, hasDifferences } from "./check.js";

import { generateDocs } from "./generate.js";
import { TemplateError } from "./template.js";

export interface ProjectDocsOptions {
  readonly project: Project;
  /** The schema, already read; else `schemaFile`; else `readSchema(project)`. */
  readonly schema?: ProviderSchemaJson;
  /**
   * With `schema` or `schemaFile`: what the provider says beyond the schema (defaults,
   * validators, replacement, import), shown on the pages. Without it they show the schema only.
   */
  readonly details?: SchemaDetailsJson;
  /** A file `tofu providers schema -json` or `terraform providers schema -json` wrote. */
  readonly schemaFile?: string;
  /** How to read the schema, and its details, from the project itself (the built provider). */
  readonly readSchema?: (project: Project) => Promise<SchemaWithDetails>;
  readonly progress?: Progress;
}

/** The docs directory's files as they should be, by path relative to it. */
export async function generateProjectDocs(options: ProjectDocsOptions): Promise<Map<string, string>> {
  const { project } = options;
  let schema = options.schema;
  let details = options.details;
  if (schema === undefined && options.schemaFile !== undefined) {
    options.progress?.step(`Reading the schema from ${options.schemaFile}`);
    schema = schemaFromFile(resolve(project.root, options.schemaFile), project);
  }
  if (schema === undefined) {
    if (options.readSchema === undefined) {
      throw new CliError(
        "no schema to document: give --schema-file <file> (from `tofu providers schema -json`)",
      );
    }
    options.progress?.step("Reading the provider's schema");
    ({ schema, details } = await options.readSchema(project));
  }
  options.progress?.step("Generating the documentation");
  try {
    return generateDocs({
      root: project.root,
      providerType: project.type,
      schema,
      ...(details === undefined ? {} : { details }),
    });
  } catch (error) {
    if (error instanceof TemplateError)
      throw new CliError(`${error.message}; fix the template and run again`, { cause: error });
    if (error instanceof Error && !(error instanceof CliError))
      throw new CliError(error.message, { cause: error });
    throw error;
  }
}

/**
 * The schema as practitioners get it, read from the project's provider, with its details:
 * test-only components (served with TSVIDER_TESTMODE=true) stay out even when the caller's
 * shell has test mode on.
 */
export function practitionerSchema(
  project: Project,
  options: { readonly signal?: AbortSignal; readonly progress?: Progress } = {},
): Promise<SchemaWithDetails> {
  return projectSchemaWithDetails(project, { ...options, env: { TSVIDER_TESTMODE: "false" } });
}

/** `tsvider docs --check` for the project holding `dir`: what differs between docs/ and its schema. */
export async function checkDocs(
  dir: string,
  options: { readonly signal?: AbortSignal } = {},
): Promise<DocsDifferences> {
  return checkProjectDocs({
    project: loadProject(dir),
    readSchema: (project) => practitionerSchema(project, options),
  });
}

export async function checkProjectDocs(options: ProjectDocsOptions): Promise<DocsDifferences> {
  return docsDifferences(options.project.root, await generateProjectDocs(options));
}

/** Writes the docs directory; returns what changed in it. */
export async function writeProjectDocs(
  options: ProjectDocsOptions,
): Promise<{ readonly files: number; readonly differences: DocsDifferences }> {
  const generated = await generateProjectDocs(options);
  const differences = docsDifferences(options.project.root, generated);
  writeDocs(options.project.root, generated);
  return { files: generated.size, differences };
}

/**
 * This provider's entry of a `providers schema -json` document: the one whose address ends in
 * `/<namespace>/<type>`, or the only one there is.
 */
export function schemaFromFile(file: string, project: Project): ProviderSchemaJson {
  let document: SchemaDocument;
  try {
    document = JSON.parse(readFileSync(file, "utf8")) as SchemaDocument;
  } catch (error) {
    throw new CliError(
      `cannot read the schema file ${file} (${(error as Error).message}): give the output of \`tofu providers schema -json\``,
    );
  }
  const entries = Object.entries(document.provider_schemas ?? {});
  const own =
    entries.find(([address]) => address.endsWith(`/${project.namespace}/${project.type}`)) ??
    (entries.length === 1 ? entries[0] : undefined);
  if (own === undefined) {
    throw new CliError(
      `${file} has no schema for ${project.namespace}/${project.type} (it has ${entries.map(([a]) => a).join(", ") || "none"}): run \`providers schema -json\` in a configuration that uses this provider`,
    );
  }
  return own[1];
}
