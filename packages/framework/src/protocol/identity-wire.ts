// Resource identity on the wire, for both protocol adapters: the ResourceIdentityData the
// resource RPCs carry (Read's current and new identity, Plan's prior and planned, Apply's
// planned and new, Import's), decoded and encoded with each resource's identity type. The
// author's side of identity is ../identity.ts, the engine's ../server/identity-slot.ts; the
// identity RPCs are served by identity-handlers.ts.
import type { CtyValue } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import type { ObjectValue } from "../values/object-value.js";
import { decodeDynamic, encodeDynamic, type WireDynamicValue } from "./wire.js";

/** ResourceIdentityData as both protocols' generated messages hold it. */
export type WireIdentity = { readonly identityData?: WireDynamicValue | undefined } | undefined;

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
