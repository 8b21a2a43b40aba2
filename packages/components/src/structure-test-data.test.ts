// The structure test data sources through the test kit: maps, dynamic values and nested
// objects go out and come back as Terraform would send and receive them.
import { Decimal, Dynamic, defineProvider, t } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  canonicalHash,
  mixedMapTestDataSource,
  simpleMapTestDataSource,
  structuredObjectTestDataSource,
} from "./structure-test-data.js";

const kit = testProvider(
  defineProvider({
    name: "tsvider",
    version: "0.0.0",
    dataSources: [simpleMapTestDataSource(), mixedMapTestDataSource(), structuredObjectTestDataSource()],
  }),
);

describe("simple_map_test", () => {
  it("upper-cases the values and hashes the result", async () => {
    const { state, diagnostics } = await kit.readDataSource("tsvider_simple_map_test", {
      input_data: { b: "two", a: "one" },
    });
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({
      input_data: { a: "one", b: "two" },
      processed_data: { a: "ONE", b: "TWO" },
      data_hash: canonicalHash({ a: "ONE", b: "TWO" }),
    });
  });

  it("no input gives an empty map; the hash does not depend on key order", async () => {
    const { state } = await kit.readDataSource("tsvider_simple_map_test", {});
    expect(state).toEqual({ input_data: null, processed_data: {}, data_hash: canonicalHash({}) });
    expect(canonicalHash({ a: "1", b: "2" })).toBe(canonicalHash({ b: "2", a: "1" }));
  });
});

describe("mixed_map_test", () => {
  const objectOf = t.object({
    name: t.string,
    count: t.number,
    big: t.number,
    ratio: t.number,
    on: t.bool,
    tags: t.list(t.string),
  });

  it("upper-cases strings, adds one to numbers exactly, keeps the rest", async () => {
    const input = new Dynamic(objectOf.type, {
      name: "web",
      count: 2,
      big: 9007199254740993n,
      ratio: new Decimal("0.1"),
      on: true,
      tags: ["a"],
    });
    const { state, diagnostics } = await kit.readDataSource("tsvider_mixed_map_test", { input_data: input });
    expect(diagnostics).toEqual([]);
    expect(state?.processed_data).toEqual(
      new Dynamic(objectOf.type, {
        name: "WEB",
        count: 3,
        big: 9007199254740994n,
        ratio: new Decimal("1.1"),
        on: true,
        tags: ["a"],
      }),
    );
    expect(state?.data_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("negative decimals cross zero correctly", async () => {
    const type = t.object({ n: t.number, m: t.number }).type;
    const { state } = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(type, { n: new Decimal("-0.25"), m: new Decimal("-3.5") }),
    });
    expect(state?.processed_data).toEqual(new Dynamic(type, { n: 0.75, m: -2.5 }));
  });

  it("input that is not an object or map gives { error, received_type }", async () => {
    const { state } = await kit.readDataSource("tsvider_mixed_map_test", {
      input_data: new Dynamic(t.string.type, "plain"),
    });
    expect((state!.processed_data as Dynamic).value).toEqual({
      error: "input_data is not an object or a map",
      received_type: "string",
    });
  });
});

describe("structured_object_test", () => {
  it("builds nested objects from the name and metadata", async () => {
    const { state, diagnostics } = await kit.readDataSource("tsvider_structured_object_test", {
      config_name: "web",
      metadata: { env: "prod", team: "infra" },
    });
    expect(diagnostics).toEqual([]);
    expect(state).toEqual({
      config_name: "web",
      metadata: { env: "prod", team: "infra" },
      generated_config: {
        name: "web",
        version: "1.0.0",
        enabled: true,
        settings: { env: "processed_prod", team: "processed_infra" },
        numeric_settings: { num_env: 4, num_team: 5 },
      },
      summary: {
        total_keys: 2,
        has_metadata: true,
        // printf web | sha256sum
        config_hash: "4b5e57f6",
        nested_info: { created_at: "2025-06-24T20:30:00Z", level: 2 },
      },
    });
  });

  it("config_name is required", async () => {
    const { diagnostics } = await kit.validate("tsvider_structured_object_test", {});
    expect(diagnostics[0]).toMatchObject({ severity: "error", path: [{ attribute: "config_name" }] });
  });
});
