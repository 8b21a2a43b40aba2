// The test kit's state stores: configure, read, write, lock, unlock, list and delete called
// the way Terraform calls them, through the same core functions, with states cut into chunks
// of the agreed size and put back together exactly as the protocol adapter does.
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import { configureStateStore } from "../server/configure-state-store.js";
import type { ProviderServer } from "../server/provider-server.js";
import { readStateBytes, type StateChunk, stateChunks } from "../server/read-state-bytes.js";
import { lockState, unlockState } from "../server/state-store-lock.js";
import { configuredStore } from "../server/state-store-session.js";
import { deleteState, getStates } from "../server/state-store-states.js";
import { validateStateStoreConfig } from "../server/validate-state-store-config.js";
import { StateBytesAssembler, writeStateBytes } from "../server/write-state-bytes.js";
import type { StateStore } from "../state-store.js";
import { input, plain, type TestValues } from "./test-values.js";

/** What Terraform proposes (8 MiB). */
const terraformChunkSize = 8 * 1024 * 1024;

/**
 * Runs a state store's RPCs (configure, read and write states, lock, list) in process, as
 * `terraform init` and later commands call them. Get one from `TestProvider.stateStores`.
 */
export interface StateStoreTestKit {
  /**
   * ValidateStateStoreConfig then ConfigureStateStore, as `terraform init` does; the chunk size
   * is the one agreed (undefined when configuring failed).
   */
  configure(
    typeName: string,
    config: TestValues,
    options?: { readonly proposedChunkSize?: number },
  ): Promise<{ chunkSize: number | undefined; diagnostics: readonly Diagnostic[] }>;
  /** ReadStateBytes: the state (null: none) and the chunks it travelled in. */
  read(
    typeName: string,
    stateId: string,
  ): Promise<{ bytes: Uint8Array | null; chunks: readonly StateChunk[]; diagnostics: readonly Diagnostic[] }>;
  /** WriteStateBytes, in chunks of the agreed size. */
  write(
    typeName: string,
    stateId: string,
    bytes: Uint8Array | string,
  ): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /** LockState: the lock id ("" when refused or the store cannot lock). */
  lock(
    typeName: string,
    stateId: string,
    operation?: string,
  ): Promise<{ lockId: string; diagnostics: readonly Diagnostic[] }>;
  unlock(typeName: string, stateId: string, lockId: string): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /** GetStates: the workspaces, sorted. */
  states(typeName: string): Promise<{ stateIds: readonly string[]; diagnostics: readonly Diagnostic[] }>;
  delete(typeName: string, stateId: string): Promise<{ diagnostics: readonly Diagnostic[] }>;
}

export function stateStoreTestKit(
  server: ProviderServer,
  ensureConfigured: (diagnostics: Diagnostics) => Promise<void>,
): StateStoreTestKit {
  const storeOf = (typeName: string): StateStore => {
    const found = server.provider.stateStoresByType.get(typeName);
    if (found) return found;
    const known = [...server.provider.stateStoresByType.keys()].join(", ") || "none";
    throw new Error(`provider ${server.provider.name} has no state store "${typeName}" (it has: ${known})`);
  };

  return {
    async configure(typeName, config, options = {}) {
      const stateStore = storeOf(typeName);
      const diagnostics = new Diagnostics();
      const values = input(
        stateStore.schema,
        config,
        stateStore.valueType,
        diagnostics,
        "state store configuration",
      );
      if (values === undefined) return { chunkSize: undefined, diagnostics: plain(diagnostics) };
      diagnostics.append(await validateStateStoreConfig(server, stateStore, values));
      if (diagnostics.hasErrors) return { chunkSize: undefined, diagnostics: plain(diagnostics) };
      // Terraform configures the provider before its state store.
      await ensureConfigured(diagnostics);
      const configured = await configureStateStore(
        server,
        stateStore,
        values,
        options.proposedChunkSize ?? terraformChunkSize,
      );
      diagnostics.append(configured.diagnostics);
      return { chunkSize: configured.chunkSize, diagnostics: plain(diagnostics) };
    },

    async read(typeName, stateId) {
      const read = await readStateBytes(server, storeOf(typeName), stateId);
      const chunks = [...stateChunks(read.bytes, read.chunkSize)];
      return {
        bytes: read.diagnostics.hasErrors || read.bytes.length === 0 ? null : read.bytes,
        chunks,
        diagnostics: plain(read.diagnostics),
      };
    },

    async write(typeName, stateId, bytes) {
      const stateStore = storeOf(typeName);
      const diagnostics = new Diagnostics();
      const configured = configuredStore(server, stateStore, diagnostics);
      if (!configured) return { diagnostics: plain(diagnostics) };
      const whole = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
      const assembler = new StateBytesAssembler((t) => (t === typeName ? configured.chunkSize : undefined));
      let first = true;
      for (const chunk of stateChunks(whole, configured.chunkSize)) {
        assembler.add({ ...chunk, ...(first ? { meta: { typeName, stateId } } : {}) });
        first = false;
      }
      const assembled = assembler.finish();
      diagnostics.append(assembler.diagnostics);
      if (assembled !== undefined)
        diagnostics.append(await writeStateBytes(server, stateStore, stateId, assembled));
      return { diagnostics: plain(diagnostics) };
    },

    async lock(typeName, stateId, operation = "OperationTypeApply") {
      const locked = await lockState(server, storeOf(typeName), stateId, operation);
      return { lockId: locked.lockId, diagnostics: plain(locked.diagnostics) };
    },

    async unlock(typeName, stateId, lockId) {
      return { diagnostics: plain(await unlockState(server, storeOf(typeName), stateId, lockId)) };
    },

    async states(typeName) {
      const listed = await getStates(server, storeOf(typeName));
      return { stateIds: listed.stateIds, diagnostics: plain(listed.diagnostics) };
    },

    async delete(typeName, stateId) {
      return { diagnostics: plain(await deleteState(server, storeOf(typeName), stateId)) };
    },
  };
}
