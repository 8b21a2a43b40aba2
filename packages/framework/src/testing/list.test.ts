// The test kit's list resources: validate, the whole stream as Terraform reads it (limit,
// include_resource, an error ending it), and config generation.
import { describe, expect, it } from "vitest";
import { identityAttr } from "../identity.js";
import { defineListResource } from "../list-resource.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { testProvider } from "./test-provider.js";

const item = defineResource({
  typeName: "test_item",
  schema: { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
  identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } },
  async create({ plan }) {
    return { ...plan, id: "1" };
  },
  async read({ state }) {
    return state;
  },
  async update({ plan, state }) {
    return { ...plan, id: state.id };
  },
  async delete() {},
});

const items = defineListResource({
  resource: item,
  schema: { count: attr.int64({ required: true }) },
  validateConfig({ config, diagnostics }) {
    if (typeof config.count === "number" && config.count < 0)
      diagnostics.addError("Negative count", "at least 0", [{ attribute: "count" }]);
  },
  async *list({ config, includeResource }) {
    for (let i = 0; i < Number(config.count); i++) {
      if (i === 7) throw new Error("seven");
      yield {
        displayName: `item ${i}`,
        identity: { name: `n${i}` },
        ...(includeResource ? { resource: { name: `n${i}`, id: `${i}` } } : {}),
      };
    }
  },
});

const kit = testProvider(
  defineProvider({ name: "test", version: "1.0.0", resources: [item], listResources: [items] }),
);

describe("the test kit's lists", () => {
  it("validates the config block", async () => {
    expect((await kit.lists.validate("test_item", { count: 1 })).diagnostics).toEqual([]);
    expect((await kit.lists.validate("test_item", { count: -1 })).diagnostics).toMatchObject([
      { severity: "error", summary: "Negative count", path: [{ attribute: "count" }] },
    ]);
  });

  it("reads the stream up to the limit, with objects only when asked", async () => {
    const { results, diagnostics } = await kit.lists.list("test_item", { count: 5 }, { limit: 2 });
    expect(diagnostics).toEqual([]);
    expect(results).toEqual([
      { displayName: "item 0", identity: { name: "n0" } },
      { displayName: "item 1", identity: { name: "n1" } },
    ]);
    const withObjects = await kit.lists.list("test_item", { count: 1 }, { includeResource: true });
    expect(withObjects.results[0]!.resource).toEqual({ name: "n0", id: "0" });
  });

  it("keeps the results before an error, and the error", async () => {
    const { results, diagnostics } = await kit.lists.list("test_item", { count: 9 });
    expect(results).toHaveLength(7);
    expect(diagnostics[0]!.detail).toMatch(/seven/);
  });

  it("generates config, and refuses an unknown type", async () => {
    const generated = await kit.lists.generateConfig("test_item", { name: "a", id: "1" });
    expect(generated).toEqual({ config: { name: "a", id: null }, diagnostics: [] });
    await expect(kit.lists.list("test_nope", {})).rejects.toThrow(/no list resource "test_nope"/);
  });
});
