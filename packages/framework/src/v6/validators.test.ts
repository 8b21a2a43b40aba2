// Validators through the in-process server: ValidateResourceConfig and ValidateProviderConfig
// over a real socket, with built-ins, plain functions and zod schemas, at every level of
// nesting, and validators that fail in every way they can.
import * as cty from "@tsvider/cty";
import type * as pb from "@tsvider/rpcplugin/tfplugin6";
import { Diagnostic_Severity } from "@tsvider/rpcplugin/tfplugin6";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { TsviderError } from "../diagnostics.js";
import { ValidationError } from "../errors.js";
import { dv, startTestServer } from "../internal/test-server.test-support.js";
import { defineProvider } from "../provider.js";
import { defineResource } from "../resource.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { t } from "../schema/types.js";
import { validate } from "../schema/validate.js";

const seen: unknown[] = [];

const server = defineResource({
  typeName: "test_server",
  schema: {
    name: attr.string({
      required: true,
      validators: [
        validate.length({ min: 3, max: 10 }),
        validate.regex(/^[a-z-]+$/, "must be lowercase letters and dashes"),
      ],
    }),
    size: attr.int64({ optional: true, validators: [validate.between(1, 100)] }),
    ratio: attr.float64({
      optional: true,
      validators: [
        (value) => {
          seen.push(value);
          return undefined;
        },
      ],
    }),
    image: attr.string({ optional: true, validators: [z.string().startsWith("ami-")] }),
    tags: attr.map(t.string, { optional: true, validators: [z.record(z.string(), z.string().max(5))] }),
    zone: attr.string({ optional: true, validators: [validate.conflictsWith("region")] }),
    region: attr.string({ optional: true, validators: [validate.exactlyOneOf("zone")] }),
    kind: attr.string({ optional: true, validators: [validate.oneOf(["small", "large"])] }),
    boom: attr.string({
      optional: true,
      validators: [
        (value) => {
          if (value === "plain") throw new Error("kaboom");
          if (value === "tsvider") throw new TsviderError("Refused by the API", { detail: "try another" });
          if (value === "elsewhere")
            throw new ValidationError("Wrong place", { path: [{ attribute: "name" }] });
          return undefined;
        },
        {
          includeNull: true,
          validate(value, ctx) {
            if (value === null && ctx.parent.name === "needs-boom") return "must be set for this name";
            return undefined;
          },
        },
      ],
    }),
    disks: attr.listNested(
      {
        size_gb: attr.int64({ required: true, validators: [validate.atLeast(10)] }),
        label: attr.string({ optional: true, validators: [validate.alsoRequires("size_gb")] }),
      },
      { optional: true, validators: [validate.length({ max: 2 })] },
    ),
    rule: block.set(
      { port: attr.number({ required: true, validators: [validate.between(1, 65535)] }) },
      { validators: [validate.length({ max: 2 }), z.array(z.object({ port: z.number() }))] },
    ),
  },
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

const provider = defineProvider({
  name: "test",
  version: "1.0.0",
  schema: {
    endpoint: attr.string({ optional: true, validators: [z.url()] }),
    retries: attr.int64({ optional: true, validators: [validate.atMost(5)] }),
  },
  resources: [server],
});
const T = server.valueType;

const base = {
  name: "web",
  size: null,
  ratio: null,
  image: null,
  tags: null,
  zone: "z1",
  region: null,
  kind: null,
  boom: null,
  disks: null,
  rule: [],
};

let test: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  test = await startTestServer(provider);
});
afterAll(async () => test.close());

const steps = (d: pb.Diagnostic) =>
  d.attribute?.steps.map(
    (s) =>
      s.attributeName ??
      (s.elementKeyString !== undefined ? `["${s.elementKeyString}"]` : `[${s.elementKeyInt}]`),
  ) ?? [];

async function validateConfig(config: Record<string, unknown>) {
  const res = await test.call<pb.ValidateResourceConfig_Response>("validateResourceConfig", {
    typeName: "test_server",
    config: dv({ ...base, ...config } as cty.CtyValue, T),
  });
  return res.diagnostics.map((d) => ({
    error: d.severity === Diagnostic_Severity.ERROR,
    summary: d.summary,
    detail: d.detail,
    path: steps(d),
  }));
}

describe("validators in ValidateResourceConfig", () => {
  it("accept config that passes every validator", async () => {
    expect(
      await validateConfig({
        size: 100,
        image: "ami-123",
        tags: { a: "x" },
        kind: "large",
        disks: [{ size_gb: 10, label: "root" }],
        rule: [{ port: 22 }, { port: 443 }],
      }),
    ).toEqual([]);
  });

  it("report a built-in's message at the attribute, naming it", async () => {
    expect(await validateConfig({ name: "WEB", size: 101 })).toEqual([
      {
        error: true,
        summary: 'Invalid value for "name"',
        detail: '"name" must be lowercase letters and dashes; it is "WEB".',
        path: ["name"],
      },
      {
        error: true,
        summary: 'Invalid value for "size"',
        detail: '"size" must be from 1 to 100; it is 101.',
        path: ["size"],
      },
    ]);
    expect((await validateConfig({ name: "a-very-long-name" }))[0]!.detail).toBe(
      '"name" must have from 3 to 10 characters; it has 16.',
    );
    expect((await validateConfig({ kind: "medium" }))[0]!.detail).toBe(
      '"kind" must be one of "small", "large"; it is "medium".',
    );
  });

  it("turn a Standard Schema's issues into diagnostics at the issue's own path", async () => {
    const found = await validateConfig({ image: "img-1", tags: { ok: "fine", long: "too long" } });
    expect(found.map((d) => d.path)).toEqual([["image"], ["tags", '["long"]']]);
    expect(found[1]!.detail).toMatch(/^"tags\["long"\]": /);
  });

  it("run inside nested attributes and blocks, with their paths", async () => {
    const found = await validateConfig({
      disks: [
        { size_gb: 10, label: null },
        { size_gb: 5, label: "x" },
        { size_gb: 20, label: null },
      ],
      rule: [{ port: 0 }, { port: 1 }, { port: 2 }],
    });
    expect(found.map((d) => [d.path, d.detail])).toEqual([
      [["disks"], '"disks" must have at most 2 elements; it has 3.'],
      [["disks", "[1]", "size_gb"], '"disks[1].size_gb" must be at least 10; it is 5.'],
      [["rule"], '"rule" must have at most 2 elements; it has 3.'],
      // Set elements cannot be addressed: the diagnostic points at the set, the text inside.
      [["rule"], '"rule[*].port" must be from 1 to 65535; it is 0.'],
    ]);
  });

  it("skip unknown values and, unless asked, null ones", async () => {
    expect(
      await validateConfig({
        name: cty.Unknown,
        size: cty.Unknown,
        tags: { a: cty.Unknown },
        disks: [{ size_gb: cty.Unknown, label: null }],
        rule: cty.Unknown,
      }),
    ).toEqual([]);
    // exactlyOneOf asks for nulls: neither zone nor region set.
    expect(await validateConfig({ zone: null })).toEqual([
      {
        error: true,
        summary: 'Invalid value for "region"',
        detail: 'Exactly one of "region" and "zone" must be set; none is.',
        path: ["region"],
      },
    ]);
    // An unknown sibling leaves the answer for later.
    expect(await validateConfig({ zone: cty.Unknown })).toEqual([]);
  });

  it("compare with siblings: conflictsWith, alsoRequires, exactlyOneOf", async () => {
    const found = await validateConfig({ zone: "z1", region: "r1" });
    expect(found.map((d) => d.detail)).toEqual([
      '"zone" cannot be set together with "region". Remove one of them.',
      'Exactly one of "region" and "zone" must be set; "region" and "zone" are.',
    ]);
  });

  it("get float64 values as doubles, as the types say", async () => {
    seen.length = 0;
    await validateConfig({ ratio: new cty.Decimal("0.1") });
    expect(seen).toEqual([0.1]);
  });

  it("turn a throw into a diagnostic and keep serving", async () => {
    const plain = await validateConfig({ boom: "plain" });
    expect(plain).toHaveLength(1);
    expect(plain[0]!.summary).toBe(`test_server's validator of "boom" failed`);
    expect(plain[0]!.detail).toBe("kaboom");
    expect(plain[0]!.path).toEqual(["boom"]);
    expect(await validateConfig({ boom: "tsvider" })).toEqual([
      { error: true, summary: "Refused by the API", detail: "try another", path: ["boom"] },
    ]);
    expect((await validateConfig({ boom: "elsewhere" }))[0]!.path).toEqual(["name"]);
    // A validator object that asked for nulls sees them, and its siblings.
    expect((await validateConfig({ name: "needs-boom" }))[0]!.detail).toBe("must be set for this name");
    expect(await validateConfig({})).toEqual([]);
  });

  it("wait for the schema's own checks: no validator runs on config that breaks them", async () => {
    const found = await validateConfig({ name: null, size: 1.5 });
    expect(found.map((d) => d.summary)).toEqual(["Missing required argument", "Invalid value"]);
  });
});

describe("validators in ValidateProviderConfig", () => {
  const validateProvider = async (config: Record<string, unknown>) => {
    const res = await test.call<pb.ValidateProviderConfig_Response>("validateProviderConfig", {
      config: dv({ endpoint: null, retries: null, ...config } as cty.CtyValue, provider.configType),
    });
    return res.diagnostics.map((d) => [d.summary, steps(d)]);
  };

  it("run on the provider's configuration", async () => {
    expect(await validateProvider({ endpoint: "https://api.example.com", retries: 5 })).toEqual([]);
    expect(await validateProvider({ endpoint: "not a url", retries: 6 })).toEqual([
      ['Invalid value for "endpoint"', ["endpoint"]],
      ['Invalid value for "retries"', ["retries"]],
    ]);
  });
});
