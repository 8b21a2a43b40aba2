import { dynamic, number, object, string } from "@tsvider/cty";
import { Dynamic, defineProvider, Unknown } from "@tsvider/framework";
import { testProvider } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import { nestedResourceTestResource } from "./nested-resource-test.js";

const TYPE = "tsvider_nested_resource_test";
const kit = testProvider(
  defineProvider({ name: "tsvider", version: "0.0.0", resources: [nestedResourceTestResource()] }),
);
/** A dynamic value of type string, as config holding a string literal sends it. */
const text = (value: string) => new Dynamic({ kind: "string" }, value);
const blocks = [
  { service: "web", port: 80, protocol: "http", ssl_enabled: null, address: null },
  { service: "api", port: 443, protocol: "https", ssl_enabled: true, address: null },
  { service: "db", port: 5432, protocol: null, ssl_enabled: false, address: null },
];

describe("nestedResourceTestResource", () => {
  it("plans every computed value from config: addresses, the summary, the id and the echoed data", async () => {
    const plan = await kit.plan(TYPE, {
      prior: null,
      config: { resource_name: "gateway", configuration: text("plain"), nested_configs: blocks },
    });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({
      resource_id: "resource_gateway",
      processed_data: new Dynamic(object({ main_config: string, nested_count: number }), {
        main_config: "plain",
        nested_count: 3,
      }),
      exists: true,
      summary: { block_count: 3, services: ["web", "api", "db"], ssl_count: 1 },
      nested_configs: [
        expect.objectContaining({ address: "http://web:80" }),
        expect.objectContaining({ address: "https://api:443" }),
        expect.objectContaining({ address: "tcp://db:5432" }),
      ],
    });
    const applied = await kit.apply(TYPE, plan);
    expect(applied.diagnostics).toEqual([]);
    expect(applied.state?.summary).toEqual({ block_count: 3, services: ["web", "api", "db"], ssl_count: 1 });
  });

  it("echoes a dynamic configuration with the type config gave it, and counts the blocks", async () => {
    const life = await kit.lifecycle(TYPE, {
      create: { resource_name: "n", configuration: text("text"), nested_configs: [] },
      update: { resource_name: "m", configuration: text("other"), nested_configs: blocks.slice(0, 1) },
    });
    const processed = life.updated[0]?.processed_data;
    expect(processed).toBeInstanceOf(Dynamic);
    expect((processed as Dynamic).value).toEqual({ main_config: "other", nested_count: 1 });
    expect((processed as Dynamic).type).toEqual(object({ main_config: string, nested_count: number }));
    expect(life.updated[0]?.resource_id).toBe("resource_m");
    expect(life.updated[0]?.summary).toMatchObject({ block_count: 1 });
  });

  it("gives a null main_config without a configuration, as pyvider does", async () => {
    const life = await kit.lifecycle(TYPE, {
      create: { resource_name: "n", nested_configs: blocks.slice(0, 2) },
      update: { resource_name: "n", nested_configs: blocks },
    });
    const processed = life.updated[0]?.processed_data as Dynamic;
    expect(processed.type).toEqual(object({ main_config: dynamic, nested_count: number }));
    expect(processed.value).toEqual({ main_config: null, nested_count: 3 });
  });

  it("leaves processed_data unknown while the configuration is", async () => {
    const plan = await kit.plan(TYPE, {
      prior: null,
      config: { resource_name: "n", configuration: Unknown, nested_configs: [] },
    });
    expect(plan.diagnostics).toEqual([]);
    expect(plan.planned).toMatchObject({ processed_data: Unknown, resource_id: "resource_n" });
  });

  it("leaves the summary unknown while a block is", async () => {
    const plan = await kit.plan(TYPE, {
      prior: null,
      config: { resource_name: "n", nested_configs: [{ ...blocks[0], service: Unknown }] },
    });
    expect(plan.planned).toMatchObject({ summary: Unknown });
  });

  it("refuses a port out of range and an unknown protocol, naming the block's attribute", async () => {
    const result = await kit.validate(TYPE, {
      resource_name: "n",
      nested_configs: [
        { ...blocks[0], port: 70000 },
        { ...blocks[1], protocol: "ftp" },
      ],
    });
    expect(result.diagnostics.map((d) => d.path)).toEqual([
      [{ attribute: "nested_configs" }, { index: 0 }, { attribute: "port" }],
      [{ attribute: "nested_configs" }, { index: 1 }, { attribute: "protocol" }],
    ]);
  });

  it("takes another provider's prefix", () => {
    expect(nestedResourceTestResource({ typeName: "mycloud_nested" }).typeName).toBe("mycloud_nested");
  });
});
