import type { Schema } from "../schema/schema.js";
import type { ProviderServer } from "./provider-server.js";

/** What GetProviderSchema and GetMetadata report, in framework terms. */
export interface ProviderSchemas {
  readonly provider: Schema;
  readonly resources: ReadonlyMap<
    string,
    { readonly schema: Schema; readonly description?: string; readonly version: number }
  >;
  readonly capabilities: {
    /** Our schema never changes within a process, so Terraform may cache it per CLI run. */
    readonly getProviderSchemaOptional: boolean;
    readonly planDestroy: boolean;
  };
}

export function getProviderSchema(server: ProviderServer): ProviderSchemas {
  const resources = new Map<string, { schema: Schema; description?: string; version: number }>();
  for (const [name, resource] of server.provider.resourcesByType) {
    resources.set(name, {
      schema: resource.schema,
      version: 0,
      ...(resource.description !== undefined ? { description: resource.description } : {}),
    });
  }
  return {
    provider: server.provider.schema ?? {},
    resources,
    capabilities: { getProviderSchemaOptional: true, planDestroy: false },
  };
}
