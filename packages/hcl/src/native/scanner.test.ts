// The scanner's tokens for each construct, with ranges (as hclsyntax's scanner gives them).
/* biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL templates in HCL source */
import { describe, expect, test } from "vitest";
import { initialPos } from "../pos.js";
import { scanTokens } from "./scanner.js";
import { r } from "./test-helpers.test-support.js";

const enc = new TextEncoder();
const toks = (src: string, mode: "normal" | "template" = "normal") =>
  scanTokens(enc.encode(src), "t", initialPos, mode).map((t) => `${t.type} ${r(t.range)}`);

describe("scanTokens", () => {
  test("operators, numbers, identifiers", () => {
    expect(toks("a-b >= 1.5e3...")).toEqual([
      "Ident 1,1,0-1,4,3",
      "GreaterThanEq 1,5,4-1,7,6",
      "NumberLit 1,8,7-1,13,12",
      "Ellipsis 1,13,12-1,16,15",
      "EOF 1,16,15-1,16,15",
    ]);
    // A number never ends with a dot.
    expect(toks("1.")).toEqual(["NumberLit 1,1,0-1,2,1", "Dot 1,2,1-1,3,2", "EOF 1,3,2-1,3,2"]);
  });
  test("quoted templates with sequences and strip markers", () => {
    expect(toks('"a${~b~}%{if}$${"')).toEqual([
      "OQuote 1,1,0-1,2,1",
      "QuotedLit 1,2,1-1,3,2",
      "TemplateInterp 1,3,2-1,6,5",
      "Ident 1,6,5-1,7,6",
      "TemplateSeqEnd 1,7,6-1,9,8",
      "TemplateControl 1,9,8-1,11,10",
      "Ident 1,11,10-1,13,12",
      "TemplateSeqEnd 1,13,12-1,14,13",
      "QuotedLit 1,14,13-1,17,16",
      "CQuote 1,17,16-1,18,17",
      "EOF 1,18,17-1,18,17",
    ]);
  });
  test("heredocs: the closing marker, then the newline", () => {
    expect(toks("<<-EOT\n  x\n  EOT\n")).toEqual([
      "OHeredoc 1,1,0-2,1,7",
      "StringLit 2,1,7-3,1,11",
      "CHeredoc 3,1,11-3,6,16",
      "Newline 3,6,16-4,1,17",
      "EOF 4,1,17-4,1,17",
    ]);
  });
  test("comments keep their newline", () => {
    expect(toks("# c\n/* d */")).toEqual([
      "Comment 1,1,0-2,1,4",
      "Comment 2,1,4-2,8,11",
      "EOF 2,8,11-2,8,11",
    ]);
  });
  test("bare templates: one literal per line", () => {
    expect(toks("a\nb${c}", "template")).toEqual([
      "StringLit 1,1,0-2,1,2",
      "StringLit 2,1,2-2,2,3",
      "TemplateInterp 2,2,3-2,4,5",
      "Ident 2,4,5-2,5,6",
      "TemplateSeqEnd 2,5,6-2,6,7",
      "EOF 2,6,7-2,6,7",
    ]);
  });
  test("bytes that are not UTF-8, one token each", () => {
    const got = scanTokens(new Uint8Array([0x61, 0xff, 0xc3]), "t", initialPos, "normal").map((t) => t.type);
    expect(got).toEqual(["Ident", "BadUTF8", "BadUTF8", "EOF"]);
  });
  test("hcl's identifier byte patterns: some pairs that are not UTF-8 are identifier characters", () => {
    const got = scanTokens(new Uint8Array([0x61, 0xc3, 0xff, 0x20, 0xc3, 0x28]), "t", initialPos, "normal");
    expect(got.map((t) => `${t.type} ${r(t.range)}`)).toEqual([
      "Ident 1,1,0-1,4,3",
      "BadUTF8 1,5,4-1,6,5",
      "OParen 1,6,5-1,7,6",
      "EOF 1,7,6-1,7,6",
    ]);
  });
  test("a U+FEFF: skipped at the start of the input, a character with a column elsewhere", () => {
    expect(toks("\ufeffa\ufeff")).toEqual(["Ident 1,1,3-1,2,4", "Invalid 1,2,4-1,3,7", "EOF 1,3,7-1,3,7"]);
  });
});
