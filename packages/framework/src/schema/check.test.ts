import { describe, expect, it } from "vitest";
import { FrameworkConfigurationError } from "../diagnostics.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import { checkSchema, reservedResourceNames } from "./check.js";
import type { Schema } from "./schema.js";
import { t } from "./types.js";

const asResource = (schema: Schema) => () =>
  checkSchema("resource acme_server", schema, {
    writeOnlyAllowed: true,
    reservedNames: reservedResourceNames,
  });
// Schemas a type-checked author cannot write, but plain JavaScript can.
const loose = (schema: unknown) => schema as Schema;

function refused(schema: Schema, message: string | RegExp) {
  const check = asResource(schema);
  expect(check).toThrowError(FrameworkConfigurationError);
  expect(check).toThrowError(message);
}

const ok = attr.string({ optional: true });

describe("names", () => {
  it("refuses names that are not identifiers, at any depth", () => {
    refused({ "Bad-Name": ok }, 'resource acme_server: attribute "Bad-Name" is not a valid attribute name');
    refused(
      { disk: attr.singleNested({ "2x": ok }, { optional: true }) },
      /attribute "disk.2x" is not a valid/,
    );
    refused(
      { Rule: block.list({ port: ok }) },
      'resource acme_server: block "Rule" is not a valid block name',
    );
  });

  it("refuses __proto__, which JavaScript would not keep as a name", () => {
    refused(
      loose(Object.fromEntries([["__proto__", ok]])),
      /attribute "__proto__" is a name JavaScript reserves/,
    );
  });

  it("refuses meta-argument names at the top of a resource, not inside it", () => {
    refused({ count: ok }, /attribute "count" has a name the configuration language keeps/);
    refused({ lifecycle: block.single({ a: ok }) }, /block "lifecycle" has a name/);
    expect(asResource({ rule: block.list({ count: ok }) })).not.toThrow();
    expect(() => defineProvider({ name: "acme", version: "1.0.0", schema: { alias: ok } })).toThrowError(
      /provider acme: attribute "alias" has a name/,
    );
  });

  it("gives the full path and the fix in the error", () => {
    try {
      asResource({ disk: attr.singleNested({ size: attr.number({}) }, { optional: true }) })();
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(FrameworkConfigurationError);
      const e = err as FrameworkConfigurationError;
      expect(e.message).toBe(
        'resource acme_server: attribute "disk.size" is neither required, optional nor computed',
      );
      expect(e.detail).toBe("Set one of required, optional or computed.");
      expect(e.path).toEqual([{ attribute: "disk" }, { attribute: "size" }]);
    }
  });
});

describe("required, optional, computed", () => {
  it("needs one of them, on nested attributes and in blocks too", () => {
    refused({ a: attr.string({}) }, /attribute "a" is neither required, optional nor computed/);
    refused({ a: attr.listNested({ b: ok }, {}) }, /attribute "a" is neither/);
    refused({ r: block.set({ b: attr.bool({ sensitive: true }) }) }, /attribute "r.b" is neither/);
  });

  it("refuses required with optional, and required with computed", () => {
    // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
    refused({ a: attr.string({ required: true, optional: true }) }, /"a" is both required and optional/);
    refused(
      // @ts-expect-error As above.
      { a: attr.mapNested({ b: attr.string({ required: true, computed: true }) }, { optional: true }) },
      /"a.b" is both required and computed/,
    );
  });
});

describe("documentation", () => {
  it("refuses description with markdownDescription, on attributes and blocks", () => {
    refused(
      { a: attr.string({ optional: true, description: "x", markdownDescription: "*x*" }) },
      /"a" has both description/,
    );
    refused(
      { b: block.list({}, { description: "x", markdownDescription: "*x*" }) },
      /block "b" has both description/,
    );
  });

  it("refuses a deprecation with an empty message", () => {
    refused(
      { a: attr.string({ optional: true, deprecationMessage: " " }) },
      /"a" is deprecated with an empty message/,
    );
    refused(
      { b: block.single({}, { deprecationMessage: "" }) },
      /block "b" is deprecated with an empty message/,
    );
  });
});

describe("write-only", () => {
  it("is allowed in resources, required or optional", () => {
    expect(asResource({ a: attr.string({ optional: true, writeOnly: true }) })).not.toThrow();
    expect(
      asResource({ r: block.list({ a: attr.string({ required: true, writeOnly: true }) }) }),
    ).not.toThrow();
  });

  it("is refused in a provider's schema", () => {
    expect(() =>
      defineProvider({
        name: "acme",
        version: "1.0.0",
        schema: { token: attr.string({ optional: true, writeOnly: true }) },
      }),
    ).toThrowError(/provider acme: attribute "token" is write-only, which only managed resources allow/);
  });

  it("is never computed", () => {
    refused(
      // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
      { a: attr.string({ optional: true, computed: true, writeOnly: true }) },
      /"a" is both write-only and computed/,
    );
  });

  it("never requires replacement, which would replace on every plan", () => {
    refused(
      { a: attr.string({ required: true, writeOnly: true, requiresReplace: true }) },
      /"a" is write-only and requiresReplace/,
    );
  });

  it("is not allowed anywhere inside a set", () => {
    refused(
      { s: attr.setNested({ a: attr.string({ optional: true, writeOnly: true }) }, { optional: true }) },
      /"s.a" is write-only inside the set "s"/,
    );
    refused(
      { s: block.set({ inner: block.list({ a: attr.string({ optional: true, writeOnly: true }) }) }) },
      /"s.inner.a" is write-only inside the set "s"/,
    );
  });

  it("covers every attribute inside a write-only nested attribute", () => {
    expect(
      asResource({
        n: attr.singleNested(
          { a: attr.string({ required: true, writeOnly: true }) },
          { optional: true, writeOnly: true },
        ),
      }),
    ).not.toThrow();
    refused(
      { n: attr.singleNested({ a: attr.string({ required: true }) }, { optional: true, writeOnly: true }) },
      /"n.a" is not write-only, inside the write-only nested attribute "n"/,
    );
  });

  it("is not allowed inside a computed nested attribute", () => {
    refused(
      {
        n: attr.listNested(
          { a: attr.string({ optional: true, writeOnly: true }) },
          { optional: true, computed: true },
        ),
      },
      /"n.a" is write-only inside the computed nested attribute "n"/,
    );
  });
});

describe("block item limits", () => {
  it("single: at most one, minItems 0 or 1, no maxItems", () => {
    expect(asResource({ b: block.single({}, { minItems: 1 }) })).not.toThrow();
    refused(
      { b: block.single({}, loose({ minItems: 2 }) as never) },
      /block "b" has item limits a single block cannot have/,
    );
    refused(
      { b: block.single({}, loose({ maxItems: 1 }) as never) },
      /block "b" has item limits a single block cannot have/,
    );
  });

  it("list and set: minItems at most maxItems, unless maxItems is 0", () => {
    expect(asResource({ b: block.list({}, { minItems: 3 }) })).not.toThrow();
    expect(asResource({ b: block.set({}, { minItems: 1, maxItems: 1 }) })).not.toThrow();
    refused({ b: block.list({}, { minItems: 3, maxItems: 2 }) }, /block "b" has minItems 3 above maxItems 2/);
  });

  it("map and group: none", () => {
    refused(
      { b: block.map({}, loose({ minItems: 1 }) as never) },
      /block "b" is a map block with minItems or maxItems/,
    );
    refused(
      { b: block.group({}, loose({ maxItems: 1 }) as never) },
      /block "b" is a group block with minItems or maxItems/,
    );
  });

  it("whole numbers, 0 or more", () => {
    refused({ b: block.list({}, { minItems: -1 }) }, /block "b" has minItems -1/);
    refused({ b: block.list({}, { maxItems: 1.5 }) }, /block "b" has maxItems 1.5/);
  });
});

describe("dynamic values in collections of objects", () => {
  it("refuses dynamic inside a set, nested attribute or block", () => {
    refused(
      { s: attr.setNested({ v: attr.dynamic({ optional: true }) }, { optional: true }) },
      /attribute "s" is a set with a dynamic attribute inside/,
    );
    refused(
      { s: block.set({ v: attr.list(t.dynamic, { optional: true }) }) },
      /block "s" is a set with a dynamic attribute inside/,
    );
  });

  it("refuses dynamic inside list and map blocks, which Terraform would type as dynamic", () => {
    refused(
      { b: block.list({ v: attr.dynamic({ optional: true }) }) },
      /block "b" is a list block with a dynamic attribute inside/,
    );
    refused(
      { b: block.map({ v: attr.dynamic({ optional: true }) }) },
      /block "b" is a map block with a dynamic attribute inside/,
    );
  });

  it("allows it in single blocks and in list and map nested attributes", () => {
    expect(
      asResource({
        a: block.single({ v: attr.dynamic({ optional: true }) }),
        b: attr.listNested({ v: attr.dynamic({ optional: true }) }, { optional: true }),
        c: attr.mapNested({ v: attr.dynamic({ optional: true }) }, { optional: true }),
      }),
    ).not.toThrow();
  });
});

describe("shapes plain JavaScript can get wrong", () => {
  it("refuses entries that are neither attributes nor blocks", () => {
    refused(loose({ a: { required: true } }), /attribute "a" is neither an attribute nor a block/);
  });

  it("refuses blocks inside nested attributes", () => {
    refused(
      loose({ n: attr.singleNested(loose({ b: block.list({}) }) as never, { optional: true }) }),
      /block "n.b" is inside a nested attribute/,
    );
  });

  it("refuses unknown nesting modes", () => {
    refused(
      loose({ n: { kind: "nested", nesting: "bag", attributes: {}, options: { optional: true } } }),
      /attribute "n" has nesting "bag"/,
    );
    refused(
      loose({ b: { kind: "block", nesting: "bag", schema: {}, options: {} } }),
      /block "b" has nesting "bag"/,
    );
  });
});

describe("defineResource", () => {
  const handlers = {
    async create() {
      return {} as never;
    },
    async read() {
      return null;
    },
    async delete() {},
  };

  it("needs update when something nested can change in place", () => {
    expect(() =>
      defineResource({
        typeName: "acme_server",
        schema: { disk: attr.singleNested({ size: attr.number({ required: true }) }, { required: true }) },
        ...handlers,
      }),
    ).toThrowError('resource acme_server has no update, but "disk.size" can change in place');
    expect(() =>
      defineResource({
        typeName: "acme_server",
        schema: {
          disk: attr.singleNested(
            { size: attr.number({ required: true, requiresReplace: true }) },
            { required: true },
          ),
          rule: block.list({
            port: attr.number({ required: true, requiresReplace: true }),
            id: attr.string({ computed: true }),
          }),
        },
        ...handlers,
      }),
    ).not.toThrow();
  });
});
