// Input hcl's JSON reader would choke on or accept silently: deep nesting gives a diagnostic
// instead of a stack overflow, invalid UTF-8 inside a string is reported (hcl would quietly
// substitute U+FFFD), and nothing makes the parser throw. Also JSON's static analysis.

import { describe, expect, it } from "vitest";
import { type JsonExpression, parseJson, parseJsonExpression } from "./index.js";
import { maxNestingDepth } from "./parser.js";

describe("bad JSON input", () => {
  it("reports 10,000 nested arrays as too deeply nested, with the range of the first bracket too deep", () => {
    const src = `${"[".repeat(10_000)}${"]".repeat(10_000)}`;
    const { expression, diagnostics } = parseJsonExpression(src, "deep.json");
    expect(diagnostics.map((d) => d.summary)).toEqual(["Too deeply nested"]);
    expect(diagnostics[0]!.subject).toEqual({
      filename: "deep.json",
      start: { line: 1, column: maxNestingDepth + 1, byte: maxNestingDepth },
      end: { line: 1, column: maxNestingDepth + 2, byte: maxNestingDepth + 1 },
    });
    // The rest still evaluates (the too-deep part is an unknown placeholder).
    expect(expression.value().diagnostics).toEqual([]);
  });

  it("reports 10,000 nested objects in a body", () => {
    const src = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
    const { file, diagnostics } = parseJson(src, "deep.json");
    expect(diagnostics.map((d) => d.summary)).toEqual(["Too deeply nested"]);
    expect(file.body.justAttributes().diagnostics).toEqual([]);
  });

  it("accepts nesting right up to the limit", () => {
    const src = `${"[".repeat(maxNestingDepth)}${"]".repeat(maxNestingDepth)}`;
    expect(parseJsonExpression(src, "ok.json").diagnostics).toEqual([]);
  });

  it("reports an unclosed deep array without overflowing: too deep, then each open level unclosed", () => {
    const { diagnostics } = parseJsonExpression("[".repeat(10_000), "open.json");
    expect(diagnostics[0]!.summary).toBe("Too deeply nested");
    expect(new Set(diagnostics.slice(1).map((d) => d.summary))).toEqual(new Set(["Unclosed object"]));
    expect(diagnostics).toHaveLength(1 + maxNestingDepth);
  });

  it("reports invalid UTF-8 inside a string at the bad byte", () => {
    const bytes = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0x78, 0xff, 0x79, 0x22, 0x7d]); // {"a":"x\xffy"}
    const { file, diagnostics } = parseJson(bytes, "bad.json");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      severity: "error",
      summary: "Invalid character encoding",
      subject: { start: { line: 1, column: 8, byte: 7 }, end: { line: 1, column: 9, byte: 8 } },
      context: { start: { byte: 5 }, end: { byte: 10 } },
    });
    // The value is still read, with U+FFFD for the bad byte.
    const a = file.body.justAttributes().attributes.a!;
    expect(a.expr.value().value.value).toBe("x\ufffdy");
  });

  it("reports invalid UTF-8 outside strings as an invalid start of value", () => {
    const { diagnostics } = parseJson(new Uint8Array([0x7b, 0xc3, 0x7d]), "bad.json");
    expect(diagnostics.map((d) => d.summary)).toEqual([
      "Invalid start of value",
      "Invalid object property name",
      "Root value must be object",
    ]);
  });

  it("reports an unterminated string at its end", () => {
    const { diagnostics } = parseJsonExpression('"abc', "s.json");
    expect(diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid JSON string",
        detail: "There is a syntax error in the given JSON string.",
        subject: {
          filename: "s.json",
          start: { line: 1, column: 5, byte: 4 },
          end: { line: 1, column: 6, byte: 5 },
        },
        context: {
          filename: "s.json",
          start: { line: 1, column: 1, byte: 0 },
          end: { line: 1, column: 5, byte: 4 },
        },
      },
    ]);
  });

  it("refuses numbers too large for cty with a diagnostic rather than an exception", () => {
    // 10^9999999 is within go-cty's range (and ours); 10^3000000000 is past any big.Float exponent.
    const { diagnostics } = parseJsonExpression("1e3000000000", "n.json");
    expect(diagnostics.map((d) => d.summary)).toEqual(["Invalid JSON number"]);
  });
});

describe("static analysis of JSON expressions", () => {
  it("reads a string as a traversal, positioned at the string's start as hcl does", () => {
    const { expression } = parseJsonExpression('"var.a[0]"', "t.json");
    const t = (expression as JsonExpression).asTraversal();
    expect(t?.map((s) => s.kind)).toEqual(["root", "attr", "index"]);
    expect(t?.[0]?.range.start).toEqual({ line: 1, column: 1, byte: 0 });
    const bad = parseJsonExpression('"a b"', "t.json").expression as JsonExpression;
    expect(bad.asTraversal()).toBeUndefined();
    expect((parseJsonExpression("[1, 2]", "t.json").expression as JsonExpression).exprList()).toHaveLength(2);
  });
});
