import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { PrivateSlot } from "../private-state.js";
import type { Resource } from "../resource.js";
import { runWithTimeout, timeoutFor } from "../timeouts.js";
import type { ObjectValue, ProviderServer } from "./provider-server.js";
import { privateAccess } from "./resource-private.js";
import { completeObject, withoutWriteOnly } from "./values.js";

/** Turns an import ID into a first state; Terraform then calls ReadResource to fill it in. */
export async function importResourceState(
  server: ProviderServer,
  resource: Resource,
  id: string,
): Promise<{ diagnostics: Diagnostics; state?: ObjectValue; private?: Uint8Array }> {
  const diagnostics = new Diagnostics();
  if (!resource.importState) {
    diagnostics.addError(
      `${resource.typeName} cannot be imported`,
      "This resource type does not support import. Create it with this provider instead.",
    );
    return { diagnostics };
  }
  const where = `${resource.typeName} importState`;
  // An imported object has no private data until importState sets some.
  const slot = new PrivateSlot(resource.typeName, { value: null, bytes: new Uint8Array(0) });
  // Only the resource's default applies: the request carries no config with a timeouts block.
  const options = {
    parent: server.signal,
    operation: "import",
    timeout: timeoutFor(resource, "import", null),
  };
  const partial = await runWithTimeout(diagnostics, where, options, (signal) =>
    resource.importState!({
      ...privateAccess(slot),
      id,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal,
      diagnostics,
    }),
  );
  if (partial === undefined || diagnostics.hasErrors) return { diagnostics };
  const state = completeObject(resource.schema, partial, where, diagnostics);
  if (!state) return { diagnostics };
  const sealed = slot.bytes(server.privateState, diagnostics);
  if (!sealed) return { diagnostics };
  return { diagnostics, state: withoutWriteOnly(resource.schema, state), private: sealed };
}
