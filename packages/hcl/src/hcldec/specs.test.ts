// The spec kinds cmd/hcldec's spec files cannot express (block tuples and objects, block
// attributes, expressions, validation, refinement, function transforms), decoding JSON
// bodies with hcldec's rules.

import * as cty from "@tsvider/cty";
import { encodeJson } from "@tsvider/cty/json";
import { upper } from "@tsvider/cty/stdlib";
import { describe, expect, it } from "vitest";
import type { BodySchema } from "../body.js";
import type { EvalContext } from "../eval-context.js";
import { parseJson, parseJsonExpression } from "../json/index.js";
import { type BodyExtras, decode, impliedType, type Spec, variables } from "./index.js";

const body = (src: string) => parseJson(src, "t.json").file.body;
const json = (v: { value: cty.CtyValue; type: cty.CtyType }) => JSON.parse(encodeJson(v.value, v.type));

describe("block tuples and block objects", () => {
  const nested: Spec = { kind: "attr", name: "v", type: cty.dynamic };
  it("keeps each block's own type in a tuple", () => {
    const spec: Spec = { kind: "blockTuple", typeName: "b", nested };
    const { value, diagnostics } = decode(body('{"b": [{"v": 1}, {"v": "x"}]}'), {
      kind: "object",
      attributes: { b: spec },
    });
    expect(diagnostics).toEqual([]);
    expect(cty.typeToJSON(value.type)).toEqual(["object", { b: ["tuple", ["number", "string"]] }]);
    expect(cty.typeToJSON(impliedType(spec))).toBe("dynamic");
  });

  it("nests objects by label", () => {
    const spec: Spec = { kind: "blockObject", typeName: "b", labelNames: ["k1", "k2"], nested };
    const { value, diagnostics } = decode(body('{"b": {"x": {"y": {"v": 1}, "z": {"v": "s"}}}}'), {
      kind: "object",
      attributes: { b: spec },
    });
    expect(diagnostics).toEqual([]);
    expect(json(value)).toEqual({ b: { x: { y: 1, z: "s" } } });
    expect(cty.typeToJSON(value.type)).toEqual([
      "object",
      { b: ["object", { x: ["object", { y: "number", z: "string" }] }] },
    ]);
  });

  it("refuses a dynamic-typed block map spec, as hcl panics", () => {
    const spec: Spec = { kind: "blockMap", typeName: "b", labelNames: ["k"], nested };
    expect(() => decode(body('{"b": {"x": {"v": 1}}}'), spec)).toThrow(/may not be used inside a block map/);
  });
});

describe("block attributes", () => {
  const spec: Spec = { kind: "blockAttrs", typeName: "tags", elementType: cty.string, required: true };
  it("reads one block's attributes as a map", () => {
    const { value, diagnostics } = decode(body('{"tags": {"b": 1, "a": "x"}}'), {
      kind: "object",
      attributes: { t: spec },
    });
    expect(diagnostics).toEqual([]);
    expect(json(value)).toEqual({ t: { a: "x", b: "1" } });
  });
  it("reports a missing required block, a duplicate and a bad value", () => {
    expect(decode(body("{}"), spec).diagnostics.map((d) => d.summary)).toEqual(["Missing tags block"]);
    const { diagnostics } = decode(body('{"tags": [{"a": [1]}, {}]}'), spec);
    expect(diagnostics.map((d) => `${d.summary}: ${d.detail}`)).toEqual([
      'Duplicate tags block: Only one block of type "tags" is allowed. Previous definition was at t.json:1,10-11.',
      'Invalid attribute value: Invalid value for attribute of "tags" block: string required, but have tuple.',
    ]);
  });
});

describe("expressions, validation, refinement and transforms", () => {
  const attr: Spec = { kind: "attr", name: "a", type: cty.string };
  it("evaluates an expression spec in the context and lists its variables", () => {
    const { expression } = parseJsonExpression(`"\${x}-y"`, "e.json");
    const spec: Spec = { kind: "expr", expr: expression };
    const ctx = { variables: { x: { value: "v", type: cty.string } } };
    expect(decode(body("{}"), spec, ctx).value).toEqual({ value: "v-y", type: cty.string });
    expect(variables(body("{}"), spec).map((t) => t[0]?.kind === "root" && t[0].name)).toEqual(["x"]);
  });

  it("validates, giving diagnostics without a subject the decoded item's range", () => {
    const spec: Spec = {
      kind: "validate",
      wrapped: attr,
      validate: (v) => (v.value === "bad" ? [{ severity: "error", summary: "No", detail: "Not that." }] : []),
    };
    expect(decode(body('{"a": "ok"}'), spec).diagnostics).toEqual([]);
    const { value, diagnostics } = decode(body('{"a": "bad"}'), spec);
    expect(value.value).toBe("bad");
    expect(diagnostics[0]!.subject).toEqual({
      filename: "t.json",
      start: { line: 1, column: 7, byte: 6 },
      end: { line: 1, column: 12, byte: 11 },
    });
  });

  it("refines an unknown result and leaves a known one", () => {
    const { expression } = parseJsonExpression(`"\${x}"`, "e.json");
    const spec: Spec = {
      kind: "refineValue",
      wrapped: { kind: "expr", expr: expression },
      refinements: { notNull: true },
    };
    const ctx: EvalContext = { variables: { x: { value: cty.Unknown, type: cty.string } } };
    expect(decode(body("{}"), spec, ctx).value.value).toEqual(new cty.RefinedUnknown({ notNull: true }));
    const known = { variables: { x: { value: "k", type: cty.string } } };
    expect(decode(body("{}"), spec, known).value.value).toBe("k");
  });

  it("transforms with a function, and gives an unknown when the wrapped spec fails", () => {
    const spec: Spec = { kind: "transformFunc", wrapped: attr, func: upper };
    expect(decode(body('{"a": "x"}'), spec).value).toEqual({ value: "X", type: cty.string });
    const failed = decode(body('{"a": [1]}'), spec);
    expect(failed.value).toEqual({ value: cty.Unknown, type: cty.string });
    expect(failed.diagnostics.map((d) => d.summary)).toEqual(["Incorrect attribute value type"]);
    expect(cty.typeToJSON(impliedType(spec))).toBe("string");
  });
});

describe("bodies that say more of themselves", () => {
  it("makes a block collection unknown when one block's body is unknown, and marks values from marked bodies", () => {
    const listSpec: Spec = {
      kind: "blockList",
      typeName: "b",
      nested: { kind: "attr", name: "x", type: cty.string },
    };
    const inner = body('{"b": [{"x": "1"}, {"x": "2"}]}');
    const wrap = (extras: BodyExtras) => ({
      ...extras,
      content: (schema: BodySchema) => {
        const r = inner.content(schema);
        const blocks = r.content.blocks.map((b, i) =>
          i === 1 ? { ...b, body: Object.assign(Object.create(b.body), extras) } : b,
        );
        return { ...r, content: { ...r.content, blocks } };
      },
      partialContent: (schema: BodySchema) => inner.partialContent(schema),
      justAttributes: () => inner.justAttributes(),
      missingItemRange: () => inner.missingItemRange(),
    });
    const unknown = decode(wrap({ unknown: () => true }), listSpec);
    expect(unknown.value).toEqual({ value: cty.Unknown, type: cty.list(cty.string) });
    const marked = decode(wrap({ bodyValueMarks: () => new Set(["sensitive"]) }), listSpec);
    expect(marked.value.value).toEqual(["1", new cty.Marked("2", new Set(["sensitive"]))]);
  });
});
