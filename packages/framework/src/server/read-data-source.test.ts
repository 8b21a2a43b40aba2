// Data sources through the in-process server: schema, metadata, validation and reads over a
// real gRPC socket, with every check of a read result naming the data source and attribute.
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { DataSourceError, ValidationError } from "../errors.js";
import { dv, fromDv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { errors as errorSummaries, serverWith } from "./core-fixture.test-support.js";
import { readDataSource } from "./read-data-source.js";

const images = new Map([
  ["ubuntu", { id: "img-1", size: 10 }],
  ["debian", { id: "img-2", size: 20 }],
]);

const image = defineDataSource({
  typeName: "test_image",
  description: "An image, by name.",
  schema: {
    name: attr.string({ required: true }),
    region: attr.string({ optional: true, computed: true }),
    id: attr.string({ computed: true }),
    size: attr.int64({ computed: true }),
    mistake: attr.string({ optional: true }),
  },
  validateConfig({ config }) {
    if (config.name === "forbidden") {
      throw new ValidationError("This image name is reserved", {
        path: [{ attribute: "name" }],
        detail: "Pick another.",
      });
    }
  },
  async read({ config, providerData }) {
    const found = images.get(config.name);
    if (!found) {
      throw new DataSourceError(`No image named "${config.name}"`, {
        detail: "Check the name.",
        path: [{ attribute: "name" }],
      });
    }
    const region = config.region ?? `${String(providerData)}-1`;
    switch (config.mistake) {
      case "rename":
        return { ...config, ...found, region, name: "other" };
      case "unknown":
        return { ...config, ...found, region, id: cty.Unknown as never };
      case "extra":
        return { ...config, ...found, region, extra: 1 } as never;
      case "null":
        return null as never;
      case "explode":
        throw new Error("boom");
    }
    return { ...config, ...found, region };
  },
});

const network = defineDataSource({
  typeName: "test_network",
  schema: {
    cidr: attr.string({ required: true }),
    subnets: attr.listNested(
      { cidr: attr.string({ required: true }), gateway: attr.string({ computed: true }) },
      { optional: true },
    ),
    tags: attr.setNested({ key: attr.string({ required: true }) }, { optional: true }),
    rule: block.list({ port: attr.int64({ required: true }), id: attr.string({ computed: true }) }),
  },
  async read({ config }) {
    const lie = config.cidr === "lie";
    return {
      ...config,
      subnets: (config.subnets ?? []).map((s, i) => ({ ...s, gateway: lie ? null : `gw-${i}` })),
      rule: config.rule.map((r, i) => ({ ...r, port: lie ? 9 : r.port, id: `r${i}` })),
    };
  },
});

// A resource of the same type name as a data source: Terraform keeps them apart.
const imageResource = defineResource({
  typeName: "test_image",
  schema: { name: attr.string({ required: true, requiresReplace: true }) },
  async create({ plan }) {
    return plan;
  },
  async read({ state }) {
    return state;
  },
  async delete() {},
});

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  resources: [imageResource],
  dataSources: [image, network],
  configure: () => "eu",
});
const I = image.valueType;
const N = network.valueType;

let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer(provider);
  await server.call("configureProvider", { config: dv({}, provider.configType) });
});
afterAll(async () => server.close());

const errors = (res: { diagnostics: pb.Diagnostic[] }) =>
  res.diagnostics.filter((d) => d.severity === Diagnostic_Severity.ERROR);
const pathOf = (d: pb.Diagnostic) =>
  d.attribute?.steps.map((s) => s.attributeName || (s.elementKeyString ?? Number(s.elementKeyInt)));

const imageConfig = (name: string, extra: Partial<Record<string, cty.CtyValue>> = {}) => ({
  name,
  region: null,
  id: null,
  size: null,
  mistake: null,
  ...extra,
});
const readImage = (config: Record<string, cty.CtyValue>) =>
  server.call<pb.ReadDataSource_Response>("readDataSource", {
    typeName: "test_image",
    config: dv(config, I),
  });

describe("GetProviderSchema and GetMetadata", () => {
  it("list data source schemas beside resource schemas, each in its own namespace", async () => {
    const res = await server.call<pb.GetProviderSchema_Response>("getProviderSchema", {});
    expect(Object.keys(res.dataSourceSchemas)).toEqual(["test_image", "test_network"]);
    expect(Object.keys(res.resourceSchemas)).toEqual(["test_image"]);
    const block = res.dataSourceSchemas.test_image!.block!;
    expect(block.description).toBe("An image, by name.");
    expect(block.attributes.map((a) => [a.name, a.required, a.optional, a.computed])).toEqual([
      ["id", false, false, true],
      ["mistake", false, true, false],
      ["name", true, false, false],
      ["region", false, true, true],
      ["size", false, false, true],
    ]);
    const meta = await server.call<pb.GetMetadata_Response>("getMetadata", {});
    expect(meta.dataSources).toEqual([{ typeName: "test_image" }, { typeName: "test_network" }]);
  });
});

describe("ValidateDataResourceConfig", () => {
  it("accepts unknown values and runs the author's validateConfig", async () => {
    const ok = await server.call<pb.ValidateDataResourceConfig_Response>("validateDataResourceConfig", {
      typeName: "test_image",
      config: dv(imageConfig("ubuntu", { region: cty.Unknown }), I),
    });
    expect(errors(ok)).toEqual([]);
    const refused = await server.call<pb.ValidateDataResourceConfig_Response>("validateDataResourceConfig", {
      typeName: "test_image",
      config: dv(imageConfig("forbidden"), I),
    });
    expect(errors(refused)).toMatchObject([
      { summary: "This image name is reserved", detail: "Pick another." },
    ]);
    expect(pathOf(errors(refused)[0]!)).toEqual(["name"]);
  });

  it("checks what the schema promises: a required value, a whole int64", async () => {
    const res = await server.call<pb.ValidateDataResourceConfig_Response>("validateDataResourceConfig", {
      typeName: "test_image",
      config: dv(imageConfig(null as never), I),
    });
    expect(errors(res)[0]!.summary).toBe("Missing required argument");
  });

  it("names an unknown data source type and the ones there are", async () => {
    const res = await server.call<pb.ValidateDataResourceConfig_Response>("validateDataResourceConfig", {
      typeName: "test_nope",
      config: dv(imageConfig("x"), I),
    });
    expect(errors(res)[0]!.summary).toBe("Unknown data source type test_nope");
    expect(errors(res)[0]!.detail).toContain("test_image, test_network");
  });
});

describe("ReadDataSource", () => {
  it("returns the configured values with the computed ones filled in", async () => {
    const res = await readImage(imageConfig("ubuntu"));
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.state, I)).toEqual({
      name: "ubuntu",
      region: "eu-1",
      id: "img-1",
      size: 10,
      mistake: null,
    });
  });

  it("keeps an optional + computed value that config sets", async () => {
    const res = await readImage(imageConfig("debian", { region: "us" }));
    expect(fromDv(res.state, I)).toMatchObject({ region: "us", id: "img-2" });
  });

  it("turns a DataSourceError into its diagnostic, with no state", async () => {
    const res = await readImage(imageConfig("arch"));
    expect(errors(res)).toMatchObject([{ summary: 'No image named "arch"', detail: "Check the name." }]);
    expect(pathOf(errors(res)[0]!)).toEqual(["name"]);
    expect(fromDv(res.state, I)).toBeNull();
  });

  it("refuses a result that changes a configured value, naming the data source and attribute", async () => {
    const res = await readImage(imageConfig("ubuntu", { mistake: "rename" }));
    expect(errors(res)).toHaveLength(1);
    expect(errors(res)[0]!.summary).toBe('data source test_image read changed the configured "name"');
    expect(errors(res)[0]!.detail).toContain('The configuration says "ubuntu" and the result says "other"');
    expect(pathOf(errors(res)[0]!)).toEqual(["name"]);
    expect(fromDv(res.state, I)).toBeNull();
  });

  it("refuses unknown values in a result", async () => {
    const res = await readImage(imageConfig("ubuntu", { mistake: "unknown" }));
    expect(errors(res)[0]!.summary).toBe('data source test_image read left "id" unknown');
    expect(pathOf(errors(res)[0]!)).toEqual(["id"]);
  });

  it("refuses attributes the schema lacks", async () => {
    const res = await readImage(imageConfig("ubuntu", { mistake: "extra" }));
    expect(errors(res)[0]!.summary).toBe(
      "data source test_image read returned an attribute the schema does not have",
    );
    expect(errors(res)[0]!.detail).toContain('"extra" is not in the schema');
  });

  it("refuses a null result, and says how to report a missing object", async () => {
    const res = await readImage(imageConfig("ubuntu", { mistake: "null" }));
    expect(errors(res)[0]!.summary).toBe("data source test_image read returned no object");
    expect(errors(res)[0]!.detail).toContain("DataSourceError");
  });

  it("turns an unexpected exception into an error diagnostic and keeps serving", async () => {
    const res = await readImage(imageConfig("ubuntu", { mistake: "explode" }));
    expect(errors(res)[0]!.summary).toBe("Could not read data source test_image");
    expect(errors((await readImage(imageConfig("ubuntu"))) as never)).toEqual([]);
  });

  it("refuses a config that is not wholly known (Terraform never sends one)", async () => {
    const res = await readImage(imageConfig("ubuntu", { region: cty.Unknown }));
    expect(errors(res)[0]!.summary).toBe("Configuration of data source test_image is not known yet");
  });

  it("fills computed attributes inside nested attributes and blocks", async () => {
    const config = {
      cidr: "10.0.0.0/8",
      subnets: [{ cidr: "10.1.0.0/16", gateway: null }],
      tags: [{ key: "a" }],
      rule: [{ port: 22, id: null }],
    };
    const res = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "test_network",
      config: dv(config, N),
    });
    expect(errors(res)).toEqual([]);
    expect(fromDv(res.state, N)).toEqual({
      ...config,
      subnets: [{ cidr: "10.1.0.0/16", gateway: "gw-0" }],
      rule: [{ port: 22, id: "r0" }],
    });
  });

  it("names the element inside a block whose configured value changed, and null turned empty", async () => {
    const config = { cidr: "lie", subnets: null, tags: null, rule: [{ port: 22, id: null }] };
    const res = await server.call<pb.ReadDataSource_Response>("readDataSource", {
      typeName: "test_network",
      config: dv(config, N),
    });
    // The read turns the unset subnets (null) into an empty list: a change too.
    expect(errors(res).map((d) => d.summary)).toEqual([
      'data source test_network read changed the configured "subnets"',
      'data source test_network read changed the configured "rule[0].port"',
    ]);
    expect(pathOf(errors(res)[1]!)).toEqual(["rule", 0, "port"]);
  });
});

// The core's own decisions, called directly (no gRPC): what it refuses before the handler runs,
// and that every failure answers a null state with a diagnostic rather than a throw.
describe("readDataSource, called directly", () => {
  const server = serverWith({ dataSources: [image] });
  const core = server.dataSource("test_image")!;
  const config = (over: object = {}) => ({
    name: "ubuntu",
    region: null,
    id: null,
    size: null,
    mistake: null,
    ...over,
  });

  it("refuses a null or not yet known configuration without calling read", async () => {
    const none = await readDataSource(server, core, null);
    expect(errorSummaries(none.diagnostics)).toEqual(["No configuration for data source test_image"]);
    const unknown = await readDataSource(server, core, config({ name: cty.Unknown }));
    expect(errorSummaries(unknown.diagnostics)).toEqual([
      "Configuration of data source test_image is not known yet",
    ]);
    expect(unknown.state).toBeNull();
  });

  it("refuses a configured value of the wrong type at its attribute", async () => {
    const result = await readDataSource(server, core, config({ name: 7 }));
    expect(result.diagnostics.hasErrors).toBe(true);
    expect(result.state).toBeNull();
  });

  it.each([
    ["explode", "Could not read data source test_image"],
    ["null", "data source test_image read returned no object"],
    ["extra", "data source test_image read returned an attribute the schema does not have"],
    ["rename", 'data source test_image read changed the configured "name"'],
    ["unknown", 'data source test_image read left "id" unknown'],
  ])("answers a read that goes wrong (%s) with a null state and the error", async (mistake, summary) => {
    const result = await readDataSource(server, core, config({ mistake }));
    expect(errorSummaries(result.diagnostics)).toEqual([summary]);
    expect(result.state).toBeNull();
  });

  it("fills in computed values and keeps configured ones", async () => {
    server.setConfigured("eu");
    const result = await readDataSource(server, core, config());
    expect(errorSummaries(result.diagnostics)).toEqual([]);
    expect(result.state).toEqual({ name: "ubuntu", region: "eu-1", id: "img-1", size: 10, mistake: null });
  });
});
