// Reading a state: the author answers its whole bytes (or null: no such state yet), and the
// framework cuts them into chunks of the agreed size for the stream. Terraform checks that
// every chunk but the last has exactly that size and that the lengths add up to total_length.

import { Diagnostics } from "../diagnostics.js";
import type { StateStore } from "../state-store.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ProviderServer } from "./provider-server.js";
import { configuredStore, stateContext } from "./state-store-session.js";

export interface StateChunk {
  readonly bytes: Uint8Array;
  readonly totalLength: number;
  /** Byte offsets within the whole state, both inclusive (as the protocol counts them). */
  readonly range: { readonly start: number; readonly end: number };
}

export interface ReadState {
  readonly diagnostics: Diagnostics;
  /** The state's bytes; empty when there is none (or reading failed). */
  readonly bytes: Uint8Array;
  readonly chunkSize: number;
}

export async function readStateBytes(
  server: ProviderServer,
  stateStore: StateStore,
  stateId: string,
): Promise<ReadState> {
  const diagnostics = new Diagnostics();
  const empty = new Uint8Array(0);
  const configured = configuredStore(server, stateStore, diagnostics);
  if (!configured) return { diagnostics, bytes: empty, chunkSize: 1 };
  const where = `state store ${stateStore.typeName} readState`;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "readState");
  const read = await runHandler(diagnostics, site, () =>
    stateStore.readState({ ...stateContext(server, stateStore, configured, diagnostics), stateId }),
  );
  if (diagnostics.hasErrors || read === null || read === undefined) {
    return { diagnostics, bytes: empty, chunkSize: configured.chunkSize };
  }
  if (!(read instanceof Uint8Array)) {
    diagnostics.addError(
      `${where} returned ${typeof read}, not bytes`,
      `readState answers the state "${stateId}" as a Uint8Array (or Buffer) of its bytes, or null when there is no such state.`,
    );
    return { diagnostics, bytes: empty, chunkSize: configured.chunkSize };
  }
  return { diagnostics, bytes: read, chunkSize: configured.chunkSize };
}

/** `bytes` in chunks of `chunkSize` (the last one shorter); none for no bytes. */
export function* stateChunks(bytes: Uint8Array, chunkSize: number): Generator<StateChunk> {
  for (let start = 0; start < bytes.length; start += chunkSize) {
    const chunk = bytes.subarray(start, Math.min(start + chunkSize, bytes.length));
    yield { bytes: chunk, totalLength: bytes.length, range: { start, end: start + chunk.length - 1 } };
  }
}
