// A project's schema straight from its sources: bundle the provider as a script in a temporary
// directory, read the schema from it as a host would, and remove the directory. The provider is
// also asked for its schema details (defaults, validators, replacement, import; see
// details.ts), which a tsvider provider writes to a file in that directory as it starts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleProvider } from "../bundle.js";
import type { Progress } from "../cli/command.js";
import { CliError } from "../cli/command.js";
import type { Project } from "../project.js";
import { readSchemaDetails, SCHEMA_DETAILS_FILE_ENV, type SchemaDetailsJson } from "./details.js";
import type { ProviderSchemaJson } from "./json.js";
import { readProviderSchema } from "./read.js";

export interface ProjectSchemaOptions {
  readonly signal?: AbortSignal;
  readonly progress?: Progress;
  /** Added to the provider's environment, e.g. TSVIDER_TESTMODE=true. */
  readonly env?: NodeJS.ProcessEnv;
}

/** A schema with the details the provider gave beside it (none from an older framework). */
export interface SchemaWithDetails {
  readonly schema: ProviderSchemaJson;
  readonly details?: SchemaDetailsJson;
}

export async function projectSchema(
  project: Project,
  options: ProjectSchemaOptions = {},
): Promise<ProviderSchemaJson> {
  return (await projectSchemaWithDetails(project, options)).schema;
}

export async function projectSchemaWithDetails(
  project: Project,
  options: ProjectSchemaOptions = {},
): Promise<SchemaWithDetails> {
  const dir = await mkdtemp(join(tmpdir(), "tsvider-schema-"));
  try {
    const script = join(dir, `terraform-provider-${project.type}.cjs`);
    options.progress?.step(`Bundling ${project.entry}`);
    try {
      await bundleProvider({ entry: project.entry, outfile: script, compileCache: false, minify: false });
    } catch (err) {
      throw new CliError(
        `cannot bundle the provider from ${project.entry}: ${(err as Error).message.split("\n")[0]}; fix the errors esbuild reports and run again`,
        { cause: err },
      );
    }
    options.signal?.throwIfAborted();
    options.progress?.step("Reading the schema (GetProviderSchema)");
    const detailsFile = join(dir, "schema-details.json");
    const schema = await readProviderSchema({
      executable: process.execPath,
      args: [script],
      name: `the provider built from ${project.entry}`,
      ...(options.signal ? { signal: options.signal } : {}),
      env: { ...options.env, [SCHEMA_DETAILS_FILE_ENV]: detailsFile },
    });
    const details = await readSchemaDetails(detailsFile);
    return details === undefined ? { schema } : { schema, details };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
