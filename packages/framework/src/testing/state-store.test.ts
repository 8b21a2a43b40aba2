import { describe, expect, it } from "vitest";
import { defineProvider } from "../provider.js";
import { attr } from "../schema/attributes.js";
import { defineStateStore, StateLockedError } from "../state-store.js";
import { testProvider } from "./test-provider.js";

const states = new Map<string, Uint8Array>();
let held: string | undefined;
const memory = defineStateStore({
  typeName: "test_mem",
  schema: { chunk_size: attr.int64({ optional: true }) },
  configure({ config, setChunkSize }) {
    if (config.chunk_size !== null) setChunkSize(Number(config.chunk_size));
    return states;
  },
  getStates: async ({ store }) => [...store.keys()],
  readState: async ({ store, stateId }) => store.get(stateId) ?? null,
  writeState: async ({ store, stateId, bytes }) => void store.set(stateId, bytes),
  deleteState: async ({ store, stateId }) => void store.delete(stateId),
  async lock({ stateId }) {
    if (held) throw new StateLockedError(stateId, { id: held, who: "someone" });
    held = "L1";
    return held;
  },
  async unlock() {
    held = undefined;
  },
});
const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", stateStores: [memory] }));

describe("the test kit's state stores", () => {
  it("configures, writes and reads in chunks of the agreed size, locks, lists and deletes", async () => {
    expect(await kit.stateStores.configure("test_mem", { chunk_size: 3 })).toEqual({
      chunkSize: 3,
      diagnostics: [],
    });
    expect((await kit.stateStores.read("test_mem", "default")).bytes).toBeNull();
    expect((await kit.stateStores.write("test_mem", "default", '{"serial":1}')).diagnostics).toEqual([]);
    const read = await kit.stateStores.read("test_mem", "default");
    expect(Buffer.from(read.bytes ?? []).toString()).toBe('{"serial":1}');
    expect(read.chunks.map((c) => c.bytes.length)).toEqual([3, 3, 3, 3]);
    const lock = await kit.stateStores.lock("test_mem", "default");
    expect(lock.lockId).toBe("L1");
    const again = await kit.stateStores.lock("test_mem", "default");
    expect(again.diagnostics[0]?.summary).toBe('State "default" is locked by someone');
    expect((await kit.stateStores.unlock("test_mem", "default", "L1")).diagnostics).toEqual([]);
    expect((await kit.stateStores.states("test_mem")).stateIds).toEqual(["default"]);
    await kit.stateStores.delete("test_mem", "default");
    expect((await kit.stateStores.states("test_mem")).stateIds).toEqual([]);
  });
});
