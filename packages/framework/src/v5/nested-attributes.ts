// Protocol 5 has no nested attribute types (Schema.Attribute has no nested_type), so a
// provider with a nested attribute anywhere cannot be described over it. Found once, named
// precisely, and reported instead of a schema the host would misread.
import type { Provider } from "../provider.js";
import type { Schema } from "../schema/schema.js";

/** The first nested attribute of a provider, as "<component>'s attribute <path>", if any. */
export function findNestedAttribute(provider: Provider): string | undefined {
  const components: [string, Schema | undefined][] = [
    [`the provider ${provider.name}`, provider.schema],
    [`the provider ${provider.name}'s provider_meta`, provider.metaSchema],
    ...[...provider.resourcesByType].map(([t, r]): [string, Schema] => [`the resource ${t}`, r.schema]),
    ...[...provider.dataSourcesByType].map(([t, d]): [string, Schema] => [`the data source ${t}`, d.schema]),
  ];
  for (const [component, schema] of components) {
    const path = schema && nestedIn(schema, []);
    if (path) return `${component}'s attribute "${path.join(".")}"`;
  }
  return undefined;
}

function nestedIn(schema: Schema, at: readonly string[]): string[] | undefined {
  for (const name of Object.keys(schema)) {
    const entry = schema[name]!;
    if (entry.kind === "nested") return [...at, name];
    if (entry.kind === "block") {
      const inner = nestedIn(entry.schema, [...at, name]);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Why protocol 5 cannot serve a provider, said the same at start-up and in every RPC. */
export function protocol5Refusal(nested: string): { summary: string; detail: string } {
  return {
    summary: "This provider cannot be served over plugin protocol 5",
    detail:
      `${nested.charAt(0).toUpperCase()}${nested.slice(1)} is a nested attribute, which plugin protocol 5 cannot describe. ` +
      "Use protocol 6 (OpenTofu ≥ 1.0 / Terraform ≥ 1.0 speak it): serve the provider with protocol 6 " +
      "(the default), or turn the nested attribute into a block.",
  };
}
