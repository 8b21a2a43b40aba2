import { mkdtemp, readdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Diagnostics, StateLockedError } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { fsStateStore } from "./fs-state-store.js";

const definition = fsStateStore();
const log = { trace() {}, debug() {}, info() {}, warn() {}, error() {} } as never;
const base = () => ({
  providerData: undefined,
  signal: new AbortController().signal,
  diagnostics: new Diagnostics(),
  log,
});

async function configured(chunkSize: number | null = null) {
  const dir = await mkdtemp(join(tmpdir(), "fs-state-store-"));
  let chosen: number | undefined;
  const store = await definition.configure({
    ...base(),
    config: { path: join(dir, "states"), chunk_size: chunkSize },
    proposedChunkSize: 8 << 20,
    setChunkSize: (n) => {
      chosen = n;
    },
  });
  const at = (stateId: string) => ({ ...base(), store, stateId });
  return { dir: join(dir, "states"), store, at, chosen: () => chosen };
}

describe("fsStateStore", () => {
  it("keeps states as files, lists and deletes them", async () => {
    const { dir, store, at } = await configured();
    expect(await definition.readState(at("default"))).toBeNull();
    await definition.writeState({ ...at("default"), bytes: Buffer.from("{}") });
    await definition.writeState({ ...at("staging"), bytes: Buffer.from('{"a":1}') });
    expect(await readFile(join(dir, "staging.tfstate"), "utf8")).toBe('{"a":1}');
    expect(Buffer.from((await definition.readState(at("default"))) ?? []).toString()).toBe("{}");
    expect((await definition.getStates({ ...base(), store })).toSorted()).toEqual(["default", "staging"]);
    await definition.deleteState(at("staging"));
    expect(await definition.getStates({ ...base(), store })).toEqual(["default"]);
    await expect(definition.deleteState(at("staging"))).rejects.toThrow('No state named "staging"');
    // No temporary files are left behind.
    expect((await readdir(dir)).toSorted()).toEqual(["default.tfstate"]);
  });

  it("passes the configured chunk size on", async () => {
    expect((await configured(1024)).chosen()).toBe(1024);
    expect((await configured()).chosen()).toBeUndefined();
  });

  it("refuses state names that are not plain file names", async () => {
    const { at } = await configured();
    for (const bad of ["../escape", "a/b", ".hidden", "x.lock"]) {
      await expect(definition.readState(at(bad))).rejects.toThrow(
        `State name "${bad}" cannot be a file name`,
      );
    }
  });

  it("gives a lock to one holder and names that holder to the next", async () => {
    const { at } = await configured();
    const id = await definition.lock!({ ...at("default"), operation: "OperationTypeApply" });
    const second = definition.lock!({ ...at("default"), operation: "OperationTypePlan" });
    await expect(second).rejects.toThrow(StateLockedError);
    const err = (await second.catch((e: unknown) => e)) as StateLockedError;
    expect(err.holder.id).toBe(id);
    expect(err.holder.operation).toBe("OperationTypeApply");
    expect(err.holder.info).toBe(`process ${process.pid}`);
    expect(err.detail).toContain(`  ID:        ${id}`);
    await expect(definition.unlock!({ ...at("default"), lockId: "someone-else" })).rejects.toThrow(
      'The lock on state "default" is not lock someone-else',
    );
    await definition.unlock!({ ...at("default"), lockId: id });
    const again = await definition.lock!({ ...at("default"), operation: "OperationTypePlan" });
    expect(again).not.toBe(id);
    // Locks are per state.
    await definition.lock!({ ...at("other"), operation: "OperationTypePlan" });
  });
});
