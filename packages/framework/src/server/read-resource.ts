import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { forAuthor, withExactNumbers } from "./author-values.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { completeObject, isWhollyKnown, withoutWriteOnly } from "./values.js";

/** Refresh: returns the object as it is now, or null when it is gone (Terraform drops it). */
export async function readResource(
  server: ProviderServer,
  resource: Resource,
  state: ObjectValue | null,
): Promise<{ diagnostics: Diagnostics; newState: ObjectValue | null }> {
  const diagnostics = new Diagnostics();
  if (state === null) return { diagnostics, newState: null };
  const where = `${resource.typeName} read`;
  const result = await runHandler(diagnostics, where, () =>
    resource.read({
      state: forAuthor(resource.schema, state) as never,
      providerData: server.providerData,
      signal: server.signal,
      diagnostics,
    }),
  );
  // On failure keep what Terraform had: nothing in state may be lost to a failed refresh.
  if (result === undefined || diagnostics.hasErrors) return { diagnostics, newState: state };
  if (result === null) return { diagnostics, newState: null };
  const completed = completeObject(resource.schema, result, where, diagnostics);
  if (!completed) return { diagnostics, newState: state };
  if (!isWhollyKnown(completed)) {
    diagnostics.addError(
      `${where} returned unknown values`,
      "A read result must be wholly known: set every attribute.",
    );
    return { diagnostics, newState: state };
  }
  // Unchanged float64 values go back exactly as stored, so rounding never reads as drift.
  const newState = withExactNumbers(resource.schema, state, withoutWriteOnly(resource.schema, completed));
  return { diagnostics, newState };
}
