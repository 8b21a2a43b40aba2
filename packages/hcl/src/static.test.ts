// Static analysis on named cases, native and JSON syntax: what each function gives, hcl's
// diagnostics for what it refuses, and each case's full answer against hashicorp/hcl itself.
import { string } from "@tsvider/cty";
import { describe, expect, test } from "vitest";
import { useHclOracle } from "./internal/go-oracle.test-support.js";
import { goStatic, ourStaticInfo, parseClean, type Syntax } from "./internal/static-analysis.test-support.js";
import {
  absTraversalForExpr,
  exprAsKeyword,
  exprCall,
  exprList,
  exprMap,
  relTraversalForExpr,
  staticExpr,
  unwrapExpression,
  unwrapExpressionUntil,
} from "./static.js";

const oracle = useHclOracle();

const parse = parseClean;

const names = (t: ReturnType<typeof absTraversalForExpr>["traversal"]) =>
  t?.map((s) => (s.kind === "index" ? `[${String(s.key)}]` : `${s.kind}:${"name" in s ? s.name : "*"}`));

describe("native syntax", () => {
  test("exprList gives a tuple constructor's elements unevaluated", () => {
    const { list, diagnostics } = exprList(parse("[a, b.c, 1 + 2]"));
    expect(diagnostics).toEqual([]);
    expect(list?.map((e) => e.range.start.column)).toEqual([2, 5, 10]);
  });

  test("exprMap gives key and value expressions; a bare key is a keyword", () => {
    const { pairs } = exprMap(parse('{a = 1, "b" = x, (c) = 2}'));
    expect(pairs?.map((p) => exprAsKeyword(p.key))).toEqual(["a", "", ""]);
    expect(pairs?.map((p) => p.value.range.start.column)).toEqual([6, 15, 24]);
  });

  test("exprCall gives the name, its range, the arguments and the parentheses' range", () => {
    const { call } = exprCall(parse("list(string, 2)"));
    expect(call?.name).toBe("list");
    expect(call?.nameRange.end.column).toBe(5);
    expect([call?.argsRange.start.column, call?.argsRange.end.column]).toEqual([5, 16]);
    expect(call?.arguments.map((a) => exprAsKeyword(a))).toEqual(["string", ""]);
  });

  test("absTraversalForExpr reads references with constant indexes", () => {
    expect(names(absTraversalForExpr(parse('var.a[0]["k"].b')).traversal)).toEqual([
      "root:var",
      "attr:a",
      "[0]",
      "[k]",
      "attr:b",
    ]);
  });

  test("relTraversalForExpr turns the root into an attribute step", () => {
    expect(names(relTraversalForExpr(parse("a.b")).traversal)).toEqual(["attr:a", "attr:b"]);
  });

  test("null, true and false are keywords, as hcl reads them back", () => {
    expect(
      ["null", "true", "false", "foo", "foo.bar", '"foo"', "1"].map((s) => exprAsKeyword(parse(s))),
    ).toEqual(["null", "true", "false", "foo", "", "", ""]);
  });

  test("unwrapExpression goes through an object key to what it holds", () => {
    const key = exprMap(parse("{ a = 1 }")).pairs![0]!.key;
    expect(unwrapExpression(key)).not.toBe(key);
    expect(unwrapExpression(key).range).toEqual(key.range);
    expect(unwrapExpressionUntil(key, () => false)).toBeUndefined();
  });

  test("refusals carry hcl's summary, detail and subject", () => {
    const e = parse("a + 1");
    expect(exprList(e).diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid expression",
        detail: "A static list expression is required.",
        subject: e.startRange,
      },
    ]);
    expect(exprMap(e).diagnostics[0]?.detail).toBe("A static map expression is required.");
    expect(exprCall(e).diagnostics[0]?.detail).toBe("A static function call is required.");
    const t = absTraversalForExpr(e);
    expect(t.traversal).toBeUndefined();
    expect(t.diagnostics[0]?.subject).toEqual(e.range);
    expect(t.diagnostics[0]?.detail).toMatch(/^A single static variable reference is required/);
  });

  test("parentheses, templates and computed indexes are not static", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
    for (const src of ["(a)", '"${a}"', "a[b]", "f(x).y", "a[*].b"]) {
      expect(absTraversalForExpr(parse(src)).traversal, src).toBeUndefined();
    }
    expect(exprCall(parse("(f(x))")).call).toBeUndefined();
  });

  test("a key in parentheses is never a traversal", () => {
    const key = exprMap(parse("{ (a) = 1 }")).pairs![0]!.key;
    expect(absTraversalForExpr(key).traversal).toBeUndefined();
  });
});

describe("JSON syntax", () => {
  test("arrays and objects are lists and maps; keys are strings", () => {
    expect(exprList(parse('[1, "a"]', "json")).list).toHaveLength(2);
    const { pairs } = exprMap(parse('{"a": 1, "b.c": 2}', "json"));
    expect(pairs?.map((p) => exprAsKeyword(p.key))).toEqual(["a", ""]);
  });

  test("a string holds a traversal, read at the string's position", () => {
    const { traversal } = absTraversalForExpr(parse(' "a.b[0]"', "json"));
    expect(names(traversal)).toEqual(["root:a", "attr:b", "[0]"]);
    // hcl starts reading at the opening quote, not after it.
    expect(traversal?.[0]?.range.start.column).toBe(2);
  });

  test("a string holds a call", () => {
    const { call } = exprCall(parse('"list(string)"', "json"));
    expect(call?.name).toBe("list");
    expect(call?.arguments.map((a) => exprAsKeyword(a))).toEqual(["string"]);
  });

  test("numbers, broken strings and non-calls are refused", () => {
    expect(exprCall(parse("1", "json")).diagnostics[0]?.detail).toBe("A static function call is required.");
    expect(exprCall(parse('"list(string"', "json")).call).toBeUndefined();
    expect(exprCall(parse('"a.b"', "json")).call).toBeUndefined();
    expect(absTraversalForExpr(parse('"a +"', "json")).traversal).toBeUndefined();
    expect(exprAsKeyword(parse("true", "json"))).toBe("");
  });
});

test("staticExpr has its value, no variables, and its range", () => {
  const range = {
    filename: "x",
    start: { line: 1, column: 1, byte: 0 },
    end: { line: 1, column: 2, byte: 1 },
  };
  const e = staticExpr("v", string, range);
  expect(e.value().value).toEqual({ value: "v", type: string });
  expect(e.variables()).toEqual([]);
  expect(e.startRange).toBe(range);
  expect(absTraversalForExpr(e).diagnostics).toHaveLength(1);
});

const sameAsGo: [string, Syntax][] = [
  ["[a, b.c, 1 + 2, f(x), {k = v}]", "native"],
  ['{a = 1, "b" = x, (c) = 2, d.e = 3, null = 4, true = f(1)}', "native"],
  ["list(string)", "native"],
  ['object({a = optional(string, "x"), b = list(number)})', "native"],
  ["tuple([string, number])", "native"],
  ['var.a[0]["k"].b', "native"],
  ["a[*].b", "native"],
  ["a.*.b", "native"],
  ["null", "native"],
  ["true", "native"],
  ["f()", "native"],
  ["f(a...)", "native"],
  ["provider::a::f(1)", "native"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
  ['"${a}"', "native"],
  ["(a)", "native"],
  ["a ? b : c", "native"],
  ["[for x in a: x]", "native"],
  ["-a", "native"],
  ['a[1].b["c"]', "native"],
  ['"list(string)"', "json"],
  ['"a.b[0].c"', "json"],
  ['"a + b"', "json"],
  ['"f(a, g(b))"', "json"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
  ['"${f(a)}"', "json"],
  ['["a", "list(b)", 1, null, true, {"k": "v"}]', "json"],
  ['{"a": "b", "c.d": ["e"], "f(x)": 1}', "json"],
  ['"\\u0061.b"', "json"],
  ['"a.b\\n"', "json"],
  ['"  x  "', "json"],
  ['""', "json"],
  ["12", "json"],
  ["null", "json"],
  ['"null"', "json"],
];

describe("the same as hashicorp/hcl", () => {
  test.each(sameAsGo)("%s (%s)", async (src, syntax) => {
    const go = await goStatic(oracle, src, syntax, syntax === "json" ? "t.json" : "t.hcl");
    expect(go.parseDiagnostics).toEqual([]);
    expect(ourStaticInfo(parse(src, syntax))).toEqual(go.info);
  });
});
