// The resource identity RPCs, for both protocol adapters: GetResourceIdentitySchemas and
// UpgradeResourceIdentity. The identity the resource RPCs carry is decoded and encoded by
// identity-wire.ts.
import * as cty from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { identitySchemaOf } from "../server/identity-slot.js";
import type { ProviderServer } from "../server/provider-server.js";
import { upgradeResourceIdentity } from "../server/upgrade-resource-identity.js";
import { encodeIdentity } from "./identity-wire.js";
import type { WireDynamicValue } from "./wire.js";

export interface WireIdentitySchema {
  readonly version: bigint;
  readonly identityAttributes: {
    name: string;
    type: Buffer;
    requiredForImport: boolean;
    optionalForImport: boolean;
    description: string;
  }[];
}

/** The identity schemas of every resource that has one. */
export function wireIdentitySchemas(server: ProviderServer): Record<string, WireIdentitySchema> {
  const schemas: Record<string, WireIdentitySchema> = {};
  for (const [typeName, resource] of server.provider.resourcesByType) {
    const schema = identitySchemaOf(resource);
    if (schema === undefined) continue;
    schemas[typeName] = {
      version: BigInt(resource.identity?.version ?? 0),
      identityAttributes: Object.entries(schema).map(([name, attribute]) => ({
        name,
        type: Buffer.from(cty.typeToJSONText(attribute.type)),
        requiredForImport: attribute.options.requiredForImport === true,
        optionalForImport: attribute.options.optionalForImport === true,
        description: attribute.options.description ?? "",
      })),
    };
  }
  return schemas;
}

/** GetResourceIdentitySchemas and UpgradeResourceIdentity, under protocol 6's names. */
export function identityHandlers(server: ProviderServer) {
  return {
    getResourceIdentitySchemas: () => ({ identitySchemas: wireIdentitySchemas(server) }),

    upgradeResourceIdentity: async (
      req: {
        readonly typeName: string;
        readonly version: bigint;
        readonly rawIdentity?: { readonly json: Uint8Array } | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{ upgradedIdentity?: { identityData: WireDynamicValue } }> => {
      const resource = server.resource(req.typeName);
      if (!resource) {
        const known = [...server.provider.resourcesByType.keys()].join(", ") || "none";
        diagnostics.addError(
          `Unknown resource type ${req.typeName}`,
          `The provider ${server.provider.name} has no resource type "${req.typeName}" (it has: ${known}), so it cannot upgrade its identity. Check the resource type, or upgrade the provider.`,
        );
        return {};
      }
      const result = await upgradeResourceIdentity(server, resource, {
        version: Number(req.version),
        json: req.rawIdentity?.json,
      });
      diagnostics.append(result.diagnostics);
      if (result.identity === undefined) return {};
      const upgradedIdentity = encodeIdentity(result.identity, resource, diagnostics, "upgraded identity");
      return upgradedIdentity ? { upgradedIdentity } : {};
    },
  };
}
