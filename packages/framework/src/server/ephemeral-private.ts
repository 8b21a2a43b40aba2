// The private bytes of ephemeral resources. Open answers them, Renew and Close send them back,
// all within one walk of one provider process; Terraform keeps them in memory only, never in
// a plan or state file. They are sealed all the same, with the private state codec (one rule
// for all private data: nobody outside the provider reads or forges it) but under a random key
// made for this process: no practitioner secret is needed, and bytes from another process or
// another type cannot be opened. Each opened instance gets a handle inside the sealed data, so
// a renew or close after the close of the same instance is recognised and refused.
import { randomBytes, randomUUID } from "node:crypto";
import { isRecord } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import { type PrivateData, PrivateStateCodec, PrivateStateError } from "../private-state.js";
import type { ProviderServer } from "./provider-server.js";

/** The sealed payload: which opened instance, and the author's data. */
interface Sealed {
  readonly handle: string;
  readonly data: PrivateData | null;
}

/** One process's key and the handles closed so far. */
class EphemeralSessions {
  readonly codec = new PrivateStateCodec([randomBytes(32).toString("base64")]);
  readonly closed = new Set<string>();
}

const sessions = new WeakMap<ProviderServer, EphemeralSessions>();
function sessionsOf(server: ProviderServer): EphemeralSessions {
  let found = sessions.get(server);
  if (!found) {
    found = new EphemeralSessions();
    sessions.set(server, found);
  }
  return found;
}

const associatedType = (resource: EphemeralResource) => `ephemeral ${resource.typeName}`;

/** The opened instance's private data, sealed; a handle is made for it. */
export function sealNew(
  server: ProviderServer,
  resource: EphemeralResource,
  data: PrivateData | null,
): Uint8Array {
  return sealFor(server, resource, { handle: randomUUID(), data });
}

/** The same instance's private data after a renew. */
export function sealAgain(
  server: ProviderServer,
  resource: EphemeralResource,
  opened: Sealed,
  data: PrivateData | null,
): Uint8Array {
  return sealFor(server, resource, { handle: opened.handle, data });
}

function sealFor(server: ProviderServer, resource: EphemeralResource, sealed: Sealed): Uint8Array {
  return sessionsOf(server).codec.seal(associatedType(resource), sealed as unknown as PrivateData);
}

/**
 * Opens the private bytes Renew or Close sent; undefined, with an error naming the resource
 * and what was wrong, when they are missing, damaged, not this process's, or already closed.
 */
export function openSealed(
  server: ProviderServer,
  resource: EphemeralResource,
  bytes: Uint8Array | undefined,
  operation: "renew" | "close",
  diagnostics: Diagnostics,
): Sealed | undefined {
  const summary = `Unreadable private data for ephemeral resource ${resource.typeName}`;
  const fail = (why: string) => {
    diagnostics.addError(
      summary,
      `Terraform sent ${operation} private data that ${why}. The provider hands out private data when it opens an ephemeral resource, and only that data, unchanged and in the same run, can be renewed or closed. This points at a problem in the host, not in your configuration.`,
    );
    return undefined;
  };
  if (bytes === undefined || bytes.length === 0) return fail("is empty");
  // Only the envelope this process seals; anything else gets the host-facing message below
  // rather than the codec's, which speaks of the state file.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 4)).toString("latin1") !== "tsv1")
    return fail("is not what the provider handed out (it does not start like a sealed envelope)");
  let value: PrivateData | null;
  try {
    value = sessionsOf(server).codec.open(associatedType(resource), bytes).value;
  } catch (err) {
    if (!(err instanceof PrivateStateError)) throw err;
    return fail(
      "cannot be opened: it was damaged, made for another ephemeral resource type, or by another provider process",
    );
  }
  if (!isRecord(value as never) || typeof (value as { handle?: unknown }).handle !== "string")
    return fail("has no handle");
  const sealed = value as unknown as Sealed;
  const session = sessionsOf(server);
  if (session.closed.has(sealed.handle)) {
    diagnostics.addError(
      `Ephemeral resource ${resource.typeName} was already closed`,
      `Terraform asked to ${operation} an instance of ${resource.typeName} that was closed before in this run. A closed ephemeral resource cannot be renewed or closed again; open a new one. This points at a problem in the host, not in your configuration.`,
    );
    return undefined;
  }
  return sealed;
}

/** Records that the instance is closed: its private data is refused from now on. */
export function markClosed(server: ProviderServer, opened: Sealed): void {
  sessionsOf(server).closed.add(opened.handle);
}

export type { Sealed as OpenedEphemeral };
