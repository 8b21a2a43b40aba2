// Closing an ephemeral resource: Terraform no longer needs the value (at the latest when the
// walk ends) and sends the private data back once more. The author's close releases what open
// acquired; the instance is then marked closed, so its private data is refused from then on.

import { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { componentLog } from "../internal/log.js";
import { handlerSite, runHandler } from "../values/handler.js";
import { markClosed, openSealed } from "./ephemeral-private.js";
import type { ProviderServer } from "./provider-server.js";

export async function closeEphemeralResource(
  server: ProviderServer,
  resource: EphemeralResource,
  bytes: Uint8Array | undefined,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const opened = openSealed(server, resource, bytes, "close", diagnostics);
  if (!opened) return diagnostics;
  const close = resource.close;
  if (close) {
    const site = handlerSite(server.provider, "ephemeral resource", resource.typeName, "close");
    await runHandler(diagnostics, site, () =>
      close({
        private: opened.data as never,
        providerData: server.providerData,
        log: componentLog(resource.typeName),
        signal: server.signal,
        diagnostics,
      }),
    );
  }
  // A failed close is not retried by Terraform either: the instance is done with.
  markClosed(server, opened);
  return diagnostics;
}
