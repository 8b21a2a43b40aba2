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
      fc.asyncProperty(hclBytesArb, fc.constantFrom("config" as const, "template" as const), (src, mode) =>
        expectSameTokens(src, mode),
      ),
      { numRuns: 300 },
    );
  });

  // hcl's identifier characters are byte patterns (hclsyntax/unicode_derived.rl), some of
  // them not UTF-8 at all: identifiers made of lead bytes and arbitrary bytes after them, and
  // U+FEFF anywhere, must split and count (columns, bytes) as hcl's do.
  test("on identifier-like bytes and byte order marks", async () => {
    const piece = fc.oneof(
      fc.constantFrom(
        Uint8Array.of(0x61),
        Uint8Array.of(0x5f),
        Uint8Array.of(0x2d),
        Uint8Array.of(0x20),
        Uint8Array.of(0x0a),
        Uint8Array.of(0x3d),
        Uint8Array.of(0xef, 0xbb, 0xbf),
        encoder.encode("é"),
        encoder.encode("中"),
        encoder.encode("\u{1f600}"),
        encoder.encode("\u{20000}"),
      ),
      // A lead byte (or any byte) and whatever bytes follow it.
      fc
        .tuple(fc.integer({ min: 0x80, max: 0xff }), fc.uint8Array({ minLength: 0, maxLength: 3 }))
        .map(([lead, rest]) => Uint8Array.of(lead, ...rest)),
    );
    const bytes = fc
      .array(piece, { maxLength: 12 })
      .map((parts) => Uint8Array.from(parts.flatMap((p) => [...p])));
    await fc.assert(
      fc.asyncProperty(bytes, fc.constantFrom("config" as const, "template" as const), (src, mode) =>
        expectSameTokens(src, mode),
      ),
      { numRuns: 300 },
    );
  });
});

describe("scanTokens on hcl's byte patterns", () => {
  test("every two-byte sequence after a letter", async () => {
    // One file holding "a", a lead byte 0xC0-0xDF and a second byte, for all 8,192 pairs, each
    // on a line of its own: hcl's tables decide which pairs continue the identifier.
    const parts: number[] = [];
    for (let lead = 0xc0; lead <= 0xdf; lead++)
      for (let second = 0; second <= 0xff; second++) parts.push(0x61, lead, second, 0x20, 0x0a);
    await expectSameTokens(Uint8Array.from(parts), "config");
  });

  test("a U+FEFF at the start and in the middle", async () => {
    for (const text of ["\ufeffa = 1", "\ufeff\ufeffa = 1", "a = \ufeff1", 'a = "x\ufeffy"', "a\ufeff = 1"]) {
      await expectSameTokens(encoder.encode(text), "config");
      await expectSameTokens(encoder.encode(text), "template");
    }
  });
});
