import { describe, expect, expectTypeOf, it } from "vitest";
import { importPassthrough } from "./import.js";
import { fromDv, startTestServer } from "./internal/test-server.test-support.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

const thing = defineResource({
  typeName: "test_thing",
  schema: {
    id: attr.string({ required: true, requiresReplace: true }),
    size: attr.number({ computed: true }),
  },
  importState: importPassthrough("id"),
  async create({ plan }) {
    return { ...plan, size: 1 };
  },
  async read({ state }) {
    return { ...state, size: 7 };
  },
  async delete() {},
});

describe("importPassthrough", () => {
  it("puts the ID into the attribute, for read to fill in the rest", async () => {
    const server = await startTestServer(defineProvider({ name: "test", version: "1", resources: [thing] }));
    try {
      const imported = await server.call<{ importedResources: { state?: { msgpack: Uint8Array } }[] }>(
        "importResourceState",
        { typeName: "test_thing", id: "abc-123" },
      );
      expect(fromDv(imported.importedResources[0]!.state as never, thing.valueType)).toEqual({
        id: "abc-123",
        size: null,
      });
    } finally {
      await server.close();
    }
  });

  it("is checked against the schema by TypeScript", () => {
    expectTypeOf(importPassthrough("id")).returns.resolves.toEqualTypeOf<{ id: string }>();
    defineResource({
      typeName: "test_bad",
      schema: { size: attr.number({ required: true, requiresReplace: true }) },
      // @ts-expect-error: size holds a number, not the string ID.
      importState: importPassthrough("size"),
      async create({ plan }) {
        return plan;
      },
      async read({ state }) {
        return state;
      },
      async delete() {},
    });
  });
});
