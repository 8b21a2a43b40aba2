// The private bytes of resource RPCs, opened for handlers and sealed for the answer (see
// private-state.ts). Every RPC that carries them goes through here: Plan (prior_private in,
// planned_private out), Apply (planned_private in, private out), Read (private in and out) and
// Import (private out). UpgradeResourceState carries none: Terraform keeps the bytes as they are.
import type { Diagnostics } from "../diagnostics.js";
import { PrivateSlot, type PrivateStateAccess } from "../private-state.js";
import type { Resource } from "../resource.js";
import type { ProviderServer } from "./provider-server.js";

const empty = new Uint8Array(0);

/** The request's private data, ready for a handler; undefined, with a diagnostic, when unreadable. */
export function openPrivate(
  server: ProviderServer,
  resource: Resource,
  bytes: Uint8Array | undefined,
  diagnostics: Diagnostics,
): PrivateSlot | undefined {
  const opened = server.privateState.openReporting(resource.typeName, bytes ?? empty, diagnostics);
  return opened && new PrivateSlot(resource.typeName, opened);
}

/** The context fields for a handler, typed as the resource's handlers take them. */
export function privateAccess(slot: PrivateSlot): PrivateStateAccess<never> {
  return slot.access() as PrivateStateAccess<never>;
}

/**
 * The planned private data: the prior bytes, checked to be readable, so a damaged blob stops
 * the plan rather than the apply after it. A resource that declares private state fails to plan
 * a create or update when no secret is set, before anything remote is made.
 */
export function planPrivate(
  server: ProviderServer,
  resource: Resource,
  priorPrivate: Uint8Array | undefined,
  destroying: boolean,
  diagnostics: Diagnostics,
): Uint8Array | undefined {
  const slot = openPrivate(server, resource, priorPrivate, diagnostics);
  if (!slot) return undefined;
  if (!destroying && resource.privateState !== undefined) {
    const problem = server.privateState.cannotSeal(resource.typeName);
    if (problem) diagnostics.addError(problem.message, problem.detail);
  }
  return slot.stored.bytes;
}
