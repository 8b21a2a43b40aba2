// Protocol 5 has no nested attribute types: over protocol 5, a provider with one is refused,
// clearly, by every RPC, starting with the GetSchema the host sends first.
import * as grpc from "@grpc/grpc-js";
import { terraformMagicCookie } from "@tsvider/rpcplugin";
import * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import * as pb6 from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { dv5 as dv, fromDv5 as fromDv, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { protocolsFromEnv, serve } from "../serve.js";
import { findNestedAttribute } from "./nested-attributes.js";

const server_ = defineResource({
  typeName: "test_server",
  schema: {
    name: attr.string({ required: true }),
    network: block.list({
      ports: block.list({
        rules: attr.listNested({ cidr: attr.string({ required: true }) }, { optional: true }),
      }),
    }),
  },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan;
  },
  async delete() {},
});
const flat = defineDataSource({
  typeName: "test_flat",
  schema: { name: attr.string({ required: true }) },
  async read({ config }) {
    return config;
  },
});
const nestedProvider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [server_],
  dataSources: [flat],
});
const T = server_.valueType;

describe("findNestedAttribute", () => {
  it("names the component and the attribute's path through blocks", () => {
    expect(findNestedAttribute(nestedProvider)).toBe(
      `the resource test_server's attribute "network.ports.rules"`,
    );
    const inConfig = defineProvider({
      name: "cfg",
      version: "1.0.0",
      schema: { endpoint: attr.singleNested({ url: attr.string({ optional: true }) }, { optional: true }) },
    });
    expect(findNestedAttribute(inConfig)).toBe(`the provider cfg's attribute "endpoint"`);
    const inMeta = defineProvider({
      name: "meta",
      version: "1.0.0",
      metaSchema: { team: attr.mapNested({ lead: attr.string({ optional: true }) }, { optional: true }) },
    });
    expect(findNestedAttribute(inMeta)).toBe(`the provider meta's provider_meta's attribute "team"`);
    expect(findNestedAttribute(defineProvider({ name: "test", version: "1.0.0", dataSources: [flat] }))).toBe(
      undefined,
    );
  });
});

describe("a provider with nested attributes over protocol 5", () => {
  let server: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    server = await startTestServerV5(nestedProvider);
  });
  afterAll(async () => server.close());

  const refusal = (res: { diagnostics: pb5.Diagnostic[] }) => {
    expect(res.diagnostics).toHaveLength(1);
    const [d] = res.diagnostics;
    expect(d!.severity).toBe(pb5.Diagnostic_Severity.ERROR);
    expect(d!.summary).toBe("This provider cannot be served over plugin protocol 5");
    expect(d!.detail).toContain(
      `The resource test_server's attribute "network.ports.rules" is a nested attribute`,
    );
    expect(d!.detail).toContain(
      "use protocol 6 (OpenTofu ≥ 1.0 / Terraform ≥ 1.0 speak it)".replace("use", "Use"),
    );
  };

  it("refuses GetSchema with an error naming the component and attribute, and no schema", async () => {
    const res = await server.call<pb5.GetProviderSchema_Response>("getSchema", {});
    refusal(res);
    expect(res.resourceSchemas).toEqual({});
  });

  it("refuses every other RPC likewise", async () => {
    for (const [method, request] of [
      ["getMetadata", {}],
      ["prepareProviderConfig", {}],
      ["configure", {}],
      ["validateResourceTypeConfig", { typeName: "test_server" }],
      ["validateDataSourceConfig", { typeName: "test_flat" }],
      ["upgradeResourceState", { typeName: "test_server" }],
      ["planResourceChange", { typeName: "test_server" }],
      ["importResourceState", { typeName: "test_server", id: "x" }],
      ["readDataSource", { typeName: "test_flat" }],
      ["getResourceIdentitySchemas", {}],
    ] as const) {
      refusal(await server.call<{ diagnostics: pb5.Diagnostic[] }>(method, request));
    }
  });

  it("keeps the state it was given in ReadResource and ApplyResourceChange", async () => {
    const state = { name: "a", network: [] };
    const read = await server.call<pb5.ReadResource_Response>("readResource", {
      typeName: "test_server",
      currentState: dv(state, T),
      private: Buffer.from("p"),
    });
    refusal(read);
    expect(fromDv(read.newState, T)).toEqual(state);
    expect(Buffer.from(read.private).toString()).toBe("p");
    const applied = await server.call<pb5.ApplyResourceChange_Response>("applyResourceChange", {
      typeName: "test_server",
      priorState: dv(state, T),
      plannedState: dv(null, T),
      config: dv(null, T),
    });
    refusal(applied);
    expect(fromDv(applied.newState, T)).toEqual(state);
  });
});

describe("serve() and protocols", () => {
  const env = { [terraformMagicCookie.key]: terraformMagicCookie.value };
  const quiet = { writeHandshake: () => {}, exit: () => {} };

  it("serves a provider with nested attributes over protocol 5 only, refusing in GetSchema", async () => {
    // No throw at start-up: a process that exits before the handshake leaves the host only
    // "Unrecognized remote plugin message", while GetSchema's diagnostic is shown as it is.
    const plugin = await serve(nestedProvider, {
      env: { ...env, TSVIDER_PROTOCOLS: "5", PLUGIN_PROTOCOL_VERSIONS: "5,6" },
      ...quiet,
    });
    try {
      const client = new pb5.ProviderClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
      const res = await new Promise<pb5.GetProviderSchema_Response>((resolve, reject) =>
        client.getSchema({}, (err, r) => (err ? reject(err) : resolve(r))),
      );
      client.close();
      expect(res.diagnostics.map((d) => d.detail)).toEqual([
        expect.stringMatching(
          /test_server's attribute "network.ports.rules" is a nested attribute.*Use protocol 6/s,
        ),
      ]);
    } finally {
      await plugin.stop();
    }
  });

  it("reads TSVIDER_PROTOCOLS, and refuses what is not a protocol", () => {
    expect(protocolsFromEnv({})).toEqual([5, 6]);
    expect(protocolsFromEnv({ TSVIDER_PROTOCOLS: "5" })).toEqual([5]);
    expect(protocolsFromEnv({ TSVIDER_PROTOCOLS: " 6, 5 " })).toEqual([6, 5]);
    expect(() => protocolsFromEnv({ TSVIDER_PROTOCOLS: "4" })).toThrowError(
      /TSVIDER_PROTOCOLS="4".*give 5, 6 or 5,6/,
    );
  });

  it("serves both protocols by default: the host's highest wins; 5 when the host offers only 5", async () => {
    const provider = defineProvider({ name: "test", version: "1.0.0", dataSources: [flat] });
    for (const [offered, expected] of [
      ["5,6", 6],
      ["5", 5],
    ] as const) {
      let handshake = "";
      const plugin = await serve(provider, {
        env: { ...env, PLUGIN_PROTOCOL_VERSIONS: offered },
        writeHandshake: (line) => {
          handshake = line;
        },
        exit: () => {},
      });
      try {
        // core version | app protocol version | network | address | protocol
        expect(handshake.split("|")[1]).toBe(String(expected));
        const Client = expected === 5 ? pb5.ProviderClient : pb6.ProviderClient;
        const method = expected === 5 ? "getSchema" : "getProviderSchema";
        const client = new Client(`unix://${plugin.address}`, grpc.credentials.createInsecure());
        const res = await new Promise<{ dataSourceSchemas: object }>((resolve, reject) =>
          // biome-ignore lint/suspicious/noExplicitAny: the two protocols' clients, one call.
          (client as any)[method]({}, (err: Error | null, r: { dataSourceSchemas: object }) =>
            err ? reject(err) : resolve(r),
          ),
        );
        expect(Object.keys(res.dataSourceSchemas)).toEqual(["test_flat"]);
        client.close();
      } finally {
        await plugin.stop();
      }
    }
  });

  it("serves a provider with nested attributes over both, refusing only when 5 is picked", async () => {
    let handshake = "";
    const plugin = await serve(nestedProvider, {
      env: { ...env, PLUGIN_PROTOCOL_VERSIONS: "5,6" },
      writeHandshake: (line) => {
        handshake = line;
      },
      exit: () => {},
    });
    expect(handshake.split("|")[1]).toBe("6");
    await plugin.stop();
  });
});
