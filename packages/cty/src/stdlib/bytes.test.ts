// Bytes values are capsules, which have no encoding: the oracle cannot carry them, so these
// are unit tests of go-cty's behaviour as read from bytes.go (and checked by hand with go-cty).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ArgumentError, callFunction, type TypedValue } from "../function.js";
import { mark } from "../marks.js";
import { dynamic, number, string } from "../types.js";
import { type CtyValue, Decimal, Marked, RefinedUnknown, Unknown } from "../values.js";
import { bytes, bytesLen, bytesOf, bytesSlice, bytesVal } from "./bytes.js";
import { num } from "./go-oracle.test-support.js";

const buf = (value: CtyValue): TypedValue => ({ value, type: bytes });
const hello = bytesVal(new TextEncoder().encode("hello"));
const attempt = (f: () => unknown) => {
  try {
    return f();
  } catch (err) {
    return err;
  }
};

describe("Bytes values", () => {
  it("are the Uint8Array they carry", () => {
    const data = new Uint8Array([1, 2, 3]);
    expect(bytesOf(bytesVal(data))).toBe(data);
    expect(() => bytesVal("abc" as never)).toThrow(TypeError);
  });
});

describe("bytesLen", () => {
  it("is the number of bytes", () => {
    expect(callFunction(bytesLen, [buf(hello)])).toEqual({ type: number, value: 5 });
    expect(callFunction(bytesLen, [buf(bytesVal(new Uint8Array()))]).value).toBe(0);
  });

  it("is an unknown number, not null, for an unknown buffer or one of unknown type", () => {
    expect(callFunction(bytesLen, [buf(Unknown)])).toEqual({
      type: number,
      value: new RefinedUnknown({ notNull: true }),
    });
    expect(callFunction(bytesLen, [{ type: dynamic, value: Unknown }]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("refuses null and other types with go-cty's messages", () => {
    expect(attempt(() => callFunction(bytesLen, [buf(null)]))).toEqual(
      new ArgumentError(0, "argument must not be null"),
    );
    expect(attempt(() => callFunction(bytesLen, [{ type: string, value: "x" }]))).toEqual(
      new ArgumentError(0, "bytes required, but received string"),
    );
  });

  it("passes marks on to the result", () => {
    expect(callFunction(bytesLen, [buf(mark(hello, "sensitive"))]).value).toEqual(
      new Marked(5, new Set(["sensitive"])),
    );
  });
});

describe("bytesSlice", () => {
  const slice = (offset: CtyValue, length: CtyValue, of: CtyValue = hello) =>
    callFunction(bytesSlice, [buf(of), num(offset), num(length)]);
  const text = (value: CtyValue) => new TextDecoder().decode(bytesOf(value));

  it("takes `length` bytes from `offset`, sharing the buffer's memory", () => {
    const result = slice(1, 3);
    expect(result.type).toBe(bytes);
    expect(text(result.value)).toBe("ell");
    expect(bytesOf(result.value).buffer).toBe(bytesOf(hello).buffer);
    expect(text(slice(5, 0).value)).toBe("");
  });

  it("matches Go's slicing for every offset and length within the buffer", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 20 }), fc.nat(25), fc.nat(25), (data, offset, length) => {
        const outcome = attempt(() => slice(offset, length, bytesVal(data)).value);
        if (offset + length <= data.length) {
          expect(bytesOf(outcome as CtyValue)).toEqual(data.subarray(offset, offset + length));
        } else {
          expect(outcome).toBeInstanceOf(Error);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("reports go-cty's errors (plain errors, blaming no argument)", () => {
    const message = (offset: CtyValue, length: CtyValue) =>
      (attempt(() => slice(offset, length)) as Error).message;
    expect(message(-1, 0)).toBe("offset and length must be non-negative");
    expect(message(0, -1)).toBe("offset and length must be non-negative");
    expect(message(6, 0)).toBe("offset 6 is greater than total buffer length 5");
    expect(message(2, 4)).toBe("offset 2 + length 4 is greater than total buffer length 5");
    expect(message(0, 9223372036854775807n)).toBe(
      "offset 0 + length 9223372036854775807 is greater than total buffer length 5",
    );
    expect(message(1.5, 1)).toBe(
      "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
    expect(message(1, new Decimal("0.5"))).toBe(
      "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
    expect(message(1, 2n ** 63n)).toBe(
      "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
    expect(attempt(() => slice(6, 0))).not.toBeInstanceOf(ArgumentError);
  });

  it("reports the panic go-cty reports where offset + length wraps around int64 (without Go's stack)", () => {
    expect((attempt(() => slice(1, 9223372036854775807n)) as Error).message).toBe(
      "panic in function implementation: runtime error: slice bounds out of range [:-9223372036854775808]",
    );
    expect((attempt(() => slice(5, 9223372036854775807n)) as Error).message).toBe(
      "panic in function implementation: runtime error: slice bounds out of range [:-9223372036854775804]",
    );
  });

  it("is an unknown Bytes value, not null, when an argument is unknown", () => {
    expect(slice(Unknown, 1)).toEqual({ type: bytes, value: new RefinedUnknown({ notNull: true }) });
    expect(callFunction(bytesSlice, [buf(Unknown), num(1), num(1)]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("refuses a null offset", () => {
    expect(attempt(() => slice(null, 1))).toEqual(new ArgumentError(1, "argument must not be null"));
  });
});
