// Which configurations both providers can run: each provider's schema (`providers schema -json`
// through the host) says which component types and functions it has, and a configuration that
// uses one the other lacks is counted as uncovered rather than compared.
import type { Workdir } from "@tsvider/conformance";
import type { Configuration, Skipped } from "./configurations.js";
import type { Renamer, Side } from "./renames.js";

/** The component types (of every kind) and the functions of one provider. */
export interface Schema {
  readonly types: ReadonlySet<string>;
  readonly functions: ReadonlySet<string>;
}

/** `providers schema -json` in an initialized `workdir`, read for its types and functions. */
export async function readSchema(workdir: Workdir): Promise<Schema> {
  const result = await workdir.run(["providers", "schema", "-json"]);
  const json = JSON.parse(result.stdout) as {
    provider_schemas: Record<string, Record<string, Record<string, unknown> | undefined>>;
  };
  const types = new Set<string>();
  const functions = new Set<string>();
  for (const provider of Object.values(json.provider_schemas)) {
    // resource_schemas, data_source_schemas, ephemeral_resource_schemas, list_resource_schemas,
    // action_schemas, state_store_schemas, ...: each keyed by type.
    for (const [key, schemas] of Object.entries(provider)) {
      if (key.endsWith("_schemas")) for (const type of Object.keys(schemas ?? {})) types.add(type);
    }
    for (const name of Object.keys(provider.functions ?? {})) functions.add(name);
  }
  return { types, functions };
}

/**
 * The configurations whose every component both providers have (`uses`, named as tsvider names
 * them; `toPyvider` gives pyvider's names), and the others with what each side lacks.
 */
export function splitByCoverage<C extends Configuration>(
  configurations: readonly C[],
  schemas: Readonly<Record<Side, Schema>>,
  toPyvider: Renamer,
): { covered: C[]; uncovered: Skipped[] } {
  const uncovered: Skipped[] = [];
  const covered = configurations.filter((configuration) => {
    const missing: string[] = [];
    for (const name of configuration.uses) {
      const fn = /^provider::[^:]+::(.*)$/.exec(name)?.[1];
      if (fn !== undefined) {
        if (!schemas.tsvider.functions.has(fn)) missing.push(`tsvider lacks function ${fn}`);
        if (!schemas.pyvider.functions.has(toPyvider.function(fn)))
          missing.push(`pyvider lacks function ${toPyvider.function(fn)}`);
      } else {
        if (!schemas.tsvider.types.has(name)) missing.push(`tsvider lacks ${name}`);
        const py = toPyvider.type(name) ?? name;
        if (!schemas.pyvider.types.has(py)) missing.push(`pyvider lacks ${py}`);
      }
    }
    if (missing.length > 0) uncovered.push({ origin: configuration.origin, reason: missing.join(", ") });
    return missing.length === 0;
  });
  return { covered, uncovered };
}
