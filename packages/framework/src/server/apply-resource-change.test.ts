// applyResourceChange, called directly: create, update and delete, the timeouts-only change
// that reaches no handler, and the contract on failure: prior state and planned private bytes
// kept, never a throw.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { privateState } from "../private-state.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { timeoutsBlock } from "../timeouts.js";
import type { ObjectValue } from "../values/object-value.js";
import { applyResourceChange } from "./apply-resource-change.js";
import { errors, serverWith } from "./core-fixture.test-support.js";

const calls: string[] = [];
const schema = {
  id: attr.string({ computed: true }),
  name: attr.string({ required: true }),
  password: attr.string({ optional: true, writeOnly: true }),
  timeouts: timeoutsBlock({ create: true, delete: true }),
};
const bucket = defineResource({
  typeName: "test_bucket",
  schema,
  privateState: privateState<{ etag: string }>(),
  timeouts: { delete: "50ms" },
  async create({ plan, config, setPrivate }) {
    calls.push(`create ${plan.name} ${String(config.password)}`);
    if (plan.name === "throw") throw new Error("quota exceeded");
    if (plan.name === "nothing") return undefined as never;
    if (plan.name === "unknown") return { ...plan } as never;
    if (plan.name === "renamed") return { ...plan, id: "b-1", name: "other" } as never;
    setPrivate({ etag: "e1" });
    return { ...plan, id: "b-1", password: "kept?" } as never;
  },
  async update({ plan, state }) {
    calls.push(`update ${state.name}->${plan.name}`);
    if (plan.name === "throw") throw new Error("locked");
    return { ...plan } as never;
  },
  async delete({ state, signal, private: stored }) {
    calls.push(`delete ${state.name} ${stored?.etag ?? "-"}`);
    if (state.name === "slow") {
      await new Promise((resolve) => signal.addEventListener("abort", resolve));
      throw signal.reason;
    }
    if (state.name === "throw") throw new Error("in use");
  },
  read: async ({ state }) => state,
});
const server = serverWith({ resources: [bucket] });
const core = server.resource("test_bucket")!;
const config = (name: string, over: object = {}) => ({
  id: null,
  name,
  password: null,
  timeouts: null,
  ...over,
});
const planned = (name: string, over: object = {}): ObjectValue => ({ ...config(name), id: Unknown, ...over });
const stored = (name: string) => ({ id: "b-1", name, password: null, timeouts: null });
const sealed = server.privateState.seal("test_bucket", { etag: "e0" });
const open = (bytes: Uint8Array) =>
  server.privateState.openReporting("test_bucket", bytes, new Diagnostics())?.value;

describe("applyResourceChange", () => {
  it("creates: the handler sees write-only config, the state never keeps it, private data is sealed", async () => {
    calls.length = 0;
    const result = await applyResourceChange(server, core, {
      priorState: null,
      plannedState: planned("a"),
      config: config("a", { password: "pw" }),
    });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(calls).toEqual(["create a pw"]);
    expect(result.newState).toEqual({ id: "b-1", name: "a", password: null, timeouts: null });
    expect(open(result.private)).toEqual({ etag: "e1" });
  });

  it("updates in place, keeping the planned private bytes the handler did not replace", async () => {
    const result = await applyResourceChange(server, core, {
      priorState: stored("a"),
      plannedState: { ...stored("b") },
      config: config("b"),
      plannedPrivate: sealed,
    });
    expect(errors(result.diagnostics)).toEqual([]);
    expect(result.newState).toEqual(stored("b"));
    expect(open(result.private)).toEqual({ etag: "e0" });
  });

  it("answers a change to the timeouts alone with the plan, calling no handler", async () => {
    calls.length = 0;
    const plan = { ...stored("a"), timeouts: { create: "1h", delete: null } };
    const result = await applyResourceChange(server, core, {
      priorState: stored("a"),
      plannedState: plan,
      config: config("a", { timeouts: { create: "1h", delete: null } }),
      plannedPrivate: sealed,
    });
    expect(calls).toEqual([]);
    expect(result.newState).toBe(plan);
  });

  it("deletes, handing the handler its private data, and answers null", async () => {
    calls.length = 0;
    const result = await applyResourceChange(server, core, {
      priorState: stored("a"),
      plannedState: null,
      config: null,
      plannedPrivate: sealed,
    });
    expect(calls).toEqual(["delete a e0"]);
    expect(result).toMatchObject({ newState: null, private: new Uint8Array(0) });
  });

  it.each([
    ["a throwing create", null, planned("throw"), "Could not create test_bucket"],
    ["a create that returns nothing", null, planned("nothing"), "test_bucket create returned no state"],
    ["a throwing update", stored("a"), stored("throw"), "Could not update test_bucket"],
    ["a throwing delete", stored("throw"), null, "Could not delete test_bucket"],
    ["a delete past its timeout", stored("slow"), null, "test_bucket delete timed out after 50ms"],
  ])("keeps the prior state and private bytes after %s", async (_, prior, plan, summary) => {
    const result = await applyResourceChange(server, core, {
      priorState: prior,
      plannedState: plan,
      config: plan === null ? null : config(String(plan.name)),
      plannedPrivate: sealed,
    });
    expect(errors(result.diagnostics)).toEqual([summary]);
    expect(result.newState).toBe(prior);
    expect(result.private).toBe(sealed);
  });

  it("reports a result that breaks the plan against the attribute, keeping the object", async () => {
    const result = await applyResourceChange(server, core, {
      priorState: null,
      plannedState: planned("renamed"),
      config: config("renamed"),
    });
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(result.diagnostics.items[0]?.path).toEqual([{ attribute: "name" }]);
  });

  it("refuses a result that leaves a value unknown", async () => {
    const result = await applyResourceChange(server, core, {
      priorState: null,
      plannedState: planned("unknown"),
      config: config("unknown"),
    });
    expect(result.diagnostics.hasErrors).toBe(true);
  });

  it("keeps everything when the planned private data cannot be opened", async () => {
    calls.length = 0;
    const garbage = new TextEncoder().encode("garbage");
    const result = await applyResourceChange(server, core, {
      priorState: stored("a"),
      plannedState: null,
      config: null,
      plannedPrivate: garbage,
    });
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(calls).toEqual([]);
    expect(result.newState).toEqual(stored("a"));
  });
});
