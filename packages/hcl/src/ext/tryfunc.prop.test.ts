// Differential tests of try and can: generated expressions (many of which fail: unknown
// variables, wrong types, bad indexes, function errors, unknown values) wrapped in try() and
// can(), evaluated by ours and by hashicorp/hcl with ext/tryfunc (the Go oracle), native and
// JSON syntax: values (type and msgpack) and diagnostics, the "no expression succeeded" text
// among them, must agree.
import fc from "fast-check";
import { test } from "vitest";
import { type SharedContext, useHclOracle } from "../internal/go-oracle.test-support.js";
import { callableFunctions, expressionArb, variablesArb } from "../internal/hcl-arbitraries.test-support.js";
import { expectEvaluationSameAsGo } from "../internal/static-analysis.test-support.js";

const oracle = useHclOracle();

const contextArb: fc.Arbitrary<SharedContext> = variablesArb.map((variables) => ({
  variables,
  functions: callableFunctions,
}));

const failing = expressionArb({ depth: 2 });
const wrapped = fc.oneof(
  fc.array(failing, { minLength: 1, maxLength: 3 }).map((xs) => `try(${xs.join(", ")})`),
  failing.map((x) => `can(${x})`),
  fc.tuple(failing, failing).map(([a, b]) => `[try(${a}, "fallback"), can(${b})]`),
  failing.map((x) => `try(${x}, can(${x}))`),
  failing.map((x) => `can(try(${x}))`),
  fc.constantFrom("try()", "can()", "can(1, 2)", "try([1, 2]...)", "try(nope...)", "try(v1, v2, v3)"),
);

test("try and can in native expressions, as hcl's tryfunc", async () => {
  await fc.assert(
    fc.asyncProperty(wrapped, contextArb, (src, ctx) => expectEvaluationSameAsGo(oracle, src, "native", ctx)),
    { numRuns: 300 },
  );
});

test("try and can in JSON strings, as hcl's tryfunc", async () => {
  await fc.assert(
    fc.asyncProperty(
      wrapped.map((s) => JSON.stringify(`\${${s}}`)),
      contextArb,
      (src, ctx) => expectEvaluationSameAsGo(oracle, src, "json", ctx),
    ),
    { numRuns: 150 },
  );
});
