// Planning: Terraform proposes config merged with prior state; the framework fills in
// defaults, marks what the provider will compute as unknown, at every level of nesting, runs
// the attributes' plan modifiers and then the resource's modifyPlan, says which changes force
// replacement, and holds the result to Terraform's rules for plans.
import { valuesEqual } from "@tsvider/cty";
import type { AttributePath } from "../attribute-path.js";
import type { DeferralReason } from "../deferral.js";
import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { withoutTimeouts } from "../timeouts.js";
import { withoutWriteOnly } from "../values/complete.js";
import type { ObjectValue } from "../values/object-value.js";
import { type DeferralRequest, DeferralSlot, providerDeferral } from "./deferral-slot.js";
import { modifyDestroyPlan, modifyPlan } from "./modify-plan.js";
import { withDefaults } from "./plan-defaults.js";
import { plannedObject, replacePaths } from "./plan-values.js";
import { checkPlannedDefaults } from "./planned-defaults.js";
import type { ProviderServer } from "./provider-server.js";
import { checkPlanned } from "./result-checks.js";
import { runPlanModifiers } from "./run-plan-modifiers.js";
import { keepEquivalent } from "./semantic-equality.js";

export interface PlanResult {
  readonly diagnostics: Diagnostics;
  readonly plannedState: ObjectValue | null;
  readonly requiresReplace: readonly AttributePath[];
  /** Set when planning was deferred; the plan is then as far as it got (or as proposed). */
  readonly deferred?: DeferralReason;
}

export async function planResourceChange(
  server: ProviderServer,
  resource: Resource,
  request: {
    readonly priorState: ObjectValue | null;
    readonly proposedNewState: ObjectValue | null;
    readonly config: ObjectValue | null;
    /** The module's provider_meta block, when the provider declares a metaSchema. */
    readonly providerMeta?: ObjectValue | null;
  } & DeferralRequest,
): Promise<PlanResult> {
  const diagnostics = new Diagnostics();
  const { priorState: prior, config } = request;
  // Configure deferred the provider: Terraform's proposal stands in for a plan, unchecked.
  const providerDeferred = providerDeferral(server);
  if (providerDeferred) {
    return {
      diagnostics,
      plannedState: request.proposedNewState,
      requiresReplace: [],
      deferred: providerDeferred,
    };
  }
  const deferral = new DeferralSlot(request);
  const deferredAnswer = (plannedState: ObjectValue | null): PlanResult | undefined => {
    const where = `${resource.typeName} plan`;
    const deferred = deferral.settle(diagnostics, where, `resource ${resource.typeName}`);
    return deferred ? { diagnostics, plannedState, requiresReplace: [], deferred } : undefined;
  };
  // Destroy (asked for because we advertise plan_destroy): the plan is null, and modifyPlan
  // sees it, to warn or to stop it with an error.
  if (request.proposedNewState === null || config === null) {
    if (prior !== null) {
      await modifyDestroyPlan(
        server,
        resource,
        { prior, providerMeta: request.providerMeta ?? null, deferral },
        diagnostics,
      );
    }
    return deferredAnswer(null) ?? { diagnostics, plannedState: null, requiresReplace: [] };
  }

  const creating = prior === null;
  // Defaults come first, so that returning to a default counts as a change and keeping it
  // does not.
  // Then a configured custom-typed value equal to the prior one is planned as the prior state
  // spells it (semantic-equality.ts), so a respelling is no change.
  const proposed = keepEquivalent(
    resource.schema,
    prior,
    withDefaults(resource.schema, request.proposedNewState, config),
    "plan",
    `${resource.typeName} plan`,
    diagnostics,
  );
  // On update, computed values may change only when something else does; an unchanged
  // object keeps every prior value, so a no-op plan stays a no-op. Write-only values are in
  // config but never in prior state, so they take no part in the comparison; nor does the
  // timeouts block, whose change alone changes nothing remote.
  const changing =
    creating ||
    !valuesEqual(
      withoutTimeouts(resource.schema, prior),
      withoutTimeouts(resource.schema, withoutWriteOnly(resource.schema, proposed)),
      resource.valueType,
    );
  const marked = plannedObject(resource.schema, proposed, config, changing);
  const modified = await runPlanModifiers(
    resource.schema,
    { prior, config, planned: marked },
    resource.typeName,
    diagnostics,
  );
  const final = diagnostics.hasErrors
    ? { planned: modified.planned, requiresReplace: [] }
    : await modifyPlan(
        server,
        resource,
        { prior, config, planned: modified.planned, providerMeta: request.providerMeta ?? null, deferral },
        diagnostics,
      );
  const planned = final.planned;
  const deferred = deferredAnswer(planned);
  if (deferred) return deferred;
  const requiresReplace = creating
    ? []
    : distinctPaths([
        ...replacePaths(resource.schema, prior, planned),
        ...modified.requiresReplace,
        ...final.requiresReplace,
      ]);
  checkPlanned(resource.schema, prior, config, planned, `${resource.typeName} plan`, diagnostics);
  if (planned !== null) {
    checkPlannedDefaults(resource.schema, config, planned, `${resource.typeName} plan`, diagnostics);
  }
  return { diagnostics, plannedState: planned, requiresReplace };
}

/** The paths without repeats, in a stable order (Terraform's own order does not matter). */
function distinctPaths(paths: readonly AttributePath[]): AttributePath[] {
  const seen = new Map<string, AttributePath>();
  for (const path of paths) seen.set(JSON.stringify(path), path);
  return [...seen.values()];
}
