// Generating configuration: Terraform (protocol 6.11; the tests run 1.16.4) sends an
// object's state (found by a list block, or imported by an `import {}` block) when run with
// `-generate-config-out`, and writes the answer out as a `resource` block; older versions
// guess the configuration themselves, much as the default below does. The answer is the
// configuration a practitioner would write for that object: what they may set, as the object
// has it; nothing the provider computes alone; no write-only value (state never holds one, and
// it would be a secret in a file). Terraform writes a null as `name = null`, and leaves out
// computed attributes that are null. The resource's `generateConfig` may adjust the default
// (drop a value that equals the default, say), and its answer is held to the same rules.

import { type CtyValue, containsUnknown } from "@tsvider/cty";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import type { Block } from "../schema/blocks.js";
import type { Schema } from "../schema/schema.js";
import { forAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject } from "../values/complete.js";
import { handlerSite, runHandler } from "../values/handler.js";
import { elementsOf, innerSchema, mapObjects } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";
import type { ProviderServer } from "./provider-server.js";

export async function generateResourceConfig(
  server: ProviderServer,
  resource: Resource,
  state: ObjectValue | null,
): Promise<{ diagnostics: Diagnostics; config: ObjectValue | null }> {
  const diagnostics = new Diagnostics();
  // A list result without its object (include_resource off): Terraform still writes a block
  // for the import to target, from a null config (every argument `= null`).
  if (state === null) return { diagnostics, config: null };
  const schema = resource.schema;
  const where = `${resource.typeName} generateConfig`;
  const config = configFromState(schema, state);
  const hook = resource.generateConfig;
  if (!hook) return { diagnostics, config };
  const site = handlerSite(server.provider, "resource", resource.typeName, "generateConfig");
  const result = await runHandler(diagnostics, site, () =>
    hook({
      state: forAuthor(schema, state) as never,
      config: forAuthor(schema, config) as never,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  if (diagnostics.hasErrors) return { diagnostics, config: null };
  if (result === undefined) return { diagnostics, config };
  if (result === null) {
    diagnostics.addError(
      `${where} returned null`,
      "Return the configuration to write for the object (the `config` it was given, changed), or nothing to keep that one.",
    );
    return { diagnostics, config: null };
  }
  const completed = completeObject(schema, result, where, diagnostics);
  if (!completed) return { diagnostics, config: null };
  if (containsUnknown(completed)) {
    diagnostics.addError(
      `${where} returned an unknown value`,
      "Generated configuration is written to a file as literal values: every value in it is known.",
    );
    return { diagnostics, config: null };
  }
  checkConfigurable(schema, completed, WalkPosition.root, where, diagnostics);
  if (diagnostics.hasErrors) return { diagnostics, config: null };
  // A float64 handed back unchanged goes out exactly as it was stored.
  return { diagnostics, config: withExactNumbers(schema, config, completed) };
}

/**
 * The default: the state with computed-only, write-only and deprecated attributes null (a
 * deprecated single block absent, a list, set or map one empty), at every depth.
 */
export function configFromState(schema: Schema, state: ObjectValue): ObjectValue {
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(schema)) {
    const value = state[name] ?? null;
    if (entry.kind === "block") {
      out[name] =
        entry.options.deprecationMessage !== undefined && entry.nesting !== "group"
          ? emptyBlock(entry)
          : mapObjects(entry.nesting, value, (inner) => configFromState(entry.schema, inner));
      continue;
    }
    const o = entry.options;
    if ((o.computed && !o.optional) || o.writeOnly || o.deprecationMessage !== undefined) {
      out[name] = null;
      continue;
    }
    out[name] =
      entry.kind === "nested"
        ? mapObjects(entry.nesting, value, (inner) => configFromState(entry.attributes, inner))
        : value;
  }
  return out;
}

function emptyBlock(block: Block): CtyValue {
  return block.nesting === "list" || block.nesting === "set" ? [] : block.nesting === "map" ? {} : null;
}

/** An error for each value config could not hold: a computed-only or write-only attribute set. */
function checkConfigurable(
  schema: Schema,
  object: ObjectValue,
  path: WalkPosition,
  where: string,
  diagnostics: Diagnostics,
): void {
  for (const [name, entry] of Object.entries(schema)) {
    const value = object[name] ?? null;
    const here = path.attribute(name);
    if (entry.kind !== "block" && value !== null) {
      const o = entry.options;
      const problem =
        o.computed && !o.optional
          ? "is computed only: configuration cannot set it, so Terraform would refuse the generated block"
          : o.writeOnly
            ? "is write-only: its value would be written to the generated file in clear"
            : undefined;
      if (problem) {
        diagnostics.addError(
          `${where} set "${here.text}"`,
          `"${here.text}" ${problem}. Leave it null in the returned configuration.`,
          here.attributePath,
        );
        continue;
      }
    }
    if (entry.kind === "attribute") continue;
    for (const element of elementsOf(entry.nesting, value, here)) {
      if (element.value !== null && typeof element.value === "object" && !Array.isArray(element.value))
        checkConfigurable(innerSchema(entry), element.value as ObjectValue, element.path, where, diagnostics);
    }
  }
}
