// Resource identity on the wire, for both protocol adapters: GetResourceIdentitySchemas and
// UpgradeResourceIdentity, and the ResourceIdentityData the resource RPCs carry (Read's
// current/new identity, Plan's prior/planned, Apply's planned/new, Import's identity), decoded
// and encoded with each resource's identity type.
import type { CtyValue } from "@tsvider/cty";
import * as cty from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { identitySchemaOf } from "../server/identity.js";
import type { ProviderServer } from "../server/provider-server.js";
import { upgradeResourceIdentity } from "../server/upgrade-resource-identity.js";
import type { ObjectValue } from "../values/object-value.js";
import { decodeDynamic, encodeDynamic, type WireDynamicValue } from "./wire.js";

/** ResourceIdentityData as both protocols' generated messages hold it. */
export type WireIdentity = { readonly identityData?: WireDynamicValue | undefined } | undefined;

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

/**
 * A request's identity: null when Terraform sent none (an object stored without one, or a
 * resource without identity), undefined with an error when it does not fit the identity schema.
 */
export function decodeIdentity(
  wire: WireIdentity,
  resource: Resource,
  diagnostics: Diagnostics,
  what: string,
): ObjectValue | null | undefined {
  const type = resource.identityType;
  if (type === undefined || wire?.identityData === undefined) return null;
  return decodeDynamic(wire.identityData, type, diagnostics, `${what} for ${resource.typeName}`) as
    | ObjectValue
    | null
    | undefined;
}

/**
 * The response's identity field: absent for a resource without identity or with none, else the
 * encoded value; undefined with an error when it does not fit.
 */
export function encodeIdentity(
  value: CtyValue,
  resource: Resource,
  diagnostics: Diagnostics,
  what: string,
): { identityData: WireDynamicValue } | null | undefined {
  const type = resource.identityType;
  if (type === undefined || value === null) return null;
  const identityData = encodeDynamic(value, type, diagnostics, `${resource.typeName} ${what}`);
  return identityData ? { identityData } : undefined;
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
