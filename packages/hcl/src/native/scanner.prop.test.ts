// Differential tests of the scanner against hclsyntax's own (the Go oracle): on generated
// configs, expressions and templates, and on arbitrary bytes (invalid UTF-8 included), the
// same token types with the same ranges (line, column in grapheme clusters, byte).
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { goLex, plainRange, useHclOracle } from "../internal/go-oracle.test-support.js";
import {
  configArb,
  expressionArb,
  hclBytesArb,
  knownScannerDisagreement,
  templateArb,
} from "../internal/hcl-arbitraries.test-support.js";
import { initialPos } from "../pos.js";
import { scanTokens } from "./scanner.js";

const oracle = useHclOracle();
const encoder = new TextEncoder();

async function expectSameTokens(src: Uint8Array, mode: "config" | "expression" | "template"): Promise<void> {
  const go = await goLex(oracle, src, mode);
  const ours = scanTokens(src, "test.hcl", initialPos, mode === "template" ? "template" : "normal").map(
    (t) => ({
      type: t.type,
      range: plainRange(t.range),
    }),
  );
  expect(ours, Buffer.from(src).toString("latin1")).toEqual(go.tokens);
}

describe("scanTokens is hclsyntax's scanner", () => {
  test("on generated configs", async () => {
    await fc.assert(
      fc.asyncProperty(configArb, (src) => expectSameTokens(encoder.encode(src), "config")),
      { numRuns: 150 },
    );
  });

  test("on generated expressions", async () => {
    await fc.assert(
      fc.asyncProperty(expressionArb(), (src) => expectSameTokens(encoder.encode(src), "expression")),
      { numRuns: 150 },
    );
  });

  test("on generated templates", async () => {
    await fc.assert(
      fc.asyncProperty(templateArb(), (src) => expectSameTokens(encoder.encode(src), "template")),
      { numRuns: 150 },
    );
  });

  test("on arbitrary bytes, in both modes", async () => {
    await fc.assert(
      fc.asyncProperty(hclBytesArb, fc.constantFrom("config" as const, "template" as const), (src, mode) => {
        fc.pre(!knownScannerDisagreement(src));
        return expectSameTokens(src, mode);
      }),
      { numRuns: 300 },
    );
  });
});
