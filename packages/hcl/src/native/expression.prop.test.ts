// Differential tests: our native-syntax parser and evaluator against hashicorp/hcl/v2 itself
// (the Go oracle), on generated expressions and templates (valid ones, and broken ones for the
// parse errors) evaluated with generated variables (unknowns, refined unknowns and nulls among
// them) and go-cty's stdlib functions. Parse diagnostics, ranges, the variables referenced, the
// value (type and msgpack bytes, so refinements too) and evaluation diagnostics must agree.
import { typeToJSONText } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  diagnosticShape,
  goExpression,
  goModuloPanicAsOurRefusal,
  hex,
  ourContext,
  plainRange,
  type SharedContext,
  typedHex,
  useHclOracle,
  withSuggestionsSettled,
} from "../internal/go-oracle.test-support.js";
import {
  anyTypedExpressionArb,
  callableFunctions,
  expressionArb,
  mutated,
  templateArb,
  variablesArb,
} from "../internal/hcl-arbitraries.test-support.js";
import type { Pos } from "../pos.js";
import type { Traversal } from "../traversal.js";
import { parseExpression, parseTemplate } from "./index.js";

const oracle = useHclOracle();

const contextArb: fc.Arbitrary<SharedContext> = variablesArb.map((variables) => ({
  variables,
  functions: callableFunctions,
}));

const traversalShape = (t: Traversal) =>
  t.map((s) =>
    s.kind === "index"
      ? { kind: s.kind, key: typedHex({ value: s.key, type: s.keyType }), range: plainRange(s.range) }
      : s.kind === "splat"
        ? { kind: s.kind, range: plainRange(s.range) }
        : { kind: s.kind, name: s.name, range: plainRange(s.range) },
  );

const valueShape = (tv: TypedValue) => ({
  type: typeToJSONText(tv.type),
  hex: hex(encodeMsgpack(tv.value, tv.type)),
});

/**
 * Known disagreement, skipped: a literal with an exponent too big for a Decimal
 * (`1e54740993`) is a number to go-cty (it has a 32-bit binary exponent) and "Invalid number
 * literal" to us. (Values are compared exactly: literals and converted strings are 512-bit
 * Decimals in ours as in go-cty, and a zero's sign shows wherever a number is printed.)
 */
const hugeExponent = /\d[eE][+-]?\d{6,}/;

/** Ours and Go's answers on one text, compared piece by piece (each with its own message). */
async function expectSameAsGo(
  src: string,
  context: SharedContext,
  template: boolean,
  start?: Pos,
): Promise<void> {
  fc.pre(!hugeExponent.test(src));
  const go = await goExpression(oracle, { src, context, ...(start ? { start } : {}) }, template);
  const parsed = template ? parseTemplate(src, "test.hcl", start) : parseExpression(src, "test.hcl", start);
  const { expression } = parsed;
  const parseDiagnostics = parsed.diagnostics.map(diagnosticShape);
  expect(
    withSuggestionsSettled(parseDiagnostics, go.parseDiagnostics),
    `parse diagnostics of ${src}`,
  ).toEqual(go.parseDiagnostics);
  if (go.value === undefined) return;
  expect(plainRange(expression.range), `range of ${src}`).toEqual(go.range);
  expect(plainRange(expression.startRange), `start range of ${src}`).toEqual(go.startRange);
  expect(expression.variables().map(traversalShape), `variables of ${src}`).toEqual(
    go.variables.map(traversalShape),
  );
  const { value, diagnostics } = expression.value(ourContext(context));
  const goDiagnostics = goModuloPanicAsOurRefusal(go.value.diagnostics);
  expect(
    withSuggestionsSettled(diagnostics.map(diagnosticShape), goDiagnostics),
    `diagnostics of ${src}`,
  ).toEqual(goDiagnostics);
  const ours = valueShape(value);
  const theirs = { type: typeToJSONText(go.value.type), hex: go.value.hex };
  expect(ours, `value of ${src}`).toEqual(theirs);
}

describe("native expressions evaluate as hashicorp/hcl evaluates them", () => {
  test("well-typed expressions", async () => {
    await fc.assert(
      fc.asyncProperty(anyTypedExpressionArb(), contextArb, (src, ctx) => expectSameAsGo(src, ctx, false)),
      { numRuns: 300 },
    );
  });

  test("any expressions (errors included)", async () => {
    await fc.assert(
      fc.asyncProperty(expressionArb(), contextArb, (src, ctx) => expectSameAsGo(src, ctx, false)),
      { numRuns: 300 },
    );
  });

  test("templates", async () => {
    await fc.assert(
      fc.asyncProperty(templateArb(), contextArb, (src, ctx) => expectSameAsGo(src, ctx, true)),
      { numRuns: 200 },
    );
  });

  test("broken expressions and templates: the same parse errors", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutated(expressionArb({ depth: 2 })).map((src) => ({ src, template: false })),
          mutated(templateArb({ depth: 2 })).map((src) => ({ src, template: true })),
        ),
        contextArb,
        ({ src, template }, ctx) => expectSameAsGo(src, ctx, template),
      ),
      { numRuns: 300 },
    );
  });

  test("from a start position other than the file's start", async () => {
    const start = fc
      .tuple(fc.integer({ min: 1, max: 50 }), fc.integer({ min: 1, max: 80 }), fc.nat(5000))
      .map(([line, column, byte]): Pos => ({ line, column, byte }));
    await fc.assert(
      fc.asyncProperty(expressionArb({ depth: 2 }), contextArb, start, (src, ctx, at) =>
        expectSameAsGo(src, ctx, false, at),
      ),
      { numRuns: 100 },
    );
  });

  test("with no context at all", async () => {
    await fc.assert(
      fc.asyncProperty(expressionArb({ depth: 2 }), (src) => expectSameAsGo(src, { none: true }, false)),
      { numRuns: 100 },
    );
  });
});
