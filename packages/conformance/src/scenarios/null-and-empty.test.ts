// Null versus empty collections: `tags = {}` and no `tags` at all are different values, and
// so are `[]` and null, an empty set and null, no blocks and (for a group block) an object of
// nulls. The host keeps each as configured; the provider must hand each back as it came, and a
// computed collection the provider answers empty must stay empty rather than become null.
// Switching between the two is a change, planned and applied in place.
import { attr, block, defineProvider, defineResource, t } from "@tsvider/framework";
import { describe, expect, it } from "vitest";
import { acceptanceTest, planCheck, stateCheck } from "../index.js";
import { Journal, SCENARIO_ADDRESS, SCENARIO_PROVIDER, storedInstance } from "./scenario-providers.js";

const seen = new Journal<Record<string, unknown>>();

const collections = defineResource({
  typeName: "scn_collections",
  schema: {
    list: attr.list(t.string, { optional: true }),
    set: attr.set(t.number, { optional: true }),
    map: attr.map(t.string, { optional: true }),
    nested: attr.listNested({ name: attr.string({ optional: true }) }, { optional: true }),
    empty_list: attr.list(t.string, { computed: true }),
    empty_map: attr.map(t.string, { computed: true }),
    null_list: attr.list(t.string, { computed: true }),
    rule: block.list({ port: attr.number({ optional: true }) }),
  },
  async create({ plan }) {
    seen.record({ list: plan.list, set: plan.set, map: plan.map, nested: plan.nested, rule: plan.rule });
    return { ...plan, empty_list: [], empty_map: {}, null_list: null };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    seen.record({ list: plan.list, set: plan.set, map: plan.map, nested: plan.nested, rule: plan.rule });
    return { ...plan, empty_list: [], empty_map: {}, null_list: null };
  },
  async delete() {},
});

const provider = defineProvider({ name: SCENARIO_PROVIDER, version: "0.1.0", resources: [collections] });

describe("scenario: null versus empty collections", () => {
  it("keeps empty collections empty and null ones null, and plans a change between them", async () => {
    seen.clear();
    await acceptanceTest({
      provider,
      address: SCENARIO_ADDRESS,
      steps: [
        {
          config: `resource "scn_collections" "empty" {
  list   = []
  set    = []
  map    = {}
  nested = []
}`,
          stateChecks: [
            stateCheck.attribute("scn_collections.empty", "list", []),
            stateCheck.attribute("scn_collections.empty", "set", []),
            stateCheck.attribute("scn_collections.empty", "map", {}),
            stateCheck.attribute("scn_collections.empty", "nested", []),
            stateCheck.attribute("scn_collections.empty", "rule", []),
            stateCheck.attribute("scn_collections.empty", "empty_list", []),
            stateCheck.attribute("scn_collections.empty", "empty_map", {}),
            stateCheck.attribute("scn_collections.empty", "null_list", null),
          ],
          check: () => {
            expect(seen.entries.at(-1)).toEqual({ list: [], set: [], map: {}, nested: [], rule: [] });
          },
        },
        {
          // Every empty collection becomes null: a change the provider sees as null.
          config: `resource "scn_collections" "empty" {}`,
          planChecks: { preApply: [planCheck.action("scn_collections.empty", "update")] },
          stateChecks: [
            stateCheck.attribute("scn_collections.empty", "list", null),
            stateCheck.attribute("scn_collections.empty", "set", null),
            stateCheck.attribute("scn_collections.empty", "map", null),
            stateCheck.attribute("scn_collections.empty", "nested", null),
            stateCheck.attribute("scn_collections.empty", "empty_list", []),
          ],
          check: async ({ dir }) => {
            expect(seen.entries.at(-1)).toEqual({ list: null, set: null, map: null, nested: null, rule: [] });
            const stored = await storedInstance(dir, "scn_collections", "empty");
            expect(stored.attributes).toMatchObject({
              list: null,
              map: null,
              empty_map: {},
              null_list: null,
            });
          },
        },
        {
          // Lists holding nulls and empty strings, and a block with nothing set in it.
          config: `resource "scn_collections" "empty" {
  list   = ["", ""]
  map    = { "" = "" }
  nested = [{ name = null }, {}]
  rule {}
}`,
          stateChecks: [
            stateCheck.attribute("scn_collections.empty", "list", ["", ""]),
            stateCheck.attribute("scn_collections.empty", "map", { "": "" }),
            stateCheck.attribute("scn_collections.empty", "nested", [{ name: null }, { name: null }]),
            stateCheck.attribute("scn_collections.empty", "rule", [{ port: null }]),
          ],
        },
      ],
    });
  });
});
