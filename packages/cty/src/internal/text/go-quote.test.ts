// Go's strconv quoting: examples, and the messages of go-cty's that quote (csvdecode's
// duplicate column name quotes a string, format's unrecognized verb a rune) compared with
// go-cty's over text from every corner of Unicode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvDecode } from "../../stdlib/csv.js";
import { format } from "../../stdlib/format.js";
import { expectSameAsGo, str, useGoOracle } from "../../stdlib/go-oracle.test-support.js";
import { textArb } from "../../stdlib/internal/text-arbitraries.test-support.js";
import { goQuote, goQuoteBytes, goQuoteRune } from "./go-quote.js";

const oracle = useGoOracle();

// Characters whose quoting differs between Go's rules and naive ones: escapes, spaces Go does
// not print, format characters, one assigned only since Unicode 15.0 (U+2FFC, which go-cty's
// Go does not know), one never assigned, and characters beyond the BMP.
const tricky = fc.constantFrom(
  "a",
  "é",
  "\\",
  "\t",
  "\u0000",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u00ad",
  "\u200b",
  "\u2028",
  "\u2ffc",
  "\u0378",
  "\ufeff",
  "\ufffd",
  "\u{1f600}",
  "\u{e0001}",
  "\u{10ffff}",
);
const trickyText = fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join("").normalize("NFC"));

describe("goQuote", () => {
  it("writes printable characters as they are and escapes the others, as Go's strconv.Quote", () => {
    expect(goQuote("plain text")).toBe('"plain text"');
    expect(goQuote('a"b\\c')).toBe('"a\\"b\\\\c"');
    expect(goQuote("\u0007\b\f\n\r\t\v\u0000\u007f")).toBe('"\\a\\b\\f\\n\\r\\t\\v\\x00\\x7f"');
    expect(goQuote("é😀\u00a0\u2028\u{e0001}")).toBe('"é😀\\u00a0\\u2028\\U000e0001"');
    expect(goQuote("\u2ffc")).toBe('"\\u2ffc"');
    // A lone surrogate reaches Go as U+FFFD, which is printable.
    expect(goQuote("a\ud800b")).toBe('"a\ufffdb"');
  });

  it("quotes bytes that are not UTF-8 one by one", () => {
    expect(goQuoteBytes(new Uint8Array([0x61, 0xe2, 0x82, 0x62, 0xff]))).toBe('"a\\xe2\\x82b\\xff"');
    expect(goQuoteBytes(new TextEncoder().encode("xé\ny"), 1, 4)).toBe('"é\\n"');
  });

  it("quotes a rune in single quotes; a rune that is no code point is U+FFFD", () => {
    expect(goQuoteRune(0x27)).toBe("'\\''");
    expect(goQuoteRune(0x22)).toBe("'\"'");
    expect(goQuoteRune(0xd800)).toBe("'\ufffd'");
    expect(goQuoteRune(0x110000)).toBe("'\ufffd'");
  });

  it("quotes strings in go-cty's messages as go-cty does", async () => {
    const name = fc.oneof(trickyText, textArb).filter((s) => !/[,"\r\n]/.test(s));
    await fc.assert(
      fc.asyncProperty(name, async (s) => {
        await expectSameAsGo(oracle, "csvDecode", csvDecode, [str(`${s},${s}\n`)]);
      }),
      { numRuns: 200 },
    );
  });

  it("quotes runes in go-cty's messages as go-cty does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(tricky, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })),
        async (ch) => {
          await expectSameAsGo(oracle, "format", format, [str(`%${ch}`.normalize("NFC"))]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
