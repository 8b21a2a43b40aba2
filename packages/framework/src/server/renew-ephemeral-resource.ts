// Renewing an ephemeral resource: once the renewAt an open (or a renew) answered has passed
// and Terraform still uses the value, it sends the private data back. The author's renew gets
// the data and may replace it and set the next renewAt.

import { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { componentLog } from "../internal/log.js";
import { PrivateStateError } from "../private-state.js";
import { handlerSite, runHandler } from "../values/handler.js";
import { openSealed, sealAgain } from "./ephemeral-private.js";
import type { ProviderServer } from "./provider-server.js";

export interface RenewedEphemeralResource {
  readonly diagnostics: Diagnostics;
  /** The private data to hand back; undefined when renewing failed (Terraform keeps the old). */
  readonly private?: Uint8Array;
  readonly renewAt?: Date;
}

export async function renewEphemeralResource(
  server: ProviderServer,
  resource: EphemeralResource,
  bytes: Uint8Array | undefined,
): Promise<RenewedEphemeralResource> {
  const diagnostics = new Diagnostics();
  const where = `ephemeral resource ${resource.typeName} renew`;
  const opened = openSealed(server, resource, bytes, "renew", diagnostics);
  if (!opened) return { diagnostics };
  const renew = resource.renew;
  if (!renew) {
    // Only an open that set renewAt leads here; defineEphemeralResource cannot know it will.
    diagnostics.addError(
      `Ephemeral resource ${resource.typeName} cannot be renewed`,
      "Its open set renewAt, so Terraform asks to renew it, but it has no renew. Give it an async renew({ private }), or do not set renewAt.",
    );
    return { diagnostics };
  }
  const site = handlerSite(server.provider, "ephemeral resource", resource.typeName, "renew");
  const renewed = await runHandler(diagnostics, site, () =>
    renew({
      private: opened.data as never,
      providerData: server.providerData,
      log: componentLog(resource.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  if (diagnostics.hasErrors) return { diagnostics };
  const renewAt = checkRenewAt(resource, renewed?.renewAt, "renew", diagnostics);
  if (diagnostics.hasErrors) return { diagnostics };
  const data = renewed && "private" in renewed ? (renewed.private ?? null) : opened.data;
  try {
    const sealed = sealAgain(server, resource, opened, data);
    return { diagnostics, private: sealed, ...(renewAt ? { renewAt } : {}) };
  } catch (err) {
    if (!(err instanceof PrivateStateError)) throw err;
    diagnostics.addError(`${where} returned private data that cannot be kept`, err.detail || err.message);
    return { diagnostics };
  }
}

/** A renewAt from author code: a valid Date or nothing. */
export function checkRenewAt(
  resource: EphemeralResource,
  renewAt: unknown,
  operation: "open" | "renew",
  diagnostics: Diagnostics,
): Date | undefined {
  if (renewAt === undefined || renewAt === null) return undefined;
  if (!(renewAt instanceof Date) || Number.isNaN(renewAt.getTime())) {
    diagnostics.addError(
      `ephemeral resource ${resource.typeName} ${operation} returned an invalid renewAt`,
      "renewAt is a Date (the moment Terraform should renew the resource), or left out when it never needs renewing.",
    );
    return undefined;
  }
  return renewAt;
}
