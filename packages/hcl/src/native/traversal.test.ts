// parseTraversalAbs and applying traversals (hcl's Traversal, TraverseRel, Index, GetAttr).
import * as cty from "@tsvider/cty";
import { describe, expect, test } from "vitest";
import { applyTraversal, traverseAbs } from "../traversal.js";
import { parseTraversalAbs } from "./index.js";
import { diags, r } from "./test-helpers.test-support.js";

describe("parseTraversalAbs", () => {
  test("names, attributes and literal indexes, with ranges", () => {
    const { traversal, diagnostics } = parseTraversalAbs('var.list[0]["k"]', "t");
    expect(diagnostics).toEqual([]);
    expect(traversal.map((s) => s.kind)).toEqual(["root", "attr", "index", "index"]);
    expect(traversal.map((s) => r(s.range))).toEqual([
      "1,1,0-1,4,3",
      "1,4,3-1,9,8",
      "1,9,8-1,12,11",
      "1,12,11-1,17,16",
    ]);
    const idx = traversal[2]!;
    expect(idx.kind === "index" && idx.key).toEqual(cty.decimalFromText("0"));
  });
  test.each([
    ["1", "Variable name required", "Must begin with a variable name.", "1,1,0-1,2,1", ""],
    [
      "a.*",
      "Attribute name required",
      "Splat expressions (.*) may not be used here.",
      "1,3,2-1,4,3",
      "1,1,0-1,4,3",
    ],
    [
      "a[*]",
      "Attribute name required",
      "Splat expressions ([*]) may not be used here.",
      "1,3,2-1,4,3",
      "1,1,0-1,4,3",
    ],
    [
      "a[b]",
      "Index value required",
      "Index brackets must contain either a literal number or a literal string.",
      "1,3,2-1,4,3",
      "1,1,0-1,4,3",
    ],
    [
      "a[0",
      "Unclosed index brackets",
      "Index key must be followed by a closing bracket.",
      "1,4,3-1,4,3",
      "1,2,1-1,4,3",
    ],
    [
      "a b",
      "Invalid character",
      "Expected an attribute access or an index operator.",
      "1,3,2-1,4,3",
      "1,1,0-1,4,3",
    ],
  ])("%s", (src, summary, detail, subject, context) => {
    expect(diags(parseTraversalAbs(src, "t").diagnostics)).toEqual([[summary, detail, subject, context]]);
  });
});

describe("applying traversals", () => {
  const obj = { value: { l: [10, 20] }, type: cty.object({ l: cty.list(cty.number) }) };
  test("relative steps", () => {
    const { traversal } = parseTraversalAbs("x.l[1]", "t");
    expect(applyTraversal(obj.value, obj.type, traversal.slice(1))).toEqual({
      value: { value: 20, type: cty.number },
      diagnostics: [],
    });
  });
  test("from a context, with hcl's errors", () => {
    const { traversal } = parseTraversalAbs("x.l[5]", "t");
    const res = traverseAbs(traversal, { variables: { x: obj } });
    expect(res.value).toEqual({ value: cty.Unknown, type: cty.dynamic });
    expect(diags(res.diagnostics)).toEqual([
      [
        "Invalid index",
        "The given key does not identify an element in this collection value.",
        "1,4,3-1,7,6",
        "",
      ],
    ]);
    const none = traverseAbs(parseTraversalAbs("y", "t").traversal, { variables: { x: obj } });
    expect(diags(none.diagnostics)).toEqual([
      ["Unknown variable", 'There is no variable named "y". Did you mean "x"?', "1,1,0-1,2,1", ""],
    ]);
  });
});
