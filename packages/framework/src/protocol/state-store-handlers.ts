// The state store RPCs (tfplugin6 only): Validate and Configure, ReadStateBytes (a server
// stream of chunks), WriteStateBytes (a client stream of chunks), LockState and UnlockState,
// GetStates and DeleteState. A failure is a diagnostic, never a gRPC error.
import type * as tfplugin6 from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import { configureStateStore } from "../server/configure-state-store.js";
import type { ProviderServer } from "../server/provider-server.js";
import { readStateBytes, stateChunks } from "../server/read-state-bytes.js";
import { lockState, unlockState } from "../server/state-store-lock.js";
import { configuredStore } from "../server/state-store-session.js";
import { deleteState, getStates } from "../server/state-store-states.js";
import { validateStateStoreConfig } from "../server/validate-state-store-config.js";
import { StateBytesAssembler, writeStateBytes } from "../server/write-state-bytes.js";
import type { StateStore } from "../state-store.js";
import type { ObjectValue } from "../values/object-value.js";
import { asBuffer, type RequestValue } from "./requests.js";
import { clientStream, type StreamSender, serverStream } from "./streams.js";
import { unary } from "./unary.js";
import { decodeDynamic, toWireDiagnostics } from "./wire.js";

type WireDiagnostics = ReturnType<typeof toWireDiagnostics>;
interface WireRange {
  start: bigint;
  end: bigint;
}

/** A ReadStateBytes response as the generated message takes it. */
export interface WireStateChunk {
  bytes?: Buffer;
  totalLength?: bigint;
  range?: WireRange;
  diagnostics?: WireDiagnostics;
}

/** A WriteStateBytes request chunk as the generated message holds it. */
export interface WireIncomingChunk {
  readonly meta?: { readonly typeName: string; readonly stateId: string } | undefined;
  readonly bytes: Uint8Array;
  readonly totalLength: bigint | number;
  readonly range?: { readonly start: bigint | number; readonly end: bigint | number } | undefined;
}

export function stateStoreHandlers(server: ProviderServer) {
  const storeOf = (typeName: string, diagnostics: Diagnostics): StateStore | undefined => {
    const found = server.provider.stateStoresByType.get(typeName);
    if (found) return found;
    const known = [...server.provider.stateStoresByType.keys()].join(", ") || "none";
    diagnostics.addError(
      `Unknown state store type ${typeName}`,
      `The provider ${server.provider.name} has no state store type "${typeName}" (it has: ${known}). Check the state_store block's type in your configuration, or upgrade the provider.`,
    );
    return undefined;
  };
  const decodeConfig = (value: RequestValue, stateStore: StateStore, diagnostics: Diagnostics) => {
    const decoded = decodeDynamic(
      value,
      stateStore.valueType,
      diagnostics,
      `configuration for state store ${stateStore.typeName}`,
    ) as ObjectValue | null | undefined;
    rememberSecrets(stateStore.schema, decoded);
    return decoded;
  };

  return {
    validateStateStoreConfig: async (
      req: { readonly typeName: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (!stateStore) return {};
      const config = decodeConfig(req.config, stateStore, diagnostics);
      if (config !== undefined)
        diagnostics.append(await validateStateStoreConfig(server, stateStore, config));
      return {};
    },

    configureStateStore: async (
      req: {
        readonly typeName: string;
        readonly config?: RequestValue;
        readonly capabilities?: { readonly chunkSize: bigint | number } | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{ capabilities?: { chunkSize: bigint } }> => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (!stateStore) return {};
      const config = decodeConfig(req.config, stateStore, diagnostics);
      if (config === undefined) return {};
      const proposed = Number(req.capabilities?.chunkSize ?? 0);
      const configured = await configureStateStore(server, stateStore, config, proposed);
      diagnostics.append(configured.diagnostics);
      if (configured.chunkSize === undefined) return {};
      return { capabilities: { chunkSize: BigInt(configured.chunkSize) } };
    },

    /** The state in chunks of the agreed size; nothing at all when there is no state. */
    readStateBytes: async (
      req: { readonly typeName: string; readonly stateId: string },
      sender: StreamSender<WireStateChunk>,
    ): Promise<Diagnostics> => {
      const diagnostics = new Diagnostics();
      const stateStore = storeOf(req.typeName, diagnostics);
      if (stateStore) {
        const read = await readStateBytes(server, stateStore, req.stateId);
        diagnostics.append(read.diagnostics);
        if (!diagnostics.hasErrors) {
          let first = true;
          for (const chunk of stateChunks(read.bytes, read.chunkSize)) {
            const sent = await sender.send({
              bytes: asBuffer(chunk.bytes),
              totalLength: BigInt(chunk.totalLength),
              range: { start: BigInt(chunk.range.start), end: BigInt(chunk.range.end) },
              // Warnings ride on the first chunk: a message without a range would break the host.
              ...(first && diagnostics.items.length > 0
                ? { diagnostics: toWireDiagnostics(diagnostics) }
                : {}),
            });
            first = false;
            if (!sent) return diagnostics;
          }
          if (!first || diagnostics.items.length === 0) return diagnostics;
          // Warnings and no state: one empty chunk to carry them.
          await sender.send({
            bytes: Buffer.alloc(0),
            totalLength: 0n,
            range: { start: 0n, end: 0n },
            diagnostics: toWireDiagnostics(diagnostics),
          });
          return diagnostics;
        }
      }
      await sender.send({ diagnostics: toWireDiagnostics(diagnostics) });
      return diagnostics;
    },

    /** Reassembles the chunks; the author's writeState sees the whole state or nothing. */
    writeStateBytes: async (requests: AsyncIterable<WireIncomingChunk>, diagnostics: Diagnostics) => {
      const storeDiagnostics = new Diagnostics();
      const assembler = new StateBytesAssembler((typeName) => {
        const stateStore = server.provider.stateStoresByType.get(typeName);
        return stateStore && configuredStore(server, stateStore, storeDiagnostics)?.chunkSize;
      });
      for await (const chunk of requests) {
        assembler.add({
          meta: chunk.meta,
          bytes: chunk.bytes,
          totalLength: Number(chunk.totalLength),
          range: chunk.range && { start: Number(chunk.range.start), end: Number(chunk.range.end) },
        });
      }
      const bytes = assembler.finish();
      const meta = assembler.meta;
      const stateStore = meta && storeOf(meta.typeName, diagnostics);
      if (stateStore) diagnostics.append(dedupe(storeDiagnostics));
      diagnostics.append(assembler.diagnostics);
      if (!stateStore || !meta || bytes === undefined || diagnostics.hasErrors) return {};
      diagnostics.append(await writeStateBytes(server, stateStore, meta.stateId, bytes));
      return {};
    },

    lockState: async (
      req: { readonly typeName: string; readonly stateId: string; readonly operation: string },
      diagnostics: Diagnostics,
    ) => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (!stateStore) return {};
      const locked = await lockState(server, stateStore, req.stateId, req.operation);
      diagnostics.append(locked.diagnostics);
      return { lockId: locked.lockId };
    },

    unlockState: async (
      req: { readonly typeName: string; readonly stateId: string; readonly lockId: string },
      diagnostics: Diagnostics,
    ) => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (stateStore) diagnostics.append(await unlockState(server, stateStore, req.stateId, req.lockId));
      return {};
    },

    getStates: async (req: { readonly typeName: string }, diagnostics: Diagnostics) => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (!stateStore) return {};
      const states = await getStates(server, stateStore);
      diagnostics.append(states.diagnostics);
      return { stateId: [...states.stateIds] };
    },

    deleteState: async (
      req: { readonly typeName: string; readonly stateId: string },
      diagnostics: Diagnostics,
    ) => {
      const stateStore = storeOf(req.typeName, diagnostics);
      if (stateStore) diagnostics.append(await deleteState(server, stateStore, req.stateId));
      return {};
    },
  };
}

/** The chunk-size lookup runs once per chunk: report "not configured" once. */
function dedupe(diagnostics: Diagnostics): Diagnostics {
  const out = new Diagnostics();
  const seen = new Set<string>();
  for (const d of diagnostics.items) {
    const key = `${d.severity}\n${d.summary}\n${d.detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.append([d]);
  }
  return out;
}

/** The message that ends a ReadStateBytes stream whose handler threw. */
export function failedStateChunk(diagnostics: WireDiagnostics): WireStateChunk {
  return { diagnostics };
}

/** The state store RPCs of tfplugin6's service, over the shared handlers. */
export function stateStoreRpcs(h: ReturnType<typeof stateStoreHandlers>, pb: typeof tfplugin6) {
  return {
    validateStateStoreConfig: unary(
      "ValidateStateStoreConfig",
      pb.ValidateStateStore_Response,
      h.validateStateStoreConfig,
    ),
    configureStateStore: unary("ConfigureStateStore", pb.ConfigureStateStore_Response, h.configureStateStore),
    readStateBytes: serverStream(
      "ReadStateBytes",
      pb.ReadStateBytes_Response,
      h.readStateBytes,
      failedStateChunk,
    ),
    writeStateBytes: clientStream("WriteStateBytes", pb.WriteStateBytes_Response, h.writeStateBytes),
    lockState: unary("LockState", pb.LockState_Response, h.lockState),
    unlockState: unary("UnlockState", pb.UnlockState_Response, h.unlockState),
    getStates: unary("GetStates", pb.GetStates_Response, h.getStates),
    deleteState: unary("DeleteState", pb.DeleteState_Response, h.deleteState),
  };
}
