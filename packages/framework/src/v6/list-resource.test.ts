// List resources and GenerateResourceConfig over real gRPC (a unix socket): the schemas and
// metadata Terraform reads, ValidateListResourceConfig, the ListResource server stream (limit,
// include_resource_object, an error mid-stream, bad config, the host cancelling), and
// GenerateResourceConfig; protocol 5 serves the same.
import type { ClientReadableStream } from "@grpc/grpc-js";
import type * as pb5 from "@tsvider/rpcplugin/tfplugin5";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TsviderError } from "../diagnostics.js";
import { identityAttr } from "../identity.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { dv5, fromDv5, startTestServerV5 } from "../internal/test-server-v5.test-support.js";
import { defineListResource } from "../list-resource.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";

const item = defineResource({
  typeName: "test_item",
  schema: {
    name: attr.string({ required: true }),
    size: attr.int64({ optional: true }),
    mode: attr.string({ optional: true, computed: true }),
    id: attr.string({ computed: true }),
    password: attr.string({ optional: true, writeOnly: true, sensitive: true }),
  },
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan }) {
    return { ...plan, mode: "rw", id: `id-${plan.name}` };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, mode: "rw", id: state.id };
  },
  async delete() {},
});

/** A resource whose generated config leaves out a size equal to its default. */
const sized = defineResource({
  typeName: "test_sized",
  schema: { name: attr.string({ required: true }), size: attr.int64({ optional: true }) },
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
  generateConfig({ config }) {
    if (config.name === "computed") return { ...config, size: 1, name: "x", nope: 1 } as never;
    return config.size === 10 ? { ...config, size: null } : undefined;
  },
});

let closed = 0;
let resolveClosed: () => void = () => {};
const items = defineListResource({
  resource: item,
  description: "Items by prefix.",
  schema: {
    prefix: attr.string({ optional: true }),
    fail_after: attr.int64({ optional: true }),
    hang_after: attr.int64({ optional: true }),
  },
  validateConfig({ config, diagnostics }) {
    if (config.prefix === "!") diagnostics.addError("Invalid prefix", "not !", [{ attribute: "prefix" }]);
  },
  async *list({ config, includeResource, signal }) {
    try {
      for (let i = 0; i < 50; i++) {
        const name = `${config.prefix ?? "item"}-${i}`;
        if (i === config.fail_after) throw new TsviderError("Listing failed", { detail: `at ${i}` });
        if (i === config.hang_after)
          await new Promise((resolve) => signal.addEventListener("abort", resolve, { once: true }));
        yield {
          displayName: name,
          identity: { name },
          resource: includeResource ? { name, size: i, mode: "rw", id: `id-${name}`, password: null } : null,
        };
      }
    } finally {
      closed++;
      resolveClosed();
    }
  },
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [item, sized],
  listResources: [items],
});
const C = items.valueType;
const config = (values: Record<string, unknown> = {}) =>
  dv({ prefix: null, fail_after: null, hang_after: null, ...values }, C);
const errors = (diagnostics: readonly { severity: number; summary: string }[]) =>
  diagnostics.filter((d) => d.severity === 1).map((d) => d.summary);

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** Reads a whole ListResource stream. */
function list(server: Server, request: Partial<pb.ListResource_Request>): Promise<pb.ListResource_Event[]> {
  const client = server.client as unknown as pb.ProviderClient;
  const call = client.listResource(pb.ListResource_Request.fromPartial(request));
  return collect(call);
}

function collect<E>(call: ClientReadableStream<E>): Promise<E[]> {
  const events: E[] = [];
  return new Promise((resolve, reject) => {
    call.on("data", (event: E) => events.push(event));
    call.on("end", () => resolve(events));
    call.on("error", reject);
  });
}

describe("list resources over protocol 6", () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer(provider);
  });
  afterAll(async () => server.close());

  it("lists the schema, the metadata and the generate_resource_config capability", async () => {
    const schema = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    const s = schema.listResourceSchemas.test_item!;
    expect(s.block!.description).toBe("Items by prefix.");
    expect(s.block!.attributes.map((a) => [a.name, a.optional])).toEqual([
      ["fail_after", true],
      ["hang_after", true],
      ["prefix", true],
    ]);
    expect(schema.serverCapabilities!.generateResourceConfig).toBe(true);
    const metadata = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(metadata.listResources).toEqual([{ typeName: "test_item" }]);
    expect(metadata.serverCapabilities!.generateResourceConfig).toBe(true);
  });

  it("validates the config block with the validators and validateConfig", async () => {
    const ok = await server.call<pb.ValidateListResourceConfig_Response>("validateListResourceConfig", {
      typeName: "test_item",
      config: config({ prefix: "a" }),
    });
    expect(ok.diagnostics).toEqual([]);
    const bad = await server.call<pb.ValidateListResourceConfig_Response>("validateListResourceConfig", {
      typeName: "test_item",
      config: config({ prefix: "!" }),
    });
    expect(bad.diagnostics).toMatchObject([
      {
        severity: 1,
        summary: "Invalid prefix",
        // Inside the list block, where Terraform places it: at the config block's attribute.
        attribute: { steps: [{ attributeName: "config" }, { attributeName: "prefix" }] },
      },
    ]);
    const unknownType = await server.call<pb.ValidateListResourceConfig_Response>(
      "validateListResourceConfig",
      { typeName: "test_nope", config: config() },
    );
    expect(errors(unknownType.diagnostics)).toEqual(["Unknown list resource type test_nope"]);
  });

  it("streams results up to the limit, and closes the generator", async () => {
    closed = 0;
    const events = await list(server, { typeName: "test_item", config: config(), limit: 3n });
    expect(events.map((e) => [e.displayName, fromDv(e.identity!.identityData, item.identityType!)])).toEqual([
      ["item-0", { name: "item-0" }],
      ["item-1", { name: "item-1" }],
      ["item-2", { name: "item-2" }],
    ]);
    expect(events.every((e) => e.resourceObject === undefined && e.diagnostic.length === 0)).toBe(true);
    expect(closed).toBe(1);
  });

  it("includes each object only when asked", async () => {
    const events = await list(server, {
      typeName: "test_item",
      config: config({ prefix: "x" }),
      includeResourceObject: true,
      limit: 2n,
    });
    expect(events.map((e) => fromDv(e.resourceObject, item.valueType))).toEqual([
      { name: "x-0", size: 0, mode: "rw", id: "id-x-0", password: null },
      { name: "x-1", size: 1, mode: "rw", id: "id-x-1", password: null },
    ]);
  });

  it("sends the results before an error, then the error as the last event", async () => {
    closed = 0;
    const events = await list(server, {
      typeName: "test_item",
      config: config({ fail_after: 2 }),
      limit: 10n,
    });
    expect(events.map((e) => e.displayName)).toEqual(["item-0", "item-1", ""]);
    expect(events[2]!.identity).toBeUndefined();
    expect(events[2]!.diagnostic).toMatchObject([{ severity: 1, summary: "Listing failed", detail: "at 2" }]);
    expect(closed).toBe(1);
  });

  it("answers bad config, an unknown type and a missing limit without crashing", async () => {
    const bad = await list(server, {
      typeName: "test_item",
      config: pb.DynamicValue.fromPartial({ msgpack: Buffer.from([0x81, 0xa1, 0x78, 0x01]) }),
      limit: 10n,
    });
    expect(bad).toHaveLength(1);
    expect(errors(bad[0]!.diagnostic)).toEqual(["Invalid configuration for list resource test_item"]);
    const unknownType = await list(server, { typeName: "test_nope", config: config(), limit: 10n });
    expect(errors(unknownType[0]!.diagnostic)).toEqual(["Unknown list resource type test_nope"]);
    // Terraform always sends a limit (100 by default); none asks for nothing.
    expect(await list(server, { typeName: "test_item", config: config() })).toEqual([]);
  });

  it("closes the generator when the host cancels, and serves on", async () => {
    closed = 0;
    const whenClosed = new Promise<void>((resolve) => {
      resolveClosed = resolve;
    });
    const client = server.client as unknown as pb.ProviderClient;
    const call = client.listResource(
      pb.ListResource_Request.fromPartial({
        typeName: "test_item",
        config: config({ hang_after: 1 }),
        limit: 10n,
      }),
    );
    const first = await new Promise<pb.ListResource_Event>((resolve) => call.once("data", resolve));
    expect(first.displayName).toBe("item-0");
    call.on("error", () => {});
    call.cancel();
    await whenClosed;
    expect(closed).toBe(1);
    const after = await list(server, { typeName: "test_item", config: config(), limit: 1n });
    expect(after.map((e) => e.displayName)).toEqual(["item-0"]);
  });

  it("generates config: required and optional values kept, computed-only and write-only dropped", async () => {
    const state = { name: "a", size: 3, mode: "rw", id: "id-a", password: null };
    const res = await server.call<pb.GenerateResourceConfig_Response>("generateResourceConfig", {
      typeName: "test_item",
      state: dv(state, item.valueType),
    });
    expect(res.diagnostics).toEqual([]);
    expect(fromDv(res.config, item.valueType)).toEqual({
      name: "a",
      size: 3,
      mode: "rw",
      id: null,
      password: null,
    });
    // A list result without its object: a null state, a null config.
    const none = await server.call<pb.GenerateResourceConfig_Response>("generateResourceConfig", {
      typeName: "test_item",
      state: dv(null, item.valueType),
    });
    expect(none.diagnostics).toEqual([]);
    expect(fromDv(none.config, item.valueType)).toBeNull();
  });

  it("runs the resource's generateConfig and holds its answer to the rules", async () => {
    const gen = (state: unknown) =>
      server.call<pb.GenerateResourceConfig_Response>("generateResourceConfig", {
        typeName: "test_sized",
        state: dv(state as never, sized.valueType),
      });
    expect(fromDv((await gen({ name: "a", size: 10 })).config, sized.valueType)).toEqual({
      name: "a",
      size: null,
    });
    expect(fromDv((await gen({ name: "a", size: 3 })).config, sized.valueType)).toEqual({
      name: "a",
      size: 3,
    });
    const bad = await gen({ name: "computed", size: 3 });
    expect(bad.config).toBeUndefined();
    expect(bad.diagnostics[0]!.detail).toMatch(/"nope" is not in the schema/);
    const unknownType = await server.call<pb.GenerateResourceConfig_Response>("generateResourceConfig", {
      typeName: "test_nope",
      state: dv(null, sized.valueType),
    });
    expect(errors(unknownType.diagnostics)).toEqual(["Unknown resource type test_nope"]);
  });
});

describe("list resources over protocol 5", () => {
  let server: Awaited<ReturnType<typeof startTestServerV5>>;
  beforeAll(async () => {
    server = await startTestServerV5(provider);
  });
  afterAll(async () => server.close());

  it("streams results and generates config as protocol 6 does", async () => {
    const schema = await server.call<pb5.GetProviderSchema_Response>("getSchema", {});
    expect(Object.keys(schema.listResourceSchemas)).toEqual(["test_item"]);
    const client = server.client as unknown as import("@tsvider/rpcplugin/tfplugin5").ProviderClient;
    const { ListResource_Request } = await import("@tsvider/rpcplugin/tfplugin5");
    const events = await collect(
      client.listResource(
        ListResource_Request.fromPartial({
          typeName: "test_item",
          config: dv5({ prefix: "v5", fail_after: null, hang_after: null }, C),
          limit: 2n,
        }),
      ),
    );
    expect(events.map((e) => fromDv5(e.identity!.identityData, item.identityType!))).toEqual([
      { name: "v5-0" },
      { name: "v5-1" },
    ]);
    const generated = await server.call<pb5.GenerateResourceConfig_Response>("generateResourceConfig", {
      typeName: "test_sized",
      state: dv5({ name: "a", size: 10 }, sized.valueType),
    });
    expect(fromDv5(generated.config, sized.valueType)).toEqual({ name: "a", size: null });
  });
});
