import type { DeferralReason } from "../deferral.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import { runWithTimeout, timeoutFor } from "../timeouts.js";
import { forAuthor, providerMetaForAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { type DeferralRequest, DeferralSlot, providerDeferral } from "./deferral-slot.js";
import { IdentitySlot } from "./identity-slot.js";
import type { ProviderServer } from "./provider-server.js";
import { openPrivate, privateAccess } from "./resource-private.js";
import { checkWhollyKnown } from "./result-checks.js";
import { keepEquivalent } from "./semantic-equality.js";

/**
 * Refresh: returns the object as it is now, or null when it is gone (Terraform drops it), with
 * its private bytes: as they came unless the handler set new ones.
 */
export async function readResource(
  server: ProviderServer,
  resource: Resource,
  state: ObjectValue | null,
  storedPrivate: Uint8Array = new Uint8Array(0),
  /** The module's provider_meta block, when the provider declares a metaSchema. */
  providerMeta: ObjectValue | null = null,
  /** Whether the request accepts a deferred answer. */
  deferralRequest: DeferralRequest = {},
  /** The identity Terraform has for the object (current_identity); null when none. */
  currentIdentity: ObjectValue | null = null,
): Promise<{
  diagnostics: Diagnostics;
  newState: ObjectValue | null;
  private: Uint8Array;
  /** The object's identity: as it came unless the handler set one; null when it is gone. */
  newIdentity: ObjectValue | null;
  /** Set when the read was deferred: newState is then the current state, unchanged. */
  deferred?: DeferralReason;
}> {
  const diagnostics = new Diagnostics();
  // On failure keep what Terraform had: nothing in state may be lost to a failed refresh.
  const kept = () => ({ diagnostics, newState: state, private: storedPrivate, newIdentity: currentIdentity });
  if (state === null) return kept();
  const providerDeferred = providerDeferral(server);
  if (providerDeferred) return { ...kept(), deferred: providerDeferred };
  const where = `${resource.typeName} read`;
  const slot = openPrivate(server, resource, storedPrivate, diagnostics);
  if (!slot) return kept();
  const options = { parent: server.signal, operation: "read", timeout: timeoutFor(resource, "read", state) };
  const deferral = new DeferralSlot(deferralRequest);
  const identity = new IdentitySlot(resource, currentIdentity);
  const site = handlerSite(server.provider, "resource", resource.typeName, "read");
  const result = await runWithTimeout(diagnostics, site, options, (signal) =>
    resource.read({
      ...privateAccess(slot),
      ...deferral.access(),
      ...identity.access(),
      state: forAuthor(resource.schema, state) as never,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      providerMeta: providerMetaForAuthor(server.provider.metaSchema, providerMeta) as never,
      signal,
      diagnostics,
    }),
  );
  const deferred = deferral.settle(diagnostics, where, `resource ${resource.typeName}`);
  if (deferred) return { ...kept(), deferred };
  if (result === undefined || diagnostics.hasErrors) return kept();
  if (result === null) return { diagnostics, newState: null, private: new Uint8Array(0), newIdentity: null };
  const completed = completeObject(resource.schema, result, where, diagnostics);
  if (!completed) return kept();
  if (!checkWhollyKnown(resource.schema, completed, where, diagnostics)) return kept();
  // Unchanged float64 values go back exactly as stored, so rounding never reads as drift.
  const exact = withExactNumbers(resource.schema, state, withoutWriteOnly(resource.schema, completed));
  // A custom-typed value equal to the stored one keeps the stored spelling (semantic-equality.ts).
  const newState = keepEquivalent(resource.schema, state, exact, "result", where, diagnostics);
  const newIdentity = identity.result(where, diagnostics, currentIdentity);
  if (newIdentity === undefined) return kept();
  const sealed = slot.bytes(server.privateState, diagnostics);
  return sealed ? { diagnostics, newState, private: sealed, newIdentity } : kept();
}
