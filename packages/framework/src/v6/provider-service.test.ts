import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity, DynamicValue } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TsviderError } from "../diagnostics.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";

const store = new Map<string, string>();

const thing = defineResource({
  typeName: "test_thing",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    body: attr.string({ required: true }),
    size: attr.number({ optional: true }),
    id: attr.string({ computed: true }),
  },
  async create({ plan }) {
    if (plan.body === "explode") throw new Error("boom from create");
    if (plan.body === "refuse")
      throw new TsviderError("Body refused", { detail: "pick another", path: [{ attribute: "body" }] });
    store.set(plan.name, plan.body);
    return { ...plan, id: `id-${plan.name}` };
  },
  async read({ state, signal }) {
    if (state.name === "slow") {
      // Waits until Terraform asks the provider to stop.
      if (!signal.aborted)
        await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
      throw new TsviderError("Read cancelled", { detail: String(signal.reason) });
    }
    const body = store.get(state.name);
    return body === undefined ? null : { ...state, body };
  },
  async update({ plan, state }) {
    if (plan.body === "lie") return { ...state, body: "something else", size: plan.size };
    store.set(plan.name, plan.body);
    return { ...plan, id: state.id };
  },
  async delete({ state }) {
    store.delete(state.name);
  },
  async importState({ id }) {
    return { name: id };
  },
});
const provider = defineProvider({ name: "test", version: "1.0.0", resources: [thing] });
const T = thing.valueType;

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(provider);
});
afterAll(async () => server.close());

const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR);
const pathOf = (d: pb.Diagnostic) => d.attribute?.steps.map((s) => s.attributeName);

describe("GetProviderSchema", () => {
  it("describes each attribute with its type JSON and flags", async () => {
    const res = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const attrs = res.resourceSchemas.test_thing!.block!.attributes;
    expect(attrs.map((a) => [a.name, a.type.toString(), a.required, a.optional, a.computed])).toEqual([
      ["body", '"string"', true, false, false],
      ["id", '"string"', false, false, true],
      ["name", '"string"', true, false, false],
      ["size", '"number"', false, true, false],
    ]);
    expect(res.serverCapabilities?.getProviderSchemaOptional).toBe(true);
    expect(errors(res)).toEqual([]);
  });
});

describe("GetMetadata", () => {
  it("lists the resources and the server capabilities", async () => {
    const res = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(res.resources).toEqual([{ typeName: "test_thing" }]);
    expect(res.serverCapabilities).toMatchObject({ getProviderSchemaOptional: true, planDestroy: true });
  });
});

describe("bad input gets diagnostics naming the attribute", () => {
  const encodeRaw = (fields: Record<string, unknown>) => {
    // Hand-built msgpack so values can break the schema.
    const parts: Buffer[] = [Buffer.from([0x80 | Object.keys(fields).length])];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(Buffer.from([0xa0 | k.length]), Buffer.from(k));
      if (v === null) parts.push(Buffer.from([0xc0]));
      else if (typeof v === "number") parts.push(Buffer.from([v]));
      else parts.push(Buffer.from([0xa0 | String(v).length]), Buffer.from(String(v)));
    }
    return DynamicValue.fromPartial({ msgpack: Buffer.concat(parts) });
  };

  it("a number where a string belongs (body = 5)", async () => {
    const res = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_thing",
      config: encodeRaw({ name: "a", body: 5, size: null, id: null }),
    });
    expect(errors(res)).toHaveLength(1);
    expect(pathOf(errors(res)[0]!)).toEqual(["body"]);
    expect(errors(res)[0]!.detail).toMatch(/a string is required, but got the number 5/);
  });

  it("an attribute missing from the object", async () => {
    const res = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_thing",
      config: encodeRaw({ body: "x", size: null, id: null }),
    });
    expect(pathOf(errors(res)[0]!)).toEqual(["name"]);
  });

  it("a required attribute that is null", async () => {
    const res = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_thing",
      config: dv({ name: null, body: "x", size: null, id: null }, T),
    });
    expect(errors(res)[0]!.summary).toBe("Missing required argument");
    expect(pathOf(errors(res)[0]!)).toEqual(["name"]);
  });

  it("unknown values during validation are fine", async () => {
    const res = await server.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
      typeName: "test_thing",
      config: dv({ name: cty.Unknown, body: cty.Unknown, size: null, id: null }, T),
    });
    expect(errors(res)).toEqual([]);
  });

  it("garbage msgpack and unknown type names", async () => {
    const garbage = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      config: DynamicValue.fromPartial({ msgpack: Buffer.from([0xc1, 0xff]) }),
    });
    expect(errors(garbage)[0]!.summary).toMatch(/Invalid configuration for test_thing/);
    const unknown = await server.call<pb.ReadResource_Response>("readResource", { typeName: "test_nope" });
    expect(errors(unknown)[0]!.summary).toBe("Unknown resource type test_nope");
  });
});

describe("plan", () => {
  const config = { name: "a", body: "one", size: null, id: null };
  const prior = { name: "a", body: "one", size: null, id: "id-a" };

  it("marks computed attributes unknown on create", async () => {
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(null, T),
      proposedNewState: dv(config, T),
      config: dv(config, T),
    });
    expect(fromDv(res.plannedState, T)).toEqual({ ...config, id: cty.Unknown });
    expect(res.requiresReplace).toEqual([]);
  });

  it("keeps every prior value when nothing changed", async () => {
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(prior, T),
      proposedNewState: dv(prior, T),
      config: dv(config, T),
    });
    expect(fromDv(res.plannedState, T)).toEqual(prior);
  });

  it("asks for replacement when a requiresReplace attribute changes, not otherwise", async () => {
    const renamed = { ...prior, name: "b" };
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(prior, T),
      proposedNewState: dv(renamed, T),
      config: dv({ ...config, name: "b" }, T),
    });
    expect(res.requiresReplace.map((p) => p.steps.map((s) => s.attributeName))).toEqual([["name"]]);

    const edited = { ...prior, body: "two" };
    const res2 = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(prior, T),
      proposedNewState: dv(edited, T),
      config: dv({ ...config, body: "two" }, T),
    });
    expect(res2.requiresReplace).toEqual([]);
    expect(fromDv(res2.plannedState, T)).toEqual({ ...edited, id: cty.Unknown });
  });
});

describe("apply", () => {
  const planFor = (name: string, body: string) => ({ name, body, size: null, id: cty.Unknown });
  const apply = (priorState: unknown, plannedState: unknown, config: unknown) =>
    server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(priorState as cty.CtyValue, T),
      plannedState: dv(plannedState as cty.CtyValue, T),
      config: dv(config as cty.CtyValue, T),
    });

  it("creates, and the result fills the unknowns", async () => {
    const res = await apply(null, planFor("c", "hello"), { ...planFor("c", "hello"), id: null });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toEqual({ name: "c", body: "hello", size: null, id: "id-c" });
  });

  it("turns a handler's exception into an error diagnostic and keeps serving", async () => {
    const res = await apply(null, planFor("d", "explode"), { ...planFor("d", "explode"), id: null });
    expect(errors(res)[0]!.summary).toBe("Could not create test_thing");
    expect(errors(res)[0]!.detail).toContain("boom from create");
    expect(fromDv(res.newState, T)).toBeNull();
    const again = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(Object.keys(again.resourceSchemas)).toEqual(["test_thing"]);
  });

  it("turns a TsviderError into its own diagnostic, with its path", async () => {
    const res = await apply(null, planFor("e", "refuse"), { ...planFor("e", "refuse"), id: null });
    expect(errors(res)[0]).toMatchObject({ summary: "Body refused", detail: "pick another" });
    expect(pathOf(errors(res)[0]!)).toEqual(["body"]);
  });

  it("names the attribute when a result breaks the plan, and keeps the object", async () => {
    const prior = { name: "f", body: "old", size: null, id: "id-f" };
    store.set("f", "old");
    const planned = { ...prior, body: "lie" };
    const res = await apply(prior, planned, { ...planned, id: null });
    expect(errors(res)[0]!.summary).toBe('test_thing update changed "body" from its planned value');
    expect(pathOf(errors(res)[0]!)).toEqual(["body"]);
    expect(fromDv(res.newState, T)).toEqual({ ...prior, body: "something else" });
  });

  it("deletes, returning null", async () => {
    store.set("g", "x");
    const res = await apply({ name: "g", body: "x", size: null, id: "id-g" }, null, null);
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toBeNull();
    expect(store.has("g")).toBe(false);
  });
});

describe("read, import, upgrade", () => {
  it("reads drift, and null when the object is gone", async () => {
    store.set("h", "changed outside");
    const state = { name: "h", body: "original", size: 5, id: "id-h" };
    const res = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_thing",
      currentState: dv(state, T),
    });
    expect(fromDv(res.newState, T)).toEqual({ ...state, body: "changed outside" });
    store.delete("h");
    const gone = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_thing",
      currentState: dv(state, T),
    });
    expect(gone.newState?.msgpack.toString("hex")).toBe("c0");
  });

  it("imports by ID, leaving the rest to read", async () => {
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_thing",
      id: "k",
    });
    expect(res.importedResources).toHaveLength(1);
    expect(fromDv(res.importedResources[0]!.state, T)).toEqual({
      name: "k",
      body: null,
      size: null,
      id: null,
    });
  });

  it("upgrades JSON state, filling new attributes with null and keeping big numbers exact", async () => {
    const res = await server.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
      typeName: "test_thing",
      version: 0n,
      rawState: {
        json: Buffer.from('{"name":"a","body":"b","size":123456789012345678901234567890}'),
        flatmap: {},
      },
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.upgradedState, T)).toEqual({
      name: "a",
      body: "b",
      size: 123456789012345678901234567890n,
      id: null,
    });
  });

  it("refuses state from a newer schema version", async () => {
    const res = await server.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
      typeName: "test_thing",
      version: 3n,
      rawState: { json: Buffer.from("{}"), flatmap: {} },
    });
    expect(errors(res)[0]!.summary).toMatch(/from a newer provider/);
  });
});

describe("StopProvider", () => {
  // Last in the file: once stopped, a provider process stays stopped.
  it("fires the signal of handlers still running, and answers at once", async () => {
    const state = { name: "slow", body: "x", size: null, id: "id-slow" };
    const reading = server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_thing",
      currentState: dv(state, T),
    });
    const stop = await server.call<pb.StopProvider_Response>("stopProvider", {});
    expect(stop.Error).toBe("");
    const read = await reading;
    expect(errors(read)[0]).toMatchObject({
      summary: "Read cancelled",
      detail: "StopRequestedError: Terraform asked the provider to stop",
    });
    expect(fromDv(read.newState, T)).toEqual(state);
  });
});
