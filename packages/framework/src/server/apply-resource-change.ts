// Applying: create, update or delete, then hold the result to Terraform's rules before
// answering, so an author's mistake is reported against the author's resource and attribute
// rather than as tofu's "Provider produced inconsistent result".
import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { forAuthor, withExactNumbers } from "./author-values.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { checkAgainstPlan } from "./result-checks.js";
import { completeObject, withoutWriteOnly } from "./values.js";

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
  const schema = resource.schema;
  const view = (value: ObjectValue | null) => (value === null ? null : forAuthor(schema, value));

  if (planned === null) {
    if (prior === null) return { diagnostics, newState: null };
    await runHandler(diagnostics, `${resource.typeName} delete`, () =>
      resource.delete({ ...base, state: view(prior) as never }),
    );
    // A failed delete leaves the object in state, so it is neither lost nor forgotten.
    return { diagnostics, newState: diagnostics.hasErrors ? prior : null };
  }

  const operation = prior === null ? "create" : "update";
  const where = `${resource.typeName} ${operation}`;
  let result: object | undefined;
  if (prior === null) {
    result = await runHandler(diagnostics, where, () =>
      resource.create({ ...base, plan: view(planned) as never, config: view(config) as never }),
    );
  } else if (resource.update) {
    result = await runHandler(diagnostics, where, () =>
      resource.update!({
        ...base,
        plan: view(planned) as never,
        state: view(prior) as never,
        config: view(config) as never,
      }),
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

  const completed = completeObject(schema, result, where, diagnostics);
  if (!completed) return { diagnostics, newState: prior };
  const newState = withExactNumbers(schema, planned, withoutWriteOnly(schema, completed));
  return { diagnostics, newState: checkAgainstPlan(schema, planned, newState, where, diagnostics) };
}
