// What ConfigureStateStore leaves for the state RPCs after it: per provider process and store
// type, the store the author's configure returned and the chunk size agreed with Terraform.
// Kept beside the server (not in it) so a process without state stores carries nothing.

import type { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import type { StateStore } from "../state-store.js";
import type { ProviderServer } from "./provider-server.js";

export interface ConfiguredStateStore {
  readonly store: unknown;
  /** Bytes per chunk, both ways. */
  readonly chunkSize: number;
}

const sessions = new WeakMap<ProviderServer, Map<string, ConfiguredStateStore>>();

export function rememberConfiguredStore(
  server: ProviderServer,
  typeName: string,
  configured: ConfiguredStateStore,
): void {
  let byType = sessions.get(server);
  if (!byType) {
    byType = new Map();
    sessions.set(server, byType);
  }
  byType.set(typeName, configured);
}

/** The configured store of `stateStore`, or an error diagnostic saying it was never configured. */
export function configuredStore(
  server: ProviderServer,
  stateStore: StateStore,
  diagnostics: Diagnostics,
): ConfiguredStateStore | undefined {
  const found = sessions.get(server)?.get(stateStore.typeName);
  if (found) return found;
  diagnostics.addError(
    `State store ${stateStore.typeName} is not configured`,
    `Terraform used state store ${stateStore.typeName} before configuring it (ConfigureStateStore) in this provider process. This points at a problem in the host; run terraform init again.`,
  );
  return undefined;
}

/** The context every state operation's callback receives. */
export function stateContext(
  server: ProviderServer,
  stateStore: StateStore,
  configured: ConfiguredStateStore,
  diagnostics: Diagnostics,
) {
  return {
    store: configured.store,
    providerData: server.providerData,
    log: componentLog(stateStore.typeName),
    signal: server.signal,
    diagnostics,
  };
}
