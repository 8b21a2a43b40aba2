// Test-only components over real gRPC: absent from the schema, the metadata and every call
// unless the provider process runs with TSVIDER_TESTMODE=true.
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { describe, expect, it } from "vitest";
import { defineAction } from "./action.js";
import { defineDataSource } from "./data-source.js";
import { defineEphemeralResource } from "./ephemeral-resource.js";
import { defineProviderFunction } from "./function.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";
import { t } from "./schema/types.js";
import { ProviderServer } from "./server/provider-server.js";
import { inTestMode, isTestOnly, providerForEnvironment, testOnly } from "./test-mode.js";

const kept = defineResource({
  typeName: "test_kept",
  schema: { id: attr.string({ computed: true }) },
  async create() {
    return { id: "k" };
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});
const failing = testOnly(
  defineResource({
    typeName: "test_failing",
    schema: { id: attr.string({ computed: true }) },
    async create() {
      throw new Error("fails on demand");
    },
    async read({ state }) {
      return state;
    },
    async delete() {},
  }),
);
const probe = testOnly(
  defineDataSource({
    typeName: "test_probe",
    schema: { value: attr.string({ computed: true }) },
    async read() {
      return { value: "p" };
    },
  }),
);
const secret = testOnly(
  defineEphemeralResource({
    typeName: "test_secret",
    schema: { value: attr.string({ computed: true }) },
    async open() {
      return { result: { value: "s" } };
    },
  }),
);
const echo = testOnly(
  defineProviderFunction({
    name: "echo",
    params: [{ name: "text", type: t.string }],
    returns: t.string,
    run: (x) => x,
  }),
);
const poke = testOnly(
  defineAction({
    typeName: "test_poke",
    schema: { target: attr.string({ optional: true }) },
    async invoke() {},
  }),
);
const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [kept, failing],
  dataSources: [probe],
  ephemeralResources: [secret],
  functions: [echo],
  actions: [poke],
});

const names = (schema: pb.GetProviderSchema_Response) => ({
  resources: Object.keys(schema.resourceSchemas),
  dataSources: Object.keys(schema.dataSourceSchemas),
  ephemeralResources: Object.keys(schema.ephemeralResourceSchemas),
  functions: Object.keys(schema.functions),
  actions: Object.keys(schema.actionSchemas),
});

describe("testOnly and TSVIDER_TESTMODE", () => {
  it("marks a component of any kind, returning it unchanged", () => {
    expect([failing, probe, secret, echo, poke].every(isTestOnly)).toBe(true);
    expect(isTestOnly(kept)).toBe(false);
    expect(isTestOnly(undefined)).toBe(false);
  });

  it("reads TSVIDER_TESTMODE=true (or 1), and nothing else, as test mode", () => {
    expect(inTestMode({ TSVIDER_TESTMODE: "true" })).toBe(true);
    expect(inTestMode({ TSVIDER_TESTMODE: " TRUE " })).toBe(true);
    expect(inTestMode({ TSVIDER_TESTMODE: "1" })).toBe(true);
    for (const value of [undefined, "", "false", "0", "yes"])
      expect(inTestMode(value === undefined ? {} : { TSVIDER_TESTMODE: value })).toBe(false);
  });

  it("filters every component registry of the provider by the one check", () => {
    const served = providerForEnvironment(provider, {});
    const registries = Object.entries(served).filter(([, value]) => value instanceof Map);
    expect(registries.length).toBeGreaterThanOrEqual(5);
    for (const [, registry] of registries)
      expect([...(registry as Map<string, unknown>).values()].some(isTestOnly)).toBe(false);
    expect([...served.resourcesByType.keys()]).toEqual(["test_kept"]);
    // The provider itself is left whole, and a provider with no test-only component is served as it is.
    expect(provider.resourcesByType.size).toBe(2);
    expect(providerForEnvironment(provider, { TSVIDER_TESTMODE: "true" })).toBe(provider);
    const plain = defineProvider({ name: "plain", version: "1" });
    expect(providerForEnvironment(plain, {})).toBe(plain);
    expect(new ProviderServer(provider, { env: {} }).resource("test_failing")).toBeUndefined();
  });

  it("leaves test-only components out of the schema and metadata without test mode", async () => {
    const s = await startTestServer(provider, { env: {} });
    try {
      const schema = await s.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
      expect(names(schema)).toEqual({
        resources: ["test_kept"],
        dataSources: [],
        ephemeralResources: [],
        functions: [],
        actions: [],
      });
      const metadata = await s.call<pb.GetMetadata_Response>("getMetadata", {});
      expect(metadata.resources.map((r) => r.typeName)).toEqual(["test_kept"]);
      expect(metadata.functions).toEqual([]);

      // Named anyway, it is unknown, and the error says why.
      const plan = await s.call<pb.PlanResourceChange_Response>("planResourceChange", {
        typeName: "test_failing",
        priorState: dv(null, failing.valueType),
        proposedNewState: dv({ id: null }, failing.valueType),
        config: dv({ id: null }, failing.valueType),
      });
      expect(plan.diagnostics.map((d) => [d.summary, d.detail])).toEqual([
        [
          "Unknown resource type test_failing",
          'The provider test has no resource type "test_failing" (it has: test_kept). "test_failing" is a test-only component: it exists only when the provider runs with TSVIDER_TESTMODE=true in its environment. Check the resource type in your configuration, or upgrade the provider.',
        ],
      ]);
      const read = await s.call<pb.ReadDataSource_Response>("readDataSource", {
        typeName: "test_probe",
        config: dv({ value: null }, probe.valueType),
      });
      expect(read.diagnostics[0]?.detail).toContain("is a test-only component");
      const opened = await s.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
        typeName: "test_secret",
        config: dv({ value: null }, secret.valueType),
      });
      expect(opened.diagnostics[0]?.detail).toContain("is a test-only component");
      const called = await s.call<pb.CallFunction_Response>("callFunction", { name: "echo", arguments: [] });
      expect(called.error?.text).toContain("is a test-only component");
      // A component that never existed gets no such sentence.
      const other = await s.call<pb.ReadDataSource_Response>("readDataSource", {
        typeName: "test_nothing",
        config: dv({ value: null }, probe.valueType),
      });
      expect(other.diagnostics[0]?.detail).not.toContain("test-only");
    } finally {
      await s.close();
    }
  });

  it("serves them all with TSVIDER_TESTMODE=true", async () => {
    const s = await startTestServer(provider, { env: { TSVIDER_TESTMODE: "true" } });
    try {
      const schema = await s.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
      expect(names(schema)).toEqual({
        resources: ["test_kept", "test_failing"],
        dataSources: ["test_probe"],
        ephemeralResources: ["test_secret"],
        functions: ["echo"],
        actions: ["test_poke"],
      });
      const read = await s.call<pb.ReadDataSource_Response>("readDataSource", {
        typeName: "test_probe",
        config: dv({ value: null }, probe.valueType),
      });
      expect(read.diagnostics).toEqual([]);
    } finally {
      await s.close();
    }
  });
});
