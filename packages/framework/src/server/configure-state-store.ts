// Configuring a state store: the author's configure prepares the store for the block's
// arguments, and the chunk size for reading and writing states is agreed. Terraform proposes
// one (8 MiB) and takes what the provider answers if it lies in 1 byte to 128 MiB; the author
// may choose a smaller one (a backend that takes small writes).

import { containsUnknown } from "@tsvider/cty";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { MAX_STATE_CHUNK_SIZE, type StateStore } from "../state-store.js";
import { forAuthor } from "../values/author-values.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { rememberConfiguredStore } from "./state-store-session.js";

/** What the framework answers when the host proposes nothing usable. */
export const DEFAULT_STATE_CHUNK_SIZE = 8 * 1024 * 1024;

export interface ConfiguredStateStoreAnswer {
  readonly diagnostics: Diagnostics;
  /** The agreed chunk size; undefined when configuring failed. */
  readonly chunkSize?: number;
}

export async function configureStateStore(
  server: ProviderServer,
  stateStore: StateStore,
  config: ObjectValue | null,
  proposedChunkSize: number,
): Promise<ConfiguredStateStoreAnswer> {
  const diagnostics = new Diagnostics();
  const where = `state store ${stateStore.typeName} configure`;
  if (config === null || containsUnknown(config)) {
    diagnostics.addError(
      `Configuration of state store ${stateStore.typeName} is not known`,
      "A state_store block's arguments must be known when Terraform starts (literal values, variables given on the command line); they cannot refer to resources.",
    );
    return { diagnostics };
  }
  checkConfig(stateStore.schema, config, diagnostics);
  if (diagnostics.hasErrors) return { diagnostics };
  const proposed =
    Number.isInteger(proposedChunkSize) && proposedChunkSize > 0 && proposedChunkSize <= MAX_STATE_CHUNK_SIZE
      ? proposedChunkSize
      : DEFAULT_STATE_CHUNK_SIZE;
  let chosen = proposed;
  let chosenBadly: unknown;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "configure");
  const store = await runHandler(diagnostics, site, () =>
    stateStore.configure({
      config: forAuthor(stateStore.schema, config) as never,
      proposedChunkSize: proposed,
      setChunkSize: (bytes: number) => {
        if (Number.isInteger(bytes) && bytes > 0 && bytes <= MAX_STATE_CHUNK_SIZE) chosen = bytes;
        else chosenBadly = bytes;
      },
      providerData: server.providerData,
      log: componentLog(stateStore.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  if (chosenBadly !== undefined) {
    diagnostics.addError(
      `${where} chose an unusable chunk size`,
      `setChunkSize(${String(chosenBadly)}): a chunk size is a whole number of bytes from 1 to ${MAX_STATE_CHUNK_SIZE} (128 MiB), which Terraform accepts.`,
    );
  }
  if (diagnostics.hasErrors) return { diagnostics };
  rememberConfiguredStore(server, stateStore.typeName, { store, chunkSize: chosen });
  return { diagnostics, chunkSize: chosen };
}
