// Defaults, validators, plan modifiers, modifyPlan and upgraders as the author writes them:
// the start-up checks that refuse what cannot work, naming the component, the attribute and
// the fix, and the types (checked by `tsc` over this file) that each option is given.
import type { CtyNumber, Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { FrameworkConfigurationError } from "../diagnostics.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import type { JsonValue } from "../state-upgrade.js";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import type { PlanDraft, State } from "./infer.js";
import {
  type PlanModifierRequest,
  requiresReplace,
  requiresReplaceIf,
  useNonNullStateForUnknown,
  useStateForUnknown,
} from "./plan-modifiers.js";
import type { Schema } from "./schema.js";
import { t } from "./types.js";
import { validate } from "./validate.js";

const handlers = {
  async create() {
    return {} as never;
  },
  async read() {
    return null;
  },
  async update() {
    return {} as never;
  },
  async delete() {},
};

const { update: _, ...withoutUpdate } = handlers;

const resource =
  (schema: Schema, extra: object = {}) =>
  () =>
    defineResource({ typeName: "x_y", schema, ...handlers, ...extra });

describe("defaults are checked at start-up", () => {
  it("need computed, and a managed resource", () => {
    // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
    expect(resource({ a: attr.string({ optional: true, default: "x" }) })).toThrowError(
      'resource x_y: attribute "a" has a default but is not computed',
    );
    expect(() =>
      defineProvider({
        name: "x",
        version: "1",
        schema: { a: attr.string({ optional: true, computed: true, default: "x" }) },
      }),
    ).toThrowError('provider x: attribute "a" has a default, which only managed resources have');
  });

  it("must fit the attribute's type, at every level", () => {
    const wrong = (entry: Schema[string]) => resource({ a: entry });
    expect(wrong(attr.string({ optional: true, computed: true, default: 5 as never }))).toThrowError(
      /attribute "a" has a default that does not fit its type: a string is required/,
    );
    expect(
      wrong(attr.list(t.string, { optional: true, computed: true, default: ["a", 1] as never })),
    ).toThrowError(/does not fit its type at \[1\]/);
    // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
    expect(wrong(attr.int64({ optional: true, computed: true, default: 1.5 }))).toThrowError(
      /has a default that is not valid: "a" must be a whole number/,
    );
    expect(
      wrong(
        attr.singleNested(
          { size: attr.number({ required: true }), id: attr.string({ computed: true }) },
          { optional: true, computed: true, default: { id: null } as never },
        ),
      ),
    ).toThrowError(/has a default that is not valid: The argument "a.size" is required/);
    expect(wrong(attr.string({ optional: true, computed: true, default: null as never }))).toThrowError(
      /has a null default/,
    );
    expect(
      wrong(attr.string({ optional: true, computed: true, default: (() => "x") as never })),
    ).toThrowError(/has a function as its default/);
  });

  it("accept a nested default whose objects leave attributes out", () => {
    expect(
      resource({
        a: attr.listNested(
          { size: attr.number({ required: true }), id: attr.string({ computed: true }) },
          { optional: true, computed: true, default: [{ size: 1 }] as never },
        ),
      }),
    ).not.toThrow();
  });
});

describe("validators are checked at start-up", () => {
  it("must be validators", () => {
    expect(resource({ a: attr.string({ optional: true, validators: [42 as never] }) })).toThrowError(
      'resource x_y: attribute "a" has validators[0], which is not a validator',
    );
    expect(resource({ b: block.list({}, { validators: "no" as never }) })).toThrowError(
      'resource x_y: block "b" has validators that are not a list',
    );
  });

  it("that read siblings must name attributes of the same object", () => {
    expect(
      resource({
        net: block.list({
          a: attr.string({ optional: true, validators: [validate.conflictsWith("zone")] }),
          b: attr.string({ optional: true }),
        }),
      }),
    ).toThrowError(
      'resource x_y: attribute "net.a" has a validator that names "zone", which is not another attribute of the same object',
    );
    expect(
      resource({ a: attr.string({ optional: true, validators: [validate.exactlyOneOf("a")] }) }),
    ).toThrowError(/names "a", which is not another attribute/);
  });
});

describe("plan modifiers are checked at start-up", () => {
  it("only managed resources have them", () => {
    expect(() =>
      defineProvider({
        name: "x",
        version: "1",
        schema: { a: attr.string({ optional: true, planModifiers: [requiresReplace()] }) },
      }),
    ).toThrowError('provider x: attribute "a" has plan modifiers, which only managed resources have');
  });

  it("refuse what cannot work: keeping state of a value never unknown, in lists, anything in sets", () => {
    expect(
      // @ts-expect-error A type error too (attributes.ts); the start-up check is tested here.
      resource({ a: attr.string({ optional: true, planModifiers: [useStateForUnknown()] }) }),
    ).toThrowError('resource x_y: attribute "a" has useStateForUnknown() but is not computed');
    expect(
      resource({
        l: attr.listNested(
          { id: attr.string({ computed: true, planModifiers: [useNonNullStateForUnknown()] }) },
          { optional: true },
        ),
      }),
    ).toThrowError('attribute "l.id" has useNonNullStateForUnknown() inside the list "l"');
    expect(
      resource({
        s: block.set({
          a: attr.string({ optional: true, planModifiers: [requiresReplaceIf(() => true, "x")] }),
        }),
      }),
    ).toThrowError('attribute "s.a" has a plan modifier inside the set "s"');
    expect(resource({ a: attr.string({ optional: true, planModifiers: [{} as never] }) })).toThrowError(
      /has planModifiers\[0\], which is not a plan modifier/,
    );
  });

  it("requiresReplace() in a set is fine, and counts as requiresReplace", () => {
    expect(
      resource({ s: block.set({ a: attr.string({ required: true, planModifiers: [requiresReplace()] }) }) }),
    ).not.toThrow();
    // Without update, every configurable attribute must replace: the modifier counts.
    expect(() =>
      defineResource({
        typeName: "x_y",
        schema: { a: attr.string({ required: true, planModifiers: [requiresReplace()] }) },
        ...withoutUpdate,
      }),
    ).not.toThrow();
    expect(() =>
      defineResource({
        typeName: "x_y",
        schema: { a: attr.string({ required: true, planModifiers: [requiresReplaceIf(() => true, "x")] }) },
        ...withoutUpdate,
      }),
    ).toThrowError(/has no update, but "a" can change in place/);
    // Write-only and replace: Terraform would replace on every plan.
    expect(
      resource({ w: attr.string({ optional: true, writeOnly: true, planModifiers: [requiresReplace()] }) }),
    ).toThrowError(/is write-only and requiresReplace/);
  });
});

describe("versions and upgraders are checked at start-up", () => {
  const up = () => ({}) as never;
  it("upgraders are for past versions only, each a function", () => {
    expect(resource({}, { version: 2, upgraders: { 0: up, 1: up } })).not.toThrow();
    // A past version may go without one.
    expect(resource({}, { version: 2, upgraders: { 1: up } })).not.toThrow();
    expect(resource({}, { upgraders: { 0: up } })).toThrowError(
      'resource x_y has an upgrader for version "0"',
    );
    expect(resource({}, { version: 1, upgraders: { 1: up } })).toThrowError(
      expect.objectContaining({ detail: expect.stringMatching(/keyed by past versions, 0 to 0/) }),
    );
    expect(resource({}, { version: 1, upgraders: { "-1": up } })).toThrowError(/upgrader for version "-1"/);
    expect(resource({}, { version: 1, upgraders: { 0: "no" } })).toThrowError(
      "resource x_y's upgrader for version 0 is not a function",
    );
    expect(resource({}, { version: 1.5 })).toThrowError(FrameworkConfigurationError);
    expect(resource({}, { version: -1 })).toThrowError("resource x_y has version -1");
  });
});

describe("types", () => {
  it("a default is the attribute's own value type", () => {
    attr.string({ optional: true, computed: true, default: "x" });
    attr.list(t.int64, { optional: true, computed: true, default: [1, 2n] });
    attr.singleNested(
      { size: attr.number({ required: true }), id: attr.string({ computed: true }) },
      { optional: true, computed: true, default: { size: 1, id: null } },
    );
    // @ts-expect-error a number is not a string
    attr.string({ optional: true, computed: true, default: 1 });
    // @ts-expect-error the elements are int64
    attr.list(t.int64, { optional: true, computed: true, default: ["a"] });
  });

  it("validators see the configured value, known", () => {
    attr.string({
      required: true,
      validators: [
        (value) => {
          expectTypeOf(value).toEqualTypeOf<string>();
        },
        validate.regex(/^a/),
        z.string().max(3),
      ],
    });
    attr.map(t.number, {
      optional: true,
      validators: [
        (value) => {
          expectTypeOf(value).toEqualTypeOf<Record<string, CtyNumber>>();
        },
        validate.length({ max: 3 }),
      ],
    });
    attr.listNested(
      { name: attr.string({ required: true }), id: attr.string({ computed: true }) },
      {
        optional: true,
        validators: [
          (value) => {
            expectTypeOf(value).toEqualTypeOf<{ name: string; id: null }[]>();
          },
        ],
      },
    );
    block.map(
      { port: attr.int64({ required: true }) },
      {
        validators: [
          (value) => {
            expectTypeOf(value).toEqualTypeOf<Record<string, { port: number | bigint }>>();
          },
        ],
      },
    );
    // @ts-expect-error a number has no length
    attr.number({ optional: true, validators: [validate.length({ min: 1 })] });
    // @ts-expect-error a string is not a number
    attr.string({ optional: true, validators: [validate.between(1, 2)] });
  });

  it("plan modifiers see config and plan as planning does, state as stored", () => {
    attr.string({
      optional: true,
      computed: true,
      planModifiers: [
        useStateForUnknown(),
        // Typed from the attribute it is written for, without annotations.
        requiresReplaceIf((r) => {
          expectTypeOf(r).toEqualTypeOf<PlanModifierRequest<string, string | Unknown>>();
          return r.plan === "x";
        }, "when x"),
        (r) => {
          expectTypeOf(r.state).toEqualTypeOf<string | null>();
          expectTypeOf(r.plan).toEqualTypeOf<string | Unknown | null>();
          expectTypeOf(r.config).toEqualTypeOf<string | Unknown | null>();
          return { plan: "y", requiresReplace: true };
        },
      ],
    });
    attr.list(t.string, {
      optional: true,
      planModifiers: [
        (r) => {
          // Elements may be unknown while planning.
          expectTypeOf(r.plan).toEqualTypeOf<(string | Unknown)[] | Unknown | null>();
          return { plan: ["a", r.plan === null ? "b" : "c"] };
        },
        // @ts-expect-error a plan is of the attribute's type
        () => ({ plan: 5 }),
      ],
    });
  });

  it("modifyPlan gets the plan being made and returns one of the same type", () => {
    const schema = {
      id: attr.string({ computed: true }),
      name: attr.string({ required: true }),
      disks: block.list({ size: attr.int64({ required: true }) }),
    };
    defineResource({
      typeName: "x_y",
      schema,
      ...handlers,
      modifyPlan({ plan, state, config }) {
        // Destroying: no plan and no config, only the state being destroyed.
        if (plan === null) {
          expectTypeOf(config).toEqualTypeOf<null>();
          expectTypeOf(state).toEqualTypeOf<State<typeof schema>>();
          return undefined;
        }
        expectTypeOf(plan).toEqualTypeOf<PlanDraft<typeof schema>>();
        expectTypeOf(plan.name).toEqualTypeOf<string | Unknown>();
        expectTypeOf(plan.disks).toEqualTypeOf<{ size: number | bigint | Unknown }[] | Unknown>();
        expectTypeOf(state).toEqualTypeOf<State<typeof schema> | null>();
        expectTypeOf(config.id).toEqualTypeOf<null>();
        return {
          plan: { ...plan, id: "x" },
          requiresReplace: ["name", [{ attribute: "disks" }, { index: 0 }]],
        };
      },
    });
  });

  it("an upgrader gets raw JSON and returns the current state", () => {
    const schema = { id: attr.string({ computed: true }), size: attr.number({ required: true }) };
    defineResource({
      typeName: "x_y",
      schema,
      version: 1,
      ...handlers,
      upgraders: {
        0: ({ rawState }) => {
          expectTypeOf(rawState.size).toEqualTypeOf<JsonValue | undefined>();
          return { id: "a", size: 1 };
        },
      },
    });
  });
});
