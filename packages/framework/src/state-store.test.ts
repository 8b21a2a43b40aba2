// State stores: definition checks, reassembling written chunks, and the eight RPCs over real
// gRPC: chunk size negotiation, ReadStateBytes' chunks, WriteStateBytes' reassembly and its
// refusals (nothing written then), locks held by someone else, workspaces.
import type * as grpc from "@grpc/grpc-js";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { attr } from "./schema/attributes.js";
import { StateBytesAssembler } from "./server/write-state-bytes.js";
import { defineStateStore, StateLockedError } from "./state-store.js";

interface Memory {
  readonly states: Map<string, Uint8Array>;
  readonly locks: Map<string, { id: string; operation: string }>;
  writes: number;
}
let lockCounter = 0;
const memory = defineStateStore({
  typeName: "test_memory",
  description: "States in memory.",
  schema: {
    name: attr.string({ required: true }),
    chunk_size: attr.int64({ optional: true }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.name === "") diagnostics.addError("name is empty", "", [{ attribute: "name" }]);
  },
  configure({ config, proposedChunkSize, setChunkSize }): Memory {
    expectTypeOf(config.name).toEqualTypeOf<string>();
    if (config.chunk_size !== null) setChunkSize(Number(config.chunk_size));
    if (config.name === "throws") throw new Error(`cannot use ${proposedChunkSize}`);
    return { states: new Map(), locks: new Map(), writes: 0 };
  },
  async getStates({ store }) {
    expectTypeOf(store).toEqualTypeOf<Memory>();
    return [...store.states.keys()];
  },
  async readState({ store, stateId }) {
    if (stateId === "broken") throw new Error("disk on fire");
    return store.states.get(stateId) ?? null;
  },
  async writeState({ store, stateId, bytes }) {
    store.writes++;
    store.states.set(stateId, bytes);
  },
  async deleteState({ store, stateId }) {
    if (!store.states.delete(stateId)) throw new StateLockedError(stateId, { id: "none" });
  },
  async lock({ store, stateId, operation }) {
    const held = store.locks.get(stateId);
    if (held) {
      throw new StateLockedError(stateId, {
        id: held.id,
        path: `memory/${stateId}`,
        operation: held.operation,
        who: "alice@laptop",
        version: "1.16.4",
        created: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
        info: "pid 42",
      });
    }
    const id = `lock-${++lockCounter}`;
    store.locks.set(stateId, { id, operation });
    return id;
  },
  async unlock({ store, stateId, lockId }) {
    if (store.locks.get(stateId)?.id !== lockId) throw new Error(`lock ${lockId} is not held`);
    store.locks.delete(stateId);
  },
});
const provider = defineProvider({ name: "test", version: "1.0.0", stateStores: [memory] });
const T = memory.valueType;

type Chunk = {
  meta?: { typeName: string; stateId: string };
  bytes: Buffer;
  totalLength: bigint;
  range?: { start: bigint; end: bigint };
};

function chunksOf(stateId: string, bytes: Buffer, size: number): Chunk[] {
  const out: Chunk[] = [];
  for (let start = 0; start < bytes.length; start += size) {
    const part = bytes.subarray(start, start + size);
    out.push({
      ...(start === 0 ? { meta: { typeName: "test_memory", stateId } } : {}),
      bytes: part,
      totalLength: BigInt(bytes.length),
      range: { start: BigInt(start), end: BigInt(start + part.length - 1) },
    });
  }
  return out;
}

function write(client: grpc.Client, chunks: readonly Chunk[]): Promise<pb.WriteStateBytes_Response> {
  return new Promise((resolve, reject) => {
    const stream = (client as pb.ProviderClient).writeStateBytes((err, res) =>
      err ? reject(err) : resolve(res),
    );
    for (const chunk of chunks) stream.write(pb.WriteStateBytes_RequestChunk.fromPartial(chunk));
    stream.end();
  });
}

function read(client: grpc.Client, stateId: string): Promise<pb.ReadStateBytes_Response[]> {
  const stream = (client as pb.ProviderClient).readStateBytes(
    pb.ReadStateBytes_Request.fromPartial({ typeName: "test_memory", stateId }),
  );
  return new Promise((resolve, reject) => {
    const out: pb.ReadStateBytes_Response[] = [];
    stream.on("data", (r: pb.ReadStateBytes_Response) => out.push(r));
    stream.on("error", reject);
    stream.on("end", () => resolve(out));
  });
}

const summaries = (diagnostics: readonly { readonly summary: string }[]) => diagnostics.map((d) => d.summary);

describe("defineStateStore", () => {
  const base = {
    typeName: "test_s",
    schema: {},
    configure: () => ({}),
    getStates: async () => [],
    readState: async () => null,
    writeState: async () => {},
    deleteState: async () => {},
  };
  it("refuses a definition it cannot serve", () => {
    expect(() => defineStateStore({ ...base, typeName: "Bad" })).toThrow(FrameworkConfigurationError);
    expect(() => defineStateStore({ ...base, readState: undefined } as never)).toThrow(/has no readState/);
    expect(() => defineStateStore({ ...base, lock: async () => "x" })).toThrow(/has lock alone/);
    expect(() =>
      defineStateStore({ ...base, schema: { provider: attr.string({ optional: true }) } }),
    ).toThrow(FrameworkConfigurationError);
    expect(() => defineProvider({ name: "other", version: "1", stateStores: [memory] })).toThrow(
      /does not start with "other_"/,
    );
  });
});

describe("StateBytesAssembler", () => {
  const assembler = () => new StateBytesAssembler((t) => (t === "test_memory" ? 4 : undefined));
  const meta = { typeName: "test_memory", stateId: "default" };
  const chunk = (start: number, text: string, total = 10, withMeta = start === 0) => ({
    ...(withMeta ? { meta } : {}),
    bytes: Buffer.from(text),
    totalLength: total,
    range: { start, end: start + text.length - 1 },
  });

  it("puts chunks back together", () => {
    const a = assembler();
    for (const c of [chunk(0, "abcd"), chunk(4, "efgh"), chunk(8, "ij")]) a.add(c);
    expect(Buffer.from(a.finish() ?? []).toString()).toBe("abcdefghij");
    expect(a.diagnostics.items).toEqual([]);
  });

  it("refuses a chunk out of order, naming where it should start", () => {
    const a = assembler();
    a.add(chunk(0, "abcd"));
    a.add(chunk(8, "ij"));
    a.add(chunk(4, "efgh"));
    expect(a.finish()).toBeUndefined();
    expect(summaries(a.diagnostics.items)).toEqual([
      'Chunk out of order: chunk 2 of state "default" skips bytes',
    ]);
    expect(a.diagnostics.items[0]?.detail).toContain("must start at byte 4; chunk 2 starts at byte 8");
  });

  it("refuses overlapping chunks", () => {
    const a = assembler();
    a.add(chunk(0, "abcd"));
    a.add(chunk(2, "cdef"));
    expect(a.finish()).toBeUndefined();
    expect(a.diagnostics.items[0]?.summary).toBe(
      'Overlapping chunk: chunk 2 of state "default" repeats bytes already received',
    );
    expect(a.diagnostics.items[0]?.detail).toContain("Bytes 0 to 3 have arrived; chunk 2 holds bytes 2 to 5");
  });

  it("refuses a chunk bigger than agreed, a wrong range, a changed total and a short stream", () => {
    const big = assembler();
    big.add(chunk(0, "abcdef"));
    expect(big.diagnostics.items[0]?.summary).toBe('Chunk bigger than agreed: chunk 1 of state "default"');
    const lying = assembler();
    lying.add({ ...chunk(0, "abcd"), range: { start: 0, end: 1 } });
    expect(lying.diagnostics.items[0]?.summary).toBe(
      'Chunk length does not match its range: chunk 1 of state "default"',
    );
    const changed = assembler();
    changed.add(chunk(0, "abcd"));
    changed.add(chunk(4, "efgh", 12));
    expect(changed.diagnostics.items[0]?.summary).toBe('Total length changed in chunk 2 of state "default"');
    const short = assembler();
    short.add(chunk(0, "abcd"));
    expect(short.finish()).toBeUndefined();
    expect(short.diagnostics.items[0]?.detail).toBe(
      "10 bytes were announced but only 4 arrived before the stream ended. Nothing was written.",
    );
    const nameless = assembler();
    nameless.add(chunk(0, "abcd", 10, false));
    expect(nameless.diagnostics.items[0]?.summary).toBe("The first chunk of a state names no state store");
    const none = assembler();
    expect(none.finish()).toBeUndefined();
    expect(none.diagnostics.items[0]?.summary).toBe("No state bytes arrived");
  });
});

describe("state stores over protocol 6", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(async () => server.close());
  const configure = (name: string, chunkSize: number | null, proposed = 8 << 20) =>
    server.call<pb.ConfigureStateStore_Response>("configureStateStore", {
      typeName: "test_memory",
      config: dv({ name, chunk_size: chunkSize }, T),
      capabilities: { chunkSize: BigInt(proposed) },
    });

  it("reports the store in the schema and the metadata", async () => {
    const schema = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(schema.stateStoreSchemas.test_memory?.block?.attributes.map((a) => a.name)).toEqual([
      "chunk_size",
      "name",
    ]);
    const meta = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(meta.stateStores).toEqual([{ typeName: "test_memory" }]);
  });

  it("validates with the author's checks", async () => {
    // Its request message is ValidateStateStore_Request, not named after the RPC.
    const res = await new Promise<pb.ValidateStateStore_Response>((resolve, reject) =>
      (server.client as pb.ProviderClient).validateStateStoreConfig(
        pb.ValidateStateStore_Request.fromPartial({
          typeName: "test_memory",
          config: dv({ name: "", chunk_size: null }, T),
        }),
        (err, r) => (err ? reject(err) : resolve(r)),
      ),
    );
    expect(summaries(res.diagnostics)).toEqual(["name is empty"]);
  });

  it("refuses state operations before the store is configured", async () => {
    const res = await server.call<pb.GetStates_Response>("getStates", { typeName: "test_memory" });
    expect(summaries(res.diagnostics)).toEqual(["State store test_memory is not configured"]);
    const written = await write(server.client, chunksOf("default", Buffer.from("{}"), 4));
    expect(summaries(written.diagnostics)).toEqual(["State store test_memory is not configured"]);
  });

  it("answers the proposed chunk size, or the one the author chose", async () => {
    expect((await configure("a", null)).capabilities?.chunkSize).toBe(BigInt(8 << 20));
    const bad = await configure("a", 0);
    expect(summaries(bad.diagnostics)).toEqual([
      "state store test_memory configure chose an unusable chunk size",
    ]);
    expect(bad.capabilities).toBeUndefined();
    const thrown = await configure("throws", null);
    expect(thrown.diagnostics[0]?.detail).toContain(`cannot use ${8 << 20}`);
    const chosen = await configure("a", 4);
    expect(chosen.diagnostics).toEqual([]);
    expect(chosen.capabilities?.chunkSize).toBe(4n);
  });

  it("writes a state in chunks and reads it back in chunks of the agreed size", async () => {
    await configure("rw", 4);
    const state = Buffer.from('{"version":4,"serial":1}');
    const written = await write(server.client, chunksOf("default", state, 4));
    expect(written.diagnostics).toEqual([]);
    const chunks = await read(server.client, "default");
    expect(chunks.map((c) => c.bytes.length)).toEqual([4, 4, 4, 4, 4, 4]);
    expect(chunks.every((c) => c.totalLength === BigInt(state.length))).toBe(true);
    expect(chunks.map((c) => [Number(c.range?.start), Number(c.range?.end)])).toEqual([
      [0, 3],
      [4, 7],
      [8, 11],
      [12, 15],
      [16, 19],
      [20, 23],
    ]);
    expect(Buffer.concat(chunks.map((c) => c.bytes)).equals(state)).toBe(true);
    // No state yet: no chunk at all, which Terraform takes as "no state".
    expect(await read(server.client, "missing")).toEqual([]);
  });

  it("refuses out-of-order chunks and writes nothing, keeping the last good state", async () => {
    await configure("order", 4);
    const good = Buffer.from("good-state");
    expect((await write(server.client, chunksOf("default", good, 4))).diagnostics).toEqual([]);
    const [a, b, c] = chunksOf("default", Buffer.from("bad--state"), 4);
    const res = await write(server.client, [a!, c!, b!]);
    expect(summaries(res.diagnostics)).toEqual([
      'Chunk out of order: chunk 2 of state "default" skips bytes',
    ]);
    const back = await read(server.client, "default");
    expect(Buffer.concat(back.map((x) => x.bytes)).toString()).toBe("good-state");
  });

  it("reports a failing read as one message with the error", async () => {
    await configure("fails", null);
    const res = await read(server.client, "broken");
    expect(res).toHaveLength(1);
    expect(res[0]?.range).toBeUndefined();
    expect(res[0]?.diagnostics[0]?.detail).toContain("disk on fire");
  });

  it("locks, names who holds a taken lock, and unlocks", async () => {
    await configure("locks", null);
    const first = await server.call<pb.LockState_Response>("lockState", {
      typeName: "test_memory",
      stateId: "default",
      operation: "OperationTypeApply",
    });
    expect(first.diagnostics).toEqual([]);
    expect(first.lockId).toMatch(/^lock-\d+$/);
    const second = await server.call<pb.LockState_Response>("lockState", {
      typeName: "test_memory",
      stateId: "default",
      operation: "OperationTypePlan",
    });
    expect(second.lockId).toBe("");
    expect(second.diagnostics[0]?.summary).toBe('State "default" is locked by alice@laptop');
    expect(second.diagnostics[0]?.detail).toContain(`Lock Info:
  ID:        ${first.lockId}
  Path:      memory/default
  Operation: OperationTypeApply
  Who:       alice@laptop
  Version:   1.16.4
  Created:   2026-01-02T03:04:05.000Z
  Info:      pid 42
`);
    expect(second.diagnostics[0]?.detail).toContain(`terraform force-unlock ${first.lockId}`);
    const unlocked = await server.call<pb.UnlockState_Response>("unlockState", {
      typeName: "test_memory",
      stateId: "default",
      lockId: first.lockId,
    });
    expect(unlocked.diagnostics).toEqual([]);
    const again = await server.call<pb.LockState_Response>("lockState", {
      typeName: "test_memory",
      stateId: "default",
      operation: "OperationTypeApply",
    });
    expect(again.diagnostics).toEqual([]);
  });

  it("lists and deletes states", async () => {
    await configure("workspaces", null);
    for (const id of ["default", "staging", "prod"]) {
      expect(
        (await write(server.client, chunksOf(id, Buffer.from(`{"${id}":1}`), 1 << 20))).diagnostics,
      ).toEqual([]);
    }
    const listed = await server.call<pb.GetStates_Response>("getStates", { typeName: "test_memory" });
    expect(listed.stateId).toEqual(["default", "prod", "staging"]);
    const deleted = await server.call<pb.DeleteState_Response>("deleteState", {
      typeName: "test_memory",
      stateId: "staging",
    });
    expect(deleted.diagnostics).toEqual([]);
    const after = await server.call<pb.GetStates_Response>("getStates", { typeName: "test_memory" });
    expect(after.stateId).toEqual(["default", "prod"]);
  });

  it("answers malformed config and chunks for an unknown store with diagnostics", async () => {
    const bad = await server.call<pb.ConfigureStateStore_Response>("configureStateStore", {
      typeName: "test_memory",
      config: { msgpack: Buffer.from([0xc1]) },
      capabilities: { chunkSize: 1024n },
    });
    expect(bad.diagnostics[0]?.summary).toContain("configuration for state store test_memory");
    expect(bad.capabilities).toBeUndefined();
    const written = await write(server.client, [
      {
        meta: { typeName: "test_nope", stateId: "default" },
        bytes: Buffer.from("{}"),
        totalLength: 2n,
        range: { start: 0n, end: 1n },
      },
    ]);
    expect(summaries(written.diagnostics)).toEqual(["Unknown state store type test_nope"]);
  });

  it("names an unknown store type in every RPC", async () => {
    const res = await server.call<pb.GetStates_Response>("getStates", { typeName: "test_nope" });
    expect(res.diagnostics[0]?.summary).toBe("Unknown state store type test_nope");
    const stream = (server.client as pb.ProviderClient).readStateBytes(
      pb.ReadStateBytes_Request.fromPartial({ typeName: "test_nope", stateId: "default" }),
    );
    const messages = await new Promise<pb.ReadStateBytes_Response[]>((resolve, reject) => {
      const out: pb.ReadStateBytes_Response[] = [];
      stream.on("data", (r: pb.ReadStateBytes_Response) => out.push(r));
      stream.on("error", reject);
      stream.on("end", () => resolve(out));
    });
    expect(messages[0]?.diagnostics[0]?.summary).toBe("Unknown state store type test_nope");
  });
});
