import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, describe, expect, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { createHub, Hub } from "./hub.js";
import { dv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

const schema = { name: attr.string({ required: true, requiresReplace: true }) };
const resource = (typeName: string) =>
  defineResource({
    typeName,
    schema,
    async create({ plan }) {
      return plan;
    },
    async read({ state }) {
      return state;
    },
    async delete() {},
  });
const dataSource = (typeName: string) =>
  defineDataSource({
    typeName,
    schema: { name: attr.string({ required: true }) },
    async read({ config }) {
      return config;
    },
  });

const thrown = (fn: () => unknown): FrameworkConfigurationError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof FrameworkConfigurationError) return err;
    throw err;
  }
  throw new Error("expected a FrameworkConfigurationError");
};

describe("the hub", () => {
  it("collects resources and data sources, in order, into the lists defineProvider serves", async () => {
    const hub = createHub();
    expect(hub).toBeInstanceOf(Hub);
    hub.add(resource("my_b"), dataSource("my_b")).add(resource("my_a"));
    const { resources, dataSources } = hub.components();
    expect(resources.map((r) => r.typeName)).toEqual(["my_b", "my_a"]);
    expect(dataSources.map((d) => d.typeName)).toEqual(["my_b"]);
    expect(hub.components()).toEqual({
      resources,
      dataSources,
      ephemeralResources: [],
      listResources: [],
      actions: [],
      stateStores: [],
      functions: [],
    });
    const provider = defineProvider({
      name: "my",
      version: "1.0.0",
      ...hub.components(),
      resources: [resource("my_listed"), ...resources],
    });
    expect([...provider.resourcesByType.keys()]).toEqual(["my_listed", "my_b", "my_a"]);
    const server = await startTestServer(provider);
    afterAll(() => server.close());
    const schemas = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(Object.keys(schemas.resourceSchemas).sort()).toEqual(["my_a", "my_b", "my_listed"]);
    expect(Object.keys(schemas.dataSourceSchemas)).toEqual(["my_b"]);
    const read = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "my_b",
      config: dv({ name: "x" }, provider.dataSourcesByType.get("my_b")!.valueType),
    });
    expect(read.diagnostics).toEqual([]);
  });

  it("gives copies: a component added later joins no provider defined before", () => {
    const hub = createHub().add(resource("my_a"));
    const components = hub.components();
    hub.add(resource("my_b"));
    expect(components.resources.map((r) => r.typeName)).toEqual(["my_a"]);
    expect(hub.components().resources.map((r) => r.typeName)).toEqual(["my_a", "my_b"]);
  });

  it("refuses something that is not a component, saying what it got", () => {
    expect(() => createHub().add({ typeName: "my_x" } as never)).toThrow(
      /hub.add was given something that is not a component/,
    );
    expect(thrown(() => createHub().add({ typeName: "my_x" } as never)).detail).toContain(
      'an object with typeName "my_x"',
    );
  });
});

describe("start-up checks of the lists", () => {
  it("a duplicate type name names both definitions and where each was made", () => {
    const hub = createHub();
    hub.add(resource("my_server"));
    const err = thrown(() =>
      defineProvider({
        name: "my",
        version: "1",
        resources: [...hub.components().resources, resource("my_server")],
      }),
    );
    expect(err.message).toBe("resource my_server is defined twice");
    expect(err.detail).toMatch(
      /^First by defineResource at src\/hub\.test\.ts:\d+:\d+, then by defineResource at src\/hub\.test\.ts:\d+:\d+\./,
    );
  });

  it("the same definition listed twice (from a hub and by hand) is refused too", () => {
    const hub = createHub();
    const one = dataSource("my_image");
    hub.add(one);
    const err = thrown(() =>
      defineProvider({ name: "my", version: "1", dataSources: [...hub.components().dataSources, one] }),
    );
    expect(err.message).toBe("data source my_image is defined twice");
    expect(err.detail).toContain("is listed twice");
  });

  it("a type outside the provider's prefix names the definition", () => {
    const hub = createHub();
    hub.add(dataSource("other_image"));
    const err = thrown(() => defineProvider({ name: "my", version: "1", ...hub.components() }));
    expect(err.message).toMatch(
      /^data source other_image does not start with the provider name "my_" \(defineDataSource at src\/hub\.test\.ts:\d+:\d+\)$/,
    );
    expect(err.detail).toContain("my_image");
  });

  it("a resource and a data source may share a type name", () => {
    const provider = defineProvider({
      name: "my",
      version: "1",
      resources: [resource("my_thing")],
      dataSources: [dataSource("my_thing")],
    });
    expect(provider.resourcesByType.has("my_thing") && provider.dataSourcesByType.has("my_thing")).toBe(true);
  });

  it("a list holding the wrong kind of component is refused", () => {
    expect(() =>
      defineProvider({ name: "my", version: "1", resources: [dataSource("my_x") as never] }),
    ).toThrow(/the resources list holds an object with typeName "my_x"/);
  });
});
