// The test kit's list resources and config generation: ValidateListResourceConfig, the
// ListResource stream and GenerateResourceConfig called the way `terraform query` calls them,
// through the same core functions and the same wire encoding as the protocol adapters, so a
// result that Terraform would refuse fails here too.
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import type { ListResource } from "../list-resource.js";
import type { Provider } from "../provider.js";
import type { Resource } from "../resource.js";
import { generateResourceConfig } from "../server/generate-resource-config.js";
import { listResource } from "../server/list-resource.js";
import type { ProviderServer } from "../server/provider-server.js";
import { validateListResourceConfig } from "../server/validate-list-resource-config.js";
import type { ObjectValue } from "../values/object-value.js";
import { input, overWire, plain, type TestValues } from "./test-values.js";

/** One result as Terraform decodes it. */
export interface ListedObject {
  readonly displayName: string;
  readonly identity: ObjectValue;
  /** Present when the listing asked for it and the result gave one. */
  readonly resource?: ObjectValue;
}

/** Runs a list resource's validate and list RPCs in process. Get one from `TestProvider.lists`. */
export interface ListTestKit {
  /** ValidateListResourceConfig of a list block's `config` block. */
  validate(typeName: string, config: TestValues): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /**
   * Validates the config, then reads the whole ListResource stream: the results, and every
   * diagnostic any event carried. `limit` defaults to Terraform's 100, `includeResource` to
   * false; an error ends the listing, as it ends Terraform's.
   */
  list(
    typeName: string,
    config: TestValues,
    options?: { readonly includeResource?: boolean; readonly limit?: number },
  ): Promise<{ results: readonly ListedObject[]; diagnostics: readonly Diagnostic[] }>;
  /** GenerateResourceConfig: the configuration `-generate-config-out` writes for a state. */
  generateConfig(
    typeName: string,
    state: TestValues | null,
  ): Promise<{ config: ObjectValue | null | undefined; diagnostics: readonly Diagnostic[] }>;
}

/** Terraform's default `limit` for a list block. */
const defaultLimit = 100;

export function listTestKit(
  server: ProviderServer,
  ensureConfigured: (diagnostics: Diagnostics) => Promise<void>,
): ListTestKit {
  const provider = server.provider;
  const listOf = (typeName: string): ListResource => {
    const found = provider.listResourcesByType.get(typeName);
    if (!found)
      throw unknownType(provider, "list resource", [...provider.listResourcesByType.keys()], typeName);
    return found;
  };
  const resourceOf = (typeName: string): Resource => {
    const found = server.resource(typeName);
    if (!found) throw unknownType(provider, "resource", [...provider.resourcesByType.keys()], typeName);
    return found;
  };

  return {
    async validate(typeName, config) {
      const definition = listOf(typeName);
      const diagnostics = new Diagnostics();
      const values = input(definition.schema, config, definition.valueType, diagnostics, "configuration");
      if (values !== undefined)
        diagnostics.append(await validateListResourceConfig(server, definition, values));
      return { diagnostics: plain(diagnostics) };
    },

    async list(typeName, config, options = {}) {
      const definition = listOf(typeName);
      const resource = definition.resource as Resource;
      const diagnostics = new Diagnostics();
      const results: ListedObject[] = [];
      await ensureConfigured(diagnostics);
      const values = input(definition.schema, config, definition.valueType, diagnostics, "configuration");
      if (values === undefined || diagnostics.hasErrors) return { results, diagnostics: plain(diagnostics) };
      diagnostics.append(await validateListResourceConfig(server, definition, values));
      if (diagnostics.hasErrors) return { results, diagnostics: plain(diagnostics) };
      const request = {
        config: values,
        includeResource: options.includeResource === true,
        limit: options.limit ?? defaultLimit,
      };
      for await (const event of listResource(server, definition, request)) {
        diagnostics.append(event.diagnostics);
        if (diagnostics.hasErrors) break;
        if (event.identity === undefined || resource.identityType === undefined) continue;
        const where = `${typeName} result "${event.displayName}"`;
        const identity = overWire(
          event.identity,
          resource.identityType,
          diagnostics,
          `${where} identity`,
          true,
        );
        const state =
          event.resource &&
          overWire(event.resource, resource.valueType, diagnostics, `${where} resource`, true);
        if (identity === undefined || diagnostics.hasErrors) break;
        results.push({
          displayName: event.displayName ?? "",
          identity,
          ...(state ? { resource: state } : {}),
        });
      }
      return { results, diagnostics: plain(diagnostics) };
    },

    async generateConfig(typeName, state) {
      const resource = resourceOf(typeName);
      const diagnostics = new Diagnostics();
      await ensureConfigured(diagnostics);
      const values =
        state === null ? null : input(resource.schema, state, resource.valueType, diagnostics, "state");
      if (values === undefined) return { config: undefined, diagnostics: plain(diagnostics) };
      const result = await generateResourceConfig(server, resource, values);
      diagnostics.append(result.diagnostics);
      if (result.diagnostics.hasErrors) return { config: undefined, diagnostics: plain(diagnostics) };
      const config =
        result.config === null
          ? null
          : overWire(
              result.config,
              resource.valueType,
              diagnostics,
              `${typeName} generated configuration`,
              true,
            );
      return { config, diagnostics: plain(diagnostics) };
    },
  };
}

function unknownType(provider: Provider, kind: string, known: readonly string[], typeName: string): Error {
  return new Error(
    `provider ${provider.name} has no ${kind} "${typeName}" (it has: ${known.join(", ") || "none"})`,
  );
}
