// formatHcl against hclwrite.Format itself (the Go oracle): generated configs with irregular
// spacing, comments, blocks, multi-line values and some broken syntax must come out byte for
// byte as hashicorp's formatter writes them.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { goFormat, goFormatBytes, hex, useHclOracle } from "../internal/go-oracle.test-support.js";
import { configArb, expressionArb, hclBytesArb } from "../internal/hcl-arbitraries.test-support.js";
import { formatHcl, formatHclBytes } from "./format.js";

const oracle = useHclOracle();

describe("formatHcl is hclwrite.Format", () => {
  test("on generated configs", async () => {
    await fc.assert(
      fc.asyncProperty(configArb, async (src) => {
        expect(formatHcl(src)).toBe(await goFormat(oracle, src));
      }),
      { numRuns: 200 },
    );
  });

  test("on attributes with generated expressions", async () => {
    await fc.assert(
      fc.asyncProperty(expressionArb(), async (e) => {
        const src = `value = ${e}\n`;
        expect(formatHcl(src)).toBe(await goFormat(oracle, src));
      }),
      { numRuns: 200 },
    );
  });

  test("on arbitrary bytes", async () => {
    await fc.assert(
      fc.asyncProperty(hclBytesArb, async (src) => {
        expect(hex(formatHclBytes(src))).toBe(hex(await goFormatBytes(oracle, src)));
      }),
      { numRuns: 200 },
    );
  });

  test("is idempotent where hclwrite is", async () => {
    await fc.assert(
      fc.asyncProperty(configArb, async (src) => {
        const once = await goFormat(oracle, src);
        if ((await goFormat(oracle, once)) !== once) return;
        expect(formatHcl(once)).toBe(once);
      }),
      { numRuns: 100 },
    );
  });
});

describe("formatHcl examples", () => {
  test("aligns the = of consecutive attributes and indents blocks", () => {
    expect(formatHcl('resource "a" "b" {\nx=1\nlonger_name   =  [1,2]\n\n  y = {a=1, b = -2}\n}\n')).toBe(
      'resource "a" "b" {\n  x           = 1\n  longer_name = [1, 2]\n\n  y = { a = 1, b = -2 }\n}\n',
    );
  });

  test("aligns trailing comments", () => {
    expect(formatHcl("a = 1 # one\nbbb = 22 # two\n")).toBe("a   = 1  # one\nbbb = 22 # two\n");
  });

  test("keeps bytes that are not UTF-8", () => {
    const bytes = Uint8Array.from([0x61, 0x3d, 0x22, 0xff, 0x22, 0x0a]);
    expect(Array.from(formatHclBytes(bytes))).toEqual([0x61, 0x20, 0x3d, 0x20, 0x22, 0xff, 0x22, 0x0a]);
  });

  test("keeps a U+FEFF that is text (all but a leading byte order mark)", async () => {
    for (const src of ["\ufeff\ufeffa=1\n", "\ufeffa=1\n", 'a="\ufeff"\n']) {
      expect(formatHcl(src)).toBe(await goFormat(oracle, src));
    }
  });

  test("formats text with syntax errors without complaint", () => {
    expect(formatHcl("a = [\n1,\n")).toBe("a = [\n  1,\n");
  });
});
