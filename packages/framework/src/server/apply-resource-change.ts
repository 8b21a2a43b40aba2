// Applying: create, update or delete, then hold the result to Terraform's rules before
// answering, so an author's mistake is reported against the author's resource and attribute
// rather than as tofu's "Provider produced inconsistent result".
import { type CtyValue, Decimal, isUnknown, valuesEqual } from "@tsvider/cty";
import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { completeObject } from "./values.js";

export async function applyResourceChange(
  server: ProviderServer,
  resource: Resource,
  request: {
    readonly priorState: ObjectValue | null;
    readonly plannedState: ObjectValue | null;
    readonly config: ObjectValue | null;
  },
): Promise<{ diagnostics: Diagnostics; newState: ObjectValue | null }> {
  const diagnostics = new Diagnostics();
  const { priorState: prior, plannedState: planned, config } = request;
  const base = { providerData: server.providerData, signal: server.signal, diagnostics };

  if (planned === null) {
    if (prior === null) return { diagnostics, newState: null };
    await runHandler(diagnostics, `${resource.typeName} delete`, () =>
      resource.delete({ ...base, state: prior as never }),
    );
    // A failed delete leaves the object in state, so it is neither lost nor forgotten.
    return { diagnostics, newState: diagnostics.hasErrors ? prior : null };
  }

  const operation = prior === null ? "create" : "update";
  const where = `${resource.typeName} ${operation}`;
  let result: object | undefined;
  if (prior === null) {
    result = await runHandler(diagnostics, where, () =>
      resource.create({ ...base, plan: planned as never, config: config as never }),
    );
  } else if (resource.update) {
    result = await runHandler(diagnostics, where, () =>
      resource.update!({ ...base, plan: planned as never, state: prior as never, config: config as never }),
    );
  } else {
    diagnostics.addError(
      `${resource.typeName} cannot be updated in place`,
      "The resource has no update handler.",
    );
  }
  if (result === undefined || result === null) {
    if (!diagnostics.hasErrors)
      diagnostics.addError(`${where} returned no state`, "Return the new state object.");
    return { diagnostics, newState: prior };
  }

  const newState = completeObject(result, resource.valueType, where, diagnostics);
  if (!newState) return { diagnostics, newState: prior };
  const checked: Record<string, CtyValue> = { ...newState };
  for (const name of Object.keys(resource.valueType.attributes)) {
    const got = newState[name] ?? null;
    const want = planned[name] ?? null;
    if (isUnknown(got)) {
      diagnostics.addError(
        `${where} left "${name}" unknown`,
        "Every value must be known after apply: set the attribute (null is allowed) in the returned state.",
        [{ attribute: name }],
      );
      checked[name] = null; // stored as null so the object stays tracked
    } else if (!isUnknown(want) && !valuesEqual(got, want, resource.valueType.attributes[name]!)) {
      diagnostics.addError(
        `${where} changed "${name}" from its planned value`,
        `The plan said ${describe(want)} and the result says ${describe(got)}. A known planned value must come back unchanged; compute values that are only known after apply as unknown in the plan (mark the attribute computed).`,
        [{ attribute: name }],
      );
    }
  }
  return { diagnostics, newState: checked };
}

function describe(value: CtyValue): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null || typeof value !== "object" || value instanceof Decimal) return String(value);
  return "an object";
}
