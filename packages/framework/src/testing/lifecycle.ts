// A resource's whole life as tofu drives it, for one call in a unit test: create, refresh,
// a plan that must change nothing, each update (or replacement) followed by a refresh and
// another no-op plan, then destroy. Each step is checked as tofu checks it, and the first
// failure throws, naming the step and carrying the diagnostics.
import { valuesEqual } from "@tsvider/cty";
import type { Diagnostic } from "../diagnostics.js";
import { entryType } from "../schema/implied-type.js";
import type { Schema } from "../schema/schema.js";
import type { ObjectValue } from "../values/object-value.js";
import { LifecycleError } from "./lifecycle-error.js";
import type { PlanResult, StateResult, TestProvider } from "./test-provider.js";
import type { TestValues } from "./test-values.js";

/** The configurations `TestProvider.lifecycle` applies: one to create the object, then updates. */
export interface LifecycleSteps {
  /** The configuration the object is created with. */
  readonly create: TestValues;
  /** Configurations applied after it, in order (one or several). */
  readonly update?: TestValues | readonly TestValues[];
}

/** The states `TestProvider.lifecycle` went through, and whether each update replaced the object. */
export interface LifecycleResult {
  /** The state after create and its refresh. */
  readonly created: ObjectValue;
  /** The state after each update (or replacement) and its refresh. */
  readonly updated: readonly ObjectValue[];
  /** Whether each update replaced the object rather than changing it in place. */
  readonly replaced: readonly boolean[];
  /**
   * The object's identity after create and its refresh, then after each update (null for a
   * resource without identity). Each refresh and plan is given the identity the step before
   * answered, as tofu does, so a handler that changes it fails the step.
   */
  readonly identities: readonly (ObjectValue | null)[];
  /** Every warning any step gave. */
  readonly warnings: readonly Diagnostic[];
}

export async function runLifecycle(
  kit: TestProvider,
  typeName: string,
  steps: LifecycleSteps,
): Promise<LifecycleResult> {
  const resource = kit.server.resource(typeName);
  if (!resource) throw new LifecycleError(typeName, "no such resource in the provider");
  const warnings: Diagnostic[] = [];
  const ok = <R extends { readonly diagnostics: readonly Diagnostic[] }>(step: string, result: R): R => {
    const errors = result.diagnostics.filter((d) => d.severity === "error");
    if (errors.length > 0) throw new LifecycleError(step, "failed", result.diagnostics);
    warnings.push(...result.diagnostics);
    return result;
  };
  const applied = (step: string, result: StateResult): ObjectValue => {
    ok(step, result);
    if (result.state === null) throw new LifecycleError(step, "the apply returned no object");
    return result.state;
  };

  /** Refresh, then the plan tofu makes next with the same config: it must change nothing. */
  const settle = async (
    step: string,
    state: ObjectValue,
    stored: Uint8Array,
    config: TestValues,
    identity: ObjectValue | null,
  ) => {
    const read = ok(`${step}: refresh`, await kit.read(typeName, state, { private: stored, identity }));
    if (read.state === null) {
      throw new LifecycleError(`${step}: refresh`, "read returned null (gone) right after the apply");
    }
    const again = ok(
      `${step}: plan after refresh`,
      await kit.plan(typeName, { prior: read.state, config, private: read.private, identity: read.identity }),
    );
    const drift = differences(resource.schema, read.state, again.planned ?? null);
    if (drift.length > 0 || again.requiresReplace.length > 0) {
      throw new LifecycleError(
        `${step}: plan after refresh`,
        `planning the same configuration again is not a no-op: ${[
          ...drift.map((name) => `"${name}" would change`),
          ...again.requiresReplace.map((p) => `replacement forced at ${JSON.stringify(p)}`),
        ].join(", ")}. Does read return what create/update stored, and do plan modifiers keep state?`,
      );
    }
    return { state: read.state, private: read.private, identity: read.identity };
  };

  const createPlan = ok("create: plan", await kit.plan(typeName, { prior: null, config: steps.create }));
  const createResult = await kit.apply(typeName, createPlan);
  applied("create: apply", createResult);
  let current = await settle(
    "create",
    createResult.state!,
    createResult.private,
    steps.create,
    createResult.identity,
  );
  const created = current.state;
  const identities: (ObjectValue | null)[] = [current.identity];

  const updates =
    steps.update === undefined ? [] : Array.isArray(steps.update) ? steps.update : [steps.update];
  const updated: ObjectValue[] = [];
  const replaced: boolean[] = [];
  for (const [i, config] of (updates as readonly TestValues[]).entries()) {
    const step = updates.length > 1 ? `update ${i + 1}` : "update";
    const plan: PlanResult = ok(
      `${step}: plan`,
      await kit.plan(typeName, {
        prior: current.state,
        config,
        private: current.private,
        identity: current.identity,
      }),
    );
    let result: StateResult;
    if (plan.requiresReplace.length > 0) {
      // Tofu's default replacement: destroy the old object, then create the new one.
      const destroy = ok(
        `${step}: plan destroy (replace)`,
        await kit.plan(typeName, {
          prior: current.state,
          config: null,
          private: current.private,
          identity: current.identity,
        }),
      );
      ok(`${step}: destroy (replace)`, await kit.apply(typeName, destroy));
      const create = ok(`${step}: plan create (replace)`, await kit.plan(typeName, { prior: null, config }));
      result = await kit.apply(typeName, create);
    } else {
      result = await kit.apply(typeName, plan);
    }
    applied(`${step}: apply`, result);
    current = await settle(step, result.state!, result.private, config, result.identity);
    updated.push(current.state);
    identities.push(current.identity);
    replaced.push(plan.requiresReplace.length > 0);
  }

  const destroy = ok(
    "destroy: plan",
    await kit.plan(typeName, {
      prior: current.state,
      config: null,
      private: current.private,
      identity: current.identity,
    }),
  );
  const gone = ok("destroy: apply", await kit.apply(typeName, destroy));
  if (gone.state !== null) throw new LifecycleError("destroy: apply", "the object is still in state");
  return { created, updated, replaced, identities, warnings };
}

/** The top-level attributes whose planned value differs from the prior one. */
function differences(schema: Schema, prior: ObjectValue, planned: ObjectValue | null): string[] {
  if (planned === null) return ["(the whole object)"];
  return Object.entries(schema)
    .filter(([name, entry]) => !valuesEqual(prior[name] ?? null, planned[name] ?? null, entryType(entry)))
    .map(([name]) => name);
}
