// Resource identity in the engine (identity-slot.ts and the RPCs that use it), called
// directly: the identity handlers see and set through read, create, update, delete and import;
// the checks an identity passes (schema attributes only, types, required-for-import set, wholly
// known); the rule that an existing object's identity never changes; the planned identity; and
// UpgradeResourceIdentity.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { identityAttr } from "../identity.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { t } from "../schema/types.js";
import { applyResourceChange } from "./apply-resource-change.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { checkedIdentity, plannedIdentity } from "./identity-slot.js";
import { importResourceState } from "./import-resource-state.js";
import { readResource } from "./read-resource.js";
import { upgradeResourceIdentity } from "./upgrade-resource-identity.js";

const seen: { handler: string; identity: unknown; id?: unknown }[] = [];

const fileDefinition = defineResource({
  typeName: "test_file",
  schema: {
    path: attr.string({ required: true }),
    region: attr.string({ optional: true }),
    content: attr.string({ optional: true }),
  },
  identity: {
    version: 2,
    schema: {
      path: identityAttr.string({ requiredForImport: true, description: "The file's path." }),
      region: identityAttr.string({ optionalForImport: true }),
      tags: identityAttr.list(t.string, { optionalForImport: true }),
    },
    upgraders: {
      // Version 0 called the path "filename".
      0: ({ rawIdentity }) => ({ path: rawIdentity.filename as string, region: null, tags: null }),
      1: ({ rawIdentity }) => {
        if (rawIdentity.path === "throw") throw new Error("upgrader exploded");
        if (rawIdentity.path === "wrong") return { path: 7 } as never;
        return { path: rawIdentity.path as string, region: null, tags: ["upgraded"] };
      },
    },
  },
  async create({ plan, setIdentity, identity }) {
    seen.push({ handler: "create", identity });
    if (plan.content === "no-identity") return plan;
    if (plan.content === "bad-identity") setIdentity({ path: plan.path, bogus: 1 } as never);
    else setIdentity({ path: plan.path, region: plan.region, tags: null });
    return plan;
  },
  async read({ state, identity, setIdentity }) {
    seen.push({ handler: "read", identity });
    if (state.content === "gone") return null;
    if (state.content === "move") setIdentity({ path: "/elsewhere", region: null, tags: null });
    if (state.content === "set") setIdentity({ path: state.path, region: state.region, tags: ["read"] });
    if (state.content === "unknown") setIdentity({ path: Unknown, region: null, tags: null } as never);
    if (state.content === "null-path") setIdentity({ path: null, region: null, tags: null } as never);
    return state;
  },
  async update({ plan, identity, setIdentity }) {
    seen.push({ handler: "update", identity });
    if (plan.content === "rename") setIdentity({ path: "/renamed", region: null, tags: null });
    if (plan.content === "same" && identity) setIdentity(identity);
    return plan;
  },
  async delete({ identity }) {
    seen.push({ handler: "delete", identity });
  },
  async importState(ctx) {
    seen.push({ handler: "import", identity: ctx.identity, id: ctx.id });
    if (ctx.id !== null) {
      if (ctx.id === "with-identity") ctx.setIdentity({ path: "/by-id", region: null, tags: null });
      return { path: ctx.id };
    }
    return { path: ctx.identity.path, region: ctx.identity.region };
  },
});

const plainDefinition = defineResource({
  typeName: "test_plain",
  schema: { id: attr.string({ required: true, requiresReplace: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
  importState: async ({ id }) => ({ id }),
});

const server = serverWith({ resources: [fileDefinition, plainDefinition] });
// The core takes resources as the server holds them (typed for any schema).
const file = server.resource("test_file")!;
const plain = server.resource("test_plain")!;
const state = (content: string | null, path = "/a") => ({ path, region: null, content });
const identity = (path = "/a") => ({ path, region: null, tags: null });

function last() {
  return seen.at(-1);
}

describe("the built resource", () => {
  it("carries its identity type and schema", () => {
    expect(file.identityType?.attributeNames).toEqual(["path", "region", "tags"]);
    expect(file.identity?.schema.path.options).toEqual({
      requiredForImport: true,
      description: "The file's path.",
    });
    expect(plain.identityType).toBeUndefined();
  });
});

describe("read", () => {
  it("hands the current identity to read and keeps it when read sets none", async () => {
    const r = await readResource(server, file, state("x"), undefined, null, {}, identity());
    expect(errors(r.diagnostics)).toEqual([]);
    expect(last()).toEqual({ handler: "read", identity: identity() });
    expect(r.newIdentity).toEqual(identity());
  });

  it("stores the identity read sets for an object that had none", async () => {
    const r = await readResource(server, file, state("set"), undefined, null, {}, null);
    expect(last()?.identity).toBeNull();
    expect(r.newIdentity).toEqual({ path: "/a", region: null, tags: ["read"] });
  });

  it("refuses an identity read changes, keeping state and identity", async () => {
    const r = await readResource(server, file, state("move"), undefined, null, {}, identity());
    expect(errors(r.diagnostics)).toEqual(["test_file read changed the identity of an existing object"]);
    expect(r.diagnostics.items[0]?.detail).toContain('"path" changed');
    expect(r.diagnostics.items[0]?.path).toBeUndefined();
    expect(r.newState).toEqual(state("move"));
    expect(r.newIdentity).toEqual(identity());
  });

  it("answers no identity for an object that is gone", async () => {
    const r = await readResource(server, file, state("gone"), undefined, null, {}, identity());
    expect(r.newState).toBeNull();
    expect(r.newIdentity).toBeNull();
  });

  it("refuses an unknown or a null required attribute", async () => {
    const unknown = await readResource(server, file, state("unknown"), undefined, null, {}, null);
    expect(errors(unknown.diagnostics)).toEqual(['test_file read set identity attribute "path" unknown']);
    expect(unknown.newIdentity).toBeNull();
    const nullPath = await readResource(server, file, state("null-path"), undefined, null, {}, null);
    expect(errors(nullPath.diagnostics)).toEqual(['test_file read set identity attribute "path" to null']);
  });

  it("gives a resource without identity no identity fields", async () => {
    let ctxKeys: string[] = [];
    const spyDefinition = defineResource({
      ...plainDefinition,
      typeName: "test_spy",
      async read(ctx) {
        ctxKeys = Object.keys(ctx);
        return ctx.state;
      },
    });
    const spyServer = serverWith({ resources: [spyDefinition] });
    const r = await readResource(spyServer, spyServer.resource("test_spy")!, { id: "1" });
    expect(r.newIdentity).toBeNull();
    expect(ctxKeys).not.toContain("identity");
    expect(ctxKeys).not.toContain("setIdentity");
  });
});

describe("apply", () => {
  const apply = (request: Parameters<typeof applyResourceChange>[2]) =>
    applyResourceChange(server, file, request);

  it("create sets the identity", async () => {
    const r = await apply({
      priorState: null,
      plannedState: state("x"),
      config: state("x"),
      plannedIdentity: Unknown,
    });
    expect(errors(r.diagnostics)).toEqual([]);
    expect(last()).toEqual({ handler: "create", identity: null });
    expect(r.newIdentity).toEqual(identity());
  });

  it("a create that sets no identity is an error, and the object is kept", async () => {
    const r = await apply({
      priorState: null,
      plannedState: state("no-identity"),
      config: state("no-identity"),
      plannedIdentity: Unknown,
    });
    expect(errors(r.diagnostics)).toEqual(["test_file create set no identity"]);
    expect(r.newState).toEqual(state("no-identity"));
    expect(r.newIdentity).toBeNull();
  });

  it("an identity attribute the schema lacks is named", async () => {
    const r = await apply({
      priorState: null,
      plannedState: state("bad-identity"),
      config: state("bad-identity"),
      plannedIdentity: Unknown,
    });
    expect(errors(r.diagnostics)).toEqual([
      "test_file create set an identity attribute the identity schema does not have",
    ]);
    expect(r.diagnostics.items[0]?.detail).toContain('"bogus" is not in test_file\'s identity schema');
  });

  it("update sees the planned identity and keeps it", async () => {
    const r = await apply({
      priorState: state("x"),
      plannedState: state("same"),
      config: state("same"),
      plannedIdentity: identity(),
    });
    expect(errors(r.diagnostics)).toEqual([]);
    expect(last()).toEqual({ handler: "update", identity: identity() });
    expect(r.newIdentity).toEqual(identity());
  });

  it("an update that changes the identity is a provider bug; the identity is kept", async () => {
    const r = await apply({
      priorState: state("x"),
      plannedState: state("rename"),
      config: state("rename"),
      plannedIdentity: identity(),
    });
    expect(errors(r.diagnostics)).toEqual(["test_file update changed the identity of an existing object"]);
    expect(r.diagnostics.items[0]?.detail).toContain("This is a bug in the provider");
    expect(r.newState).toEqual(state("rename"));
    expect(r.newIdentity).toEqual(identity());
  });

  it("delete sees the identity and answers none", async () => {
    const r = await apply({
      priorState: state("x"),
      plannedState: null,
      config: null,
      plannedIdentity: identity(),
    });
    expect(last()).toEqual({ handler: "delete", identity: identity() });
    expect(r.newState).toBeNull();
    expect(r.newIdentity).toBeNull();
  });
});

describe("planned identity", () => {
  it("is none on create (create sets it), the prior one on update and destroy, none for an old object", () => {
    const p = (priorState: object | null, proposedNewState: object | null, priorIdentity: object | null) =>
      plannedIdentity(file, { priorState, proposedNewState, priorIdentity } as never);
    expect(p(null, state("x"), null)).toBeNull();
    expect(p(state("x"), state("y"), identity())).toEqual(identity());
    expect(p(state("x"), null, identity())).toEqual(identity());
    expect(p(state("x"), state("y"), null)).toBeNull();
    expect(
      plannedIdentity(plain, { priorState: null, proposedNewState: { id: "1" }, priorIdentity: null }),
    ).toBeNull();
  });
});

describe("import", () => {
  it("by ID: importState gets the ID and no identity", async () => {
    const r = await importResourceState(server, file, "/by/id");
    expect(errors(r.diagnostics)).toEqual([]);
    expect(last()).toEqual({ handler: "import", identity: null, id: "/by/id" });
    expect(r.state).toEqual({ path: "/by/id", region: null, content: null });
    expect(r.identity).toBeNull();
  });

  it("by ID, with the identity importState sets", async () => {
    const r = await importResourceState(server, file, "with-identity");
    expect(r.identity).toEqual(identity("/by-id"));
  });

  it("by identity: importState gets it, and the object keeps it", async () => {
    const given = { path: "/i", region: "eu", tags: null };
    const r = await importResourceState(server, file, { identity: given });
    expect(errors(r.diagnostics)).toEqual([]);
    expect(last()).toEqual({ handler: "import", identity: given, id: null });
    expect(r.state).toEqual({ path: "/i", region: "eu", content: null });
    expect(r.identity).toEqual(given);
  });

  it("by identity without an attribute required for import: refused before importState", async () => {
    const before = seen.length;
    const r = await importResourceState(server, file, { identity: { path: null, region: "eu", tags: null } });
    expect(errors(r.diagnostics)).toEqual(['The import identity of test_file lacks "path"']);
    expect(r.diagnostics.items[0]?.detail).toContain('Set "path" in the import block\'s identity');
    expect(r.state).toBeUndefined();
    expect(seen.length).toBe(before);
  });

  it("by identity, of a resource without identity: refused", async () => {
    const r = await importResourceState(server, plain, { identity: { id: "1" } });
    expect(errors(r.diagnostics)).toEqual(["test_plain cannot be imported by identity"]);
  });
});

describe("checkedIdentity", () => {
  const check = (value: unknown) => {
    const diagnostics = new Diagnostics();
    const out = checkedIdentity(file, value, "x", diagnostics);
    return { out, errors: errors(diagnostics), details: diagnostics.items.map((d) => d.detail) };
  };

  it("fills attributes left out with null", () => {
    expect(check({ path: "/p" }).out).toEqual({ path: "/p", region: null, tags: null });
  });

  it("refuses a value of the wrong type, naming the attribute", () => {
    const r = check({ path: "/p", tags: "one" });
    expect(r.errors).toEqual(["x set an identity that does not match the identity schema"]);
    expect(r.details[0]).toContain('"tags"');
  });

  it("refuses something that is not an object", () => {
    expect(check("p").errors).toEqual(["x set an identity that is not an object"]);
  });
});

describe("UpgradeResourceIdentity", () => {
  const upgrade = async (version: number, json: unknown, resource = file) => {
    const r = await upgradeResourceIdentity(server, resource, {
      version,
      json:
        json === undefined ? undefined : Buffer.from(typeof json === "string" ? json : JSON.stringify(json)),
    });
    return {
      identity: r.identity,
      errors: errors(r.diagnostics),
      details: r.diagnostics.items.map((d) => d.detail),
    };
  };

  it("reads an identity of the current version as it is", async () => {
    expect(await upgrade(2, { path: "/p", region: "eu", tags: ["a"] })).toMatchObject({
      identity: { path: "/p", region: "eu", tags: ["a"] },
      errors: [],
    });
  });

  it("fills attributes an identity of the current version lacks with null", async () => {
    expect((await upgrade(2, { path: "/p" })).identity).toEqual({ path: "/p", region: null, tags: null });
  });

  it("upgrades older versions through their upgraders", async () => {
    expect((await upgrade(0, { filename: "/old" })).identity).toEqual({
      path: "/old",
      region: null,
      tags: null,
    });
    expect((await upgrade(1, { path: "/one" })).identity).toEqual({
      path: "/one",
      region: null,
      tags: ["upgraded"],
    });
  });

  it("refuses a newer version", async () => {
    const r = await upgrade(3, { path: "/p" });
    expect(r.errors).toEqual(["Identity of test_file is from a newer provider"]);
    expect(r.details[0]).toContain("this provider knows version 2");
  });

  it("refuses a version without an upgrader", async () => {
    const bareServer = serverWith({
      resources: [
        defineResource({ ...fileDefinition, identity: { ...fileDefinition.identity!, upgraders: {} } }),
      ],
    });
    const r = await upgrade(0, { path: "/p" }, bareServer.resource("test_file")!);
    expect(r.errors).toEqual(["No identity upgrade for test_file from identity version 0"]);
    expect(r.details[0]).toContain("it can upgrade identities from no earlier version");
  });

  it("names an attribute the current schema lacks, and a value of the wrong type", async () => {
    const extra = await upgrade(2, { path: "/p", zone: "a" });
    expect(extra.errors).toEqual(["Stored identity of test_file does not match its identity schema"]);
    expect(extra.details[0]).toContain("zone");
    const wrong = await upgrade(2, { path: ["/p"] });
    expect(wrong.errors).toEqual(["Stored identity of test_file does not match its identity schema"]);
    expect(wrong.details[0]).toContain("path");
  });

  it("refuses what is not JSON, not an object, or empty", async () => {
    expect((await upgrade(1, "{nope")).errors).toEqual(["Stored identity of test_file is not valid JSON"]);
    expect((await upgrade(1, "[1]")).errors).toEqual(["Stored identity of test_file is not an object"]);
    expect((await upgrade(1, undefined)).errors).toEqual(["No stored identity of test_file to upgrade"]);
  });

  it("reports an upgrader that throws or returns a wrong identity", async () => {
    expect((await upgrade(1, { path: "throw" })).errors[0]).toContain("identity upgrader from version 1");
    const wrong = await upgrade(1, { path: "wrong" });
    expect(wrong.errors).toEqual([
      "test_file identity upgrader from version 1 set an identity that does not match the identity schema",
    ]);
  });

  it("refuses a resource without identity", async () => {
    expect((await upgrade(0, { id: "1" }, plain)).errors).toEqual(["test_plain has no identity"]);
  });
});
