// Number text of any length against go-cty (the Go oracle): texts with exponents up to
// ±100,000 decoded from msgpack and JSON, converted from strings and used in arithmetic give
// go-cty's bytes; whole doubles beyond int64 are written as go-cty writes such a number (as
// decimal text, since they are integers); a str
// that is not UTF-8 comes back as go-cty gives it back. No test here measures time: a
// decoder quadratic in the exponent would spend minutes on the large cases (1e-100000 took
// 42 s) and fail on the test timeout.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convert } from "./convert/index.js";
import { callFunction, type TypedValue } from "./function.js";
import { decodeJson, encodeJson } from "./json.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import { callGo, hex, useGoOracle } from "./stdlib/go-oracle.test-support.js";
import { add, divide, greaterThan, lessThan, modulo, multiply, subtract } from "./stdlib/index.js";
import { map, number, string } from "./types.js";
import { type CtyNumber, numbersEqual } from "./values.js";

const oracle = useGoOracle();

/** Msgpack bytes of a str (str32 always: go-cty reads every str form). */
function msgpackStr(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + bytes.length);
  out[0] = 0xdb;
  new DataView(out.buffer).setUint32(1, bytes.length);
  out.set(bytes, 5);
  return out;
}

const text = (s: string) => msgpackStr(new TextEncoder().encode(s));

function float64Bytes(x: number): Uint8Array {
  const out = new Uint8Array(9);
  out[0] = 0xcb;
  new DataView(out.buffer).setFloat64(1, x);
  return out;
}

/** go-cty's decode and re-encode of msgpack bytes as a number: its msgpack and JSON. */
async function goRoundTrip(bytes: Uint8Array): Promise<{ hex?: string; json?: string; error?: string }> {
  return (await oracle.request({ op: "msgpack", type: "number", hex: hex(bytes) })) as {
    hex?: string;
    json?: string;
    error?: string;
  };
}

/** Number text: a few significant digits, an exponent, in the forms Go's parser reads. */
const numberTextArb = (maxExponent: number) =>
  fc
    .tuple(
      fc.constantFrom("", "-"),
      fc.stringMatching(/^[1-9][0-9]{0,24}$/),
      fc.nat({ max: 24 }),
      fc.integer({ min: -maxExponent, max: maxExponent }),
      fc.constantFrom("e", "E"),
    )
    .map(([sign, digits, point, exponent, e]) => {
      const at = Math.min(point, digits.length);
      const mantissa = at > 0 && at < digits.length ? `${digits.slice(0, at)}.${digits.slice(at)}` : digits;
      return `${sign}${mantissa}${e}${exponent}`;
    });

// go-cty's own Text('f', -1) is quadratic in a large negative exponent (1e-100000 takes it
// about 15 s), so against the oracle the large negative ones are read and computed with, to
// results go-cty writes quickly; our own writing of them is checked without the oracle.
const largeTexts = ["1e100000", "-9.99e99999", "4.5e99000", "1.2345678901234567890123e99990", "1e-30000"];

describe("number text of any length decodes, converts and computes as go-cty's", () => {
  async function expectSameDecoding(t: string): Promise<void> {
    const go = await goRoundTrip(text(t));
    const ours = decodeMsgpack(text(t), number) as CtyNumber;
    expect(hex(encodeMsgpack(ours, number)), `msgpack of ${t}`).toBe(go.hex);
    expect(encodeJson(ours, number), `JSON of ${t}`).toBe(go.json);
    // JSON in, and the string conversion, read the text as go-cty's ParseNumberVal does.
    expect(numbersEqual(decodeJson(t, number) as CtyNumber, ours), `JSON ${t}`).toBe(true);
    const converted = convert(t, string, number) as CtyNumber;
    expect(hex(encodeMsgpack(converted, number)), `tonumber(${t})`).toBe(go.hex);
  }

  it("decodes large exponents (±100,000) to go-cty's bytes", async () => {
    for (const t of largeTexts) await expectSameDecoding(t);
  });

  it("decodes generated exponents to go-cty's bytes", async () => {
    await fc.assert(fc.asyncProperty(numberTextArb(1000), expectSameDecoding), { numRuns: 150 });
  });

  const operations = { add, subtract, multiply, divide, modulo, greaterThan, lessThan };

  async function expectSameArithmetic(name: keyof typeof operations, a: string, b: string): Promise<void> {
    const args = [a, b].map((t): TypedValue => ({ type: number, value: convert(t, string, number) }));
    const go = await callGo(oracle, name, args);
    let ours: { ok: true; hex: string } | { ok: false; error: string };
    try {
      const result = callFunction(operations[name], args);
      ours = { ok: true, hex: hex(encodeMsgpack(result.value, result.type)) };
    } catch (err) {
      ours = { ok: false, error: (err as Error).message };
    }
    if (go.ok) expect(ours, `${name}(${a}, ${b})`).toEqual({ ok: true, hex: go.hex });
    else expect(ours.ok, `${name}(${a}, ${b}): go-cty says ${go.error}`).toBe(false);
  }

  it("computes with large exponents as go-cty does", async () => {
    const cases: [keyof typeof operations, string, string][] = [
      ["add", "1e-100000", "1"],
      ["subtract", "1", "1e-100000"],
      ["subtract", "1e-100000", "1e-100000"],
      ["divide", "1e-100000", "1e-100000"],
      ["modulo", "1e-100000", "1e-100000"],
      ["greaterThan", "1e-100000", "1"],
      ["lessThan", "-7e-99999", "1e-100000"],
      ["multiply", "-9.99e99999", "1e-99999"],
      ["add", "1e100000", "3"],
      ["multiply", "1e100000", "3"],
      ["divide", "1e100000", "3"],
      ["modulo", "1e100000", "3"],
      ["greaterThan", "-9.99e99999", "1e-99999"],
    ];
    for (const [name, a, b] of cases) await expectSameArithmetic(name, a, b);
  });

  it("computes with exponents near go-cty's limit (10^±600000000) without writing them out", async () => {
    // The operands cross as the short text itself (go-cty's msgpack decoder reads number
    // text with ParseNumberVal), and the results are short.
    const cases: [keyof typeof operations, string, string][] = [
      ["add", "1e-600000000", "1"],
      ["add", "-3.5e600000000", "3.5e600000000"],
      ["multiply", "1e-600000000", "1e600000000"],
      ["divide", "7e600000000", "7e600000000"],
      ["modulo", "1e600000000", "1e600000000"],
      ["lessThan", "-1e600000000", "1e-600000000"],
      ["greaterThan", "1e600000000", "9.9e599999999"],
      ["subtract", "1", "1e-600000000"],
    ];
    for (const [name, a, b] of cases) {
      const args = [a, b].map((t) => ({ type: number, bytes: text(t) }));
      const go = (await oracle.request({
        op: "call",
        name,
        args: args.map((x) => ({ type: "number", hex: hex(x.bytes) })),
      })) as { hex?: string; error?: string };
      const result = callFunction(
        operations[name],
        args.map((x): TypedValue => ({ type: number, value: decodeMsgpack(x.bytes, number) })),
      );
      expect(hex(encodeMsgpack(result.value, result.type)), `${name}(${a}, ${b})`).toBe(go.hex);
    }
    // Written out, such a number would be 600,000,001 characters: refused, naming it.
    expect(() => encodeMsgpack(convert("1e600000000", string, number), number)).toThrow(
      /the number 1e600000000 is 600000001 characters long/,
    );
  });

  it("writes a large negative exponent as go-cty's text, and reads it back", () => {
    for (const t of ["1e-100000", "-2.5e-99999", "1.2345678901234567890123e-99990"]) {
      const value = decodeMsgpack(text(t), number) as CtyNumber;
      const written = encodeMsgpack(value, number);
      const digits = Buffer.from(written.subarray(5)).toString("latin1");
      expect(digits).toMatch(/^-?0\.0{99980,}[1-9][0-9]*$/);
      expect(Number(digits.replace(/^(-?)0\.0*([0-9])/, "$1$2e-1"))).not.toBeNaN();
      expect(numbersEqual(decodeMsgpack(written, number) as CtyNumber, value)).toBe(true);
      expect(encodeJson(value, number)).toBe(digits);
    }
  });

  it("computes with generated exponents as go-cty does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...(Object.keys(operations) as (keyof typeof operations)[])),
        numberTextArb(1000),
        numberTextArb(1000),
        expectSameArithmetic,
      ),
      { numRuns: 150 },
    );
  });
});

describe("whole doubles beyond int64", () => {
  const wholeDoubleArb = fc
    .double({ noNaN: true, noDefaultInfinity: true, min: 2 ** 63, max: Number.MAX_VALUE })
    .chain((x) => fc.constantFrom(Math.floor(x), -Math.floor(x)))
    // -2^63 itself is an int64.
    .filter((x) => x !== -(2 ** 63));

  it("are written as go-cty writes them (decimal text), decoded or made by us", async () => {
    await fc.assert(
      fc.asyncProperty(wholeDoubleArb, async (x) => {
        const go = await goRoundTrip(float64Bytes(x));
        const decoded = decodeMsgpack(float64Bytes(x), number) as CtyNumber;
        expect(hex(encodeMsgpack(decoded, number))).toBe(go.hex);
        expect(hex(encodeMsgpack(x, number))).toBe(go.hex);
        expect(encodeJson(x, number)).toBe(go.json);
      }),
      { numRuns: 300 },
    );
    const go = await goRoundTrip(float64Bytes(1.1633729008999484e219));
    expect(Buffer.from(go.hex!, "hex").toString("latin1")).toContain("116337290089994840000");
  });

  it("keep 1e300 through decode → encode → decode", async () => {
    const first = decodeMsgpack(float64Bytes(1e300), number) as CtyNumber;
    const bytes = encodeMsgpack(first, number);
    const second = decodeMsgpack(bytes, number) as CtyNumber;
    expect(numbersEqual(first, second)).toBe(true);
    expect(hex(encodeMsgpack(second, number))).toBe(hex(bytes));
    expect(hex(bytes)).toBe((await goRoundTrip(float64Bytes(1e300))).hex);
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/^.{3}10{300}$/s);
  });
});

describe("a str that is not UTF-8", () => {
  const badStrings = [
    [0xff, 0xfe, 0xc3, 0x28],
    [0x61, 0x80, 0x62],
    [0xed, 0xa0, 0x80],
    [0xf0, 0x9f, 0x98],
    [0xe2, 0x82, 0xac, 0xc0, 0xaf],
  ];

  it("is kept as go-cty keeps it: the same bytes back, U+FFFD per bad byte in JSON", async () => {
    for (const raw of badStrings) {
      const bytes = msgpackStr(Uint8Array.from(raw));
      const go = (await oracle.request({ op: "msgpack", type: "string", hex: hex(bytes) })) as {
        hex?: string;
        json?: string;
      };
      const ours = decodeMsgpack(bytes, string);
      expect(hex(encodeMsgpack(ours, string)), hex(bytes)).toBe(go.hex);
      expect(encodeJson(ours, string), hex(bytes)).toBe(go.json);
    }
  });

  it("is kept as a map key too", async () => {
    const key = Uint8Array.from([0x6b, 0xff]);
    const bytes = Uint8Array.from([0x81, 0xa0 | key.length, ...key, 0x01]);
    const go = (await oracle.request({ op: "msgpack", type: ["map", "number"], hex: hex(bytes) })) as {
      hex?: string;
    };
    expect(hex(encodeMsgpack(decodeMsgpack(bytes, map(number)), map(number)))).toBe(go.hex);
  });
});
