import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { dv, fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { testProvider } from "./testing/index.js";

const metaSchema = { module_name: attr.string({ optional: true }) };

/** What each handler saw as providerMeta, by operation. */
const seen: Record<string, unknown> = {};

const tagged = defineResource({
  typeName: "meta_thing",
  metaSchema,
  schema: { id: attr.string({ computed: true }), owner: attr.string({ computed: true }) },
  async modifyPlan({ providerMeta }) {
    seen.plan = providerMeta;
  },
  async create({ plan, providerMeta }) {
    expectTypeOf(providerMeta).toEqualTypeOf<{ module_name: string | null } | null>();
    seen.create = providerMeta;
    return { ...plan, id: "t-1", owner: providerMeta?.module_name ?? "none" };
  },
  async read({ state, providerMeta }) {
    seen.read = providerMeta;
    return state;
  },
  async delete({ providerMeta }) {
    seen.delete = providerMeta;
  },
});

const source = defineDataSource({
  typeName: "meta_source",
  metaSchema,
  schema: { owner: attr.string({ computed: true }) },
  async read({ providerMeta }) {
    return { owner: providerMeta?.module_name ?? "none" };
  },
});

const provider = defineProvider({
  name: "meta",
  version: "1.0.0",
  metaSchema,
  resources: [tagged],
  dataSources: [source],
});

describe("provider_meta over the wire", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(() => server.close());
  const metaValue = (name: string | null) => dv({ module_name: name }, provider.metaType!);

  it("is in GetProviderSchema as provider_meta", async () => {
    const res = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(res.providerMeta?.block?.attributes.map((a) => [a.name, a.optional])).toEqual([
      ["module_name", true],
    ]);
    const without = await startTestServer(defineProvider({ name: "plain", version: "1" }));
    try {
      const plain = await without.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
      expect(plain.providerMeta).toBeUndefined();
    } finally {
      await without.close();
    }
  });

  it("reaches plan, apply, read and data source read; null when the module sets none", async () => {
    const type = tagged.valueType;
    const empty = { id: null, owner: null };
    await server.call("configureProvider", { config: dv({}, provider.configType) });
    const plan = await server.call<pb.PlanResourceChange_Response>("planResourceChange", {
      typeName: "meta_thing",
      priorState: dv(null, type),
      proposedNewState: dv(empty, type),
      config: dv(empty, type),
      providerMeta: metaValue("networking"),
    });
    expect(plan.diagnostics).toEqual([]);
    expect(seen.plan).toEqual({ module_name: "networking" });
    const applied = await server.call<pb.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "meta_thing",
      priorState: dv(null, type),
      plannedState: plan.plannedState,
      config: dv(empty, type),
      providerMeta: metaValue("networking"),
    });
    expect(fromDv(applied.newState, type)).toEqual({ id: "t-1", owner: "networking" });
    // A module without a provider_meta block: the field is absent.
    await server.call("readResource", { typeName: "meta_thing", currentState: applied.newState });
    expect(seen.read).toBeNull();
    const read = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "meta_source",
      config: dv({ owner: null }, source.valueType),
      providerMeta: metaValue("data"),
    });
    expect(fromDv(read.state, source.valueType)).toEqual({ owner: "data" });
  });

  it("refuses provider_meta that does not fit the schema, naming it", async () => {
    const res = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "meta_source",
      config: dv({ owner: null }, source.valueType),
      providerMeta: dv(
        { other: "x" },
        (await import("@tsvider/cty")).object({ other: (await import("@tsvider/cty")).string }),
      ),
    });
    expect(res.diagnostics[0]?.summary).toBe("Invalid provider_meta");
  });
});

describe("provider_meta in the test kit", () => {
  it("goes to every handler whose RPC carries it", async () => {
    const kit = testProvider(provider, { providerMeta: { module_name: "kit" } });
    const result = await kit.lifecycle("meta_thing", { create: {} });
    expect(result.created).toEqual({ id: "t-1", owner: "kit" });
    expect(seen.delete).toEqual({ module_name: "kit" });
    expect((await kit.readDataSource("meta_source", {})).state).toEqual({ owner: "kit" });
    expect((await testProvider(provider).readDataSource("meta_source", {})).state).toEqual({ owner: "none" });
  });
});

describe("metaSchema of a component", () => {
  it("must be the provider's own", () => {
    expect(() =>
      defineProvider({
        name: "meta",
        version: "1",
        metaSchema: { module_name: attr.string({ optional: true }) },
        dataSources: [source],
      }),
    ).toThrow(FrameworkConfigurationError);
    expect(() => defineProvider({ name: "meta", version: "1", dataSources: [source] })).toThrow(
      /meta_source declares a metaSchema that is not provider meta's/,
    );
  });
});
