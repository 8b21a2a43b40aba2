// A top-level attribute with a default is planned known and not null whenever its config is
// known: the plan holds config's value or the default (plan-defaults.ts), and a default is a
// known value that is not null (schema/defaults.ts). `Plan<S>` types it so in create and
// update (schema/infer.ts), where Terraform has made config wholly known. Only a plan modifier
// or modifyPlan can break that, by planning it null or unknown; this check refuses such a plan
// while it is made, so create and update never get a value their type rules out.
import { containsUnknown, isUnknown } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { defaultOf } from "../schema/defaults.js";
import type { Schema } from "../schema/schema.js";
import { elementsOf } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

/**
 * Adds an error for each top-level attribute with a default that `planned` holds null or
 * unknown (any part of it; for a nested attribute, the attribute or one of its objects)
 * although `config` knows its value. `where` names the resource's plan.
 */
export function checkPlannedDefaults(
  schema: Schema,
  config: ObjectValue,
  planned: ObjectValue,
  where: string,
  diagnostics: Diagnostics,
): void {
  for (const [name, entry] of Object.entries(schema)) {
    if (entry.kind === "block" || defaultOf(entry) === undefined) continue;
    // Config not known yet: the value is planned unknown, and known by apply, where this runs again.
    if (containsUnknown(config[name] ?? null)) continue;
    const value = planned[name] ?? null;
    // Inside a nested attribute's objects, Plan<S> still allows unknown (computed attributes
    // a nested default leaves out are planned unknown): only the objects themselves must be known.
    const unknown =
      entry.kind === "nested"
        ? isUnknown(value) ||
          elementsOf(entry.nesting, value, WalkPosition.root).some((element) => isUnknown(element.value))
        : containsUnknown(value);
    const wrong = value === null ? "null" : unknown ? "unknown" : undefined;
    if (wrong === undefined) continue;
    diagnostics.addError(
      `${where} planned "${name}" ${wrong}, although it has a default and its configuration is known`,
      `"${name}" has a default, so its plan is the configured value or the default, and create and update receive it known and not null. A plan modifier of "${name}" or the resource's modifyPlan planned it ${wrong}: plan a known value there, or remove the default if the value is only known after apply.`,
      [{ attribute: name }],
    );
  }
}
