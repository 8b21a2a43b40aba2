// Resource identity through the in-process server, over a real socket: the identity schemas
// (protocols 6 and 5), identity through Read, Plan, Apply and Import, import by identity, and
// UpgradeResourceIdentity, with bad input answered by precise diagnostics while the server
// keeps serving.
import * as cty from "@tsvider/cty";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { identityAttr } from "../identity.js";
import { importPassthrough } from "../import.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { dv5, fromDv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { t } from "../schema/types.js";

const note = defineResource({
  typeName: "test_note",
  schema: {
    path: attr.string({ required: true, requiresReplace: true }),
    body: attr.string({ optional: true }),
  },
  identity: {
    version: 1,
    schema: {
      path: identityAttr.string({ requiredForImport: true, description: "The note's path." }),
      shelf: identityAttr.list(t.string, { optionalForImport: true }),
    },
    upgraders: { 0: ({ rawIdentity }) => ({ path: String(rawIdentity.name), shelf: null }) },
  },
  async create({ plan, setIdentity }) {
    setIdentity({ path: plan.path, shelf: ["top"] });
    return plan;
  },
  async read({ state, setIdentity }) {
    if (state.body === "moved") setIdentity({ path: "/moved", shelf: null });
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
  importState: importPassthrough("path"),
});

const plain = defineResource({
  typeName: "test_plain",
  schema: { id: attr.string({ required: true, requiresReplace: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
  importState: importPassthrough("id"),
});

const provider = defineProvider({ name: "test", version: "1.0.0", resources: [note, plain] });
const T = note.valueType;
const I = note.identityType!;
const ident = (value: cty.CtyValue) => ({ identityData: dv(value, I) });

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(provider);
});
afterAll(async () => server.close());

const errorsOf = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR).map((d) => d.summary);

describe("GetResourceIdentitySchemas", () => {
  it("answers each resource's identity schema, and none for a resource without", async () => {
    const res = await server.call<pb.GetResourceIdentitySchemas_Response>("getResourceIdentitySchemas", {});
    expect(res.diagnostics).toEqual([]);
    expect(Object.keys(res.identitySchemas)).toEqual(["test_note"]);
    const schema = res.identitySchemas.test_note!;
    expect(schema.version).toBe(1n);
    expect(schema.identityAttributes.map((a) => ({ ...a, type: Buffer.from(a.type).toString() }))).toEqual([
      {
        name: "path",
        type: '"string"',
        requiredForImport: true,
        optionalForImport: false,
        description: "The note's path.",
      },
      {
        name: "shelf",
        type: '["list","string"]',
        requiredForImport: false,
        optionalForImport: true,
        description: "",
      },
    ]);
  });

  it("answers the same over protocol 5, where identity travels through read and import too", async () => {
    const v5 = await startTestServerV5(provider);
    try {
      const res = await v5.call<pb5.GetResourceIdentitySchemas_Response>("getResourceIdentitySchemas", {});
      expect(res.identitySchemas.test_note?.identityAttributes.map((a) => a.name)).toEqual(["path", "shelf"]);
      const up = await v5.call<pb5.UpgradeResourceIdentity_Response>("upgradeResourceIdentity", {
        typeName: "test_note",
        version: 0n,
        rawIdentity: { json: Buffer.from('{"name":"/v5"}') },
      });
      expect(fromDv(up.upgradedIdentity?.identityData, I)).toEqual({ path: "/v5", shelf: null });
      const identity = { path: "/v5", shelf: ["top"] };
      const read = await v5.call<pb5.ReadResource_Response>("readResource", {
        typeName: "test_note",
        currentState: dv5({ path: "/v5", body: null }, T),
        currentIdentity: { identityData: dv5(identity, I) },
      });
      expect(read.diagnostics).toEqual([]);
      expect(fromDv5(read.newIdentity?.identityData, I)).toEqual(identity);
      const imported = await v5.call<pb5.ImportResourceState_Response>("importResourceState", {
        typeName: "test_note",
        id: "",
        identity: { identityData: dv5(identity, I) },
      });
      expect(fromDv5(imported.importedResources[0]?.identity?.identityData, I)).toEqual(identity);
    } finally {
      await v5.close();
    }
  });
});

describe("identity through the lifecycle", () => {
  const state = { path: "/n", body: "hi" };
  const identity = { path: "/n", shelf: ["top"] };

  it("plans no identity for a create, and the apply answers the one create set", async () => {
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_note",
      priorState: dv(null, T),
      proposedNewState: dv(state, T),
      config: dv(state, T),
    });
    expect(errorsOf(plan)).toEqual([]);
    // OpenTofu 1.12 cannot store an unknown identity in a plan, so a create plans none.
    expect(plan.plannedIdentity).toBeUndefined();
    const apply = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_note",
      priorState: dv(null, T),
      plannedState: plan.plannedState,
      config: dv(state, T),
      plannedIdentity: plan.plannedIdentity,
    });
    expect(errorsOf(apply)).toEqual([]);
    expect(fromDv(apply.newIdentity?.identityData, I)).toEqual(identity);
  });

  it("keeps the identity through read and an update's plan and apply", async () => {
    const read = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_note",
      currentState: dv(state, T),
      currentIdentity: ident(identity),
    });
    expect(fromDv(read.newIdentity?.identityData, I)).toEqual(identity);
    const changed = { ...state, body: "bye" };
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_note",
      priorState: dv(state, T),
      proposedNewState: dv(changed, T),
      config: dv(changed, T),
      priorIdentity: ident(identity),
    });
    expect(fromDv(plan.plannedIdentity?.identityData, I)).toEqual(identity);
    const apply = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_note",
      priorState: dv(state, T),
      plannedState: plan.plannedState,
      config: dv(changed, T),
      plannedIdentity: plan.plannedIdentity,
    });
    expect(fromDv(apply.newIdentity?.identityData, I)).toEqual(identity);
  });

  it("reports a read that changes the identity as a provider bug, keeping state and identity", async () => {
    const moved = { path: "/n", body: "moved" };
    const read = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_note",
      currentState: dv(moved, T),
      currentIdentity: ident(identity),
    });
    expect(errorsOf(read)).toEqual(["test_note read changed the identity of an existing object"]);
    expect(fromDv(read.newState, T)).toEqual(moved);
    expect(fromDv(read.newIdentity?.identityData, I)).toEqual(identity);
  });

  it("answers no identity for a resource without one", async () => {
    const read = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_plain",
      currentState: dv({ id: "1" }, plain.valueType),
    });
    expect(read.newIdentity).toBeUndefined();
  });

  it("refuses an identity that does not fit the identity schema, and keeps serving", async () => {
    const wrongType = cty.object({ path: cty.string, shelf: cty.string });
    const read = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_note",
      currentState: dv(state, T),
      currentIdentity: { identityData: dv({ path: "/n", shelf: "top" }, wrongType) },
    });
    expect(errorsOf(read)).toEqual(["Invalid current identity for test_note"]);
    expect(fromDv(read.newState, T)).toEqual(state);
    const again = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_note",
      currentState: dv(state, T),
      currentIdentity: ident(identity),
    });
    expect(errorsOf(again)).toEqual([]);
  });
});

describe("import", () => {
  it("imports by identity: the state from importPassthrough, the identity carried", async () => {
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_note",
      id: "",
      identity: ident({ path: "/i", shelf: null }),
    });
    expect(errorsOf(res)).toEqual([]);
    const [imported] = res.importedResources;
    expect(fromDv(imported?.state, T)).toEqual({ path: "/i", body: null });
    expect(fromDv(imported?.identity?.identityData, I)).toEqual({ path: "/i", shelf: null });
  });

  it("imports by ID, with no identity until read sets one", async () => {
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_note",
      id: "/by-id",
    });
    expect(fromDv(res.importedResources[0]?.state, T)).toEqual({ path: "/by-id", body: null });
    expect(res.importedResources[0]?.identity).toBeUndefined();
  });

  it("refuses an identity without an attribute required for import", async () => {
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_note",
      id: "",
      identity: ident({ path: null, shelf: ["x"] }),
    });
    expect(errorsOf(res)).toEqual(['The import identity of test_note lacks "path"']);
    expect(res.importedResources).toEqual([]);
  });

  it("refuses an identity with an attribute the schema lacks", async () => {
    const extra = cty.object({ path: cty.string, shelf: cty.list(cty.string), zone: cty.string });
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_note",
      id: "",
      identity: { identityData: dv({ path: "/p", shelf: null, zone: "z" }, extra) },
    });
    expect(errorsOf(res)).toEqual(["Invalid import identity for test_note"]);
    expect(res.diagnostics[0]?.detail).toContain("zone");
  });
});

describe("UpgradeResourceIdentity", () => {
  const upgrade = (version: bigint, json: string, typeName = "test_note") =>
    server.call<pb.UpgradeResourceIdentity_Response>("upgradeResourceIdentity", {
      typeName,
      version,
      rawIdentity: { json: Buffer.from(json) },
    });

  it("upgrades an old identity through its upgrader, and reads a current one as it is", async () => {
    const old = await upgrade(0n, '{"name":"/old"}');
    expect(errorsOf(old)).toEqual([]);
    expect(fromDv(old.upgradedIdentity?.identityData, I)).toEqual({ path: "/old", shelf: null });
    const current = await upgrade(1n, '{"path":"/cur","shelf":["a"]}');
    expect(fromDv(current.upgradedIdentity?.identityData, I)).toEqual({ path: "/cur", shelf: ["a"] });
  });

  it("refuses unknown versions, wrong types, unknown attributes and resources", async () => {
    const newer = await upgrade(2n, '{"path":"/p"}');
    expect(errorsOf(newer)).toEqual(["Identity of test_note is from a newer provider"]);
    expect(newer.upgradedIdentity).toBeUndefined();
    expect(errorsOf(await upgrade(1n, '{"path":["/p"]}'))).toEqual([
      "Stored identity of test_note does not match its identity schema",
    ]);
    const extra = await upgrade(1n, '{"path":"/p","zone":"z"}');
    expect(errorsOf(extra)).toEqual(["Stored identity of test_note does not match its identity schema"]);
    expect(extra.diagnostics[0]?.detail).toContain("zone");
    expect(errorsOf(await upgrade(0n, '{"id":"1"}', "test_plain"))).toEqual(["test_plain has no identity"]);
    expect(errorsOf(await upgrade(0n, "{}", "test_nope"))).toEqual(["Unknown resource type test_nope"]);
  });
});
