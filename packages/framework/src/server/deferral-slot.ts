// The engine's side of deferred answers: the DeferralSlot of one handler call (what the `defer`
// of its context recorded), the provider-wide deferral `configure` sets, and the error a run
// that does not accept deferral gets instead. The author's side, `ctx.defer` and its reasons,
// is ../deferral.ts; the wire's, the Deferred message, is ../protocol/deferral-wire.ts.
import { containsUnknown } from "@tsvider/cty";
import {
  type DeferralAccess,
  type DeferralReason,
  type Deferred,
  deferralReasons,
  type ProviderDeferralAccess,
} from "../deferral.js";
import type { Diagnostics } from "../diagnostics.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

/** What a request says about deferral: its `client_capabilities.deferral_allowed`. */
export interface DeferralRequest {
  readonly deferralAllowed?: boolean | undefined;
}

/** The deferral of one handler call: what `ctx.defer` recorded. */
export class DeferralSlot {
  readonly allowed: boolean;
  #reason: DeferralReason | undefined;
  #invalid: unknown;
  #called = false;

  constructor(request: DeferralRequest | undefined) {
    this.allowed = request?.deferralAllowed === true;
  }

  /** Whether the handler called `defer`. */
  get called(): boolean {
    return this.#called;
  }

  /** The `deferralAllowed` and `defer` spread into the handler's context. */
  access(): DeferralAccess {
    return {
      deferralAllowed: this.allowed,
      defer: (reason: DeferralReason): Deferred => {
        // The first call wins: a handler that defers twice meant the first reason.
        if (!this.#called) {
          this.#called = true;
          if (deferralReasons.includes(reason)) this.#reason = reason;
          else this.#invalid = reason;
        }
        return deferredMarker(reason);
      },
    };
  }

  /**
   * After the handler: the reason to answer with, or undefined when it did not defer (or
   * failed). A deferral this run does not accept, or one with an unknown reason, is an error
   * instead (returns undefined, with `diagnostics` holding the error).
   */
  settle(diagnostics: Diagnostics, where: string, what: string): DeferralReason | undefined {
    // A handler that failed after deferring failed: its error is the answer.
    if (!this.#called || diagnostics.hasErrors) return undefined;
    if (this.#reason === undefined) {
      diagnostics.addError(
        `${where} deferred with an unknown reason`,
        `ctx.defer was given ${JSON.stringify(this.#invalid)}; use one of ${deferralReasons.map((r) => `"${r}"`).join(", ")}.`,
      );
      return undefined;
    }
    if (!this.allowed) {
      refuseDeferral(diagnostics, where, what, this.#reason);
      return undefined;
    }
    return this.#reason;
  }
}

/**
 * The error for a deferral the run does not accept: it names what was deferred and why, and
 * how to run so that it is accepted.
 */
export function refuseDeferral(
  diagnostics: Diagnostics,
  where: string,
  what: string,
  reason: DeferralReason,
  /** Why, when the caller knows more than the reason says. */
  cause: string = explain(reason),
): void {
  diagnostics.addError(
    `${where} was deferred, but this run does not allow deferral`,
    `The provider deferred ${what} to a later plan (${reason}: ${cause}), but this run does not accept deferred answers. With Terraform, plan and apply with -allow-deferral (a build with experiments enabled); OpenTofu does not accept them. Otherwise apply what it depends on first, for example with -target.`,
  );
}

function explain(reason: DeferralReason): string {
  switch (reason) {
    case "resource_config_unknown":
      return "its configuration holds values not known until apply";
    case "provider_config_unknown":
      return "the provider's configuration holds values not known until apply";
    case "absent_prereq":
      return "something it needs does not exist yet";
  }
}

function deferredMarker(reason: DeferralReason): Deferred {
  return Object.freeze({ reason }) as unknown as Deferred;
}

// The provider-wide deferral of each server, set by ConfigureProvider. A later
// ConfigureProvider of the same process (debug reattach) replaces it.
const providerDeferrals = new WeakMap<ProviderServer, DeferralReason>();

export function setProviderDeferral(server: ProviderServer, reason: DeferralReason | undefined): void {
  if (reason === undefined) providerDeferrals.delete(server);
  else providerDeferrals.set(server, reason);
}

/** The reason every resource, data source and ephemeral call answers with, when configure deferred. */
export function providerDeferral(server: ProviderServer): DeferralReason | undefined {
  return providerDeferrals.get(server);
}

/**
 * Before `configure`, for a provider with `deferWhenConfigUnknown`: when its configuration
 * holds unknown values, defers every later call of this process (or, when the run does not
 * accept deferral, adds the error saying so). True when configure must not run.
 */
export function deferUnknownProviderConfig(
  server: ProviderServer,
  config: ObjectValue | null,
  request: DeferralRequest,
  diagnostics: Diagnostics,
): boolean {
  const { provider } = server;
  if (provider.deferWhenConfigUnknown !== true || config === null) return false;
  const unknown = Object.keys(config).filter((name) => containsUnknown(config[name]!));
  if (unknown.length === 0) return false;
  if (request.deferralAllowed === true) setProviderDeferral(server, "provider_config_unknown");
  else
    refuseDeferral(
      diagnostics,
      `provider ${provider.name} configuration`,
      `every resource, data source and ephemeral resource of provider ${provider.name}`,
      "provider_config_unknown",
      `${unknown.map((n) => `"${n}"`).join(", ")} in its configuration ${unknown.length === 1 ? "is" : "are"} not known until apply`,
    );
  return true;
}

/** The `deferralAllowed` and `defer` of configure's context, recording into `slot`. */
export function providerDeferralAccess(slot: DeferralSlot): ProviderDeferralAccess {
  const access = slot.access();
  return { deferralAllowed: access.deferralAllowed, defer: () => access.defer("provider_config_unknown") };
}

/** After `configure`: applies a deferral it asked for; true when it did (or was refused). */
export function settleProviderDeferral(
  server: ProviderServer,
  slot: DeferralSlot,
  diagnostics: Diagnostics,
): boolean {
  if (!slot.called) return false;
  const reason = slot.settle(
    diagnostics,
    `provider ${server.provider.name} configure`,
    `every resource, data source and ephemeral resource of provider ${server.provider.name}`,
  );
  if (reason !== undefined) setProviderDeferral(server, reason);
  return true;
}
