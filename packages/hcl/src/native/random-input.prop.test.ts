// Whatever the input, parsing and evaluating give values and diagnostics, never exceptions:
// random bytes (invalid UTF-8 included) and random soups of HCL's own tokens.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { EvalContext } from "../eval-context.js";
import { stdlibContext } from "../eval-context.js";
import { parseConfig, parseExpression, parseTemplate, parseTraversalAbs } from "./index.js";

const ctx: EvalContext = stdlibContext({
  a: { value: [1, 2], type: { kind: "list", element: { kind: "number" } } },
});

const fragments = [
  "a",
  "b",
  "1",
  "2.5",
  '"',
  "'",
  "${",
  "%{",
  "}",
  "~}",
  "{",
  "[",
  "]",
  "(",
  ")",
  ",",
  "=",
  "==",
  ":",
  "?",
  "+",
  "-",
  "*",
  "/",
  "%",
  "!",
  "&&",
  "||",
  ".",
  "...",
  "[*]",
  ".*",
  "=>",
  "for",
  "in",
  "if",
  "endif",
  "else",
  "endfor",
  "\n",
  " ",
  "\t",
  "#",
  "//",
  "/*",
  "*/",
  "<<EOT\n",
  "<<-EOT\n",
  "EOT\n",
  "\\",
  "$$",
  "%%",
  "é",
  "\u201c",
  "\r",
  "null",
  "true",
  "upper(",
  "a[",
  "x::y(",
  "\u00ff",
];
const soup = fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((xs) => xs.join(""));

function exercise(src: string | Uint8Array): void {
  const cfg = parseConfig(src, "t");
  for (const [, attr] of cfg.file.body.attributes) attr.expr.value(ctx);
  cfg.file.body.content({
    attributes: [{ name: "a", required: true }],
    blocks: [{ type: "b", labelNames: ["x"] }],
  });
  for (const p of [parseExpression(src, "t"), parseTemplate(src, "t")]) {
    p.expression.value(ctx);
    p.expression.value(undefined);
    p.expression.variables();
  }
  parseTraversalAbs(src, "t");
}

describe("never throws", () => {
  test("on random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(() => exercise(bytes)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
  test("on random token soups", () => {
    fc.assert(
      fc.property(soup, (src) => {
        expect(() => exercise(src)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
  test("invalid UTF-8 always gives a diagnostic", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(0x80, 0xbf, 0xc0, 0xff, 0xf8), fc.string(), (a, bad, b) => {
        const enc = new TextEncoder();
        const bytes = new Uint8Array([...enc.encode(a.replace(/[\r\n"#/*<$%]/g, "")), bad, ...enc.encode(b)]);
        const diags = parseConfig(bytes, "t").diagnostics;
        expect(diags.length).toBeGreaterThan(0);
      }),
      { numRuns: 200 },
    );
  });
});
