// Type expressions on named cases: the types, hcl's diagnostics for each way a type
// expression is refused, defaults and their application, and type strings.
import {
  bool,
  capsule,
  Dynamic,
  dynamic,
  list,
  Marked,
  map,
  mark,
  number,
  object,
  RefinedUnknown,
  set,
  string,
  tuple,
  typeEquals,
  Unknown,
} from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { describe, expect, test } from "vitest";
import { useHclOracle } from "../internal/go-oracle.test-support.js";
import {
  expectEvaluationSameAsGo,
  expectTypeexprSameAsGo,
  goApplyDefaults,
  parseClean,
  type Syntax,
  typedHexOwn,
} from "../internal/static-analysis.test-support.js";
import { parseExpression } from "../native/index.js";
import {
  applyDefaults,
  convertFunction,
  typeConstraint,
  typeConstraintFromValue,
  typeConstraintValue,
  typeConstraintWithDefaults,
  typeExact,
  typeString,
} from "./typeexpr.js";

const oracle = useHclOracle();

const parse = parseClean;

const constraintOf = (src: string, syntax: Syntax = "native") => typeConstraint(parse(src, syntax));

describe("types", () => {
  test("primitives, collections, tuples and objects", () => {
    expect(constraintOf("string").type).toBe(string);
    expect(typeEquals(constraintOf("list(number)").type, list(number))).toBe(true);
    expect(typeEquals(constraintOf("set(bool)").type, set(bool))).toBe(true);
    expect(typeEquals(constraintOf("map(any)").type, map(dynamic))).toBe(true);
    expect(typeEquals(constraintOf("tuple([string, number])").type, tuple([string, number]))).toBe(true);
    expect(
      typeEquals(
        constraintOf("object({a = string, b = optional(list(number))})").type,
        object({ a: string, b: list(number) }, ["b"]),
      ),
    ).toBe(true);
  });

  test("JSON strings hold type expressions", () => {
    expect(typeEquals(constraintOf('"map(list(string))"', "json").type, map(list(string)))).toBe(true);
    expect(constraintOf('"any"', "json").type).toBe(dynamic);
  });

  test("an exact type refuses any and optional", () => {
    const anyResult = typeExact(parse("any"));
    expect(anyResult.type).toBe(dynamic);
    expect(anyResult.diagnostics[0]?.detail).toBe(
      'The keyword "any" cannot be used in this type specification: an exact type is required.',
    );
    const opt = typeExact(parse("object({a = optional(string)})"));
    expect(opt.diagnostics.map((d) => d.detail)).toEqual([
      "Optional attribute modifier is only for type constraints, not for exact types.",
    ]);
    // The attribute keeps its type, without being optional.
    expect(typeEquals(opt.type, object({ a: string }))).toBe(true);
  });
});

describe("refusals, with hcl's details", () => {
  const detailOf = (src: string) => constraintOf(src).diagnostics.map((d) => d.detail);
  test.each([
    ["list", "The list type constructor requires one argument specifying the element type."],
    [
      "object",
      "The object type constructor requires one argument specifying the attribute types and values as a map.",
    ],
    ["tuple", "The tuple type constructor requires one argument specifying the element types as a list."],
    ["foo", 'The keyword "foo" is not a valid type specification.'],
    [
      "1",
      "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
    ],
    ["string()", 'Primitive type keyword "string" does not expect arguments.'],
    ["any(1)", 'Type constraint keyword "any" does not expect arguments.'],
    ["map(string, number)", "The map type constructor requires one argument specifying the element type."],
    [
      "object([string])",
      "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
    ],
    ["tuple({})", "Tuple type constructor requires a list of element types."],
    ["optional(string)", 'Keyword "optional" is valid only as a modifier for object type attributes.'],
    ["bogus(string)", 'Keyword "bogus" is not a valid type constructor.'],
    ['object({"a" = string})', "Object constructor map keys must be attribute names."],
    ["object({a = string, a = number})", "Object constructor map keys must be unique."],
    ["object({a = optional()})", "Optional attribute modifier requires the attribute type as its argument."],
    [
      "object({a = optional(string, 1)})",
      "Optional attribute modifier expects only one argument: the attribute type.",
    ],
  ])("%s", (src, detail) => {
    expect(detailOf(src)).toEqual([detail]);
  });

  test("extra arguments are pointed at from the second to the last", () => {
    const d = constraintOf("list(string, number, bool)").diagnostics[0]!;
    expect([d.subject?.start.column, d.subject?.end.column]).toEqual([14, 26]);
    expect([d.context?.start.column, d.context?.end.column]).toEqual([5, 27]);
  });

  test("a default that does not convert, or is not constant", () => {
    const bad = typeConstraintWithDefaults(parse('object({a = optional(number, "x")})'));
    expect(bad.diagnostics.map((d) => [d.summary, d.detail])).toEqual([
      [
        "Invalid default value for optional attribute",
        "This default value is not compatible with the attribute's type constraint: a number is required.",
      ],
    ]);
    expect(bad.defaults).toBeUndefined();
    const variable = typeConstraintWithDefaults(parse("object({a = optional(number, var.x)})"));
    expect(variable.diagnostics.map((d) => d.summary)).toEqual(["Variables not allowed"]);
    // Not optional after all: the default could not be read.
    expect(typeEquals(variable.type, object({ a: number }))).toBe(true);
  });
});

describe("defaults", () => {
  const withDefaults = (src: string) => {
    const r = typeConstraintWithDefaults(parse(src));
    expect(r.diagnostics).toEqual([]);
    return r.defaults!;
  };

  test("fill absent and null attributes, nested through lists", () => {
    const d = withDefaults('list(object({a = optional(string, "x"), b = optional(number)}))');
    const out = applyDefaults(d, {
      value: [
        { a: null, b: 1 },
        { a: "y", b: null },
      ],
      type: list(object({ a: string, b: number })),
    });
    expect(out.value).toEqual([
      { a: "x", b: 1 },
      { a: "y", b: null },
    ]);
    expect(typeEquals(out.type, list(object({ a: string, b: number })))).toBe(true);
  });

  test("keep marks, leave unknown and null values, refine an unknown attribute as not null", () => {
    const d = withDefaults('object({a = optional(string, "x")})');
    const t = object({ a: string });
    expect(applyDefaults(d, { value: null, type: t }).value).toBeNull();
    expect(applyDefaults(d, { value: Unknown, type: t }).value).toBe(Unknown);
    const marked = applyDefaults(d, { value: mark({ a: null }, "sensitive"), type: t });
    expect(marked.value).toBeInstanceOf(Marked);
    expect((marked.value as Marked).value).toEqual({ a: "x" });
    const refined = applyDefaults(d, { value: { a: Unknown }, type: t });
    expect((refined.value as Record<string, unknown>).a).toEqual(new RefinedUnknown({ notNull: true }));
  });

  test("no defaults, no Defaults", () => {
    expect(typeConstraintWithDefaults(parse("object({a = optional(string)})")).defaults).toBeUndefined();
  });
});

describe("typeString", () => {
  test("writes hcl's type expression text", () => {
    expect(typeString(list(object({ b: number, a: map(dynamic), "x y": bool })))).toBe(
      'list(object({a=map(any),b=number,"x y"=bool}))',
    );
    expect(typeString(tuple([string, set(number)]))).toBe("tuple([string,set(number)])");
    expect(typeString(object({ a: string }, ["a"]))).toBe("object({a=string})");
  });

  test("refuses capsule types", () => {
    expect(() => typeString(capsule("thing"))).toThrow(/capsule/);
  });
});

const sameAsGo: [string, Syntax][] = [
  ["string", "native"],
  ["list(map(set(number)))", "native"],
  [
    'object({a = optional(string, "x"), b = optional(list(object({c = optional(number, 1)})), [])})',
    "native",
  ],
  ["object({a = optional(map(string), {k = 1})})", "native"],
  ["tuple([object({a = optional(bool, true)}), string])", "native"],
  ["object({a = optional(number, null)})", "native"],
  ['object({a = optional(any, [1, "x"])})', "native"],
  ["object({a = optional(string, 1, 2)})", "native"],
  ["list(string, number, bool)", "native"],
  ["list(foo)", "native"],
  ["object({(a) = string})", "native"],
  ['"list(string)"', "json"],
  ['"object({a=optional(string, \\"x\\")})"', "json"],
  ['["string"]', "json"],
  ['{"a": "string"}', "json"],
  ['"strin"', "json"],
  ["1", "json"],
];

const defaultsSameAsGo: [string, TypedValue][] = [
  [
    'set(object({a = optional(string, "x"), b = optional(number)}))',
    {
      value: [
        { a: null, b: 1 },
        { a: "x", b: 1 },
      ],
      type: set(object({ a: string, b: number })),
    },
  ],
  [
    "map(object({a = optional(list(string), [])}))",
    { value: { k: { a: null }, j: { a: ["q"] } }, type: map(object({ a: list(string) })) },
  ],
  ['object({a = optional(any, [1, "x"])})', { value: { a: null }, type: object({ a: dynamic }) }],
  [
    'list(object({a = optional(map(string), {k = "v"})}))',
    { value: [{ a: null }, { a: { x: "y" } }], type: list(object({ a: map(string) })) },
  ],
  [
    "tuple([object({a = optional(bool, true)}), string])",
    { value: [{ a: null }, "s"], type: tuple([object({ a: bool }), string]) },
  ],
  [
    "object({a = optional(object({b = optional(number, 1)}), {})})",
    { value: { a: null }, type: object({ a: object({ b: number }) }) },
  ],
  [
    "map(object({a = optional(any, 1)}))",
    {
      value: { k: { a: new Dynamic(string, null) }, j: { a: new Dynamic(string, "s") } },
      type: map(object({ a: dynamic })),
    },
  ],
  ['list(object({a = optional(string, "x")}))', { value: [], type: list(object({ a: string })) }],
  ['object({a = optional(string, "x")})', { value: { a: Unknown }, type: object({ a: string }) }],
];

describe("defaults applied the same as hashicorp/hcl", () => {
  test.each(defaultsSameAsGo)("%s", async (src, value) => {
    const go = await goApplyDefaults(oracle, src, value);
    const { defaults } = typeConstraintWithDefaults(parse(src));
    expect(typedHexOwn(applyDefaults(defaults!, value))).toEqual(go);
  });
});

describe("the same as hashicorp/hcl", () => {
  test.each(sameAsGo)("%s (%s)", (src, syntax) => expectTypeexprSameAsGo(oracle, src, syntax));

  // The default fails on both attributes: go-cty names one "chosen arbitrarily" (Go's map
  // order), so either may come back from it; ours must be one it gives (found by the
  // unseeded property test).
  test("a default that fails on two attributes", () =>
    expectTypeexprSameAsGo(
      oracle,
      'object({a = optional(object({b = optional(tuple([])), a = object({})}), {a = "s", b = true})})',
      "native",
    ));
});

describe("types as function arguments", () => {
  const ctx = { functions: { convert: convertFunction } };
  const evaluate = (src: string) => parseExpression(src, "t.hcl").expression.value(ctx);

  test("convert reads its second argument as a type constraint", () => {
    const { value, diagnostics } = evaluate('convert(["1", 2], list(number))');
    expect(diagnostics).toEqual([]);
    expect(typeEquals(value.type, list(number))).toBe(true);
  });

  test("a value that does not convert is refused on the value, in go-cty's words", () => {
    const { diagnostics } = evaluate('convert({a = "x"}, object({a = number}))');
    expect(diagnostics.map((d) => [d.summary, d.detail, d.subject?.start.column])).toEqual([
      ["Invalid function argument", 'Invalid value for "value" parameter: a number is required.', 9],
    ]);
  });

  test("a type expression that is no type is refused with typeexpr's diagnostic", () => {
    const { value, diagnostics } = evaluate("convert(1, strin)");
    expect(value.type).toBe(dynamic);
    expect(diagnostics.map((d) => d.detail)).toEqual([
      'The keyword "strin" is not a valid type specification.',
    ]);
  });

  test("bad input: a value that is no type constraint", () => {
    expect(() => typeConstraintFromValue("string")).toThrow(TypeError);
    expect(typeConstraintFromValue(typeConstraintValue(set(bool)).value)).toEqual(set(bool));
  });
});

const convertSameAsGo = [
  // go-cty panics on the remainder of an infinity, which we refuse (found by the property).
  "convert(1e3 / 0 % -0.1, string)",
  'convert({a = "x"}, object({a = number}))',
  'convert({a = "x"}, object({b = number}))',
  'convert({a = "x"}, object({a = string, b = optional(number)}))',
  "convert(null, list(string))",
  'convert(["a", 1], set(string))',
  "convert([1], tuple([string, bool]))",
  "convert(1, any)",
  "convert(1, list)",
  "convert(1)",
];

describe("convert the same as hashicorp/hcl", () => {
  test.each(convertSameAsGo)("%s", (src) => expectEvaluationSameAsGo(oracle, src, "native", {}));

  // Two attributes fail: go-cty names one "chosen arbitrarily" (Go's map order), so either may
  // come back from it; ours must be one it gives (found by the unseeded property test).
  test("an object conversion where two attributes fail", () =>
    expectEvaluationSameAsGo(oracle, "convert(v, object({b = string, a = object({})}))", "native", {
      variables: { v: { value: Unknown, type: object({ a: list(string), b: set(string) }) } },
    }));
});
