// validate.each and validate.keys through the real validation path: ValidateResourceConfig as
// the in-process test kit calls it, so each diagnostic's summary, detail and attribute path
// are checked as the host receives them. Also the types a function validator's element gets,
// and the start-up checks that refuse each and keys where a value has no elements or keys.
import { type CtyNumber, Unknown } from "@tsvider/cty";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { FrameworkConfigurationError } from "../diagnostics.js";
import { ValidationError } from "../errors.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { testProvider } from "../testing/index.js";
import { attr } from "./attributes.js";
import { block } from "./blocks.js";
import type { Schema } from "./schema.js";
import { t } from "./types.js";
import { validate } from "./validate.js";

const seen: { value: unknown; path: unknown; pathText: string }[] = [];

const schema = {
  names: attr.list(t.string, { optional: true, validators: [validate.each(validate.length({ max: 3 }))] }),
  ports: attr.set(t.number, { optional: true, validators: [validate.each(validate.between(1, 65535))] }),
  tags: attr.map(t.string, {
    optional: true,
    validators: [
      validate.each(validate.regex(/^[a-z]*$/, "must be lower-case letters")),
      validate.length({ max: 5 }),
    ],
  }),
  labels: attr.map(t.string, {
    optional: true,
    validators: [validate.keys(validate.regex(/^[a-z]+$/, "must be lower-case letters"))],
  }),
  zoned: attr.list(t.string, {
    optional: true,
    validators: [
      validate.each((value, ctx) => {
        expectTypeOf(value).toEqualTypeOf<string>();
        seen.push({ value, path: ctx.path, pathText: ctx.pathText });
        return value.startsWith("eu-") ? undefined : `"${ctx.pathText}" must be a European zone`;
      }),
    ],
  }),
  zod: attr.list(t.string, { optional: true, validators: [validate.each(z.string().max(2))] }),
  thrown: attr.list(t.string, {
    optional: true,
    validators: [
      validate.each((value) => {
        if (value === "boom") throw new Error("kaboom");
        if (value === "refused")
          throw new ValidationError("Refused by the API", { path: [{ attribute: "names" }] });
      }),
    ],
  }),
  grid: attr.list(t.list(t.string), {
    optional: true,
    validators: [validate.each(validate.each(validate.oneOf(["x", "o"])))],
  }),
  weights: attr.map(t.number, {
    optional: true,
    validators: [
      validate.each((value) => {
        expectTypeOf(value).toEqualTypeOf<CtyNumber>();
        return undefined;
      }),
      validate.keys((key) => {
        expectTypeOf(key).toEqualTypeOf<string>();
        return key.length > 3 ? "keys are at most 3 characters" : undefined;
      }),
    ],
  }),
  disks: attr.listNested(
    { size_gb: attr.number({ required: true }), label: attr.string({ optional: true }) },
    {
      optional: true,
      validators: [
        validate.each((disk) => {
          expectTypeOf(disk).toEqualTypeOf<{ size_gb: CtyNumber; label: string | null }>();
          return disk.label === null ? "every disk needs a label" : undefined;
        }),
        validate.each(z.object({ size_gb: z.number().max(100) })),
      ],
    },
  ),
  rule: block.list(
    { port: attr.number({ required: true }) },
    {
      validators: [
        validate.each((rule, ctx) => {
          expectTypeOf(rule).toEqualTypeOf<{ port: CtyNumber }>();
          return rule.port === 0 ? `"${ctx.pathText}" must not open port 0` : undefined;
        }),
      ],
    },
  ),
  allow: block.set(
    { cidr: attr.string({ required: true }) },
    {
      validators: [
        validate.each((allow) => (allow.cidr === "0.0.0.0/0" ? "must not allow everyone" : undefined)),
      ],
    },
  ),
} satisfies Schema;

const resource = defineResource({
  typeName: "test_each",
  schema,
  async create({ plan }) {
    return plan as never;
  },
  async read({ state }) {
    return state;
  },
  async update({ plan }) {
    return plan as never;
  },
  async delete() {},
});
const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", resources: [resource] }));

const validateConfig = async (config: Record<string, unknown>) =>
  (await kit.validate("test_each", config)).diagnostics.map(({ summary, detail, path }) => ({
    summary,
    detail,
    path,
  }));

describe("validate.each", () => {
  it("validates each element of a list, at the element's path", async () => {
    expect(await validateConfig({ names: ["abc", "abcde", "ab", "toolong"] })).toEqual([
      {
        summary: 'Invalid value for "names[1]"',
        detail: '"names[1]" must have at most 3 characters; it has 5.',
        path: [{ attribute: "names" }, { index: 1 }],
      },
      {
        summary: 'Invalid value for "names[3]"',
        detail: '"names[3]" must have at most 3 characters; it has 7.',
        path: [{ attribute: "names" }, { index: 3 }],
      },
    ]);
    expect(await validateConfig({ names: ["a", "bc"] })).toEqual([]);
  });

  it("points at a set, whose elements Terraform cannot point at, and names the element [*]", async () => {
    expect(await validateConfig({ ports: [22, 70000] })).toEqual([
      {
        summary: 'Invalid value for "ports[*]"',
        detail: '"ports[*]" must be from 1 to 65535; it is 70000.',
        path: [{ attribute: "ports" }],
      },
    ]);
  });

  it("validates each value of a map at its key, beside the map's own validators", async () => {
    expect(await validateConfig({ tags: { a: "ok", b: "NOT" } })).toEqual([
      {
        summary: 'Invalid value for "tags["b"]"',
        detail: '"tags["b"]" must be lower-case letters; it is "NOT".',
        path: [{ attribute: "tags" }, { key: "b" }],
      },
    ]);
    const many = Object.fromEntries(["a", "b", "c", "d", "e", "f"].map((k) => [k, "x"]));
    expect((await validateConfig({ tags: many })).map((d) => d.detail)).toEqual([
      '"tags" must have at most 5 entries; it has 6.',
    ]);
  });

  it("gives a function the element, its path and its path's text", async () => {
    seen.length = 0;
    expect(await validateConfig({ zoned: ["eu-west", "us-east"] })).toEqual([
      {
        summary: 'Invalid value for "zoned[1]"',
        detail: '"zoned[1]" must be a European zone',
        path: [{ attribute: "zoned" }, { index: 1 }],
      },
    ]);
    expect(seen).toEqual([
      { value: "eu-west", path: [{ attribute: "zoned" }, { index: 0 }], pathText: "zoned[0]" },
      { value: "us-east", path: [{ attribute: "zoned" }, { index: 1 }], pathText: "zoned[1]" },
    ]);
  });

  it("skips elements not yet known and checks the known ones", async () => {
    seen.length = 0;
    expect(await validateConfig({ zoned: [Unknown, "us-east"], names: ["abcd", Unknown] })).toEqual([
      {
        summary: 'Invalid value for "names[0]"',
        detail: '"names[0]" must have at most 3 characters; it has 4.',
        path: [{ attribute: "names" }, { index: 0 }],
      },
      {
        summary: 'Invalid value for "zoned[1]"',
        detail: '"zoned[1]" must be a European zone',
        path: [{ attribute: "zoned" }, { index: 1 }],
      },
    ]);
    expect(seen.map((s) => s.value)).toEqual(["us-east"]);
    // A collection unknown as a whole has no elements to look at yet.
    expect(await validateConfig({ zoned: Unknown })).toEqual([]);
  });

  it("leaves a null element to the framework's own check, which refuses it before validators run", async () => {
    expect(await validateConfig({ names: [null, "abcd"] })).toEqual([
      {
        summary: "Null element",
        detail: expect.stringContaining('"names[0]" is null'),
        path: [{ attribute: "names" }, { index: 0 }],
      },
    ]);
  });

  it("reports a Standard Schema's issues at the element, and inside it", async () => {
    expect(await validateConfig({ zod: ["ab", "abc"] })).toEqual([
      {
        summary: 'Invalid value for "zod[1]"',
        detail: expect.stringContaining("2"),
        path: [{ attribute: "zod" }, { index: 1 }],
      },
    ]);
    const disks = await validateConfig({
      disks: [
        { size_gb: 10, label: "a" },
        { size_gb: 500, label: null },
      ],
    });
    expect(disks).toEqual([
      {
        summary: 'Invalid value for "disks[1]"',
        detail: "every disk needs a label",
        path: [{ attribute: "disks" }, { index: 1 }],
      },
      {
        summary: 'Invalid value for "disks[1]"',
        detail: expect.stringMatching(/^"disks\[1\]\.size_gb": .*100/),
        path: [{ attribute: "disks" }, { index: 1 }, { attribute: "size_gb" }],
      },
    ]);
  });

  it("turns what an element's validator throws into a diagnostic at the element, or at the error's own path", async () => {
    const diagnostics = await validateConfig({ thrown: ["fine", "boom", "refused"] });
    expect(diagnostics).toHaveLength(2);
    expect(diagnostics[0]).toMatchObject({ path: [{ attribute: "thrown" }, { index: 1 }] });
    expect(`${diagnostics[0]!.summary} ${diagnostics[0]!.detail}`).toContain("kaboom");
    expect(`${diagnostics[0]!.summary} ${diagnostics[0]!.detail}`).toContain('validator of "thrown[1]"');
    expect(diagnostics[1]).toMatchObject({ summary: "Refused by the API", path: [{ attribute: "names" }] });
  });

  it("nests: each element of each element", async () => {
    expect(
      await validateConfig({
        grid: [
          ["x", "o"],
          ["o", "y"],
        ],
      }),
    ).toEqual([
      {
        summary: 'Invalid value for "grid[1][1]"',
        detail: '"grid[1][1]" must be one of "x", "o"; it is "y".',
        path: [{ attribute: "grid" }, { index: 1 }, { index: 1 }],
      },
    ]);
  });

  it("validates each block of a list or set of blocks", async () => {
    expect(await validateConfig({ rule: [{ port: 80 }, { port: 0 }] })).toEqual([
      {
        summary: 'Invalid value for "rule[1]"',
        detail: '"rule[1]" must not open port 0',
        path: [{ attribute: "rule" }, { index: 1 }],
      },
    ]);
    expect(await validateConfig({ allow: [{ cidr: "10.0.0.0/8" }, { cidr: "0.0.0.0/0" }] })).toEqual([
      {
        summary: 'Invalid value for "allow[*]"',
        detail: "must not allow everyone",
        path: [{ attribute: "allow" }],
      },
    ]);
  });

  it("says what it requires, for documentation", () => {
    expect(validate.each(validate.length({ max: 3 })).description).toBe("Each element: Length at most 3.");
    expect(validate.keys(validate.regex(/^a/)).description).toBe("Each key: Matches /^a/.");
  });

  it("refuses validators that read sibling attributes, and anything that is not a validator", () => {
    expect(() => validate.each(validate.conflictsWith("other"))).toThrow(
      `validate.each's validator 1 reads the attributes "other" beside the collection; put it beside validate.each in validators instead.`,
    );
    expect(() => validate.keys(42 as never)).toThrow(/validate.keys's validator 1 is not a validator/);
    expect(() => validate.each()).toThrow(/validate.each needs at least one validator/);
  });

  it("types the element, and refuses a validator of another element type", () => {
    attr.list(t.string, {
      optional: true,
      // @ts-expect-error: the elements are strings, not numbers.
      validators: [validate.each((n: number) => (n > 1 ? "big" : undefined))],
    });
    attr.map(t.string, {
      optional: true,
      // @ts-expect-error: validate.between checks numbers, and the elements are strings.
      validators: [validate.each(validate.between(1, 2))],
    });
    attr.set(t.bool, {
      optional: true,
      validators: [
        validate.each((b) => {
          expectTypeOf(b).toEqualTypeOf<boolean>();
        }),
      ],
    });
  });
});

describe("validate.keys", () => {
  it("validates each key of a map, at its entry, naming it keys(...)", async () => {
    expect(await validateConfig({ labels: { good: "1", "Bad Key": "2" } })).toEqual([
      {
        summary: 'Invalid key "Bad Key" in "labels"',
        detail: '"keys(labels)" must be lower-case letters; it is "Bad Key".',
        path: [{ attribute: "labels" }, { key: "Bad Key" }],
      },
    ]);
    expect(await validateConfig({ weights: { abc: 1, abcd: 2 } })).toEqual([
      {
        summary: 'Invalid key "abcd" in "weights"',
        detail: "keys are at most 3 characters",
        path: [{ attribute: "weights" }, { key: "abcd" }],
      },
    ]);
  });
});

describe("start-up checks", () => {
  const define = (s: Schema) => () =>
    defineResource({
      typeName: "test_bad",
      schema: s,
      async create({ plan }) {
        return plan as never;
      },
      async read({ state }) {
        return state;
      },
      async update({ plan }) {
        return plan as never;
      },
      async delete() {},
    });

  it("refuses validate.each on a value without elements and validate.keys on one without keys", () => {
    const onString = define({
      name: attr.string({
        optional: true,
        validators: [validate.each(validate.length({ max: 1 })) as never],
      }),
    });
    expect(onString).toThrow(FrameworkConfigurationError);
    expect(onString).toThrow(
      'attribute "name" has validators[0], validate.each, but its value is a string, which has no elements',
    );
    expect(
      define({
        names: attr.list(t.string, {
          optional: true,
          validators: [validate.keys(validate.length({ max: 1 })) as never],
        }),
      }),
    ).toThrow(
      'attribute "names" has validators[0], validate.keys, but its value is a list, which has no keys',
    );
    expect(
      define({
        one: block.single(
          { a: attr.string({ optional: true }) },
          { validators: [validate.each(() => undefined)] },
        ),
      }),
    ).toThrow(
      'block "one" has validators[0], validate.each, but its value is one object, which has no elements',
    );
    expect(
      define({
        grid: attr.list(t.string, {
          optional: true,
          validators: [validate.each(validate.each(validate.length({ max: 1 })) as never)],
        }),
      }),
    ).toThrow("has validators[0] (its elements)[0], validate.each, but its value is a string");
    expect(
      define({
        tags: attr.map(t.string, {
          optional: true,
          validators: [validate.keys(validate.length({ max: 1 }))],
        }),
        disks: block.map(
          { a: attr.string({ optional: true }) },
          { validators: [validate.keys(validate.length({ max: 9 }))] },
        ),
      }),
    ).not.toThrow();
  });
});
