// Planning: Terraform proposes config merged with prior state; the framework marks what the
// provider will compute as unknown, at every level of nesting, and says which changes force
// replacement.
import { valuesEqual } from "@tsvider/cty";
import { type AttributePath, Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { plannedObject, replacePaths } from "./plan-values.js";
import type { ObjectValue } from "./provider-server.js";
import { withoutWriteOnly } from "./values.js";

export interface PlanResult {
  readonly diagnostics: Diagnostics;
  readonly plannedState: ObjectValue | null;
  readonly requiresReplace: readonly AttributePath[];
}

export function planResourceChange(
  resource: Resource,
  request: {
    readonly priorState: ObjectValue | null;
    readonly proposedNewState: ObjectValue | null;
    readonly config: ObjectValue | null;
  },
): PlanResult {
  const diagnostics = new Diagnostics();
  const { priorState: prior, proposedNewState: proposed, config } = request;
  // Destroy: the plan is null. (Only sent when plan_destroy is advertised, which we do not yet.)
  if (proposed === null || config === null) return { diagnostics, plannedState: null, requiresReplace: [] };

  const creating = prior === null;
  // On update, computed values may change only when something else does; an unchanged
  // object keeps every prior value, so a no-op plan stays a no-op. Write-only values are in
  // config but never in prior state, so they take no part in the comparison.
  const changing =
    creating || !valuesEqual(prior, withoutWriteOnly(resource.schema, proposed), resource.valueType);
  const planned = plannedObject(resource.schema, proposed, config, changing);
  const requiresReplace = creating ? [] : replacePaths(resource.schema, prior, planned);
  return { diagnostics, plannedState: planned, requiresReplace };
}
