import { describe, expect, it } from "vitest";
import { MsgpackWriter } from "./internal/codec/msgpack-writer.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import { refine } from "./refinement.js";
import { bool, list, map, number, set, string } from "./types.js";
import { RefinedUnknown, Unknown } from "./values.js";

/** An extension 12 value whose payload is the given map entries. */
function refined(entries: [number, (w: MsgpackWriter) => void][]): Uint8Array {
  const payload = new MsgpackWriter();
  payload.mapHeader(entries.length);
  for (const [key, write] of entries) {
    payload.int(key);
    write(payload);
  }
  const out = new MsgpackWriter();
  out.ext(12, payload.bytes());
  return out.bytes();
}

describe("refine", () => {
  it("keeps what it is told, dropping what says nothing", () => {
    expect(refine(string, { notNull: true, stringPrefix: "ab" })).toEqual(
      new RefinedUnknown({ notNull: true, stringPrefix: "ab" }),
    );
    expect(refine(string, { stringPrefix: "" })).toBe(Unknown);
    expect(refine(number, { numberLower: { value: Number.NEGATIVE_INFINITY, inclusive: true } })).toBe(
      Unknown,
    );
    expect(refine(list(string), { lengthLower: 0 })).toBe(Unknown);
  });

  it("turns refinements that pin the value down into the value", () => {
    expect(
      refine(number, {
        notNull: true,
        numberLower: { value: 3, inclusive: true },
        numberUpper: { value: 3, inclusive: true },
      }),
    ).toBe(3);
    expect(refine(set(string), { notNull: true, lengthLower: 0, lengthUpper: 0 })).toEqual([]);
    expect(refine(map(bool), { notNull: true, lengthLower: 0, lengthUpper: 0 })).toEqual({});
    expect(refine(list(number), { notNull: true, lengthLower: 2, lengthUpper: 2 })).toEqual([
      Unknown,
      Unknown,
    ]);
    expect(refine(string, { isNull: true })).toBeNull();
  });

  it("refuses contradictions and refinements the type cannot take", () => {
    expect(() =>
      refine(number, {
        numberLower: { value: 5, inclusive: true },
        numberUpper: { value: 4, inclusive: true },
      }),
    ).toThrowError(/lower bound is above its upper bound/);
    expect(() =>
      refine(number, {
        numberLower: { value: 4, inclusive: false },
        numberUpper: { value: 4, inclusive: true },
      }),
    ).toThrowError(/lower bound is above/);
    expect(() => refine(list(string), { lengthLower: 3, lengthUpper: 2 })).toThrowError(
      /upper bound is below its lower bound/,
    );
    expect(() => refine(bool, { stringPrefix: "x" })).toThrowError(
      /a bool cannot have a string prefix refinement/,
    );
    expect(() => refine(string, { lengthLower: 1 })).toThrowError(/a string cannot have length bounds/);
  });
});

describe("extension 12 on the wire", () => {
  it("reads refinements and writes them back as cty does", () => {
    const bytes = refined([
      [1, (w) => w.bool(false)],
      [2, (w) => w.string("ami-")],
    ]);
    const value = decodeMsgpack(bytes, string);
    expect(value).toEqual(new RefinedUnknown({ notNull: true, stringPrefix: "ami-" }));
    expect(encodeMsgpack(value, string)).toEqual(bytes);
  });

  it("reads a null refinement as null, and ignores keys it does not know", () => {
    expect(decodeMsgpack(refined([[1, (w) => w.bool(true)]]), string)).toBeNull();
    expect(
      decodeMsgpack(
        refined([
          [99, (w) => w.string("future")],
          [1, (w) => w.bool(false)],
        ]),
        bool,
      ),
    ).toEqual(new RefinedUnknown({ notNull: true }));
  });

  it("refuses malformed and oversized payloads, naming the problem", () => {
    expect(() => decodeMsgpack(refined([[2, (w) => w.int(5)]]), string)).toThrowError(
      /string prefix refinement: it must be a string/,
    );
    expect(() => decodeMsgpack(refined([[3, (w) => w.string("x")]]), number)).toThrowError(
      /number lower bound refinement/,
    );
    expect(() => decodeMsgpack(refined([[2, (w) => w.string("x")]]), number)).toThrowError(
      /a number cannot have a string prefix/,
    );
    const big = refined([[2, (w) => w.string("x".repeat(2000))]]);
    expect(() => decodeMsgpack(big, string)).toThrowError(/oversize unknown value refinement/);
  });
});
