// Applying: create, update or delete, then hold the result to Terraform's rules before
// answering, so an author's mistake is reported against the author's resource and attribute
// rather than as tofu's "Provider produced inconsistent result".

import { containsUnknown, type Unknown, valuesEqual } from "@tsvider/cty";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import { runWithTimeout, type TimeoutOperation, timeoutFor, withoutTimeouts } from "../timeouts.js";
import { forAuthor, providerMetaForAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { IdentitySlot, identityAfterApply } from "./identity-slot.js";
import type { ProviderServer } from "./provider-server.js";
import { openPrivate, privateAccess } from "./resource-private.js";
import { checkAgainstPlan } from "./result-checks.js";
import { keepEquivalent } from "./semantic-equality.js";

export async function applyResourceChange(
  server: ProviderServer,
  resource: Resource,
  request: {
    readonly priorState: ObjectValue | null;
    readonly plannedState: ObjectValue | null;
    readonly config: ObjectValue | null;
    /** The plan's private bytes, which the result keeps unless the handler sets new ones. */
    readonly plannedPrivate?: Uint8Array;
    /** The module's provider_meta block, when the provider declares a metaSchema. */
    readonly providerMeta?: ObjectValue | null;
    /** The plan's identity (planned_identity): unknown on create, the object's otherwise. */
    readonly plannedIdentity?: ObjectValue | Unknown | null;
  },
): Promise<{
  diagnostics: Diagnostics;
  newState: ObjectValue | null;
  private: Uint8Array;
  /** The object's identity: the one create or update set, else the planned one; null when gone. */
  newIdentity: ObjectValue | null;
}> {
  const diagnostics = new Diagnostics();
  const { priorState: prior, plannedState: planned, config } = request;
  const plannedPrivate = request.plannedPrivate ?? new Uint8Array(0);
  // An object that exists keeps its identity; the plan's is its own unless it is a create's.
  const priorIdentity =
    prior === null || request.plannedIdentity === undefined || containsUnknown(request.plannedIdentity)
      ? null
      : (request.plannedIdentity as ObjectValue | null);
  // Whatever fails from here on keeps the prior state and its private data.
  const failed = () => ({
    diagnostics,
    newState: prior,
    private: plannedPrivate,
    newIdentity: priorIdentity,
  });
  const base = {
    providerData: server.providerData,
    log: componentLog(resource.typeName),
    diagnostics,
    providerMeta: providerMetaForAuthor(server.provider.metaSchema, request.providerMeta) as never,
  };
  const schema = resource.schema;
  const view = (value: ObjectValue | null) => (value === null ? null : forAuthor(schema, value));
  // A create's planned bytes may be empty (a host that skipped the plan); a delete's are
  // accepted empty; an update's must be this provider's envelope (see private-state.ts).
  const slot = openPrivate(server, resource, plannedPrivate, diagnostics, {
    exists: prior !== null,
    destroying: planned === null,
  });
  if (!slot) return failed();
  const site = (operation: TimeoutOperation) =>
    handlerSite(server.provider, "resource", resource.typeName, operation);
  const timed = (operation: TimeoutOperation, values: ObjectValue | null) => ({
    parent: server.signal,
    operation,
    timeout: timeoutFor(resource, operation, values),
  });

  if (planned === null) {
    const gone = { diagnostics, newState: null, private: new Uint8Array(0), newIdentity: null };
    if (prior === null) return gone;
    await runWithTimeout(diagnostics, site("delete"), timed("delete", prior), (signal) =>
      resource.delete({
        ...base,
        ...(resource.identityType === undefined ? {} : { identity: priorIdentity as never }),
        signal,
        state: view(prior) as never,
        private: slot.value as never,
      }),
    );
    // A failed delete leaves the object in state, so it is neither lost nor forgotten.
    return diagnostics.hasErrors ? failed() : gone;
  }

  const operation = prior === null ? "create" : "update";
  const where = `${resource.typeName} ${operation}`;
  // A change to the timeouts block alone changes nothing remote: the plan is the new state.
  if (
    prior !== null &&
    valuesEqual(withoutTimeouts(schema, prior), withoutTimeouts(schema, planned), resource.valueType)
  ) {
    return { diagnostics, newState: planned, private: plannedPrivate, newIdentity: priorIdentity };
  }
  const identity = new IdentitySlot(resource, priorIdentity);
  let result: object | undefined;
  if (prior === null) {
    result = await runWithTimeout(diagnostics, site("create"), timed("create", config), (signal) =>
      resource.create({
        ...base,
        ...privateAccess(slot),
        ...identity.access(),
        signal,
        plan: view(planned) as never,
        config: view(config) as never,
      }),
    );
  } else if (resource.update) {
    result = await runWithTimeout(diagnostics, site("update"), timed("update", config), (signal) =>
      resource.update!({
        ...base,
        ...privateAccess(slot),
        ...identity.access(),
        signal,
        plan: view(planned) as never,
        state: view(prior) as never,
        config: view(config) as never,
      }),
    );
  } else {
    diagnostics.addError(
      `${resource.typeName} cannot be updated in place`,
      "The resource has no update handler.",
    );
  }
  if (result === undefined || result === null) {
    if (!diagnostics.hasErrors)
      diagnostics.addError(`${where} returned no state`, "Return the new state object.");
    return failed();
  }

  const completed = completeObject(schema, result, where, diagnostics);
  if (!completed) return failed();
  const exact = withExactNumbers(schema, planned, withoutWriteOnly(schema, completed));
  // A custom-typed value equal to the planned one goes back as planned (semantic-equality.ts).
  const newState = keepEquivalent(schema, planned, exact, "result", where, diagnostics);
  const checked = checkAgainstPlan(schema, planned, newState, where, diagnostics);
  // The object exists now: its state is kept even when its private data or its identity is
  // wrong (the error says so), with the identity it had.
  const newIdentity = identityAfterApply(identity, prior === null, where, diagnostics, priorIdentity);
  const sealed = slot.bytes(server.privateState, diagnostics);
  return { diagnostics, newState: checked, private: sealed ?? plannedPrivate, newIdentity };
}
