// hcl_decode on generated input: any text gives a value or a FunctionError blaming the text
// (never another exception), and values written as HCL decode back to themselves.
import { type CtyType, type CtyValue, Dynamic, object } from "@tsvider/cty";
import { FunctionError } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { valueToHcl } from "@tsvider/hcl/write";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hclDecodeFunction } from "./hcl-decode.js";
import { jsonText, type Typed, typedOf } from "./internal/dynamic.js";

/** A value, or the error the function gave; anything else thrown fails the property. */
async function outcome(text: string): Promise<Dynamic | FunctionError> {
  try {
    const result = await callProviderFunction(hclDecodeFunction, [text]);
    if (!(result instanceof Dynamic)) throw new Error(`hcl_decode gave ${String(result)}, not a value`);
    return result;
  } catch (err) {
    if (err instanceof FunctionError) return err;
    throw err;
  }
}

function expectWellFormed(result: Dynamic | FunctionError): void {
  if (result instanceof Dynamic) {
    expect(result.type.kind).toBe("object");
    return;
  }
  expect(result.argument).toBe(0);
  // Every problem is placed in the text.
  expect(result.message).toMatch(/^hcl_decode: (<text>:\d+,\d+-|\d+ errors in the text:\n<text>:\d+,\d+-)/);
}

/** Pieces of HCL syntax, so random text reaches the parser's and evaluator's deeper paths. */
const fragment = fc.constantFrom(
  "a",
  "b2",
  "=",
  " ",
  "\n",
  "{",
  "}",
  "[",
  "]",
  "(",
  ")",
  '"',
  "${",
  "%{",
  "<<EOT\n",
  "<<-EOT\n",
  "EOT",
  "#",
  "//",
  "/*",
  "*/",
  ",",
  ".",
  "*",
  "1",
  "1.5e3",
  "-",
  "?",
  ":",
  "=>",
  "for",
  "in",
  "if",
  "...",
  "null",
  "true",
  "upper(",
  "var.x",
  '"l"',
  "\\",
  "é",
  "\u0000",
  "\t",
  "\r\n",
);

describe("hcl_decode never fails but with a FunctionError", () => {
  it("on random strings", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 80 }), async (text) => {
        expectWellFormed(await outcome(text));
      }),
      { numRuns: 300 },
    );
  });

  it("on random bytes read as UTF-8", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 80 }), async (bytes) => {
        expectWellFormed(await outcome(Buffer.from(bytes).toString("utf8")));
      }),
      { numRuns: 200 },
    );
  });

  it("on random HCL fragments", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fragment, { maxLength: 40 }), async (parts) => {
        expectWellFormed(await outcome(parts.join("")));
      }),
      { numRuns: 300 },
    );
  });
});

/** JSON-like values with their cty types, as hcl's constructors type them. */
const leaf: fc.Arbitrary<Typed> = fc.oneof(
  fc
    .string({ unit: "grapheme", maxLength: 12 })
    .map((s) => ({ type: { kind: "string" }, value: s }) as Typed),
  fc.boolean().map((b) => ({ type: { kind: "bool" }, value: b }) as Typed),
  fc
    .integer({ min: -1_000_000, max: 1_000_000 })
    .map((n) => ({ type: { kind: "number" }, value: n }) as Typed),
  fc
    .bigInt({ min: -(10n ** 40n), max: 10n ** 40n })
    .map((n) => ({ type: { kind: "number" }, value: n }) as Typed),
);

const name = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);

const value: fc.Arbitrary<Typed> = fc.letrec<{ v: Typed }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 4 }).map(
      (items): Typed => ({
        type: { kind: "tuple", elements: items.map((i) => i.type) } as CtyType,
        value: items.map((i) => i.value),
      }),
    ),
    fc.uniqueArray(fc.tuple(name, tie("v")), { maxLength: 4, selector: ([k]) => k }).map(objectTyped),
  ),
})).v;

function objectTyped(entries: readonly [string, Typed][]): Typed {
  return {
    type: object(Object.fromEntries(entries.map(([k, v]) => [k, v.type]))),
    value: Object.fromEntries(entries.map(([k, v]) => [k, v.value])) as CtyValue,
  };
}

describe("hcl_decode reads back what valueToHcl writes", () => {
  it("as arguments of a body", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.tuple(name, value), { maxLength: 5, selector: ([k]) => k }),
        async (entries) => {
          const text = entries.map(([k, v]) => `${k} = ${valueToHcl(v.value, v.type)}\n`).join("");
          const result = await outcome(text);
          if (result instanceof FunctionError) throw result;
          // go-cty keeps strings in Unicode normal form C, as hcl reads them.
          const expected = jsonText(objectTyped(entries)).normalize("NFC");
          expect(jsonText(typedOf(result))).toBe(expected);
        },
      ),
      { numRuns: 150 },
    );
  });
});
