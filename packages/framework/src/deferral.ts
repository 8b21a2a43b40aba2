// Deferred answers (protocol 6.6 and 5.6): a provider may tell Terraform that it cannot plan,
// read, import or open an object in this round yet, because something it needs is not known
// until other objects are applied. Terraform then leaves the object out of this plan and
// plans it again in a later round. Only a run that says it accepts such answers
// (`client_capabilities.deferral_allowed`: Terraform's experimental `-allow-deferral`, or
// Stacks) may get one; OpenTofu never accepts them.
//
//   async read(ctx) {
//     if (!ctx.providerData.region) return ctx.defer("absent_prereq");
//     ...
//   }
//
// This file is the author's side: the reasons and what `ctx.defer` is. The engine's side is
// server/deferral-slot.ts, the wire's protocol/deferral-wire.ts.

/** Why an object is deferred; Terraform shows it in the plan. */
export type DeferralReason =
  /** The object's own configuration holds values that are not known yet. */
  | "resource_config_unknown"
  /** The provider's configuration holds values that are not known yet. */
  | "provider_config_unknown"
  /** Something the object needs (outside its configuration) does not exist yet. */
  | "absent_prereq";

export const deferralReasons: readonly DeferralReason[] = [
  "resource_config_unknown",
  "provider_config_unknown",
  "absent_prereq",
];

declare const deferredBrand: unique symbol;

/** What `ctx.defer` returns: return it from the handler in place of its usual result. */
export interface Deferred {
  readonly [deferredBrand]: true;
  readonly reason: DeferralReason;
}

/** In the contexts of the handlers that may defer: resource read, modifyPlan and importState, data source read, ephemeral open. */
export interface DeferralAccess {
  /**
   * Whether this run accepts a deferred answer. False under OpenTofu and under Terraform
   * without `-allow-deferral`: `defer` then fails the operation with an error saying so.
   */
  readonly deferralAllowed: boolean;
  /**
   * Defers this object to a later round of planning: `return ctx.defer("absent_prereq")`.
   * What the handler returns is then not used: a read keeps the prior state, a plan answers
   * what was planned so far, an import, a data source or an ephemeral resource answers an
   * unknown object.
   */
  defer(reason: DeferralReason): Deferred;
}

/** In the provider's `configure` context. */
export interface ProviderDeferralAccess {
  /** As DeferralAccess's. */
  readonly deferralAllowed: boolean;
  /**
   * Defers every resource, data source and ephemeral resource this process serves (with
   * reason provider_config_unknown) without calling their handlers: for a configuration that
   * is not known yet. What configure returns is then not used.
   */
  defer(): Deferred;
}
