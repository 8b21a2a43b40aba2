// validateDataResourceConfig, called directly: schema checks, then validators, then the
// author's validateConfig, each skipped once an earlier step failed.
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { defineDataSource } from "../data-source.js";
import { attr } from "../schema/attributes.js";
import { errors, serverWith } from "./core-fixture.test-support.js";
import { validateDataResourceConfig } from "./validate-data-resource-config.js";

let seen: unknown[] = [];
const lookup = defineDataSource({
  typeName: "test_lookup",
  schema: {
    name: attr.string({ required: true }),
    limit: attr.int64({ optional: true }),
    id: attr.string({ computed: true }),
  },
  validateConfig({ config, providerData }) {
    seen.push([config.name, providerData]);
    if (config.name === "crash") throw new Error("boom");
  },
  read: async ({ config }) => ({ ...config, id: "x" }),
});
const server = serverWith({ dataSources: [lookup] });
/** As the core finds it by type name, the way the adapters call it. */
const lookupCore = server.dataSource("test_lookup")!;

describe("validateDataResourceConfig", () => {
  it("runs validateConfig with the config, unknowns included", async () => {
    seen = [];
    expect(
      errors(await validateDataResourceConfig(server, lookupCore, { name: Unknown, limit: null, id: null })),
    ).toEqual([]);
    expect(seen).toEqual([[Unknown, undefined]]);
  });

  it("stops at a wrong-typed value, naming it", async () => {
    seen = [];
    const diagnostics = await validateDataResourceConfig(server, lookupCore, {
      name: "a",
      limit: 0.5,
      id: null,
    });
    expect(diagnostics.items[0]?.path).toEqual([{ attribute: "limit" }]);
    expect(seen).toEqual([]);
  });

  it("reports a throwing validateConfig as an error naming the data source", async () => {
    expect(
      errors(await validateDataResourceConfig(server, lookupCore, { name: "crash", limit: null, id: null })),
    ).toEqual(["Could not validate the configuration of data source test_lookup"]);
  });

  it("has nothing to say about a null config", async () => {
    expect((await validateDataResourceConfig(server, lookupCore, null)).items).toEqual([]);
  });
});
