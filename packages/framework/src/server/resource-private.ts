// The private bytes of resource RPCs, opened for handlers and sealed for the answer (see
// private-state.ts). Every RPC that carries them goes through here: Plan (prior_private in,
// planned_private out), Apply (planned_private in, private out), Read (private in and out),
// Import (private out) and Move (private out). UpgradeResourceState carries none: Terraform
// keeps the bytes as they are.
//
// A resource that declares `privateState` keeps an envelope with every object it stores, so
// bytes that are no envelope (missing, empty, JSON) for an object that exists are refused like
// tampered ones; see private-state.ts for why the type, and not the object, decides.
import type { Diagnostics } from "../diagnostics.js";
import { type OpenRule, type PrivateData, PrivateSlot, type PrivateStateAccess } from "../private-state.js";
import type { Resource } from "../resource.js";
import type { ProviderServer } from "./provider-server.js";

const empty = new Uint8Array(0);

/** What the call knows of the object whose private bytes it carries. */
export interface ObjectKnown {
  /**
   * False for a create, whose prior private bytes are empty; true (the default) for a refresh,
   * an update or a delete. An apply's planned bytes come from this provider's plan, which
   * gives a create an envelope too, so only a plan needs to say it is a create.
   */
  readonly exists?: boolean;
  /**
   * The object is being destroyed. Empty bytes are then accepted: the object leaves the state
   * either way (whoever can edit the state can remove it outright), and refusing would only
   * leave an object without its data impossible to destroy. JSON is refused all the same.
   */
  readonly destroying?: boolean;
}

/** How `resource`'s private bytes are read; see private-state.ts. */
export function openRule(resource: Resource, known: ObjectKnown = {}): OpenRule {
  const declared = resource.privateState;
  return {
    keepsSealed: declared !== undefined,
    exists: known.exists !== false && known.destroying !== true,
    // A type that declares no private data has nothing to downgrade: whatever bytes it has
    // (another SDK's JSON) are nothing it could use, and read as none.
    acceptUnsealed: declared === undefined || declared.acceptUnsealed === true,
  };
}

/** The request's private data, ready for a handler; undefined, with a diagnostic, when unreadable. */
export function openPrivate(
  server: ProviderServer,
  resource: Resource,
  bytes: Uint8Array | undefined,
  diagnostics: Diagnostics,
  known: ObjectKnown = {},
): PrivateSlot | undefined {
  const rule = openRule(resource, known);
  const opened = server.privateState.openReporting(resource.typeName, bytes ?? empty, diagnostics, rule);
  return opened && new PrivateSlot(resource.typeName, opened, { keepsSealed: rule.keepsSealed === true });
}

/** The private data of an object being made (import): none yet, sealed as the type keeps it. */
export function newPrivate(resource: Resource): PrivateSlot {
  return new PrivateSlot(
    resource.typeName,
    { value: null, bytes: empty },
    { keepsSealed: resource.privateState !== undefined },
  );
}

/** `value` sealed for `resource` (a move's target): null too when the type keeps sealed data. */
export function sealPrivate(
  server: ProviderServer,
  resource: Resource,
  value: PrivateData | null,
): Uint8Array {
  return server.privateState.seal(resource.typeName, value, {
    keepsSealed: resource.privateState !== undefined,
  });
}

/** The context fields for a handler, typed as the resource's handlers take them. */
export function privateAccess(slot: PrivateSlot): PrivateStateAccess<never> {
  return slot.access() as PrivateStateAccess<never>;
}

/**
 * The planned private data: the prior bytes, checked to be readable, so a damaged or missing
 * blob stops the plan rather than the apply after it; sealed again when they were sealed with
 * a previous secret, or were not sealed yet for a type that keeps sealed data (a create gets
 * an envelope here, which its apply then requires). A resource that declares private state
 * fails to plan a create or update when no secret is set, before anything remote is made.
 * `known.exists`: whether the prior object exists (the prior state is not null); left out,
 * empty prior bytes are taken as a create's.
 */
export function planPrivate(
  server: ProviderServer,
  resource: Resource,
  priorPrivate: Uint8Array | undefined,
  destroying: boolean,
  diagnostics: Diagnostics,
  known: ObjectKnown = {},
): Uint8Array | undefined {
  // Unlike a refresh or an apply, a plan may be a create's, whose prior bytes are empty: only
  // the caller, which has the prior state, can say it is not.
  const slot = openPrivate(server, resource, priorPrivate, diagnostics, {
    exists: known.exists ?? false,
    destroying,
  });
  if (!slot) return undefined;
  if (!destroying && resource.privateState !== undefined) {
    const problem = server.privateState.cannotSeal(resource.typeName);
    if (problem) {
      diagnostics.addError(problem.message, problem.detail);
      return slot.stored.bytes;
    }
  }
  // Sealed again even for a destroy, so its apply gets the envelope a refresh or apply requires.
  return slot.bytes(server.privateState, diagnostics);
}
