// getProviderSchema, called directly: every component with its schema, description and
// version, the capabilities the core keeps its word on, and a schema-build count.
import { describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { serverWith } from "./core-fixture.test-support.js";
import { getProviderSchema } from "./get-provider-schema.js";

const thing = defineResource({
  typeName: "test_thing",
  description: "A thing.",
  version: 2,
  schema: { id: attr.string({ computed: true }) },
  upgraders: { 0: ({ rawState }) => rawState as never, 1: ({ rawState }) => rawState as never },
  create: async () => ({ id: "1" }),
  read: async ({ state }) => state,
  delete: async () => {},
});
const plain = defineResource({
  typeName: "test_plain",
  schema: { id: attr.string({ computed: true }) },
  create: async () => ({ id: "1" }),
  read: async ({ state }) => state,
  delete: async () => {},
});
const lookup = defineDataSource({
  typeName: "test_lookup",
  schema: { id: attr.string({ computed: true }) },
  read: async () => ({ id: "x" }),
});

describe("getProviderSchema", () => {
  it("lists every component, with version 0 and no description when none is given", () => {
    const server = serverWith({ resources: [thing, plain], dataSources: [lookup] });
    const schemas = getProviderSchema(server);
    expect([...schemas.resources.keys()]).toEqual(["test_thing", "test_plain"]);
    expect(schemas.resources.get("test_thing")).toMatchObject({ version: 2, description: "A thing." });
    expect(schemas.resources.get("test_plain")).toEqual({ schema: plain.schema, version: 0 });
    expect(schemas.dataSources.get("test_lookup")).toEqual({ schema: lookup.schema });
    expect(schemas.provider).toEqual({});
    expect(schemas.providerMeta).toBeUndefined();
    expect(schemas.capabilities).toMatchObject({
      getProviderSchemaOptional: true,
      planDestroy: true,
      moveResourceState: false,
    });
  });

  it("reports the provider and provider_meta schemas when declared", () => {
    const schema = { region: attr.string({ optional: true }) };
    const metaSchema = { module: attr.string({ optional: true }) };
    const schemas = getProviderSchema(serverWith({ schema, metaSchema }));
    expect(schemas.provider).toBe(schema);
    expect(schemas.providerMeta).toBe(metaSchema);
  });

  it("counts each schema build in the metrics", () => {
    let builds = 0;
    const server = serverWith();
    Object.assign(server, { metrics: { ...server.metrics, schemaBuild: () => builds++ } });
    getProviderSchema(server);
    getProviderSchema(server);
    expect(builds).toBe(2);
  });
});
