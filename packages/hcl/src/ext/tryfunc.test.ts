// try, can and expression-taking parameters on named cases: fallbacks, errors, unknowns,
// marks, the JSON syntax, and a function of our own that takes an expression.
import {
  bool,
  type CtyValue,
  dynamic,
  list,
  Marked,
  mark,
  number,
  object,
  string,
  Unknown,
  valuesEqual,
} from "@tsvider/cty";
import { defineFunction } from "@tsvider/cty/function";
import { describe, expect, test } from "vitest";
import type { EvalContext } from "../eval-context.js";
import { stdlibContext } from "../eval-context.js";
import { decode } from "../hcldec/index.js";
import { parseJsonExpression } from "../json/index.js";
import { parseConfig, parseExpression } from "../native/index.js";
import { absTraversalForExpr, exprAsKeyword } from "../static.js";
import {
  capsulePayload,
  customDecodedType,
  customExpressionDecoderFor,
  expressionClosureFromValue,
  expressionClosureType,
  expressionFromValue,
  expressionType,
  expressionValue,
} from "./customdecode.js";
import { tryFunctions } from "./tryfunc.js";
import { typeConstraintFromValue, typeConstraintType } from "./typeexpr.js";

const base = stdlibContext({
  obj: { value: { a: "x" }, type: object({ a: string }) },
  unk: { value: Unknown, type: string },
  secret: { value: mark("s", "sensitive"), type: string },
});
const ctx: EvalContext = { ...base, functions: { ...base.functions, ...tryFunctions } };

function evaluate(src: string, c: EvalContext = ctx) {
  const { expression, diagnostics } = parseExpression(src, "t.hcl");
  expect(diagnostics).toEqual([]);
  return expression.value(c);
}

describe("try", () => {
  test("gives the first argument that has no errors", () => {
    expect(evaluate('try(obj.b, obj.a, "z")').value).toEqual({ value: "x", type: string });
    const { value } = evaluate('try(tonumber("no"), 2)');
    expect(value.type).toBe(number);
    expect(valuesEqual(value.value, 2, number)).toBe(true);
  });

  test("an unknown result is an unknown of unknown type", () => {
    expect(evaluate("try(unk, 1)").value).toEqual({ value: Unknown, type: dynamic });
    expect(evaluate("try([unk], 1)").value).toEqual({ value: Unknown, type: dynamic });
  });

  test("marks on the chosen value stay", () => {
    const { value } = evaluate('try(secret, "x")');
    expect(value.value).toBeInstanceOf(Marked);
  });

  test("when nothing succeeds, every argument's errors are listed", () => {
    const { value, diagnostics } = evaluate("try(obj.b, nope)");
    expect(value.type).toBe(dynamic);
    expect(diagnostics.map((d) => d.summary)).toEqual(["Error in function call"]);
    expect(diagnostics[0]?.detail).toBe(
      'Call to function "try" failed: no expression succeeded:\n' +
        '- Unsupported attribute (at t.hcl:1,8-10)\n  This object does not have an attribute named "b".\n' +
        '- Unknown variable (at t.hcl:1,12-16)\n  There is no variable named "nope".\n' +
        "\nAt least one expression must produce a successful result.",
    );
  });

  test("with no arguments it fails", () => {
    expect(evaluate("try()").diagnostics[0]?.detail).toBe(
      'Call to function "try" failed: at least one argument is required.',
    );
  });

  test("expanded arguments are tried one by one", () => {
    const { value } = evaluate("try([1, 2]...)");
    expect(valuesEqual(value.value, 1, number)).toBe(true);
  });
});

describe("can", () => {
  test("true, false, or unknown when the value is not known yet", () => {
    expect(evaluate("can(obj.a)").value).toEqual({ value: true, type: bool });
    expect(evaluate("can(obj.b)").value).toEqual({ value: false, type: bool });
    expect(evaluate("can(unk)").value).toEqual({ value: Unknown, type: bool });
  });

  test("takes exactly one argument", () => {
    expect(evaluate("can(1, 2)").diagnostics.map((d) => d.summary)).toEqual(["Too many function arguments"]);
    expect(evaluate("can()").diagnostics.map((d) => d.summary)).toEqual(["Not enough function arguments"]);
  });
});

test("try and can inside JSON strings", () => {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: HCL template text, not a JS template
  const { expression } = parseJsonExpression('"${try(obj.b, \\"d\\")}-${can(obj.a)}"', "t.json");
  expect(expression.value(ctx).value).toEqual({ value: "d-true", type: string });
});

describe("expression-taking parameters", () => {
  test("a function can take an argument's expression and read it statically", () => {
    const keyword = defineFunction({
      params: [{ name: "name", type: expressionType }],
      returnType: string,
      impl: ([arg]) => exprAsKeyword(expressionFromValue(arg!.value)),
    });
    const c: EvalContext = { functions: { keyword } };
    // `undefined_name` is never evaluated, so it is no error.
    expect(evaluate("keyword(undefined_name)", c).value).toEqual({ value: "undefined_name", type: string });
  });

  test("a custom decoder's diagnostics and missing values reach the call", () => {
    const refused = customDecodedType("refused", (expression) => ({
      diagnostics: [{ severity: "error", summary: "Refused", detail: "no", subject: expression.range }],
    }));
    const f = defineFunction({ params: [{ name: "x", type: refused }], returnType: number, impl: () => 1 });
    const r = evaluate("f(1)", { functions: { f } });
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Refused"]);
    expect(r.value.type).toBe(dynamic);
  });

  test("closures evaluate in the caller's context", () => {
    const twice = defineFunction({
      params: [{ name: "e", type: expressionClosureType }],
      returnType: dynamic,
      impl: ([arg]) => {
        const closure = expressionClosureFromValue(arg!.value);
        expect(closure.evalContext).toBe(ctx2);
        return closure.value().value.value;
      },
    });
    const ctx2: EvalContext = { variables: { n: { value: null, type: dynamic } }, functions: { twice } };
    expect(evaluate("twice(n)", ctx2).value.value).toBeNull();
  });

  test("bad input: a value that is no capsule, or another capsule type's", () => {
    expect(() => expressionFromValue("text")).toThrow(TypeError);
    expect(() =>
      expressionClosureFromValue(expressionValue(parseExpression("a", "t").expression).value),
    ).toThrow(/expression closure/);
    expect(() => capsulePayload(expressionType, null)).toThrow(TypeError);
    expect(customExpressionDecoderFor(string)).toBeUndefined();
  });
});

describe("hcldec attributes of an expression-taking type", () => {
  test("an attr spec hands over the expression, unevaluated", () => {
    const { file } = parseConfig("depends_on = a.b[0]\n", "t.hcl");
    const r = decode(file.body, { kind: "attr", name: "depends_on", type: expressionType });
    expect(r.diagnostics).toEqual([]);
    expect(absTraversalForExpr(expressionFromValue(r.value.value)).traversal).toHaveLength(3);
  });

  test("a block-attrs spec reads each attribute as a type constraint", () => {
    const { file } = parseConfig("types {\n  a = list(string)\n  b = bogus\n}\n", "t.hcl");
    const r = decode(file.body, { kind: "blockAttrs", typeName: "types", elementType: typeConstraintType });
    expect(r.diagnostics.map((d) => d.detail)).toEqual([
      'The keyword "bogus" is not a valid type specification.',
    ]);
    const record = r.value.value as Record<string, CtyValue>;
    expect(typeConstraintFromValue(record.a!)).toEqual(list(string));
    expect(record.b).toBe(Unknown);
  });
});
