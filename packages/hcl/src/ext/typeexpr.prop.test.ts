// Differential tests of type expressions: generated type expression text, valid and invalid,
// native and JSON syntax, read by ours and by hashicorp/hcl's ext/typeexpr (exact type, type
// constraint, constraint with defaults: types, type strings, defaults and diagnostics must
// agree); and defaults applied to generated values (nulls, unknowns, nesting) as hcl applies them.
import { withoutOptionalAttributesDeep } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import fc from "fast-check";
import { expect, test } from "vitest";
import { type SharedContext, useHclOracle } from "../internal/go-oracle.test-support.js";
import {
  anyTypedExpressionArb,
  callableFunctions,
  expressionArb,
  valueArb,
  variablesArb,
} from "../internal/hcl-arbitraries.test-support.js";
import {
  expectEvaluationSameAsGo,
  expectTypeexprSameAsGo,
  goApplyDefaults,
  type Syntax,
  typedHexOwn,
} from "../internal/static-analysis.test-support.js";
import { jsonTypeExprArb, typeExprArb } from "../internal/typeexpr-arbitraries.test-support.js";
import { parseExpression } from "../native/index.js";
import { applyDefaults, typeConstraintWithDefaults } from "./typeexpr.js";

const oracle = useHclOracle();

const expectSameAsGo = (src: string, syntax: Syntax) => expectTypeexprSameAsGo(oracle, src, syntax);

test("native type expressions, valid and not, read as hcl reads them", async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(typeExprArb(3), typeExprArb(3, true)), (src) => expectSameAsGo(src, "native")),
    { numRuns: 300 },
  );
});

test("JSON type expressions read as hcl reads them", async () => {
  await fc.assert(
    fc.asyncProperty(jsonTypeExprArb(3), (src) => expectSameAsGo(src, "json")),
    { numRuns: 200 },
  );
});

test("defaults are applied to values as hcl applies them", async () => {
  const cases = typeExprArb(3, true, false)
    .map((src) => ({ src, r: typeConstraintWithDefaults(parseExpression(src, "t.hcl").expression) }))
    // The shared value generator makes sets of primitives only.
    .filter(
      ({ src, r }) =>
        r.diagnostics.length === 0 &&
        r.defaults !== undefined &&
        !/set\((object|tuple|list|map|set)/.test(src),
    )
    .chain(({ src, r }) => {
      const type = withoutOptionalAttributesDeep(r.type);
      return valueArb(type).map((value) => ({
        src,
        defaults: r.defaults!,
        value: { value, type } as TypedValue,
      }));
    });
  await fc.assert(
    fc.asyncProperty(cases, async ({ src, defaults, value }) => {
      const go = await goApplyDefaults(oracle, src, value);
      expect(typedHexOwn(applyDefaults(defaults, value))).toEqual(go);
    }),
    { numRuns: 200 },
  );
});

test("convert(value, type) as hcl's typeexpr.ConvertFunc, type expressions valid or not", async () => {
  const contextArb: fc.Arbitrary<SharedContext> = variablesArb.map((variables) => ({
    variables,
    functions: callableFunctions,
  }));
  const src = fc
    .tuple(
      fc.oneof(expressionArb({ depth: 2 }), anyTypedExpressionArb(2)),
      fc.oneof(typeExprArb(2), typeExprArb(2, true)),
    )
    .map(([value, type]) => `convert(${value}, ${type})`);
  await fc.assert(
    fc.asyncProperty(src, contextArb, (s, ctx) => expectEvaluationSameAsGo(oracle, s, "native", ctx)),
    { numRuns: 250 },
  );
});
