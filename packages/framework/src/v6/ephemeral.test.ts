// The four ephemeral resource RPCs over real gRPC, in both protocols: schemas, metadata,
// validate/open/renew/close, bad private data, and the metrics counters.
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineEphemeralResource } from "../ephemeral-resource.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { dv5, fromDv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { type EphemeralOperation, type Metrics, noMetrics } from "../metrics.js";
import { privateState } from "../private-state.js";
import { defineProvider } from "../provider.js";
import { attr } from "../schema/attributes.js";

const closedLeases: string[] = [];
const token = defineEphemeralResource({
  typeName: "test_token",
  description: "A token for one run.",
  privateState: privateState<{ lease: string }>(),
  schema: {
    length: attr.int64({ required: true }),
    value: attr.string({ computed: true, sensitive: true }),
  },
  validateConfig({ config, diagnostics }) {
    if (typeof config.length === "number" && config.length < 1)
      diagnostics.addError("length too small", "at least 1", [{ attribute: "length" }]);
  },
  async open({ config }) {
    const length = Number(config.length);
    if (length === 99) return { result: { ...config, value: 42 as never } };
    return {
      result: { ...config, value: "x".repeat(length) },
      private: { lease: `L${length}` },
      renewAt: new Date(Date.UTC(2030, 0, 1)),
    };
  },
  async renew({ private: data }) {
    return { private: { lease: `${data?.lease}+` } };
  },
  async close({ private: data }) {
    closedLeases.push(String(data?.lease));
  },
});
const provider = defineProvider({ name: "test", version: "1.0.0", ephemeralResources: [token] });
const T = token.valueType;

const counted: [string, EphemeralOperation, boolean][] = [];
const metrics: Metrics = {
  ...noMetrics,
  ephemeralOperation: (type, operation, failed) => void counted.push([type, operation, failed]),
};

const errors = (res: { diagnostics: { severity: number; summary: string }[] }) =>
  res.diagnostics.filter((d) => d.severity === 1).map((d) => d.summary);

describe("ephemeral resources over protocol 6", () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(provider, { metrics });
  });
  afterAll(async () => server.close());

  it("lists the schema and the metadata", async () => {
    const schema = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const s = schema.ephemeralResourceSchemas.test_token!;
    expect(s.block!.description).toBe("A token for one run.");
    expect(s.block!.attributes.map((a) => [a.name, a.required, a.computed, a.sensitive])).toEqual([
      ["length", true, false, false],
      ["value", false, true, true],
    ]);
    const metadata = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(metadata.ephemeralResources).toEqual([{ typeName: "test_token" }]);
  });

  it("validates, opens, renews and closes; counts each operation", async () => {
    counted.length = 0;
    const bad = await server.call<pb.ValidateEphemeralResourceConfig_Response>(
      "validateEphemeralResourceConfig",
      {
        typeName: "test_token",
        config: dv({ length: 0, value: null }, T),
      },
    );
    expect(errors(bad)).toEqual(["length too small"]);
    expect(bad.diagnostics[0]!.attribute!.steps).toEqual([{ attributeName: "length" }]);

    const opened = await server.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
      typeName: "test_token",
      config: dv({ length: 3, value: null }, T),
    });
    expect(errors(opened)).toEqual([]);
    expect(fromDv(opened.result, T)).toEqual({ length: 3, value: "xxx" });
    expect(opened.renewAt?.toISOString()).toBe("2030-01-01T00:00:00.000Z");
    expect(opened.private!.length).toBeGreaterThan(0);

    const renewed = await server.call<pb.RenewEphemeralResource_Response>("renewEphemeralResource", {
      typeName: "test_token",
      private: opened.private,
    });
    expect(errors(renewed)).toEqual([]);
    expect(renewed.renewAt).toBeUndefined();
    const closed = await server.call<pb.CloseEphemeralResource_Response>("closeEphemeralResource", {
      typeName: "test_token",
      private: renewed.private,
    });
    expect(errors(closed)).toEqual([]);
    expect(closedLeases).toContain("L3+");

    const again = await server.call<pb.RenewEphemeralResource_Response>("renewEphemeralResource", {
      typeName: "test_token",
      private: opened.private,
    });
    expect(errors(again)).toEqual(["Ephemeral resource test_token was already closed"]);
    expect(again.private).toBeUndefined();
    expect(counted).toEqual([
      ["test_token", "open", false],
      ["test_token", "renew", false],
      ["test_token", "close", false],
      ["test_token", "renew", true],
    ]);
  });

  it("answers bad input with diagnostics and keeps serving", async () => {
    const garbage = await server.call<pb.CloseEphemeralResource_Response>("closeEphemeralResource", {
      typeName: "test_token",
      private: Buffer.from("not ours"),
    });
    expect(errors(garbage)).toEqual(["Unreadable private data for ephemeral resource test_token"]);
    const wrongType = await server.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
      typeName: "test_nothing",
      config: dv({ length: 3, value: null }, T),
    });
    expect(errors(wrongType)).toEqual(["Unknown ephemeral resource type test_nothing"]);
    const badResult = await server.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
      typeName: "test_token",
      config: dv({ length: 99, value: null }, T),
    });
    expect(errors(badResult)).toEqual(["test_token open result does not match the schema"]);
    expect(badResult.diagnostics[0]!.attribute!.steps).toEqual([{ attributeName: "value" }]);
    expect(badResult.result).toBeUndefined();
    expect(badResult.private).toBeUndefined();
    // What open acquired is closed, since Terraform gets nothing to close.
    expect(closedLeases).toContain("undefined");
    const malformed = await server.call<pb.OpenEphemeralResource_Response>("openEphemeralResource", {
      typeName: "test_token",
      config: { msgpack: Buffer.from([0xc1]) },
    });
    expect(errors(malformed)).toEqual(["Invalid configuration for test_token"]);
  });
});

describe("ephemeral resources over protocol 5", () => {
  let server: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    server = await startTestServerV5(provider);
  });
  afterAll(async () => server.close());

  it("serves the same RPCs", async () => {
    const schema = await server.call<pb5.GetProviderSchema_Response>("getSchema", {});
    expect(Object.keys(schema.ephemeralResourceSchemas)).toEqual(["test_token"]);
    const opened = await server.call<pb5.OpenEphemeralResource_Response>("openEphemeralResource", {
      typeName: "test_token",
      config: dv5({ length: 2, value: null }, T),
    });
    expect(fromDv5(opened.result, T)).toEqual({ length: 2, value: "xx" });
    const closed = await server.call<pb5.CloseEphemeralResource_Response>("closeEphemeralResource", {
      typeName: "test_token",
      private: opened.private,
    });
    expect(errors(closed)).toEqual([]);
    expect(closedLeases).toContain("L2");
  });
});
