// Deprecated attributes and blocks set in configuration: a warning at each place, through the
// validate sequence every component kind shares (here a provider's and a resource's).
import { Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { serverWith, warnings } from "./core-fixture.test-support.js";
import { validateProviderConfig } from "./validate-provider-config.js";
import { validateResourceConfig } from "./validate-resource-config.js";

const schema = {
  name: attr.string({ optional: true }),
  old_name: attr.string({ optional: true, deprecationMessage: "Use name instead." }),
  rule: block.list(
    {
      port: attr.int64({ optional: true }),
      legacy_port: attr.int64({ optional: true, deprecationMessage: "Use port." }),
    },
    {},
  ),
  old_settings: block.single(
    { mode: attr.string({ optional: true }) },
    { deprecationMessage: "Settings moved to the provider." },
  ),
};

const resource = defineResource({
  typeName: "test_thing",
  schema,
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

const server = serverWith({ resources: [resource] });
const served = server.resource("test_thing")!;
const empty = { name: null, old_name: null, rule: [], old_settings: null };

describe("deprecation warnings", () => {
  it("warn where config sets a deprecated attribute or block, naming it and the message", async () => {
    const diagnostics = await validateResourceConfig(server, served, {
      ...empty,
      old_name: "x",
      rule: [
        { port: 1, legacy_port: null },
        { port: null, legacy_port: 8080 },
      ],
      old_settings: { mode: null },
    });
    expect(diagnostics.items).toEqual([
      {
        severity: "warning",
        summary: "Attribute deprecated",
        detail: 'The attribute "old_name" is deprecated: Use name instead.',
        path: [{ attribute: "old_name" }],
      },
      {
        severity: "warning",
        summary: "Attribute deprecated",
        detail: 'The attribute "rule[1].legacy_port" is deprecated: Use port.',
        path: [{ attribute: "rule" }, { index: 1 }, { attribute: "legacy_port" }],
      },
      {
        severity: "warning",
        summary: "Block deprecated",
        detail: 'The block "old_settings" is deprecated: Settings moved to the provider.',
        path: [{ attribute: "old_settings" }],
      },
    ]);
  });

  it("say nothing when the deprecated parts are unset, and warn for a value not known yet", async () => {
    expect(warnings(await validateResourceConfig(server, served, empty))).toEqual([]);
    expect(warnings(await validateResourceConfig(server, served, { ...empty, old_name: Unknown }))).toEqual([
      "Attribute deprecated",
    ]);
  });

  it("apply to the provider's own configuration too", async () => {
    const provider = serverWith({
      schema: { region: attr.string({ optional: true, deprecationMessage: "Set location." }) },
    });
    expect(warnings(await validateProviderConfig(provider, { region: "eu" }))).toEqual([
      "Attribute deprecated",
    ]);
  });
});
