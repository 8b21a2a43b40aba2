import type { Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { attr } from "./schema/attributes.js";

const noop = {
  async create() {
    return {} as never;
  },
  async read() {
    return null;
  },
  async delete() {},
};

describe("defineResource checks the definition at start-up", () => {
  const bad = (schema: Record<string, ReturnType<typeof attr.string>>) => () =>
    defineResource({
      typeName: "x_y",
      schema,
      ...noop,
      async update() {
        return {} as never;
      },
    });

  it("names the component and the attribute", () => {
    expect(bad({ name: attr.string({}) })).toThrowError(FrameworkConfigurationError);
    expect(bad({ name: attr.string({}) })).toThrowError(
      'resource x_y: attribute "name" is neither required, optional nor computed',
    );
    // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
    expect(bad({ name: attr.string({ required: true, optional: true }) })).toThrowError(
      /attribute "name" is both required and optional/,
    );
    // @ts-expect-error As above.
    expect(bad({ name: attr.string({ required: true, computed: true }) })).toThrowError(
      /attribute "name" is both required and computed/,
    );
    expect(bad(Object.fromEntries([["__proto__", attr.string({ optional: true })]]))).toThrowError(
      /attribute "__proto__" is a name JavaScript reserves/,
    );
    expect(bad({ "Bad-Name": attr.string({ optional: true }) })).toThrowError(
      /attribute "Bad-Name" is not a valid attribute name/,
    );
  });

  it("refuses a resource that cannot apply a change it allows", () => {
    expect(() =>
      defineResource({ typeName: "x_y", schema: { a: attr.string({ required: true }) }, ...noop }),
    ).toThrowError(/resource x_y has no update, but "a" can change in place/);
    expect(() =>
      defineResource({
        typeName: "x_y",
        schema: { a: attr.string({ required: true, requiresReplace: true }) },
        ...noop,
      }),
    ).not.toThrow();
  });

  it("refuses type names that Terraform cannot route", () => {
    expect(() => defineResource({ typeName: "X-Y", schema: {}, ...noop })).toThrowError(
      /resource type name "X-Y" is not valid/,
    );
    const r = defineResource({ typeName: "other_thing", schema: {}, ...noop });
    expect(() => defineProvider({ name: "mine", version: "1.0.0", resources: [r] })).toThrowError(
      /resource other_thing does not start with the provider name "mine_"/,
    );
    const m = defineResource({ typeName: "mine_thing", schema: {}, ...noop });
    expect(() => defineProvider({ name: "mine", version: "1.0.0", resources: [m, m] })).toThrowError(
      /defined twice/,
    );
  });
});

describe("types are inferred from the schema", () => {
  it("gives plan, state and config the types Terraform can send", () => {
    defineResource({
      typeName: "x_server",
      schema: {
        id: attr.string({ computed: true }),
        name: attr.string({ required: true }),
        size: attr.number({ optional: true }),
        on: attr.bool({ optional: true, computed: true }),
      },
      async create({ plan, config }) {
        expectTypeOf(plan.name).toEqualTypeOf<string>();
        expectTypeOf(plan.id).toEqualTypeOf<string | null | Unknown>();
        expectTypeOf(plan.size).toEqualTypeOf<number | bigint | import("@tsvider/cty").Decimal | null>();
        expectTypeOf(plan.on).toEqualTypeOf<boolean | null | Unknown>();
        expectTypeOf(config.id).toEqualTypeOf<null>();
        return { ...plan, id: "srv-1", on: true };
      },
      async read({ state }) {
        expectTypeOf(state.id).toEqualTypeOf<string | null>();
        expectTypeOf(state.name).toEqualTypeOf<string>();
        return state;
      },
      // @ts-expect-error returning the plan as state: its unknowns cannot be stored
      async update({ plan }) {
        return { ...plan };
      },
      async delete() {},
      validateConfig({ config }) {
        expectTypeOf(config.name).toEqualTypeOf<string | Unknown>();
      },
    });
  });
});
