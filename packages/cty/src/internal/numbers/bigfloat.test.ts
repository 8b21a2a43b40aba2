import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeJson, encodeJson } from "../../json.js";
import { decodeMsgpack, encodeMsgpack } from "../../msgpack.js";
import { fusedMultiplyAdd, goExp, goLog, goPow } from "../../stdlib/go/math.js";
import { hex, useGoOracle } from "../../stdlib/go-oracle.test-support.js";
import { number } from "../../types.js";
import { type CtyNumber, Decimal, exactNumberFromDecimalText, numberFromDecimalText } from "../../values.js";
import { BigFloat, GoNaNError } from "./bigfloat.js";
import { bigFloatOf, ctyNumberOf } from "./go-number.js";

const oracle = useGoOracle();

/** A msgpack str holding the text, as any encoder may send a number to go-cty. */
function msgpackString(text: string): string {
  const bytes = Buffer.from(text, "utf8");
  const n = bytes.length;
  const header =
    n < 32
      ? Buffer.from([0xa0 | n])
      : n < 256
        ? Buffer.from([0xd9, n])
        : Buffer.from([0xda, n >> 8, n & 0xff]);
  return hex(Buffer.concat([header, bytes]));
}

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

// Decimal text in the forms go-cty's parser takes: plain, with a point anywhere, with an
// exponent; short and far beyond 512 bits' worth of digits; exponents far past 248, where
// Go's own power of five is rounded.
const decimalTextArb = fc
  .tuple(
    fc.constantFrom("", "-", "+"),
    fc.oneof(digits(1, 20), digits(140, 220), digits(300, 400)),
    fc.nat(),
    fc.option(fc.oneof(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -1200, max: 1200 })), {
      nil: undefined,
    }),
    fc.constantFrom("e", "E"),
  )
  .map(([sign, ds, at, exponent, e]) => {
    const point = at % (ds.length + 1);
    const mantissa = point === ds.length ? ds : `${ds.slice(0, point)}.${ds.slice(point)}`;
    return `${sign}${mantissa.startsWith(".") ? `0${mantissa}` : mantissa}${exponent === undefined ? "" : `${e}${exponent}`}`;
  });

describe("decimal text, read and written as go-cty does (ParseFloat at 512 bits, Text('f', -1))", () => {
  it("agrees with go-cty's msgpack re-encoding of a number sent as text", async () => {
    await fc.assert(
      fc.asyncProperty(decimalTextArb, async (text) => {
        const reply = await oracle.request({ op: "msgpack", type: "number", hex: msgpackString(text) });
        expect(reply.error, text).toBeUndefined();
        const ours = ctyNumberOf(BigFloat.parse(text, 512));
        expect(hex(encodeMsgpack(ours, number)), text).toBe(reply.hex);
      }),
      { numRuns: 300 },
    );
  });

  it("agrees on texts at the edges", async () => {
    const texts = [
      "0.1",
      "1e-30",
      "1e400",
      "1e-400",
      "9".repeat(155),
      "9".repeat(160),
      `0.${"3".repeat(200)}`,
      `1.${"0".repeat(160)}1`,
      `${2n ** 512n}`,
      `${2n ** 512n + 1n}`,
      `${2n ** 513n - 1n}`,
      `${10n ** 200n + 1n}`,
      "4.9406564584124654e-324",
      "1.7976931348623157e308",
      "123456789012345678901234567890e-1100",
      "-0",
      "0.000",
    ];
    for (const text of texts) {
      const reply = await oracle.request({ op: "msgpack", type: "number", hex: msgpackString(text) });
      expect(hex(encodeMsgpack(ctyNumberOf(BigFloat.parse(text, 512)), number)), text).toBe(reply.hex);
    }
  });
});

describe("BigFloat", () => {
  const valueArb = fc
    .tuple(
      fc.boolean(),
      fc.bigInt({ min: 1n, max: 2n ** 600n }),
      fc.integer({ min: -248, max: 1500 }),
      fc.constantFrom(1, 2, 24, 53, 64, 100, 512),
    )
    .map(([negative, mantissa, exponent, precision]) =>
      BigFloat.fromParts(negative, mantissa, exponent, precision),
    );

  // Go's Text is read back exactly by its parser as long as the text has at most 248
  // fraction digits (beyond that the parser's power of five is rounded), except at powers
  // of two: there Go allows half an ulp below although the values below are half an ulp
  // apart, so the text may read back as the next value down (at 1 bit, 2^-511 prints as
  // 1e-154, which reads back as 2^-512).
  it("reads its shortest text back as itself, at its precision (powers of two aside)", () => {
    expect(BigFloat.fromParts(false, 1n, -511, 1).text()).toBe(`0.${"0".repeat(153)}1`);
    expect(BigFloat.parse(`0.${"0".repeat(153)}1`, 1).exponent).toBe(-512);
    const roundTrips = valueArb.filter((x) => x.bits > 1 && x.exponent >= -248);
    fc.assert(
      fc.property(roundTrips, (x) => {
        const back = BigFloat.parse(x.text(), x.precision);
        expect(back.cmp(x), `${x.text()} at ${x.precision} bits`).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it("gives our numbers back unchanged when go-cty holds them exactly", () => {
    const exact = fc.oneof(
      fc.maxSafeInteger(),
      fc.double({ noNaN: true }).filter((d) => !Number.isInteger(d) || Number.isSafeInteger(d)),
      fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
      fc.bigInt({ min: 2n ** 63n, max: 2n ** 500n }),
      fc
        .tuple(fc.bigInt({ min: 1n, max: 10n ** 140n }), fc.integer({ min: 1, max: 200 }))
        .map(([m, scale]) => {
          const s = m.toString().padStart(scale + 1, "0");
          return new Decimal(`${s.slice(0, -scale)}.${s.slice(-scale)}`);
        }),
    );
    fc.assert(
      fc.property(exact, (n: CtyNumber) => {
        const back = ctyNumberOf(bigFloatOf(n));
        if (n instanceof Decimal && back instanceof Decimal) expect(back.text).toBe(n.text);
        else if (n instanceof Decimal) expect(encodeMsgpack(back, number)).toEqual(encodeMsgpack(n, number));
        else if (typeof n === "bigint" && Number.isSafeInteger(Number(n))) expect(back).toBe(Number(n));
        else expect(back).toBe(n);
      }),
      { numRuns: 300 },
    );
  });

  it("rounds each operation once, to nearest, ties to even, at the operands' precision", () => {
    const x = BigFloat.fromFloat64(0.1);
    const y = BigFloat.fromFloat64(0.2);
    expect(x.add(y).float64().value).toBe(0.30000000000000004);
    expect(x.precision).toBe(53);
    const p = (t: string) => BigFloat.parse(t, 512);
    expect(p("0.1").add(p("0.2")).text()).toBe("0.3");
    expect(BigFloat.fromBigInt(1n, 64).quo(BigFloat.fromBigInt(3n, 64)).text()).toBe(
      "0.33333333333333333334",
    );
    // 2^53 + 1 does not fit 53 bits: the tie goes to the even neighbour.
    expect(BigFloat.fromBigInt(2n ** 53n + 1n, 53).exactText()).toBe(String(2n ** 53n));
    expect(BigFloat.fromBigInt(2n ** 53n + 3n, 53).exactText()).toBe(String(2n ** 53n + 4n));
  });

  it("writes the shortest text Go writes, its quirks included", () => {
    // Go measures half an ulp either side even at a power of two, and keeps 53 bits for a
    // subnormal double: 5e-324 is not "5e-324" but this.
    expect(BigFloat.fromFloat64(5e-324).text()).toBe(`0.${"0".repeat(323)}4940656458412465`);
    expect(BigFloat.fromBigInt(2n ** 70n, 64).text()).toBe("1180591620717411303400");
    expect(BigFloat.zero(64, true).text()).toBe("-0");
    expect(BigFloat.infinity(false, 53).text()).toBe("+Inf");
  });

  it("converts to float64 as Go does: nearest, with subnormals, and overflow to infinity", () => {
    expect(BigFloat.parse("1e-400", 512).float64()).toEqual({ value: 0, accuracy: -1 });
    expect(BigFloat.parse("-1e-400", 512).float64().accuracy).toBe(1);
    expect(BigFloat.parse("3e-324", 512).float64().value).toBe(5e-324);
    expect(BigFloat.parse("2e-324", 512).float64().value).toBe(0);
    expect(BigFloat.parse("1.7976931348623159e308", 512).float64()).toEqual({
      value: Number.POSITIVE_INFINITY,
      accuracy: 1,
    });
  });

  it("panics (throws GoNaNError) where Go's big.Float does", () => {
    const inf = BigFloat.infinity(false, 53);
    expect(() => inf.add(inf.neg())).toThrow(new GoNaNError("addition of infinities with opposite signs"));
    expect(() => inf.sub(inf)).toThrow(new GoNaNError("subtraction of infinities with equal signs"));
    expect(() => inf.mul(BigFloat.zero(53))).toThrow(new GoNaNError("multiplication of zero with infinity"));
    expect(() => inf.quo(inf)).toThrow(new GoNaNError("division of zero by zero or infinity by infinity"));
    expect(() => BigFloat.fromFloat64(Number.NaN)).toThrow(new GoNaNError("Float.SetFloat64(NaN)"));
  });

  it("parses as Go does at the edges of big.Float's exponent range", () => {
    // Beyond the range once the power of ten is applied: an infinity, or a zero of the sign.
    expect(BigFloat.parse("1e700000000", 512).isInf()).toBe(true);
    const tiny = BigFloat.parse("-1e-700000000", 512);
    expect(tiny.isZero() && tiny.negative).toBe(true);
    // Refused: an exponent beyond int64, or digits placed beyond the range before scaling.
    expect(() => BigFloat.parse("1e9223372036854775808", 512)).toThrow(SyntaxError);
    expect(() => BigFloat.parse("1e3000000000", 512)).toThrow(SyntaxError);
    expect(() => BigFloat.parse("1p-2147483650", 512)).toThrow(SyntaxError);
    // A zero is a zero whatever its exponent.
    expect(BigFloat.parse("0e9223372036854775807", 512).isZero()).toBe(true);
  });
});

describe("Go's math functions", () => {
  it("fuses multiply and add with one rounding", () => {
    expect(fusedMultiplyAdd(0.1, 10, -1)).toBe(5.551115123125783e-17);
    expect(0.1 * 10 - 1).toBe(0);
    expect(fusedMultiplyAdd(2, 3, 4)).toBe(10);
  });

  it("has Go's special cases", () => {
    expect(goLog(0)).toBe(Number.NEGATIVE_INFINITY);
    expect(goLog(-1)).toBeNaN();
    expect(goLog(1)).toBe(0);
    expect(goExp(Number.NEGATIVE_INFINITY)).toBe(0);
    expect(goExp(710)).toBe(Number.POSITIVE_INFINITY);
    expect(goPow(-8, 1 / 3)).toBeNaN();
    expect(goPow(-0, -3)).toBe(Number.NEGATIVE_INFINITY);
    expect(goPow(-1, Number.POSITIVE_INFINITY)).toBe(1);
  });

  it("gives Go's answers where JS's Math parts from them", () => {
    // Go's amd64 Log and Exp and V8's (fdlibm) part in the last bit for some inputs (V8: 14's
    // log 2.6390573296152584, the exp 1632.5051659025742), and V8's `**` has parted from Go's
    // Pow (Node 20: 3 ** 35 is 50031545098999712; Node 24 gives 50031545098999704, the double
    // nearest 3^35, as Go does). What is asserted is Go's answer, whatever V8 runs this.
    expect(goLog(14)).toBe(2.639057329615259);
    expect(goExp(7.39787102555757)).toBe(1632.5051659025744);
    expect(goPow(3, 35)).toBe(50031545098999704);
  });
});

describe("our codecs read numbers as go-cty does: at 512 bits (numberFromDecimalText)", () => {
  const sameNumber = (a: CtyNumber, b: CtyNumber) =>
    hex(encodeMsgpack(a, number)) === hex(encodeMsgpack(b, number));

  // Long decimals and huge integers, as our encoders write them and as text in other forms.
  const bigValueArb = fc.oneof(
    fc.bigInt({ min: -(2n ** 700n), max: 2n ** 700n }),
    fc.constantFrom(2n ** 512n + 1n, 2n ** 600n, 2n ** 1024n, -(10n ** 200n) - 3n, 10n ** 154n + 1n),
    decimalTextArb.map((text) => exactNumberFromDecimalText(text)),
  );

  it("msgpack: what we decode from a number, we write back as go-cty does", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          bigValueArb.map((v) => hex(encodeMsgpack(v, number))),
          decimalTextArb.map((text) => msgpackString(text)),
        ),
        async (bytes) => {
          const reply = await oracle.request({ op: "msgpack", type: "number", hex: bytes });
          const ours = decodeMsgpack(Buffer.from(bytes, "hex"), number);
          expect(hex(encodeMsgpack(ours, number)), bytes).toBe(reply.hex);
          // (go-cty keeps the sign of a zero read from "-0" text and writes it in JSON, as we do.)
          expect(encodeJson(ours, number), bytes).toBe(reply.json);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("JSON: what we decode from a number, we write back as go-cty does", async () => {
    const token = fc.oneof(
      bigValueArb.map((v) => encodeJson(v, number)),
      decimalTextArb.filter((t) => !t.startsWith("+") && !/^-?0\d/.test(t)),
    );
    await fc.assert(
      fc.asyncProperty(token, async (json) => {
        const reply = await oracle.request({ op: "json", type: "number", json });
        expect(reply.error, json).toBeUndefined();
        const ours = decodeJson(json, number);
        expect(encodeJson(ours, number), json).toBe(reply.json);
        expect(hex(encodeMsgpack(ours, number)), json).toBe(reply.hex);
      }),
      { numRuns: 200 },
    );
  });

  // The shortcut: text with at most 150 significant digits, below 10^154, and a power of ten
  // within ±248 is read by go-cty as exactly what it says, so it needs no rounding.
  it("leaves short text as it is, exactly where go-cty does (the shortcut is sound)", () => {
    const shortText = fc
      .tuple(
        fc.constantFrom("", "-"),
        fc.oneof(
          fc.constantFrom("1", "9", "5", "25", "125"),
          digits(1, 150).filter((d) => /^[1-9]/.test(d)),
          fc.integer({ min: 1, max: 150 }).map((k) => "9".repeat(k)),
          fc.integer({ min: 2, max: 150 }).map((k) => `1${"0".repeat(k - 2)}1`),
        ),
        fc.integer({ min: -248, max: 4 }),
      )
      .map(([sign, ds, exponent]) => `${sign}${ds}e${exponent}`)
      .filter((text) => {
        const normalized = exactNumberFromDecimalText(text);
        return String(normalized).replace("-", "").split(".")[0]!.length <= 154;
      });
    fc.assert(
      fc.property(shortText, (text) => {
        const truth = ctyNumberOf(BigFloat.parse(text, 512));
        expect(sameNumber(numberFromDecimalText(text), truth), text).toBe(true);
        expect(sameNumber(exactNumberFromDecimalText(text), truth), text).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("rounds long text and huge integers as go-cty does", () => {
    expect(numberFromDecimalText(`0.${"3".repeat(200)}`)).toEqual(new Decimal(`0.${"3".repeat(154)}5`));
    expect(numberFromDecimalText(`1.${"0".repeat(200)}1`)).toBe(1);
    expect(numberFromDecimalText(`${2n ** 600n + 1n}`)).toBe(
      BigInt(BigFloat.fromBigInt(2n ** 600n, 512).text()),
    );
    // Exact text of the same values is what we send: go-cty rounds on reading it.
    expect(exactNumberFromDecimalText(`${2n ** 600n + 1n}`)).toBe(2n ** 600n + 1n);
  });
});
