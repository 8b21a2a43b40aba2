// Writing a state: Terraform streams it in chunks of the agreed size, the first one naming the
// store and the state, each giving its byte range within the whole and the whole's length.
// The chunks are put back together here and the author's writeState receives the whole state
// once, or not at all: a chunk out of order, overlapping another, of the wrong length or
// bigger than agreed, or a stream that ends short, is refused with a diagnostic saying which
// chunk and what was wrong, and nothing is written (the state keeps its last good version).

import { Diagnostics } from "../diagnostics.js";
import type { StateStore } from "../state-store.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ProviderServer } from "./provider-server.js";
import { configuredStore, stateContext } from "./state-store-session.js";

/** One chunk as it came off the wire, numbers already converted. */
export interface IncomingStateChunk {
  /** Only on the first chunk: which store and state. */
  readonly meta?: { readonly typeName: string; readonly stateId: string } | undefined;
  readonly bytes: Uint8Array;
  readonly totalLength: number;
  /** Inclusive byte offsets within the whole state; absent when the host sent none. */
  readonly range?: { readonly start: number; readonly end: number } | undefined;
}

/**
 * Puts chunks back together in the order they must arrive. The first problem is kept as an
 * error diagnostic; chunks after it are read and dropped, so the host gets that diagnostic in
 * the answer rather than a broken stream.
 */
export class StateBytesAssembler {
  readonly diagnostics = new Diagnostics();
  #meta: { readonly typeName: string; readonly stateId: string } | undefined;
  #parts: Uint8Array[] = [];
  #received = 0;
  #totalLength = -1;
  #count = 0;
  readonly #chunkSizeOf: (typeName: string) => number | undefined;

  /** `chunkSizeOf` answers the agreed chunk size of a store type (undefined: no such store). */
  constructor(chunkSizeOf: (typeName: string) => number | undefined) {
    this.#chunkSizeOf = chunkSizeOf;
  }

  get meta() {
    return this.#meta;
  }

  add(chunk: IncomingStateChunk): void {
    const index = this.#count++;
    if (this.diagnostics.hasErrors) return;
    const which = `chunk ${index + 1}`;
    if (index === 0) {
      if (!chunk.meta?.typeName) {
        this.#refuse(
          "The first chunk of a state names no state store",
          "WriteStateBytes' first chunk carries meta (the store's type and the state's id); this one has none. This points at a problem in the host.",
        );
        return;
      }
      this.#meta = { typeName: chunk.meta.typeName, stateId: chunk.meta.stateId };
      if (this.#chunkSizeOf(chunk.meta.typeName) === undefined) return; // the caller reports it
      this.#totalLength = chunk.totalLength;
    } else if (
      chunk.meta &&
      (chunk.meta.typeName !== this.#meta?.typeName || chunk.meta.stateId !== this.#meta.stateId)
    ) {
      this.#refuse(
        `State ${which} names another state`,
        `The write began for state "${this.#meta?.stateId}" of ${this.#meta?.typeName}, but ${which} names state "${chunk.meta.stateId}" of ${chunk.meta.typeName}. One write carries one state.`,
      );
      return;
    }
    const meta = this.#meta;
    if (!meta) return;
    const chunkSize = this.#chunkSizeOf(meta.typeName);
    if (chunkSize === undefined) return;
    const where = `state "${meta.stateId}"`;
    if (!Number.isSafeInteger(chunk.totalLength) || chunk.totalLength <= 0) {
      this.#refuse(
        `Invalid total length in ${which} of ${where}`,
        `${which} gives total_length ${chunk.totalLength}; a state to write has at least one byte.`,
      );
      return;
    }
    if (chunk.totalLength !== this.#totalLength) {
      this.#refuse(
        `Total length changed in ${which} of ${where}`,
        `The first chunk announced ${this.#totalLength} bytes in all, ${which} announces ${chunk.totalLength}. Every chunk of one write gives the same total_length.`,
      );
      return;
    }
    const range = chunk.range;
    if (!range) {
      this.#refuse(
        `No byte range in ${which} of ${where}`,
        `Every chunk says which bytes of the state it holds (range.start to range.end); ${which} does not.`,
      );
      return;
    }
    if (range.start < this.#received) {
      this.#refuse(
        `Overlapping chunk: ${which} of ${where} repeats bytes already received`,
        `Bytes 0 to ${this.#received - 1} have arrived; ${which} holds bytes ${range.start} to ${range.end}, which overlap them. Chunks must follow each other without overlap; nothing was written.`,
      );
      return;
    }
    if (range.start > this.#received) {
      this.#refuse(
        `Chunk out of order: ${which} of ${where} skips bytes`,
        `The next chunk must start at byte ${this.#received}; ${which} starts at byte ${range.start} (bytes ${range.start} to ${range.end}). Chunks must arrive in order without gaps; nothing was written.`,
      );
      return;
    }
    const length = range.end - range.start + 1;
    if (length !== chunk.bytes.length) {
      this.#refuse(
        `Chunk length does not match its range: ${which} of ${where}`,
        `${which} claims bytes ${range.start} to ${range.end} (${length} bytes) but holds ${chunk.bytes.length} bytes.`,
      );
      return;
    }
    if (chunk.bytes.length > chunkSize) {
      this.#refuse(
        `Chunk bigger than agreed: ${which} of ${where}`,
        `${which} holds ${chunk.bytes.length} bytes; the chunk size agreed when the store was configured is ${chunkSize} bytes.`,
      );
      return;
    }
    if (range.end >= this.#totalLength) {
      this.#refuse(
        `Chunk beyond the end: ${which} of ${where}`,
        `${which} holds bytes up to ${range.end}, past the announced total of ${this.#totalLength} bytes (the last byte is ${this.#totalLength - 1}).`,
      );
      return;
    }
    // A copy: the message's buffer may be reused by the transport once this returns.
    this.#parts.push(Buffer.from(chunk.bytes));
    this.#received += chunk.bytes.length;
  }

  /** The whole state, or undefined (with an error diagnostic) when it is not complete. */
  finish(): Uint8Array | undefined {
    if (this.diagnostics.hasErrors) return undefined;
    if (this.#count === 0) {
      this.#refuse(
        "No state bytes arrived",
        "WriteStateBytes ended without a single chunk; Terraform never writes an empty state. Nothing was written.",
      );
      return undefined;
    }
    // No such store, or not configured: the caller reports that.
    if (!this.#meta || this.#chunkSizeOf(this.#meta.typeName) === undefined) return undefined;
    if (this.#received !== this.#totalLength) {
      this.#refuse(
        `State "${this.#meta.stateId}" arrived incomplete`,
        `${this.#totalLength} bytes were announced but only ${this.#received} arrived before the stream ended. Nothing was written.`,
      );
      return undefined;
    }
    return Buffer.concat(this.#parts, this.#received);
  }

  #refuse(summary: string, detail: string): void {
    this.diagnostics.addError(summary, detail);
    this.#parts = [];
  }
}

/** Hands a whole state to the author's writeState. */
export async function writeStateBytes(
  server: ProviderServer,
  stateStore: StateStore,
  stateId: string,
  bytes: Uint8Array,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const configured = configuredStore(server, stateStore, diagnostics);
  if (!configured) return diagnostics;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "writeState");
  await runHandler(diagnostics, site, () =>
    stateStore.writeState({ ...stateContext(server, stateStore, configured, diagnostics), stateId, bytes }),
  );
  return diagnostics;
}
