// The test kit with resource identity: the identity each call answers, identities given to
// read, plan and import, UpgradeResourceIdentity, and the lifecycle carrying identity along.
import { describe, expect, it } from "vitest";
import { identityAttr } from "../identity.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { testProvider } from "./test-provider.js";

let renameOnRead = false;

const note = defineResource({
  typeName: "test_note",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    body: attr.string({ optional: true }),
  },
  identity: {
    version: 1,
    schema: { name: identityAttr.string({ requiredForImport: true }) },
    upgraders: { 0: ({ rawIdentity }) => ({ name: String(rawIdentity.title) }) },
  },
  async create({ plan, setIdentity }) {
    setIdentity({ name: plan.name });
    return plan;
  },
  async read({ state, setIdentity }) {
    if (renameOnRead) setIdentity({ name: `${state.name}-renamed` });
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
  async importState(ctx) {
    return { name: ctx.id !== null ? ctx.id : ctx.identity.name };
  },
});

const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", resources: [note] }));

describe("the test kit with identity", () => {
  it("answers the planned and applied identity, and reads with the one given", async () => {
    const plan = await kit.plan("test_note", { prior: null, config: { name: "a" } });
    expect(plan.plannedIdentity).toBeNull();
    const created = await kit.apply("test_note", plan);
    expect(created.identity).toEqual({ name: "a" });
    const read = await kit.read("test_note", created.state!, { identity: created.identity });
    expect(read.identity).toEqual({ name: "a" });
    const update = await kit.plan("test_note", {
      prior: read.state,
      config: { name: "a", body: "x" },
      identity: read.identity,
    });
    expect(update.plannedIdentity).toEqual({ name: "a" });
    expect((await kit.apply("test_note", update)).identity).toEqual({ name: "a" });
  });

  it("imports by identity and by ID", async () => {
    const byIdentity = await kit.importState("test_note", { identity: { name: "i" } });
    expect(byIdentity).toMatchObject({ state: { name: "i", body: null }, identity: { name: "i" } });
    const byId = await kit.importState("test_note", "j");
    expect(byId).toMatchObject({ state: { name: "j", body: null }, identity: null });
    const missing = await kit.importState("test_note", { identity: {} });
    expect(missing.diagnostics.map((d) => d.summary)).toEqual([
      'The import identity of test_note lacks "name"',
    ]);
    const extra = await kit.importState("test_note", { identity: { name: "i", zone: "z" } });
    expect(extra.diagnostics.map((d) => d.summary)).toEqual(["Invalid import identity"]);
  });

  it("upgrades a stored identity", async () => {
    expect(await kit.upgradeIdentity("test_note", { version: 0, identity: { title: "t" } })).toEqual({
      identity: { name: "t" },
      diagnostics: [],
    });
    const newer = await kit.upgradeIdentity("test_note", { version: 5, identity: { name: "t" } });
    expect(newer.identity).toBeUndefined();
    expect(newer.diagnostics.map((d) => d.summary)).toEqual([
      "Identity of test_note is from a newer provider",
    ]);
  });

  it("carries identity through the lifecycle, and fails the step where it changes", async () => {
    const result = await kit.lifecycle("test_note", {
      create: { name: "l" },
      update: { name: "l", body: "b" },
    });
    expect(result.identities).toEqual([{ name: "l" }, { name: "l" }]);
    renameOnRead = true;
    try {
      await expect(kit.lifecycle("test_note", { create: { name: "m" } })).rejects.toMatchObject({
        step: "create: refresh",
      });
    } finally {
      renameOnRead = false;
    }
  });
});
