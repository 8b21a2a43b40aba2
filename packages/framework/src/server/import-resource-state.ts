import type { DeferralReason } from "../deferral.js";
import { Diagnostics } from "../diagnostics.js";
import { copiesIdentity } from "../import.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import { runWithTimeout, timeoutFor } from "../timeouts.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { type DeferralRequest, DeferralSlot, providerDeferral } from "./deferral-slot.js";
import { checkImportIdentity, IdentitySlot } from "./identity-slot.js";
import type { ProviderServer } from "./provider-server.js";
import { newPrivate, privateAccess } from "./resource-private.js";

/**
 * Turns an import ID, or an identity (an `import {}` block's `identity`), into a first state;
 * Terraform then calls ReadResource to fill it in.
 */
export async function importResourceState(
  server: ProviderServer,
  resource: Resource,
  target: string | { readonly identity: ObjectValue },
  /** Whether the request accepts a deferred answer. */
  deferralRequest: DeferralRequest = {},
): Promise<{
  diagnostics: Diagnostics;
  state?: ObjectValue;
  private?: Uint8Array;
  /** The imported object's identity: the one imported by unless importState set one. */
  identity?: ObjectValue | null;
  /** Set when the import was deferred: the imported object is then unknown. */
  deferred?: DeferralReason;
}> {
  const diagnostics = new Diagnostics();
  const providerDeferred = providerDeferral(server);
  if (providerDeferred) return { diagnostics, deferred: providerDeferred };
  if (!resource.importState) {
    diagnostics.addError(
      `${resource.typeName} cannot be imported`,
      "This resource type does not support import. Create it with this provider instead.",
    );
    return { diagnostics };
  }
  const where = `${resource.typeName} importState`;
  const byIdentity = typeof target === "string" ? null : target.identity;
  if (byIdentity !== null) {
    if (resource.identityType === undefined) {
      diagnostics.addError(
        `${resource.typeName} cannot be imported by identity`,
        `This resource type has no identity schema. Import it by ID instead: import { to = ..., id = "..." }.`,
      );
      return { diagnostics };
    }
    if (!checkImportIdentity(resource, byIdentity, diagnostics)) return { diagnostics };
  }
  const identity = new IdentitySlot(resource, byIdentity);
  // An imported object has no private data until importState sets some; a type that keeps
  // sealed data gets an envelope all the same, which the read after the import requires.
  const slot = newPrivate(resource);
  // Only the resource's default applies: the request carries no config with a timeouts block.
  const options = {
    parent: server.signal,
    operation: "import",
    timeout: timeoutFor(resource, "import", null),
  };
  const deferral = new DeferralSlot(deferralRequest);
  const site = handlerSite(server.provider, "resource", resource.typeName, "importState");
  const partial = await runWithTimeout(diagnostics, site, options, (signal) =>
    resource.importState!({
      ...privateAccess(slot),
      ...deferral.access(),
      ...identity.access(),
      id: typeof target === "string" ? target : null,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal,
      diagnostics,
    }),
  );
  const deferred = deferral.settle(diagnostics, where, `the import of resource ${resource.typeName}`);
  if (deferred) return { diagnostics, deferred };
  if (partial === undefined || diagnostics.hasErrors) return { diagnostics };
  const state = completeObject(
    resource.schema,
    passedThrough(resource, byIdentity, partial),
    where,
    diagnostics,
  );
  if (!state) return { diagnostics };
  const importedIdentity = identity.result(where, diagnostics, null);
  if (importedIdentity === undefined) return { diagnostics };
  const sealed = slot.bytes(server.privateState, diagnostics);
  if (!sealed) return { diagnostics };
  return {
    diagnostics,
    state: withoutWriteOnly(resource.schema, state),
    private: sealed,
    identity: importedIdentity,
  };
}

/** importPassthrough's copy of an identity, cut to the attributes the state has. */
function passedThrough(resource: Resource, byIdentity: ObjectValue | null, partial: object): object {
  const importState = resource.importState as { readonly [copiesIdentity]?: boolean } | undefined;
  if (byIdentity === null || importState?.[copiesIdentity] !== true) return partial;
  return Object.fromEntries(Object.entries(partial).filter(([name]) => Object.hasOwn(resource.schema, name)));
}
