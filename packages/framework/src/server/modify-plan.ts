// A resource's modifyPlan, the last step of planning: the author sees the whole plan (after
// defaults, unknown values and the attributes' plan modifiers) and may return a changed one,
// and paths whose change replaces the object. The changed plan is completed and checked
// against the schema here; the caller then holds it to Terraform's rules. On a destroy plan
// (planned and config null) the author sees the state being destroyed and may only add
// diagnostics: the object cannot be kept by returning a plan.

import { type CtyValue, CtyValueError, formatPath, isRecord } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import { type AttributePath, attributePathFrom } from "../attribute-path.js";
import type { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { Resource } from "../resource.js";
import type { ModifyPlanResult } from "../schema/plan-modifiers.js";
import { forAuthor, providerMetaForAuthor, withExactNumbers } from "../values/author-values.js";
import { completeObject, withoutWriteOnly } from "../values/complete.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import { DeferralSlot } from "./deferral-slot.js";
import type { ProviderServer } from "./provider-server.js";

export async function modifyPlan(
  server: ProviderServer,
  resource: Resource,
  input: {
    readonly prior: ObjectValue | null;
    readonly config: ObjectValue;
    readonly planned: ObjectValue;
    readonly providerMeta?: ObjectValue | null;
    /** Records a `ctx.defer`; the caller settles it. */
    readonly deferral?: DeferralSlot;
  },
  diagnostics: Diagnostics,
): Promise<{ planned: ObjectValue; requiresReplace: AttributePath[] }> {
  const { prior, config, planned } = input;
  const result = await runModifyPlan(server, resource, input, diagnostics);
  const unchanged = { planned, requiresReplace: [] };
  if (result === undefined) return unchanged;
  const schema = resource.schema;
  const where = `${resource.typeName} modifyPlan`;
  const { plan, requiresReplace = [] } = result;

  let next = planned;
  if (plan !== undefined) {
    const completed = completeObject(schema, plan, where, diagnostics);
    if (!completed) return unchanged;
    // The author's doubles go back as the exact numbers they came from, wherever that was.
    // A write-only value (config's, handed back) is never planned: Terraform would refuse it.
    next = withoutWriteOnly(schema, completed);
    for (const source of [planned, prior, config]) next = withExactNumbers(schema, source, next);
    try {
      encodeMsgpack(next, resource.valueType);
    } catch (err) {
      if (!(err instanceof CtyValueError)) throw err;
      diagnostics.addError(
        `${where} returned a plan that does not match the schema`,
        `"${formatPath(err.path)}": ${err.reason}. Return the plan with the schema's types (values not known yet as Unknown).`,
        attributePathFrom(err.path),
      );
      return unchanged;
    }
  }

  const paths: AttributePath[] = [];
  for (const given of Array.isArray(requiresReplace) ? requiresReplace : [requiresReplace]) {
    const path: AttributePath = typeof given === "string" ? [{ attribute: given }] : given;
    if (!Array.isArray(path) || !(reaches(next, path) || (prior !== null && reaches(prior, path)))) {
      diagnostics.addError(
        `${where} asked to replace on a path the resource does not have`,
        `${JSON.stringify(given)} is in neither the plan nor the prior state. Give an attribute's name, or a path of { attribute }, { index } and { key } steps into the plan.`,
      );
      continue;
    }
    paths.push(path);
  }
  return { planned: next, requiresReplace: prior === null ? [] : paths };
}

/**
 * A destroy plan through modifyPlan: the author sees the state being destroyed (plan and
 * config null) and may add diagnostics, an error stopping the destroy. Returning a plan would
 * keep an object Terraform is removing, so it is refused.
 */
export async function modifyDestroyPlan(
  server: ProviderServer,
  resource: Resource,
  input: {
    readonly prior: ObjectValue;
    readonly providerMeta?: ObjectValue | null;
    readonly deferral?: DeferralSlot;
  },
  diagnostics: Diagnostics,
): Promise<void> {
  const result = await runModifyPlan(
    server,
    resource,
    { ...input, config: null, planned: null },
    diagnostics,
  );
  const plan = result?.plan;
  if (plan !== undefined && plan !== null) {
    diagnostics.addError(
      `${resource.typeName} modifyPlan returned a plan for an object being destroyed`,
      "When plan is null the object is being destroyed, and it stays destroyed: return nothing, or add an error diagnostic to stop the destroy.",
    );
  }
}

/**
 * Calls the author's modifyPlan; its result when it returned an object and reported no error,
 * undefined otherwise (with a diagnostic when what it returned was not an object).
 */
async function runModifyPlan(
  server: ProviderServer,
  resource: Resource,
  input: {
    readonly prior: ObjectValue | null;
    readonly config: ObjectValue | null;
    readonly planned: ObjectValue | null;
    readonly providerMeta?: ObjectValue | null;
    readonly deferral?: DeferralSlot;
  },
  diagnostics: Diagnostics,
): Promise<ModifyPlanResult<object> | undefined> {
  if (!resource.modifyPlan) return undefined;
  const schema = resource.schema;
  const where = `${resource.typeName} modifyPlan`;
  const view = (value: ObjectValue | null) => (value === null ? null : forAuthor(schema, value));
  const deferral = input.deferral ?? new DeferralSlot(undefined);
  const site = handlerSite(server.provider, "resource", resource.typeName, "modifyPlan");
  const result: unknown = await runHandler(diagnostics, site, () =>
    resource.modifyPlan!({
      ...deferral.access(),
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
      providerMeta: providerMetaForAuthor(server.provider.metaSchema, input.providerMeta) as never,
      config: view(input.config) as never,
      plan: view(input.planned) as never,
      state: view(input.prior) as never,
    }),
  );
  // A deferred plan is what was planned before modifyPlan ran (its return is ctx.defer's).
  if (result === undefined || result === null || diagnostics.hasErrors || deferral.called) return undefined;
  if (typeof result !== "object") {
    diagnostics.addError(
      `${where} returned ${typeof result}`,
      "modifyPlan returns { plan, requiresReplace } (either may be left out), or nothing.",
    );
    return undefined;
  }
  return result as ModifyPlanResult<object>;
}

/** Whether `path` leads somewhere in `value` (Terraform refuses replace paths that do not). */
function reaches(value: CtyValue, path: AttributePath): boolean {
  let current: CtyValue = value;
  for (const step of path) {
    if (typeof step !== "object" || step === null) return false;
    if ("attribute" in step || "key" in step) {
      const name = "attribute" in step ? step.attribute : step.key;
      if (!isRecord(current) || !Object.hasOwn(current, name)) return false;
      current = current[name]!;
    } else if ("index" in step) {
      if (!Array.isArray(current) || !(step.index >= 0 && step.index < current.length)) return false;
      current = (current as readonly CtyValue[])[step.index]!;
    } else {
      return false;
    }
  }
  return true;
}
