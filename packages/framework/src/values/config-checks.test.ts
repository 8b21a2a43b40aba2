import { Decimal, Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { attr } from "../schema/attributes.js";
import { block } from "../schema/blocks.js";
import { t } from "../schema/types.js";
import { checkConfig } from "./config-checks.js";

const schema = {
  counts: attr.list(t.int64, { optional: true }),
  target: attr.object({ host: t.string, port: t.number }, { optional: true }),
  loose: attr.object(t.object({ host: t.string, port: t.number }, { optional: ["port"] }), {
    optional: true,
  }),
  pair: attr.tuple([t.string, t.int64], { optional: true }),
  ratio: attr.float64({ optional: true }),
  network: block.single({ cidr: attr.string({ required: true }) }, { minItems: 1 }),
  rules: block.set({ port: attr.number({ required: true }) }, { minItems: 2 }),
  zones: block.map({ size: attr.int64({ required: true }) }),
};

const base = {
  counts: null,
  target: null,
  loose: null,
  pair: null,
  ratio: null,
  network: { cidr: "10.0.0.0/8" },
  rules: [{ port: 1 }, { port: 2 }],
  zones: {},
};

function problems(config: Record<string, unknown>) {
  const diagnostics = new Diagnostics();
  checkConfig(schema, { ...base, ...config } as never, diagnostics);
  return diagnostics.items.map((d) => [d.summary, d.path]);
}

describe("checkConfig", () => {
  it("accepts config that keeps every promise", () => {
    expect(problems({ counts: [1, 2n ** 62n], loose: { host: "h", port: null }, pair: ["a", -5] })).toEqual(
      [],
    );
  });

  it("checks int64 values inside collections and tuples, with their paths", () => {
    expect(problems({ counts: [1, 1.5], pair: ["a", new Decimal("0.5")] })).toEqual([
      ["Invalid value", [{ attribute: "counts" }, { index: 1 }]],
      ["Invalid value", [{ attribute: "pair" }, { index: 1 }]],
    ]);
  });

  it("refuses null where the types promise a value, but not in optional object attributes", () => {
    expect(
      problems({ counts: [null], target: { host: "h", port: null }, loose: { host: "h", port: null } }),
    ).toEqual([
      ["Null element", [{ attribute: "counts" }, { index: 0 }]],
      ["Missing object attribute", [{ attribute: "target" }, { attribute: "port" }]],
    ]);
  });

  it("refuses a float64 beyond a double's range", () => {
    expect(problems({ ratio: new Decimal("1e400") })).toEqual([["Invalid value", [{ attribute: "ratio" }]]]);
    expect(problems({ ratio: Number.POSITIVE_INFINITY })).toEqual([]);
  });

  it("counts blocks, and checks inside map blocks by key", () => {
    expect(problems({ network: null, rules: [{ port: 1 }], zones: { a: { size: 0.5 } } })).toEqual([
      ['Missing required "network" block', [{ attribute: "network" }]],
      ['Too few "rules" blocks', [{ attribute: "rules" }]],
      ["Invalid value", [{ attribute: "zones" }, { key: "a" }, { attribute: "size" }]],
    ]);
  });

  it("leaves unknown values for later", () => {
    expect(
      problems({ counts: [Unknown], network: Unknown, rules: Unknown, zones: { a: { size: Unknown } } }),
    ).toEqual([]);
  });
});
