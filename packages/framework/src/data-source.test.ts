import { type Unknown, Unknown as UnknownValue } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { defineDataSource } from "./data-source.js";
import type { Deferred } from "./deferral.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineProvider } from "./provider.js";
import { attr } from "./schema/attributes.js";
import { block } from "./schema/blocks.js";
import { useStateForUnknown } from "./schema/plan-modifiers.js";

const read = async () => ({}) as never;

describe("defineDataSource checks the definition at start-up", () => {
  it("refuses type names Terraform cannot route, and a missing read", () => {
    expect(() => defineDataSource({ typeName: "Bad-Name", schema: {}, read })).toThrow(
      /data source type name "Bad-Name" is not valid/,
    );
    expect(() => defineDataSource({ typeName: "x_a", schema: {} } as never)).toThrow(
      /data source x_a has no read/,
    );
  });

  it("applies the schema rules, naming the data source and the attribute", () => {
    expect(() =>
      defineDataSource({ typeName: "x_a", schema: { count: attr.string({ optional: true }) }, read }),
    ).toThrow(/data source x_a: attribute "count" has a name the configuration language keeps/);
    expect(() =>
      defineDataSource({
        typeName: "x_a",
        // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
        schema: { a: attr.string({ required: true, computed: true }) },
        read,
      }),
    ).toThrow(/data source x_a: attribute "a" is both required and computed/);
  });

  it("refuses write-only attributes, which Terraform sends to managed resources only", () => {
    expect(() =>
      defineDataSource({
        typeName: "x_a",
        schema: { secret: attr.string({ optional: true, writeOnly: true }) },
        read,
      }),
    ).toThrow(/attribute "secret" is write-only, which only managed resources allow/);
  });

  it("refuses requiresReplace and plan modifiers at any depth: a data source is never planned", () => {
    const err = (() => {
      try {
        defineDataSource({
          typeName: "x_a",
          schema: {
            net: block.single({ cidr: attr.string({ required: true, requiresReplace: true }) }),
          },
          read,
        });
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(FrameworkConfigurationError);
    expect((err as Error).message).toBe(
      'data source x_a: attribute "net.cidr" has requiresReplace, which data sources do not have',
    );
    expect((err as FrameworkConfigurationError).path).toEqual([{ attribute: "net" }, { attribute: "cidr" }]);
    expect(() =>
      defineDataSource({
        typeName: "x_a",
        schema: { id: attr.string({ computed: true, planModifiers: [useStateForUnknown()] }) },
        read,
      }),
    ).toThrow(/data source x_a: attribute "id" has plan modifiers/);
  });

  it("is checked by defineProvider for the prefix and for duplicates, apart from resources", () => {
    const a = defineDataSource({ typeName: "x_a", schema: {}, read });
    expect(() => defineProvider({ name: "y", version: "1", dataSources: [a] })).toThrow(
      /data source x_a does not start with the provider name "y_"/,
    );
    const again = defineDataSource({ typeName: "x_a", schema: {}, read });
    expect(() => defineProvider({ name: "x", version: "1", dataSources: [a, again] })).toThrow(
      /data source x_a is defined twice/,
    );
    const provider = defineProvider({ name: "x", version: "1", dataSources: [a] });
    expect([...provider.dataSourcesByType.keys()]).toEqual(["x_a"]);
  });
});

describe("types", () => {
  it("config has computed attributes null until read fills them; the result is state", () => {
    const image = defineDataSource({
      typeName: "x_image",
      schema: {
        name: attr.string({ required: true }),
        region: attr.string({ optional: true, computed: true }),
        id: attr.string({ computed: true }),
        disks: block.list({ size: attr.int64({ required: true }) }),
      },
      async read({ config }) {
        expectTypeOf(config.name).toEqualTypeOf<string>();
        expectTypeOf(config.region).toEqualTypeOf<string | null>();
        expectTypeOf(config.id).toEqualTypeOf<null>();
        expectTypeOf(config.disks).toEqualTypeOf<{ size: number | bigint }[]>();
        return { ...config, region: config.region ?? "eu", id: "img-1" };
      },
      validateConfig({ config }) {
        expectTypeOf(config.name).toEqualTypeOf<string | Unknown>();
      },
    });
    type Read = Exclude<Awaited<ReturnType<typeof image.read>>, Deferred>;
    expectTypeOf<Read["id"]>().toEqualTypeOf<string | null>();
    // A result with an unknown in it does not type-check, nor does a missing attribute.
    defineDataSource({
      typeName: "x_image",
      schema: { id: attr.string({ computed: true }) },
      // @ts-expect-error Unknown is not a value a read may return
      async read() {
        return { id: UnknownValue };
      },
    });
  });
});
