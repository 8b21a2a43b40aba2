// Evaluating native-syntax expressions and templates: values and types, unknowns with their
// refinements, marks, and hcl's diagnostics (summaries, details and ranges as hashicorp/hcl
// v2.24.0 gives them).
import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import * as stdlib from "@tsvider/cty/stdlib";
import { describe, expect, test } from "vitest";
import type { EvalContext } from "../eval-context.js";
import { parseExpression, parseTemplate } from "./index.js";
import { diags, r } from "./test-helpers.test-support.js";

const T = cty;
/** A number literal's value: hcl holds literals at 512 bits (cty.ParseNumberVal), a Decimal here. */
const D = (text: string) => T.decimalFromText(text);
const ctx: EvalContext = {
  variables: {
    a: { value: 1, type: T.number },
    s: { value: "str", type: T.string },
    l: { value: ["x", "y"], type: T.list(T.string) },
    el: { value: [], type: T.list(T.string) },
    o: { value: { k: "v", n: 2 }, type: T.object({ k: T.string, n: T.number }) },
    m: { value: { k1: "v1", k2: "v2" }, type: T.map(T.string) },
    st: { value: ["a", "b"], type: T.set(T.string) },
    lo: { value: [{ id: "i1" }, { id: "i2" }], type: T.list(T.object({ id: T.string })) },
    u: { value: T.Unknown, type: T.number },
    un: { value: T.refine(T.number, { notNull: true }), type: T.number },
    ur: {
      value: T.refine(T.number, {
        numberLower: { value: 0, inclusive: true },
        numberUpper: { value: 10, inclusive: false },
      }),
      type: T.number,
    },
    us: { value: T.Unknown, type: T.string },
    ub: { value: T.Unknown, type: T.bool },
    ul: { value: T.Unknown, type: T.list(T.string) },
    ull: {
      value: T.refine(T.list(T.string), { notNull: true, lengthLower: 1, lengthUpper: 3 }),
      type: T.list(T.string),
    },
    ud: { value: T.Unknown, type: T.dynamic },
    n: { value: null, type: T.string },
    nd: { value: null, type: T.dynamic },
    t: { value: true, type: T.bool },
    secret: { value: T.mark("hush", "sensitive"), type: T.string },
    secretList: { value: T.mark(["p", "q"], "sensitive"), type: T.list(T.string) },
    dyn: { value: new T.Dynamic(T.string, "inside"), type: T.dynamic },
  },
  functions: {
    upper: stdlib.upper,
    min: stdlib.min,
    concat: stdlib.concat,
    "provider::p::up": stdlib.upper,
  },
};

function ev(
  src: string,
  c: EvalContext | undefined = ctx,
): { value: TypedValue; d: ReturnType<typeof diags> } {
  const p = parseExpression(src, "t");
  expect(diags(p.diagnostics), `parse ${src}`).toEqual([]);
  const v = p.expression.value(c);
  return { value: v.value, d: diags(v.diagnostics) };
}

function val(src: string, c?: EvalContext): TypedValue {
  const { value, d } = ev(src, c);
  expect(d, src).toEqual([]);
  return value;
}

describe("literals and operators", () => {
  test.each([
    ["1", D("1"), T.number],
    ["1.5", D("1.5"), T.number],
    ["1e3", D("1000"), T.number],
    ["9007199254740993", D("9007199254740993"), T.number],
    ["true", true, T.bool],
    ['"a\\tb"', "a\tb", T.string],
    ["1 + 2 * 3", D("7"), T.number],
    ["(1 + 2) * 3", D("9"), T.number],
    ["7 % 3", D("1"), T.number],
    ["10 / 4", D("2.5"), T.number],
    ["1 < 2 && 2 < 3 || false", true, T.bool],
    ["!true == false", true, T.bool],
    ["-a + 5", D("4"), T.number],
    ['"1" + 1', D("2"), T.number],
    ["[1] == [1]", true, T.bool],
  ] as [string, cty.CtyValue, cty.CtyType][])("%s", (src, value, type) => {
    expect(val(src)).toEqual({ value, type });
  });

  test("decimal numbers are exact (cty's decimal text parsing)", () => {
    expect(val("0.1").value).toEqual(new T.Decimal("0.1"));
    expect(val("0.1 + 0.2").value).toEqual(new T.Decimal("0.3"));
  });

  test("arithmetic on literals works at go-cty's 512 bits", () => {
    // hclspecsuite's expressions/operators checks this remainder to its last digit.
    expect(val("11 % 5.1").value).toEqual(new T.Decimal(`0.8${"0".repeat(152)}24`));
  });

  test("null is a null of unknown type", () => {
    expect(val("null")).toEqual({ value: null, type: T.dynamic });
  });

  test("&& and || decide from one known operand", () => {
    expect(val("true || ub")).toEqual({ value: true, type: T.bool });
    expect(val("ub && false")).toEqual({ value: false, type: T.bool });
    expect(val("ub || false")).toEqual({ value: T.refine(T.bool, { notNull: true }), type: T.bool });
  });

  test("arithmetic on unknowns refines the result as cty does", () => {
    expect(val("u + 1").value).toEqual(T.refine(T.number, { notNull: true }));
  });

  test("operand errors", () => {
    expect(ev('1 + "x"').d).toEqual([
      [
        "Invalid operand",
        "Unsuitable value for right operand: a number is required.",
        "1,5,4-1,8,7",
        "1,1,0-1,8,7",
      ],
    ]);
  });
});

describe("collections, traversals and indexes", () => {
  test("tuple and object constructors", () => {
    expect(val('[1, "a"]')).toEqual({ value: [D("1"), "a"], type: T.tuple([T.number, T.string]) });
    expect(val('{a = 1, "b c" = 2, (s) = 3}')).toEqual({
      value: { a: D("1"), "b c": D("2"), str: D("3") },
      type: T.object({ a: T.number, "b c": T.number, str: T.number }),
    });
    // A bare name is the literal key, whatever variable has that name; true and null too.
    expect(val("{s = 1, null = 2}").value).toEqual({ s: D("1"), null: D("2") });
  });

  test("a dotted bare key is ambiguous", () => {
    expect(ev("{a.b = 1}").d).toEqual([
      [
        "Ambiguous attribute key",
        "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
        "1,2,1-1,5,4",
        "",
      ],
    ]);
  });

  test("attribute and index access", () => {
    expect(val("o.k")).toEqual({ value: "v", type: T.string });
    expect(val('o["n"]')).toEqual({ value: 2, type: T.number });
    expect(val("l[1]")).toEqual({ value: "y", type: T.string });
    expect(val('l["0"]')).toEqual({ value: "x", type: T.string });
    expect(val("l.0")).toEqual({ value: "x", type: T.string });
    expect(val("m.k2")).toEqual({ value: "v2", type: T.string });
    expect(val("dyn")).toEqual({ value: "inside", type: T.string });
    expect(val("l[u]")).toEqual({ value: T.Unknown, type: T.string });
  });

  test.each([
    ["o.z", "Unsupported attribute", 'This object does not have an attribute named "z".', "1,2,1-1,4,3"],
    [
      "l[2]",
      "Invalid index",
      "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.",
      "1,2,1-1,5,4",
    ],
    [
      "[1,2][0.5]",
      "Invalid index",
      "The given key does not identify an element in this collection value: indexing a sequence requires a whole number, but the given index has a fractional part.",
      "1,6,5-1,11,10",
    ],
    ["m.k3", "Missing map element", 'This map does not have an element with the key "k3".', "1,2,1-1,5,4"],
    [
      "lo.id",
      "Unsupported attribute",
      'Can\'t access attributes on a list of objects. Did you mean to access attribute "id" for a specific element of the list, or across all elements of the list?',
      "1,3,2-1,6,5",
    ],
    [
      "n.x",
      "Attempt to get attribute from null value",
      "This value is null, so it does not have any attributes.",
      "1,2,1-1,4,3",
    ],
  ])("%s", (src, summary, detail, subject) => {
    expect(ev(src).d).toEqual([[summary, detail, subject, ""]]);
  });

  test("variables: unknown names with suggestions, and contexts without variables", () => {
    // hcl suggests any name within two edits (Go's map order decides which); we take the first.
    const few: EvalContext = { variables: { s: { value: "str", type: T.string } } };
    expect(ev("ss", few).d).toEqual([
      ["Unknown variable", 'There is no variable named "ss". Did you mean "s"?', "1,1,0-1,3,2", ""],
    ]);
    expect(ev("zzzzz").d).toEqual([
      ["Unknown variable", 'There is no variable named "zzzzz".', "1,1,0-1,6,5", ""],
    ]);
    expect(ev("a", {}).d).toEqual([
      ["Variables not allowed", "Variables may not be used here.", "1,1,0-1,2,1", ""],
    ]);
  });

  test("variables() lists references, not names local to a for expression", () => {
    const { expression } = parseExpression("[for x in l: x + a.b[0]] + z", "t");
    expect(
      expression
        .variables()
        .map((t) => t.map((s) => (s.kind === "index" ? s.key : "name" in s ? s.name : "*"))),
    ).toEqual([["l"], ["a", "b", D("0")], ["z"]]);
  });
});

describe("splat", () => {
  test("attribute and full splats", () => {
    expect(val("lo[*].id")).toEqual({ value: ["i1", "i2"], type: T.list(T.string) });
    expect(val("lo.*.id")).toEqual({ value: ["i1", "i2"], type: T.list(T.string) });
    expect(val("o[*].k")).toEqual({ value: ["v"], type: T.tuple([T.string]) });
    expect(val("n[*]")).toEqual({ value: [], type: T.emptyTuple });
  });
  test("on unknowns", () => {
    expect(val("ull[*]")).toEqual({
      value: T.refine(T.list(T.string), { notNull: true, lengthLower: 1, lengthUpper: 3 }),
      type: T.list(T.string),
    });
    expect(val("u[*]")).toEqual({ value: T.Unknown, type: T.dynamic });
    // A value that is not a sequence becomes a one-element tuple (it cannot be null here).
    expect(val("un[*]")).toEqual({
      value: [T.refine(T.number, { notNull: true })],
      type: T.tuple([T.number]),
    });
  });
});

describe("conditional", () => {
  test("unifies the result types", () => {
    expect(val('t ? 1 : "x"')).toEqual({ value: "1", type: T.string });
    expect(val("t ? nd : 1")).toEqual({ value: null, type: T.number });
  });
  test("an unknown condition refines the result from both sides", () => {
    expect(val("ub ? ur : 20").value).toEqual(
      T.refine(T.number, {
        numberLower: { value: 0, inclusive: true },
        numberUpper: { value: D("20"), inclusive: true },
      }),
    );
    expect(val("ub ? l : el").value).toEqual(T.refine(T.list(T.string), { notNull: true, lengthUpper: 2 }));
    expect(val('ub ? "a" : "b"').value).toEqual(T.refine(T.string, { notNull: true }));
    expect(val("ub ? n : n")).toEqual({ value: null, type: T.string });
  });
  test("errors", () => {
    expect(ev("n ? 1 : 2").d).toEqual([
      [
        "Null condition",
        "The condition value is null. Conditions must either be true or false.",
        "1,1,0-1,2,1",
        "1,1,0-1,10,9",
      ],
    ]);
    expect(ev("t ? [1] : {a = 1}").d).toEqual([
      [
        "Inconsistent conditional result types",
        "The true and false result expressions must have consistent types. The 'true' value is tuple, but the 'false' value is object.",
        "1,5,4-1,18,17",
        "1,1,0-1,18,17",
      ],
    ]);
  });
});

describe("for expressions", () => {
  test("tuples and objects, with conditions and grouping", () => {
    expect(val("[for x in [1, 2, 3]: x * 2 if x != 2]").value).toEqual([D("2"), D("6")]);
    expect(val("[for i, x in l: i]").value).toEqual([0, 1]);
    expect(val("{for k, v in m: v => k}").value).toEqual({ v1: "k1", v2: "k2" });
    expect(val('{for x in ["a", "b", "a"]: x => x...}').value).toEqual({ a: ["a", "a"], b: ["b"] });
    expect(val("[for x in st: x]").value).toEqual(["a", "b"]);
  });
  test("unknown collections and conditions", () => {
    expect(val("[for x in ul: x]")).toEqual({ value: T.Unknown, type: T.dynamic });
    expect(val("[for x in l: x if ub]")).toEqual({ value: T.Unknown, type: T.dynamic });
  });
  test("errors", () => {
    expect(ev("{for x in [1, 2, 1]: x => x}").d).toEqual([
      [
        "Duplicate object key",
        "Two different items produced the key \"1\" in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.",
        "1,22,21-1,23,22",
        "1,1,0-1,29,28",
      ],
    ]);
    expect(ev("[for x in null: x]").d).toEqual([
      [
        "Iteration over null value",
        "A null value cannot be used as the collection in a 'for' expression.",
        "1,11,10-1,15,14",
        "1,1,0-1,19,18",
      ],
    ]);
  });
});

describe("function calls", () => {
  test("calls, expansion and namespaced names", () => {
    expect(val("upper(s)")).toEqual({ value: "STR", type: T.string });
    expect(val("min([3, 1, 2]...)")).toEqual({ value: D("1"), type: T.number });
    expect(val('concat(l, ["z"])').value).toEqual(["x", "y", "z"]);
    expect(val("provider::p::up(s)").value).toBe("STR");
  });
  test.each([
    [
      "upper(a, s)",
      "Too many function arguments",
      'Function "upper" expects only 1 argument(s).',
      "1,10,9-1,11,10",
      "1,1,0-1,12,11",
    ],
    [
      "upper()",
      "Not enough function arguments",
      'Function "upper" expects 1 argument(s). Missing value for "str".',
      "1,7,6-1,8,7",
      "1,1,0-1,8,7",
    ],
    [
      "uppr(s)",
      "Call to unknown function",
      'There is no function named "uppr". Did you mean "upper"?',
      "1,1,0-1,5,4",
      "1,1,0-1,8,7",
    ],
    [
      "provider::p::nope(s)",
      "Call to unknown function",
      'There is no function named "nope" in namespace provider::p::.',
      "1,1,0-1,18,17",
      "1,1,0-1,21,20",
    ],
    [
      "provider::q::up(s)",
      "Call to unknown function",
      'There are no functions in namespace "provider::q::".',
      "1,1,0-1,16,15",
      "1,1,0-1,19,18",
    ],
    [
      "min(1...)",
      "Invalid expanding argument value",
      "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
      "1,5,4-1,6,5",
      "1,1,0-1,10,9",
    ],
    [
      "upper([1])",
      "Invalid function argument",
      'Invalid value for "str" parameter: string required, but have tuple.',
      "1,7,6-1,8,7",
      "1,1,0-1,11,10",
    ],
  ])("%s", (src, summary, detail, subject, context) => {
    expect(ev(src).d).toEqual([[summary, detail, subject, context]]);
  });
  test("no functions in the context", () => {
    expect(ev("upper(s)", { variables: {} }).d).toEqual([
      ["Function calls not allowed", "Functions may not be called here.", "1,1,0-1,9,8", ""],
    ]);
  });
});

describe("marks", () => {
  test("carried through operators, templates, conditions, for and splat", () => {
    expect(val('secret == "hush"').value).toEqual(T.mark(true, "sensitive"));
    expect(val('"x-${secret}"').value).toEqual(T.mark("x-hush", "sensitive"));
    expect(val('secret == "hush" ? 1 : 2').value).toEqual(T.mark(D("1"), "sensitive"));
    expect(val("[for x in secretList: x]").value).toEqual(T.mark(["p", "q"], "sensitive"));
    expect(val("secretList[*]").value).toEqual(T.mark(["p", "q"], "sensitive"));
    expect(val("upper(secret)").value).toEqual(T.mark("HUSH", "sensitive"));
  });
});

describe("templates", () => {
  const tmpl = (src: string, c: EvalContext = ctx) => {
    const p = parseExpression(src, "t");
    expect(diags(p.diagnostics)).toEqual([]);
    return p.expression.value(c);
  };
  test.each([
    ['"a${1}b"', "a1b"],
    ['"${true}"', true],
    ['"x%{if t}y%{else}z%{endif}"', "xy"],
    ['"%{for x in l}${x},%{endfor}"', "x,y,"],
    ['"a $${x} %%{y}"', "a ${x} %{y}"],
    ['"a ${~ 1 ~} b"', "a1b"],
    ['"\\u00e9\\U0001F600"', "é😀"],
    ["<<EOT\nhello\n  ${s}\nEOT\n", "hello\n  str\n"],
    ["<<-EOT\n    hello\n      ${s}\n    EOT\n", "hello\n  str\n"],
    ['"e\\u0301"', "\u00e9"],
  ])("%j", (src, want) => {
    expect(tmpl(src).value.value).toEqual(want);
  });
  test("an unknown part makes the result unknown, with the known text as its prefix", () => {
    expect(tmpl('"pre-${us}-post"').value).toEqual({
      value: T.refine(T.string, { notNull: true, stringPrefix: "pre-" }),
      type: T.string,
    });
  });
  test("null and unconvertible parts", () => {
    // "${n}" alone would be n itself; with text around it, the null is an error (and the
    // rest of the text still makes the value, as in hcl).
    const v = tmpl('"x${n}"');
    expect(v.value.value).toBe("x");
    expect(diags(v.diagnostics)).toEqual([
      [
        "Invalid template interpolation value",
        "The expression result is null. Cannot include a null value in a string template.",
        "1,5,4-1,6,5",
        "1,1,0-1,8,7",
      ],
    ]);
  });
  test("bare templates", () => {
    const p = parseTemplate("Hello, ${s}!\n%{ if t ~} yes %{~ endif }", "t");
    expect(diags(p.diagnostics)).toEqual([]);
    expect(p.expression.value(ctx).value).toEqual({ value: "Hello, str!\nyes", type: T.string });
    expect(r(p.expression.range)).toBe("1,1,0-2,27,39");
  });
  test("template diagnostics", () => {
    expect(diags(parseTemplate("%{ iff t }x%{ endif }", "t").diagnostics)).toEqual([
      [
        "Invalid template control keyword",
        '"iff" is not a valid template control keyword. Did you mean "if"?',
        "1,4,3-1,7,6",
        "1,1,0-1,7,6",
      ],
      [
        "Unexpected endif directive",
        "The control directives within this template are unbalanced.",
        "1,12,11-1,22,21",
        "",
      ],
    ]);
  });
});

describe("stdlibContext", () => {
  test("go-cty's functions under lower-case names", async () => {
    const { stdlibContext } = await import("../eval-context.js");
    const c = stdlibContext({ x: { value: -3, type: T.number } });
    expect(val('upper("a")', c).value).toBe("A");
    expect(val("abs(x)", c).value).toBe(3);
    expect(val("tostring(1)", c).value).toBe("1");
    expect(val("jsonencode({a = [1]})", c).value).toBe('{"a":[1]}');
    expect(val('formatdate("YYYY", "2024-01-02T00:00:00Z")', c).value).toBe("2024");
    expect(ev("add(1, 2)", c).d[0]?.[0]).toBe("Call to unknown function");
  });
});
