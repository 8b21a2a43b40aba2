import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { typeAndValue } from "../internal/arbitraries.test-support.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, type CtyType, dynamic, list, map, number, object, set, string, tuple } from "../types.js";
import { type CtyValue, Decimal, Dynamic, Marked, RefinedUnknown, Unknown } from "../values.js";
import { bytes, bytesVal } from "./bytes.js";
import { expectSameAsGo, str, useGoOracle } from "./go-oracle.test-support.js";
import { jsonDecode, jsonEncode } from "./json.js";

const oracle = useGoOracle();

const call = (spec: typeof jsonEncode, ...args: TypedValue[]) => callFunction(spec, args);

describe("jsonEncode", () => {
  it("answers as go-cty's for any type and value, nested dynamic values, sets and unknowns included", async () => {
    await fc.assert(
      fc.asyncProperty(typeAndValue, async ({ type, value }) => {
        await expectSameAsGo(oracle, "jsonEncode", jsonEncode, [{ type, value }]);
      }),
      { numRuns: 500 },
    );
  });

  it("answers as go-cty's for values of a type known only at run time", async () => {
    await fc.assert(
      fc.asyncProperty(typeAndValue, async ({ type, value }) => {
        const arg: TypedValue =
          type.kind === "dynamic" ? { type, value } : { type: dynamic, value: new Dynamic(type, value) };
        await expectSameAsGo(oracle, "jsonEncode", jsonEncode, [arg]);
      }),
      { numRuns: 200 },
    );
  });

  it("writes a dynamic slot's value as itself, not in cty JSON's {value, type} wrapper", () => {
    const type = object({ a: dynamic, b: list(dynamic) });
    const value = { a: new Dynamic(number, 1), b: [new Dynamic(string, "x"), null] };
    expect(call(jsonEncode, { type, value }).value).toBe('{"a":1,"b":["x",null]}');
  });

  it("writes null as null and escapes strings as Go's encoding/json does", () => {
    expect(call(jsonEncode, { type: string, value: null }).value).toBe("null");
    expect(call(jsonEncode, { type: dynamic, value: null }).value).toBe("null");
    expect(call(jsonEncode, str("<a&b>\u2028")).value).toBe('"\\u003ca\\u0026b\\u003e\\u2028"');
  });

  it("refuses infinities with go-cty's message", () => {
    expect(() => call(jsonEncode, { type: list(number), value: [1, Number.POSITIVE_INFINITY] })).toThrow(
      "cannot serialize infinity as JSON",
    );
  });

  it("knows only the first character of an unknown value's text, and only when it cannot be null", () => {
    const refined = (value: CtyValue, type: CtyType = string) => call(jsonEncode, { type, value }).value;
    expect(refined(Unknown)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(refined(refine(string, { notNull: true }))).toEqual(
      new RefinedUnknown({ notNull: true, stringPrefix: '"' }),
    );
    expect(refined(["a", Unknown], list(string))).toEqual(
      new RefinedUnknown({ notNull: true, stringPrefix: "[" }),
    );
    expect(refined({ k: Unknown }, map(string))).toEqual(
      new RefinedUnknown({ notNull: true, stringPrefix: "{" }),
    );
    expect(refined(refine(number, { notNull: true }), number)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(refined(Unknown, dynamic)).toEqual(new RefinedUnknown({ notNull: true }));
  });

  it("passes marks on to the result", () => {
    const result = call(jsonEncode, { type: tuple([string, bool]), value: [mark("s", "sensitive"), true] });
    expect(result.value).toEqual(new Marked('["s",true]', new Set(["sensitive"])));
  });

  it("writes a Bytes capsule as base64, as Go's encoding/json writes a []byte", () => {
    const hello = bytesVal(new TextEncoder().encode("hello"));
    expect(call(jsonEncode, { type: bytes, value: hello }).value).toBe('"aGVsbG8="');
    expect(
      call(jsonEncode, { type: list(bytes), value: [hello, bytesVal(new Uint8Array([0xff]))] }).value,
    ).toBe('["aGVsbG8=","/w=="]');
  });
});

// JSON texts: values written with random spacing and escapes, duplicate keys, deep nesting.
const space = fc.constantFrom("", "", " ", "\n", "\t", "\r\n  ");
const jsonString = fc
  .array(
    fc.oneof(
      fc.constantFrom("a", "é", "😀", " ", '\\"', "\\\\", "\\/", "\\n", "\\t", "\\b", "\\f", "\\r"),
      fc.constantFrom("\\u00e9", "\\u0065\\u0301", "\\ud83d\\ude00", "\\ud800", "\\udc00x", "\\ud800\\u0041"),
      fc.constantFrom("<", "&", "\u2028", "'", "\u0085"),
    ),
    { maxLength: 5 },
  )
  .map((parts) => `"${parts.join("")}"`);
const jsonNumber = fc.oneof(
  fc.constantFrom(
    "0",
    "-0",
    "1",
    "-1",
    "0.5",
    "1e3",
    "1E+3",
    "2.50e-3",
    "12345678901234567890",
    "0.1",
    "1e-7",
  ),
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }).map((d) => JSON.stringify(d)),
  fc.constantFrom("0e9999999999", "-0.0e-99999999999"),
);
// Exponents past int64 or int32, which go-cty refuses. Never cut short: what is left can be a
// number merely too large to write, which go-cty writes out digit by digit for minutes.
const outOfRangeNumber = fc.constantFrom("1e99999999999999999999", "1e9999999999", "-1e-9999999999");
// Keys. No "__proto__": our msgpack decoder cannot read the oracle's answer with that key. And
// "é" only in its decomposed form (not in NFC, which Unmarshal refuses): when one object has
// both forms, go-cty's object type keeps one of the two attribute types at random.
const jsonKey = fc
  .array(fc.constantFrom("a", "b", "😀", " ", "\\n", "\\u0065\\u0301", '\\"', "<", "constructor"), {
    maxLength: 3,
  })
  .map((parts) => `"${parts.join("")}"`);
const jsonTextWith = (numbers: fc.Arbitrary<string>) =>
  fc.letrec<{ jsonText: string }>((tie) => ({
    jsonText: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      jsonString,
      numbers,
      fc.constantFrom("true", "false", "null"),
      fc
        .array(fc.tuple(space, tie("jsonText"), space), { maxLength: 4 })
        .map((elements) => `[${elements.map((e) => e.join("")).join(",")}]`),
      fc
        .array(fc.tuple(space, jsonKey, space, tie("jsonText")), { maxLength: 4 })
        .map((members) => `{${members.map(([s1, k, s2, v]) => `${s1}${k}${s2}:${v}`).join(",")}}`),
    ),
  })).jsonText;
const spaced = (text: fc.Arbitrary<string>) => fc.tuple(space, text, space).map((parts) => parts.join(""));
const wellFormed = spaced(jsonTextWith(jsonNumber));

// Broken texts: cut short, a character put in or taken out, something after the value.
const garbage = fc.constantFrom(
  ",",
  "]",
  "}",
  ":",
  "x",
  "'",
  '"',
  "\\",
  "ü",
  "\u0000",
  "\u00a0",
  "{",
  "[",
  "1",
  " ",
  "tru",
  "nul",
);
const malformed = fc.oneof(
  fc.tuple(wellFormed, fc.nat()).map(([text, at]) => text.slice(0, at % (text.length + 1))),
  fc
    .tuple(wellFormed, fc.nat(), garbage)
    .map(([text, at, g]) => text.slice(0, at % (text.length + 1)) + g + text.slice(at % (text.length + 1))),
  fc.tuple(wellFormed, fc.nat()).map(([text, at]) => {
    const i = at % Math.max(text.length, 1);
    return text.slice(0, i) + text.slice(i + 1);
  }),
  fc
    .tuple(wellFormed, fc.array(garbage, { minLength: 1, maxLength: 3 }))
    .map(([text, g]) => text + g.join("")),
);

describe("jsonDecode", () => {
  it("answers as go-cty's for well-formed JSON", async () => {
    await fc.assert(
      fc.asyncProperty(spaced(jsonTextWith(fc.oneof(jsonNumber, outOfRangeNumber))), async (text) => {
        await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [str(text.normalize("NFC"))]);
      }),
      { numRuns: 500 },
    );
  });

  it("answers as go-cty's for malformed JSON, with Go's error messages", async () => {
    await fc.assert(
      fc.asyncProperty(malformed, async (text) => {
        await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [str(text.normalize("NFC"))]);
      }),
      { numRuns: 1000 },
    );
  });

  it("answers as go-cty's for unknown text with a known start", async () => {
    const prefix = fc.oneof(
      fc.constantFrom(
        "",
        " ",
        "\u0085x",
        "\u00a0{",
        "\ufeff1",
        "{",
        "[",
        '"',
        "t",
        "f",
        "n",
        "-",
        "7",
        ".",
        "x",
        "'",
        "é",
        "\u0000",
      ),
      fc.string({ maxLength: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(prefix, fc.boolean(), async (p, notNull) => {
        const value = refine(string, { notNull, stringPrefix: p.normalize("NFC") });
        await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [str(value)]);
      }),
      { numRuns: 150 },
    );
  });

  it("answers as go-cty's for null and unknown-typed arguments", async () => {
    const args: TypedValue[] = [str(null), { type: dynamic, value: Unknown }, { type: dynamic, value: null }];
    for (const arg of args) await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [arg]);
  });

  it("answers as go-cty's for numbers past big.Float's range: an infinity, or zero", async () => {
    for (const text of ["1e1000000000", "-1e1000000000", "-1e-1000000000", "[1e646456993, 1e-646457040]"]) {
      await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [str(text)]);
    }
  });

  it("answers as go-cty's for values nested deeper than Go's scanner reads", async () => {
    for (const depth of [10000, 10001, 10002, 10003]) {
      for (const [open, close] of [
        ["[", "]"],
        ['{"a":', "}"],
        ['[{"a":', "}]"],
      ] as const) {
        const text = open.repeat(depth) + close.repeat(depth);
        const ours = (() => {
          try {
            return call(jsonDecode, str(text));
          } catch (err) {
            return err as Error;
          }
        })();
        // Only refusals can be compared: a result that deep is too deep for the codecs.
        if (ours instanceof Error) await expectSameAsGo(oracle, "jsonDecode", jsonDecode, [str(text)]);
        else expect(depth).toBeLessThan(10002);
      }
    }
    expect(() => call(jsonDecode, str(`${"[".repeat(10002)}${"]".repeat(10002)}`))).toThrow(
      "failed to read tuple value: invalid character '[' exceeded max depth",
    );
  });

  it("types objects as objects, arrays as tuples and null as dynamic", () => {
    const result = call(jsonDecode, str('{"a": [1, "x", null], "b": {"c": true}}'));
    expect(result.type).toEqual(object({ a: tuple([number, string, dynamic]), b: object({ c: bool }) }));
    // Numbers at 512 bits, as go-cty's cty.ParseNumberVal reads them.
    expect(result.value).toEqual({ a: [new Decimal("1"), "x", null], b: { c: true } });
    expect(call(jsonDecode, str("null"))).toEqual({ type: dynamic, value: null });
    expect(call(jsonDecode, str("0.1")).value).toEqual(new Decimal("0.1"));
  });

  it("reports Go's errors for malformed text", () => {
    const error = (text: string) => () => call(jsonDecode, str(text));
    expect(error("")).toThrow(/^EOF$/);
    expect(error("[1,")).toThrow(/^EOF$/);
    expect(error('"abc')).toThrow(/^unexpected EOF$/);
    expect(error("{1}")).toThrow(/^invalid character '1'$/);
    expect(error("[1,]")).toThrow("invalid character ']' looking for beginning of value");
    expect(error("é")).toThrow("invalid character 'Ã' looking for beginning of value");
    expect(error("1 2")).toThrow("extraneous data after JSON object");
    expect(error('{"a":1,"a":"x"}')).toThrow('duplicate "a" property in JSON object');
    expect(error('{"e\\u0301":1}')).toThrow('unsupported attribute "e\u0301"');
    expect(error("1e9999999999")).toThrow("a number is required");
  });

  it("accepts what Go's decoder leaves unread after the value: a closing bracket, and anything after it", () => {
    expect(call(jsonDecode, str("1 ] garbage")).value).toEqual(new Decimal("1"));
  });

  it("predicts the result type from a known start of unknown text", () => {
    const typeFor = (prefix: string) => call(jsonDecode, str(refine(string, { stringPrefix: prefix }))).type;
    expect(typeFor(' "')).toEqual(string);
    expect(typeFor("t")).toEqual(bool);
    expect(typeFor("-")).toEqual(number);
    expect(typeFor("[")).toEqual(dynamic);
    expect(() => typeFor("x")).toThrow("a JSON document cannot begin with the character 'x'");
  });

  it("passes marks on to the result", () => {
    const result = call(jsonDecode, str(mark('"s"', "sensitive")));
    expect(result.value).toEqual(new Marked("s", new Set(["sensitive"])));
  });

  it("round-trips set values through jsonEncode as tuples", () => {
    const encoded = call(jsonEncode, { type: set(string), value: ["b", "a"] });
    expect(call(jsonDecode, encoded)).toEqual({ type: tuple([string, string]), value: ["a", "b"] });
  });
});
