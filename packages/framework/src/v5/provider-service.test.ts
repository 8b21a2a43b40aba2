// The tfplugin5 adapter over a real socket: the lifecycle the v6 tests drive, under protocol
// 5's RPC names and messages (GetSchema, PrepareProviderConfig, Configure,
// ValidateResourceTypeConfig, ValidateDataSourceConfig, Stop).
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin5";
import { Diagnostic_Severity, StringKind } from "@tsvider/rpcplugin/tfplugin5";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { TsviderError } from "../diagnostics.js";
import { ValidationError } from "../errors.js";
import { dv5 as dv, fromDv5 as fromDv, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { privateState } from "../private-state.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";

const store = new Map<string, { body: string; etag: number }>();
const seenPrivate: unknown[] = [];
let configuredWith: { region: unknown; terraformVersion: string } | undefined;

const thing = defineResource({
  typeName: "test_thing",
  description: "A thing.",
  schema: {
    name: attr.string({ required: true, requiresReplace: true }),
    body: attr.string({ required: true, markdownDescription: "The **body**." }),
    size: attr.number({ optional: true }),
    id: attr.string({ computed: true }),
    tag: block.list({ key: attr.string({ required: true }) }, { maxItems: 2 }),
  },
  privateState: privateState<{ etag: number }>(),
  async create({ plan, setPrivate }) {
    if (plan.body === "refuse")
      throw new TsviderError("Body refused", { detail: "pick another", path: [{ attribute: "body" }] });
    store.set(plan.name, { body: plan.body, etag: 1 });
    setPrivate({ etag: 1 });
    return { ...plan, id: `id-${plan.name}` };
  },
  async read({ state, private: stored }) {
    seenPrivate.push(stored);
    const object = store.get(state.name);
    return object === undefined ? null : { ...state, body: object.body };
  },
  async update({ plan, state, private: stored, setPrivate }) {
    seenPrivate.push(stored);
    const object = store.get(plan.name)!;
    object.body = plan.body;
    object.etag += 1;
    setPrivate({ etag: object.etag });
    return { ...plan, id: state.id };
  },
  async delete({ state }) {
    store.delete(state.name);
  },
  async importState({ id }) {
    return { name: id };
  },
});

const image = defineDataSource({
  typeName: "test_image",
  schema: {
    name: attr.string({ required: true }),
    id: attr.string({ computed: true }),
  },
  validateConfig({ config }) {
    if (config.name === "forbidden")
      throw new ValidationError("This image name is reserved", { path: [{ attribute: "name" }] });
  },
  async read({ config, providerData }) {
    return { ...config, id: `${String(providerData)}-${config.name}` };
  },
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: { region: attr.string({ optional: true, validators: [] }) },
  resources: [thing],
  dataSources: [image],
  validateConfig({ config, diagnostics }) {
    if (config.region === "mars")
      diagnostics.addError("No such region", "Pick an earthly one.", [{ attribute: "region" }]);
  },
  configure({ config, terraformVersion }) {
    configuredWith = { region: config.region, terraformVersion };
    return config.region ?? "eu";
  },
});
const T = thing.valueType;
const P = provider.configType;

let server: Awaited<ReturnType<typeof startTestServerV5>>;
beforeAll(async () => {
  server = await startTestServerV5(provider, {
    env: { TSVIDER_PRIVATE_STATE_SECRET: "a secret long enough for the tests" },
  });
});
afterAll(async () => server.close());

const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR);
const pathOf = (d: pb.Diagnostic) =>
  d.attribute?.steps.map((s) => s.attributeName ?? s.elementKeyInt ?? s.elementKeyString);

describe("GetSchema", () => {
  it("describes the provider, resources and data sources with protocol 5's messages", async () => {
    const res = await server.call<pb.GetProviderSchema_Response>("getSchema", {});
    expect(errors(res)).toEqual([]);
    const block = res.resourceSchemas.test_thing!.block!;
    expect(
      block.attributes.map((a) => [a.name, a.type.toString(), a.required, a.optional, a.computed]),
    ).toEqual([
      ["body", '"string"', true, false, false],
      ["id", '"string"', false, false, true],
      ["name", '"string"', true, false, false],
      ["size", '"number"', false, true, false],
    ]);
    expect(block.attributes[0]).toMatchObject({
      description: "The **body**.",
      descriptionKind: StringKind.MARKDOWN,
    });
    expect(block.description).toBe("A thing.");
    expect(block.blockTypes).toMatchObject([{ typeName: "tag", nesting: 2, minItems: 0n, maxItems: 2n }]);
    expect(block.blockTypes[0]!.block!.attributes.map((a) => a.name)).toEqual(["key"]);
    expect(Object.keys(res.dataSourceSchemas)).toEqual(["test_image"]);
    expect(res.provider!.block!.attributes.map((a) => a.name)).toEqual(["region"]);
    expect(res.serverCapabilities).toMatchObject({ planDestroy: true, getProviderSchemaOptional: true });
  });

  it("GetMetadata lists resources and data sources", async () => {
    const res = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(res.resources).toEqual([{ typeName: "test_thing" }]);
    expect(res.dataSources).toEqual([{ typeName: "test_image" }]);
  });

  it("GetResourceIdentitySchemas answers, with none", async () => {
    const res = await server.call<pb.GetResourceIdentitySchemas_Response>("getResourceIdentitySchemas", {});
    expect(res.identitySchemas).toEqual({});
  });
});

describe("provider configuration", () => {
  it("PrepareProviderConfig validates, and hands the config back unchanged", async () => {
    const config = dv({ region: "us" }, P);
    const ok = await server.call<pb.PrepareProviderConfig_Response>("prepareProviderConfig", { config });
    expect(errors(ok)).toEqual([]);
    expect(ok.preparedConfig?.msgpack.equals(config.msgpack)).toBe(true);
    const bad = await server.call<pb.PrepareProviderConfig_Response>("prepareProviderConfig", {
      config: dv({ region: "mars" }, P),
    });
    expect(errors(bad)[0]).toMatchObject({ summary: "No such region" });
    expect(pathOf(errors(bad)[0]!)).toEqual(["region"]);
  });

  it("Configure runs configure with the host's version", async () => {
    const res = await server.call<pb.Configure_Response>("configure", {
      terraformVersion: "1.10.0",
      config: dv({ region: "us" }, P),
    });
    expect(errors(res)).toEqual([]);
    expect(configuredWith).toEqual({ region: "us", terraformVersion: "1.10.0" });
  });
});

describe("validation", () => {
  it("ValidateResourceTypeConfig names the attribute, inside blocks too", async () => {
    const res = await server.call<pb.ValidateResourceTypeConfig_Response>("validateResourceTypeConfig", {
      typeName: "test_thing",
      config: dv({ name: "a", body: cty.Unknown, size: null, id: null, tag: [{ key: null }] }, T),
    });
    expect(errors(res).map((d) => [d.summary, pathOf(d)])).toEqual([
      ["Missing required argument", ["tag", 0n, "key"]],
    ]);
  });

  it("ValidateDataSourceConfig runs the data source's validation", async () => {
    const res = await server.call<pb.ValidateDataSourceConfig_Response>("validateDataSourceConfig", {
      typeName: "test_image",
      config: dv({ name: "forbidden", id: null }, image.valueType),
    });
    expect(errors(res)[0]).toMatchObject({ summary: "This image name is reserved" });
    expect(pathOf(errors(res)[0]!)).toEqual(["name"]);
  });
});

describe("the resource lifecycle", () => {
  const config = { name: "a", body: "one", size: null, id: null, tag: [] };
  let state: cty.CtyValue;
  let privateBytes: Buffer;

  it("plans a create with computed values unknown", async () => {
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(null, T),
      proposedNewState: dv(config, T),
      config: dv(config, T),
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.plannedState, T)).toEqual({ ...config, id: cty.Unknown });
  });

  it("applies the create, with private state", async () => {
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(null, T),
      plannedState: dv({ ...config, id: cty.Unknown }, T),
      config: dv(config, T),
    });
    expect(errors(res)).toEqual([]);
    state = fromDv(res.newState, T);
    expect(state).toEqual({ ...config, id: "id-a" });
    expect(res.private.length).toBeGreaterThan(0);
    privateBytes = res.private;
  });

  it("reads, handing the private state back to read", async () => {
    store.get("a")!.body = "changed outside";
    const res = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_thing",
      currentState: dv(state, T),
      private: privateBytes,
    });
    expect(errors(res)).toEqual([]);
    expect(seenPrivate.at(-1)).toEqual({ etag: 1 });
    expect(fromDv(res.newState, T)).toEqual({ ...config, body: "changed outside", id: "id-a" });
    expect(Buffer.from(res.private).equals(privateBytes)).toBe(true);
    store.get("a")!.body = "one";
  });

  it("plans no change when nothing changed", async () => {
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      proposedNewState: dv(state, T),
      config: dv(config, T),
      priorPrivate: privateBytes,
    });
    expect(fromDv(res.plannedState, T)).toEqual(state);
    expect(res.requiresReplace).toEqual([]);
  });

  it("plans and applies an update; private state goes through the plan to update and back", async () => {
    const edited = { ...config, body: "two" };
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      proposedNewState: dv({ ...edited, id: "id-a" }, T),
      config: dv(edited, T),
      priorPrivate: privateBytes,
    });
    // A computed attribute has something to compute on an update: unknown until apply.
    expect(fromDv(plan.plannedState, T)).toEqual({ ...edited, id: cty.Unknown });
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      plannedState: plan.plannedState,
      config: dv(edited, T),
      plannedPrivate: plan.plannedPrivate,
    });
    expect(errors(res)).toEqual([]);
    expect(seenPrivate.at(-1)).toEqual({ etag: 1 });
    state = fromDv(res.newState, T);
    expect(state).toEqual({ ...edited, id: "id-a" });
    const read = await server.call<pb.ReadResource_Response>("readResource", {
      typeName: "test_thing",
      currentState: dv(state, T),
      private: res.private,
    });
    expect(errors(read)).toEqual([]);
    expect(seenPrivate.at(-1)).toEqual({ etag: 2 });
  });

  it("asks for replacement by path when a requiresReplace attribute changes", async () => {
    const res = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      proposedNewState: dv({ ...(state as object), name: "b" }, T),
      config: dv({ ...config, body: "two", name: "b" }, T),
      priorPrivate: privateBytes,
    });
    expect(res.requiresReplace.map((p) => p.steps.map((s) => s.attributeName))).toEqual([["name"]]);
  });

  it("reports a handler's error with its path, and keeps the prior state", async () => {
    const planned = { ...config, name: "r", body: "refuse", id: cty.Unknown as cty.CtyValue };
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(null, T),
      plannedState: dv(planned, T),
      config: dv({ ...planned, id: null }, T),
    });
    expect(errors(res)[0]).toMatchObject({ summary: "Body refused", detail: "pick another" });
    expect(pathOf(errors(res)[0]!)).toEqual(["body"]);
    expect(fromDv(res.newState, T)).toBeNull();
  });

  it("plans and applies a delete", async () => {
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      proposedNewState: dv(null, T),
      config: dv(null, T),
    });
    expect(errors(plan)).toEqual([]);
    expect(fromDv(plan.plannedState, T)).toBeNull();
    const res = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_thing",
      priorState: dv(state, T),
      plannedState: dv(null, T),
      config: dv(null, T),
      plannedPrivate: plan.plannedPrivate,
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.newState, T)).toBeNull();
    expect(store.has("a")).toBe(false);
  });

  it("imports by ID", async () => {
    const res = await server.call<pb.ImportResourceState_Response>("importResourceState", {
      typeName: "test_thing",
      id: "k",
    });
    expect(res.importedResources).toHaveLength(1);
    expect(res.importedResources[0]!.typeName).toBe("test_thing");
    expect(fromDv(res.importedResources[0]!.state, T)).toEqual({
      name: "k",
      body: null,
      size: null,
      id: null,
      tag: [],
    });
  });

  it("upgrades JSON state, and refuses flatmap state", async () => {
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
      tag: [],
    });
    const flat = await server.call<pb.UpgradeResourceState_Response>("upgradeResourceState", {
      typeName: "test_thing",
      version: 0n,
      rawState: { flatmap: { name: "a" } },
    });
    expect(errors(flat)).toHaveLength(1);
  });

  it("names an unknown resource type", async () => {
    const res = await server.call<pb.ReadResource_Response>("readResource", { typeName: "test_nope" });
    expect(errors(res)[0]!.summary).toBe("Unknown resource type test_nope");
  });
});

describe("ReadDataSource", () => {
  it("reads with the configured provider's data", async () => {
    const res = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "test_image",
      config: dv({ name: "ubuntu", id: null }, image.valueType),
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.state, image.valueType)).toEqual({ name: "ubuntu", id: "us-ubuntu" });
  });
});

describe("Stop", () => {
  // Last: once stopped, a provider process stays stopped.
  it("answers with no error", async () => {
    const res = await server.call<pb.Stop_Response>("stop", {});
    expect(res.Error).toBe("");
  });
});
