import { Diagnostics } from "../diagnostics.js";
import type { Resource } from "../resource.js";
import { runHandler } from "./handler.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { completeObject, withoutWriteOnly } from "./values.js";

/** Turns an import ID into a first state; Terraform then calls ReadResource to fill it in. */
export async function importResourceState(
  server: ProviderServer,
  resource: Resource,
  id: string,
): Promise<{ diagnostics: Diagnostics; state?: ObjectValue }> {
  const diagnostics = new Diagnostics();
  if (!resource.importState) {
    diagnostics.addError(
      `${resource.typeName} cannot be imported`,
      "This resource type does not support import. Create it with this provider instead.",
    );
    return { diagnostics };
  }
  const where = `${resource.typeName} importState`;
  const partial = await runHandler(diagnostics, where, () =>
    resource.importState!({ id, providerData: server.providerData, signal: server.signal, diagnostics }),
  );
  if (partial === undefined || diagnostics.hasErrors) return { diagnostics };
  const state = completeObject(resource.schema, partial, where, diagnostics);
  return state ? { diagnostics, state: withoutWriteOnly(resource.schema, state) } : { diagnostics };
}
