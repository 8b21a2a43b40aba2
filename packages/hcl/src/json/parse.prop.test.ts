// Any JSON text parses without diagnostics to the value JSON.parse sees, and no input at all
// makes the parser throw.

import { Decimal } from "@tsvider/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseJson, parseJsonExpression } from "./index.js";

/** A cty value from a JSON expression as plain JSON data (numbers as JS numbers). */
function plain(v: unknown): unknown {
  if (v instanceof Decimal) return Number(v.text);
  if (typeof v === "bigint") return Number(v);
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k, plain(e)]));
  return v;
}

describe("JSON parsing, generated", () => {
  it("reads any JSON text as JSON.parse does", () => {
    fc.assert(
      fc.property(fc.json({ noUnicodeString: false }), (text) => {
        const { expression, diagnostics } = parseJsonExpression(text, "g.json");
        expect(diagnostics).toEqual([]);
        const { value, diagnostics: evalDiags } = expression.value();
        const seen = JSON.parse(text) as unknown;
        // Duplicate keys are an evaluation error in hcl; JSON.parse keeps the last.
        if (evalDiags.length === 0) expect(plain(value.value)).toEqual(normalizeStrings(seen));
      }),
      { numRuns: 200 },
    );
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.string({ maxLength: 32 }), (bytes, text) => {
        for (const src of [bytes, text, `{"a": ${text}}`]) {
          const { file } = parseJson(src, "x.json");
          file.body.justAttributes();
          file.body.content({ attributes: [{ name: "a" }], blocks: [{ type: "b", labelNames: ["l"] }] });
          parseJsonExpression(src, "x.json").expression.value();
        }
      }),
      { numRuns: 300 },
    );
  });
});

function normalizeStrings(v: unknown): unknown {
  if (typeof v === "string") return v.normalize("NFC");
  if (typeof v === "number" && Object.is(v, -0)) return 0;
  if (Array.isArray(v)) return v.map(normalizeStrings);
  if (v !== null && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, e]) => [k.normalize("NFC"), normalizeStrings(e)]));
  return v;
}
