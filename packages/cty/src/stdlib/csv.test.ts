import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { dynamic, list, object, string } from "../types.js";
import { Marked, Unknown } from "../values.js";
import { csvDecode } from "./csv.js";
import { expectSameAsGo, str, useGoOracle } from "./go-oracle.test-support.js";

const oracle = useGoOracle();

const decode = (text: string) => callFunction(csvDecode, [str(text)]);

// CSV from a small grammar: fields plain or quoted (with commas, "" and line breaks inside),
// rows of varying width, LF or CRLF line ends, blank lines, and the odd stray quote or CR.
const plainField = fc.oneof(
  fc.constantFrom("", "a", "b", "name", "é", "😀", " x ", "1.5"),
  fc.stringMatching(/^[a-c é]{0,4}$/),
);
const quotedField = fc
  .array(fc.constantFrom("a", ",", '""', "\n", "\r\n", " ", "é", "\r"), { maxLength: 4 })
  .map((parts) => `"${parts.join("")}"`);
const strayField = fc.constantFrom('a"b', '"a"b', '"a', 'x"', '"a""', "\r", '"a"\r', '""x');
const field = fc.oneof(
  { weight: 6, arbitrary: plainField },
  { weight: 3, arbitrary: quotedField },
  { weight: 1, arbitrary: strayField },
);
const lineEnd = fc.constantFrom("\n", "\n", "\r\n", "\r\n", "\n\n", "\r");
const csvText = fc
  .tuple(
    fc.integer({ min: 1, max: 3 }),
    fc.array(fc.tuple(fc.array(field, { minLength: 1, maxLength: 4 }), lineEnd), { maxLength: 4 }),
    fc.constantFrom("", "\n", "\r\n", "\r"),
  )
  .chain(([width, rows, end]) =>
    // Mostly rows as wide as the header; sometimes ragged.
    fc
      .array(field, { minLength: width, maxLength: width })
      .map((header) => [header, ...rows.map(([cells]) => cells)] as string[][])
      .map((table) =>
        table
          .map((cells, i) => cells.join(",") + (i < table.length - 1 ? (rows[i]?.[1] ?? "\n") : end))
          .join(""),
      ),
  );
const regularCsv = fc
  .tuple(fc.uniqueArray(plainField, { minLength: 1, maxLength: 3 }), fc.nat(3))
  .chain(([header, n]) =>
    fc
      .array(
        fc.array(fc.oneof(plainField, quotedField), { minLength: header.length, maxLength: header.length }),
        {
          minLength: n,
          maxLength: n,
        },
      )
      .map((rows) => [header, ...rows].map((cells) => cells.join(",")).join("\n")),
  );

describe("csvDecode", () => {
  it("answers as go-cty's for well-formed tables", async () => {
    await fc.assert(
      fc.asyncProperty(regularCsv, async (text) => {
        await expectSameAsGo(oracle, "csvDecode", csvDecode, [str(text.normalize("NFC"))]);
      }),
      { numRuns: 500 },
    );
  });

  it("answers as go-cty's for any text from the grammar: ragged rows, stray quotes, CRLF", async () => {
    await fc.assert(
      fc.asyncProperty(csvText, async (text) => {
        await expectSameAsGo(oracle, "csvDecode", csvDecode, [str(text.normalize("NFC"))]);
      }),
      { numRuns: 800 },
    );
  });

  it("answers as go-cty's for arbitrary short texts", async () => {
    const alphabet = fc.constantFrom("a", ",", '"', "\n", "\r", " ", "é");
    await fc.assert(
      fc.asyncProperty(fc.array(alphabet, { maxLength: 12 }), async (chars) => {
        await expectSameAsGo(oracle, "csvDecode", csvDecode, [str(chars.join("").normalize("NFC"))]);
      }),
      { numRuns: 500 },
    );
  });

  it("answers as go-cty's for unknown, null and unknown-typed arguments", async () => {
    const args: TypedValue[] = [
      str(Unknown),
      str(refine(string, { notNull: true, stringPrefix: "a,b\n" })),
      str(null),
      { type: dynamic, value: Unknown },
    ];
    for (const arg of args) {
      await expectSameAsGo(oracle, "csvDecode", csvDecode, [arg]);
    }
  });

  it("makes a list of objects with the header's names as string attributes", () => {
    const result = decode('name,size\nweb,"1,5"\r\n"db ""main""",2\n');
    expect(result.type).toEqual(list(object({ name: string, size: string })));
    expect(result.value).toEqual([
      { name: "web", size: "1,5" },
      { name: 'db "main"', size: "2" },
    ]);
    expect(decode("a,b")).toEqual({ type: list(object({ a: string, b: string })), value: [] });
  });

  it("reports go-cty's errors, with Go's line and column", () => {
    expect(() => decode("")).toThrow(/^missing header line$/);
    expect(() => decode("\n\r\n")).toThrow(/^missing header line$/);
    expect(() => decode("a,a")).toThrow('duplicate column name "a"');
    expect(() => decode("a,b\n1")).toThrow("CSV parse error on line 2: wrong number of fields");
    expect(() => decode('a\nx"y')).toThrow('CSV parse error on line 2: bare " in non-quoted-field');
    expect(() => decode('a\n"x\ny')).toThrow(
      'CSV parse error on line 3: extraneous or missing " in quoted-field',
    );
  });

  it("has an unknown result of unknown type for unknown text", () => {
    expect(callFunction(csvDecode, [str(Unknown)])).toEqual({ type: dynamic, value: Unknown });
  });

  it("passes marks on to the result", () => {
    const result = callFunction(csvDecode, [str(mark("a\nb", "sensitive"))]);
    expect(result.value).toEqual(new Marked([{ a: "b" }], new Set(["sensitive"])));
  });
});
