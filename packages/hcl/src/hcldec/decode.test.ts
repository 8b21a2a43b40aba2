// hcldec decoding against hashicorp's: the spec below is the hand-built twin of this spec
// file, and the expectations are what hcl v2.24.0's cmd/hcldec printed for the same input:
//
//   object {
//     attr "name" { type = string, required = true }   attr "count" { type = number }
//     block_list "item" { max_items = 2, object { attr "v" { type = any } } }
//     block_map "res" { labels = ["kind", "name"], object { attr "x" { type = list(string) } } }
//     block "one" { object { attr "ok" { type = bool } } }
//     block_set "tags" { attr { name = "n", type = string } }
//     default "d" { attr { name = "maybe", type = string }, literal { value = "fallback" } }
//   }

import * as cty from "@tsvider/cty";
import { encodeJson } from "@tsvider/cty/json";
import { describe, expect, it } from "vitest";
import type { Diagnostic } from "../diagnostic.js";
import { parseJson } from "../json/index.js";
import type { Range } from "../pos.js";
import {
  childBlockTypes,
  decode,
  impliedSchema,
  impliedType,
  partialDecode,
  type Spec,
  sourceRange,
  variables,
} from "./index.js";

const spec: Spec = {
  kind: "object",
  attributes: {
    name: { kind: "attr", name: "name", type: cty.string, required: true },
    count: { kind: "attr", name: "count", type: cty.number },
    item: {
      kind: "blockList",
      typeName: "item",
      maxItems: 2,
      nested: { kind: "object", attributes: { v: { kind: "attr", name: "v", type: cty.dynamic } } },
    },
    res: {
      kind: "blockMap",
      typeName: "res",
      labelNames: ["kind", "name"],
      nested: { kind: "object", attributes: { x: { kind: "attr", name: "x", type: cty.list(cty.string) } } },
    },
    one: {
      kind: "block",
      typeName: "one",
      nested: { kind: "object", attributes: { ok: { kind: "attr", name: "ok", type: cty.bool } } },
    },
    tags: { kind: "blockSet", typeName: "tags", nested: { kind: "attr", name: "n", type: cty.string } },
    d: {
      kind: "default",
      primary: { kind: "attr", name: "maybe", type: cty.string },
      default: { kind: "literal", value: { value: "fallback", type: cty.string } },
    },
  },
};

const r = (file: string, l1: number, c1: number, b1: number, l2: number, c2: number, b2: number): Range => ({
  filename: file,
  start: { line: l1, column: c1, byte: b1 },
  end: { line: l2, column: c2, byte: b2 },
});
const shape = (ds: readonly Diagnostic[]) =>
  ds.map((d) => ({ severity: d.severity, summary: d.summary, detail: d.detail, subject: d.subject }));

const good = `{
  "name": "web",
  "count": "3",
  "item": [{"v": 1}, {"v": "two"}],
  "res": {"a": {"b": {"x": ["1", 2]}, "c": {"x": []}}},
  "one": {"ok": true},
  "tags": [{"n": "z"}, {"n": "a"}, {"n": "z"}]
}
`;

const bad = `{
  "count": true,
  "item": [{"v": 1}, {"v": 2}, {"v": 3}],
  "one": [{"ok": true}, {"ok": false}],
  "res": {"a": {"b": {}}, "a": {"b": {}}},
  "bogus": 1
}
`;

describe("hcldec.decode", () => {
  it("decodes a body as hcl does: conversions, unified list elements, nested maps, sets, defaults", () => {
    const { value, diagnostics } = decode(parseJson(good, "in1.json").file.body, spec);
    expect(diagnostics).toEqual([]);
    expect(JSON.parse(encodeJson(value.value, value.type))).toEqual({
      count: 3,
      d: "fallback",
      item: [{ v: "1" }, { v: "two" }],
      name: "web",
      one: { ok: true },
      res: { a: { b: { x: ["1", "2"] }, c: { x: [] } } },
      tags: ["a", "z"],
    });
    expect(cty.typeToJSON(value.type)).toEqual([
      "object",
      {
        count: "number",
        d: "string",
        item: ["list", ["object", { v: "string" }]],
        name: "string",
        one: ["object", { ok: "bool" }],
        res: ["map", ["map", ["object", { x: ["list", "string"] }]]],
        tags: ["set", "string"],
      },
    ]);
  });

  it("reports what hcl reports, with the same ranges", () => {
    const { diagnostics } = decode(parseJson(bad, "in2.json").file.body, spec);
    const f = "in2.json";
    // hcl's order depends on Go's map order; the set is what counts.
    expect(new Set(shape(diagnostics).map((d) => JSON.stringify(d)))).toEqual(
      new Set(
        [
          {
            severity: "error",
            summary: "Missing required argument",
            detail: 'The argument "name" is required, but no definition was found.',
            subject: r(f, 7, 1, 157, 7, 2, 158),
          },
          {
            severity: "error",
            summary: "Extraneous JSON object property",
            detail: 'No argument or block type is named "bogus".',
            subject: r(f, 6, 3, 146, 6, 10, 153),
          },
          {
            severity: "error",
            summary: "Too many item blocks",
            detail: 'No more than 2 "item" blocks are allowed',
            subject: r(f, 3, 39, 57, 3, 40, 58),
          },
          {
            severity: "error",
            summary: "Duplicate res block",
            detail: 'A block for res "a" "b" was already defined. The res labels must be unique.',
            subject: r(f, 5, 38, 138, 5, 39, 139),
          },
          {
            severity: "error",
            summary: "Duplicate one block",
            detail: 'Only one block of type "one" is allowed. Previous definition was at in2.json:4,10-11.',
            subject: r(f, 4, 10, 70, 4, 11, 71),
          },
          {
            severity: "error",
            summary: "Incorrect attribute value type",
            detail: 'Inappropriate value for attribute "count": number required, but have bool.',
            subject: r(f, 2, 12, 13, 2, 16, 17),
          },
        ].map((d) => JSON.stringify(d)),
      ),
    );
  });

  it("gives nulls of the implied types for what is absent, and an unknown of the right type for a bad value", () => {
    const { value } = decode(parseJson(bad, "in2.json").file.body, spec);
    const v = value.value as Record<string, cty.CtyValue>;
    expect(v.name).toBeNull();
    expect(v.count).toBe(cty.Unknown);
    expect(v.tags).toEqual([]);
  });
});

describe("hcldec's other operations", () => {
  it("impliedType and impliedSchema", () => {
    expect(cty.typeToJSON(impliedType(spec))).toEqual([
      "object",
      {
        count: "number",
        d: "string",
        item: ["list", ["object", { v: "dynamic" }]],
        name: "string",
        one: ["object", { ok: "bool" }],
        res: ["map", ["map", ["object", { x: ["list", "string"] }]]],
        tags: ["set", "string"],
      },
    ]);
    const schema = impliedSchema(spec);
    expect(schema.attributes?.map((a) => a.name)).toEqual(["name", "count", "maybe", "maybe"]);
    expect(schema.blocks).toEqual([
      { type: "item", labelNames: [] },
      { type: "res", labelNames: ["kind", "name"] },
      { type: "one", labelNames: [] },
      { type: "tags", labelNames: [] },
    ]);
    expect([...childBlockTypes(spec).keys()]).toEqual(["item", "res", "one", "tags"]);
  });

  it("partialDecode leaves what the spec does not read", () => {
    const body = parseJson('{"name": "x", "other": 1}', "p.json").file.body;
    const { value, remain, diagnostics } = partialDecode(body, spec);
    expect(diagnostics).toEqual([]);
    expect((value.value as Record<string, unknown>).name).toBe("x");
    expect(Object.keys(remain.justAttributes().attributes)).toEqual(["other"]);
  });

  it("sourceRange points at the attribute's expression, or where a missing one would go", () => {
    const body = parseJson(good, "in1.json").file.body;
    expect(sourceRange(body, { kind: "attr", name: "count", type: cty.number })).toEqual(
      r("in1.json", 3, 12, 30, 3, 15, 33),
    );
    expect(sourceRange(body, { kind: "attr", name: "nope", type: cty.number })).toEqual(
      r("in1.json", 8, 1, 197, 8, 2, 198),
    );
  });

  it("block labels decode from a map's extra labels", () => {
    const labelled: Spec = {
      kind: "blockList",
      typeName: "svc",
      nested: {
        kind: "object",
        attributes: {
          name: { kind: "blockLabel", index: 0, name: "name" },
          port: { kind: "attr", name: "port", type: cty.number },
        },
      },
    };
    const body = parseJson('{"svc": {"web": {"port": 80}, "db": [{"port": 5432}]}}', "l.json").file.body;
    const { value, diagnostics } = decode(body, { kind: "object", attributes: { svc: labelled } });
    expect(diagnostics).toEqual([]);
    expect(JSON.parse(encodeJson(value.value, value.type))).toEqual({
      svc: [
        { name: "web", port: 80 },
        { name: "db", port: 5432 },
      ],
    });
  });

  it("variables lists no references for literal JSON strings without templates", () => {
    expect(variables(parseJson(good, "in1.json").file.body, spec)).toEqual([]);
  });

  it("reports too few blocks and block types JSON cannot hold", () => {
    const listSpec: Spec = {
      kind: "blockList",
      typeName: "item",
      minItems: 1,
      nested: { kind: "literal", value: { value: 1, type: cty.number } },
    };
    const { diagnostics } = decode(parseJson('{"item": 5}', "m.json").file.body, {
      kind: "object",
      attributes: { i: listSpec },
    });
    expect(shape(diagnostics)).toEqual([
      {
        severity: "error",
        summary: "Incorrect JSON value type",
        detail:
          'Either a JSON object or a JSON array is required, representing the contents of one or more "item" blocks.',
        subject: r("m.json", 1, 10, 9, 1, 11, 10),
      },
      {
        severity: "error",
        summary: "Insufficient item blocks",
        detail: 'At least 1 "item" blocks are required.',
        subject: r("m.json", 1, 11, 10, 1, 12, 11),
      },
    ]);
  });
});
