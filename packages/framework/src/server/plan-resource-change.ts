// Planning: Terraform proposes config merged with prior state; the framework marks what the
// provider will compute as unknown and says which changes force replacement.
import { type CtyValue, Unknown } from "@tsvider/cty";
import { type AttributePath, Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import type { ObjectValue } from "./provider-server.js";
import { attributeChanged } from "./values.js";

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

  const type = resource.valueType;
  const names = Object.keys(type.attributes);
  const planned: Record<string, CtyValue> = { ...proposed };
  const creating = prior === null;
  // On update, computed values may change only when something else does; an unchanged
  // object keeps every prior value, so a no-op plan stays a no-op.
  const changing = creating || names.some((n) => attributeChanged(prior, proposed, n, type));
  if (changing) {
    for (const [name, attribute] of Object.entries(resource.schema)) {
      if (attribute.options.computed && config[name] === null) planned[name] = Unknown;
    }
  }

  const requiresReplace: AttributePath[] = [];
  if (!creating) {
    for (const [name, attribute] of Object.entries(resource.schema)) {
      if (attribute.options.requiresReplace && attributeChanged(prior, planned, name, type)) {
        requiresReplace.push([{ attribute: name }]);
      }
    }
  }
  return { diagnostics, plannedState: planned, requiresReplace };
}
