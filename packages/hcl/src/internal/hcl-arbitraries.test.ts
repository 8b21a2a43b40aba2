// The generators of the differential tests write text hashicorp's parser accepts, and
// variables it can take; otherwise the differential tests would compare mostly parse errors.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { type DiagnosticShape, goExpression, useHclOracle } from "./go-oracle.test-support.js";
import {
  anyTypedExpressionArb,
  callableFunctions,
  expressionArb,
  templateArb,
  variablesArb,
} from "./hcl-arbitraries.test-support.js";

const oracle = useHclOracle();

/** Go's parse of each sample: the rejected ones, and how many evaluated without diagnostics. */
async function goOn(
  samples: readonly [string, Parameters<typeof goExpression>[1]["context"]][],
  template: boolean,
) {
  const rejected: { src: string; diagnostics: readonly DiagnosticShape[] }[] = [];
  let clean = 0;
  for (const [src, context] of samples) {
    const go = await goExpression(oracle, { src, ...(context ? { context } : {}) }, template);
    if (go.parseDiagnostics.length > 0) rejected.push({ src, diagnostics: go.parseDiagnostics });
    if (go.value?.diagnostics.length === 0) clean++;
  }
  return { rejected, clean };
}

const withVariables = (src: fc.Arbitrary<string>) =>
  fc.tuple(
    src,
    variablesArb.map((variables) => ({ variables, functions: callableFunctions })),
  );

describe("the HCL generators", () => {
  test("every generated expression parses in hashicorp/hcl, and some evaluate without errors", async () => {
    const samples = fc.sample(withVariables(expressionArb()), { numRuns: 300, seed: 1 });
    const { rejected, clean } = await goOn(samples, false);
    expect(rejected).toEqual([]);
    expect(clean).toBeGreaterThan(samples.length / 20);
  });

  test("every well-typed expression parses, and most evaluate without errors", async () => {
    const samples = fc.sample(withVariables(anyTypedExpressionArb()), { numRuns: 300, seed: 3 });
    const { rejected, clean } = await goOn(samples, false);
    expect(rejected).toEqual([]);
    expect(clean).toBeGreaterThan(samples.length * 0.7);
  });

  test("every generated template parses in hashicorp/hcl", async () => {
    const samples = fc.sample(withVariables(templateArb()), { numRuns: 200, seed: 2 });
    const { rejected, clean } = await goOn(samples, true);
    expect(rejected).toEqual([]);
    expect(clean).toBeGreaterThan(samples.length / 20);
  });
});
