import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valuesEqual } from "./equality.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import { CtyValueError } from "./path.js";
import { bool, number, object, string } from "./types.js";
import { type CtyValue, Decimal, Unknown } from "./values.js";

// Below 2^512: beyond it go-cty, and so our decoder, rounds to a 512-bit mantissa.
const numberValue = fc.oneof(
  fc.double({ noNaN: true, min: -(2 ** 511), max: 2 ** 511 }),
  fc.integer(),
  fc.bigInt({ min: -(2n ** 200n), max: 2n ** 200n }),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 1, max: 40 }))
    .map(([digits, scale]) => {
      const s = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, "0");
      return new Decimal(`${digits < 0n ? "-" : ""}${s.slice(0, -scale)}.${s.slice(-scale)}`);
    }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, fc.constant(null), fc.constant(Unknown));
const type = object({ s: string, n: number, b: bool, inner: object({ s: string, n: number }) });
const value = fc.record({
  s: maybe(fc.string({ unit: "grapheme" })),
  n: maybe(numberValue),
  b: maybe(fc.boolean()),
  inner: fc.oneof(fc.constant(null), fc.record({ s: maybe(fc.string()), n: maybe(numberValue) })),
}) as fc.Arbitrary<CtyValue>;

function nfc(v: CtyValue): CtyValue {
  if (typeof v === "string") return v.normalize("NFC");
  if (v === null || typeof v !== "object" || v instanceof Decimal) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nfc(x)]));
}

describe("msgpack round trip", () => {
  it("decode(encode(v)) equals v for every value of the type", () => {
    fc.assert(
      fc.property(value, (v) => {
        const back = decodeMsgpack(encodeMsgpack(v, type), type);
        // cty keeps strings in NFC, so the expected value is the normalized input.
        expect(valuesEqual(back, nfc(v), type)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
  it("encoding is stable: encode(decode(encode(v))) is the same bytes", () => {
    fc.assert(
      fc.property(value, (v) => {
        const once = encodeMsgpack(v, type);
        const twice = encodeMsgpack(decodeMsgpack(once, type), type);
        expect(Buffer.from(twice).equals(Buffer.from(once))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
  it("random bytes never crash the decoder: they decode or throw a CtyValueError", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        try {
          decodeMsgpack(bytes, type);
        } catch (err) {
          expect(err).toBeInstanceOf(CtyValueError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
