import { describe, expect, it } from "vitest";
import { decodeMsgpack, encodeMsgpack, impliedTypeFromMsgpack } from "./msgpack.js";
import { CtyValueError } from "./path.js";
import { bool, list, map, number, object, string } from "./types.js";
import { type CtyValue, Decimal, RefinedUnknown, Unknown } from "./values.js";

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const bytes = (h: string) => new Uint8Array(Buffer.from(h, "hex"));

describe("msgpack encoding matches cty's bytes", () => {
  it("writes unknown as fixext1 type 0 with a zero payload", () => {
    expect(hex(encodeMsgpack(Unknown, string))).toBe("d40000");
  });
  it("writes null as nil", () => {
    expect(hex(encodeMsgpack(null, number))).toBe("c0");
  });
  it("writes exact integers as ints and other doubles as float64", () => {
    expect(hex(encodeMsgpack(5, number))).toBe("05");
    expect(hex(encodeMsgpack(-1, number))).toBe("ff");
    expect(hex(encodeMsgpack(1.5, number))).toBe("cb3ff8000000000000");
    expect(hex(encodeMsgpack(Number.POSITIVE_INFINITY, number))).toBe("cb7ff0000000000000");
  });
  it("writes numbers beyond int64 and inexact decimals as decimal text", () => {
    expect(hex(encodeMsgpack(2n ** 70n, number))).toBe(hex(encodeMsgpack("1180591620717411303424", string)));
    expect(hex(encodeMsgpack(new Decimal("0.1000000000000000000001"), number))).toBe(
      hex(encodeMsgpack("0.1000000000000000000001", string)),
    );
  });
  it("writes objects with every attribute, in name order", () => {
    const t = object({ b: bool, a: string });
    expect(hex(encodeMsgpack({ a: "x", b: null }, t))).toBe("82a161a178a162c0");
  });
});

describe("msgpack decoding", () => {
  it("treats every extension code as unknown", () => {
    expect(decodeMsgpack(bytes("d40000"), string)).toBe(Unknown);
    expect(decodeMsgpack(bytes("d40700"), number)).toBe(Unknown);
    // Refined unknown (type 12) with a payload: unknown, with its refinement.
    expect(decodeMsgpack(bytes("c7030c8101c2"), string)).toEqual(new RefinedUnknown({ notNull: true }));
  });
  it("reads decimal text numbers exactly", () => {
    expect(decodeMsgpack(encodeMsgpack("0.1", string), number)).toEqual(new Decimal("0.1"));
    // go-cty reads number text at 512 bits (cty.ParseNumberVal), even a double's value or an
    // int's, which its own Marshal writes as a float64 or an int: a Decimal keeps those bits.
    expect(decodeMsgpack(encodeMsgpack("0.5", string), number)).toEqual(new Decimal("0.5"));
    expect(decodeMsgpack(encodeMsgpack("12", string), number)).toEqual(new Decimal("12"));
    expect(decodeMsgpack(encodeMsgpack("-0", string), number)).toEqual(new Decimal("-0"));
    expect(decodeMsgpack(encodeMsgpack("123456789012345678901234567890", string), number)).toBe(
      123456789012345678901234567890n,
    );
    const d = decodeMsgpack(encodeMsgpack("1.00000000000000000000001", string), number);
    expect(d).toBeInstanceOf(Decimal);
    expect(String(d)).toBe("1.00000000000000000000001");
  });
  it("reads int64 beyond the safe range as bigint", () => {
    expect(decodeMsgpack(bytes("d3" + "7fffffffffffffff"), number)).toBe(2n ** 63n - 1n);
    expect(decodeMsgpack(bytes("cf" + "ffffffffffffffff"), number)).toBe(2n ** 64n - 1n);
  });
});

describe("msgpack bad input names the path", () => {
  const t = object({ filename: string, content: string });
  it("refuses a number where a string belongs", () => {
    const enc = bytes(
      "82a8" +
        Buffer.from("filename").toString("hex") +
        "a161a7" +
        Buffer.from("content").toString("hex") +
        "05",
    );
    expect(() => decodeMsgpack(enc, t)).toThrowError(/content: a string is required, but got the number 5/);
  });
  it("refuses an object missing an attribute", () => {
    const enc = bytes("81a7" + Buffer.from("content").toString("hex") + "a161");
    try {
      decodeMsgpack(enc, t);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CtyValueError);
      expect((err as CtyValueError).path).toEqual([{ attribute: "filename" }]);
    }
  });
  it("refuses an attribute the type lacks", () => {
    const enc = encodeMsgpack({ filename: "a", content: "b" }, t);
    const extra = bytes("83" + hex(enc).slice(2) + "a178c3");
    expect(() => decodeMsgpack(extra, t)).toThrowError(/x: unsupported attribute/);
  });
  it("refuses truncated and garbage bytes without crashing", () => {
    expect(() => decodeMsgpack(bytes("82a8"), t)).toThrowError(CtyValueError);
    expect(() => decodeMsgpack(bytes("c1"), t)).toThrowError(CtyValueError);
    expect(() => decodeMsgpack(bytes("a3616263"), number)).toThrowError(/a number is required/);
  });
  it("refuses NaN", () => {
    expect(() => encodeMsgpack(Number.NaN, number)).toThrowError(/NaN/);
  });
});

describe('a "__proto__" key is a key like any other', () => {
  // Found by hcl's unseeded .tfvars.json property: @msgpack/msgpack refuses the key, which
  // go-cty writes for a map or object that has it.
  const tagged = map(string);
  const bytes = (hexText: string) => Buffer.from(hexText, "hex");
  // {"__proto__": "x", "k": "y"}
  const twoKeys = "82a95f5f70726f746f5f5fa178a16ba179";

  it("in a map, decoded as an own key, with the object's prototype untouched", () => {
    const value = decodeMsgpack(bytes(twoKeys), tagged) as Record<string, CtyValue>;
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(Object.keys(value).sort()).toEqual(["__proto__", "k"]);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toBe("x");
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Buffer.from(encodeMsgpack(value, tagged)).toString("hex")).toBe(twoKeys);
  });

  it("as an object attribute, nested, and for implied types", () => {
    const type = object({ ["__proto__"]: list(map(number)), a: bool });
    const value = decodeMsgpack(bytes("82a95f5f70726f746f5f5f9181a95f5f70726f746f5f5f01a161c3"), type);
    expect(value).toEqual(
      Object.assign(Object.create(null), { ["__proto__"]: [{ ["__proto__"]: 1 }], a: true }),
    );
    expect(impliedTypeFromMsgpack(bytes(twoKeys))).toEqual(object({ ["__proto__"]: string, k: string }));
  });
});
