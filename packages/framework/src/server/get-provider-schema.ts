import type { Schema } from "../schema/schema.js";
import type { ProviderServer } from "./provider-server.js";

/** What GetProviderSchema and GetMetadata report, in framework terms. */
export interface ProviderSchemas {
  readonly provider: Schema;
  /** The provider_meta block's schema, when the provider declares one. */
  readonly providerMeta?: Schema;
  readonly resources: ReadonlyMap<
    string,
    { readonly schema: Schema; readonly description?: string; readonly version: number }
  >;
  readonly dataSources: ReadonlyMap<string, { readonly schema: Schema; readonly description?: string }>;
  readonly ephemeralResources: ReadonlyMap<
    string,
    { readonly schema: Schema; readonly description?: string }
  >;
  /** Actions and state stores by type (Terraform only), with their config block's schema. */
  readonly actions: ReadonlyMap<string, { readonly schema: Schema; readonly description?: string }>;
  readonly stateStores: ReadonlyMap<string, { readonly schema: Schema; readonly description?: string }>;
  readonly capabilities: {
    /** Our schema never changes within a process, so Terraform may cache it per CLI run. */
    readonly getProviderSchemaOptional: boolean;
    readonly planDestroy: boolean;
    /** Some resource takes over objects of other types (its `moveState`). */
    readonly moveResourceState: boolean;
    /** `-generate-config-out` asks the provider (GenerateResourceConfig), not Terraform's guess. */
    readonly generateResourceConfig: boolean;
  };
}

export function getProviderSchema(server: ProviderServer): ProviderSchemas {
  const resources = new Map<string, { schema: Schema; description?: string; version: number }>();
  for (const [name, resource] of server.provider.resourcesByType) {
    resources.set(name, {
      schema: resource.schema,
      version: resource.version ?? 0,
      ...(resource.description !== undefined ? { description: resource.description } : {}),
    });
  }
  const dataSources = new Map<string, { schema: Schema; description?: string }>();
  for (const [name, dataSource] of server.provider.dataSourcesByType) {
    dataSources.set(name, {
      schema: dataSource.schema,
      ...(dataSource.description !== undefined ? { description: dataSource.description } : {}),
    });
  }
  const ephemeralResources = new Map<string, { schema: Schema; description?: string }>();
  for (const [name, ephemeral] of server.provider.ephemeralResourcesByType) {
    ephemeralResources.set(name, {
      schema: ephemeral.schema,
      ...(ephemeral.description !== undefined ? { description: ephemeral.description } : {}),
    });
  }
  const described = (component: { readonly schema: Schema; readonly description?: string | undefined }) => ({
    schema: component.schema,
    ...(component.description !== undefined ? { description: component.description } : {}),
  });
  const actions = new Map([...server.provider.actionsByType].map(([name, a]) => [name, described(a)]));
  const stateStores = new Map(
    [...server.provider.stateStoresByType].map(([name, s]) => [name, described(s)]),
  );
  server.metrics.schemaBuild();
  return {
    provider: server.provider.schema ?? {},
    ...(server.provider.metaSchema !== undefined ? { providerMeta: server.provider.metaSchema } : {}),
    resources,
    dataSources,
    ephemeralResources,
    actions,
    stateStores,
    // plan_destroy: resources see their destroy planned, and their private data goes on to
    // delete through the plan (planResourceChange answers a destroy with a null plan).
    capabilities: {
      getProviderSchemaOptional: true,
      planDestroy: true,
      // Terraform refuses a moved block between resource types unless the provider says so.
      moveResourceState: [...server.provider.resourcesByType.values()].some(
        (resource) => (resource.moveState?.length ?? 0) > 0,
      ),
      generateResourceConfig: true,
    },
  };
}
