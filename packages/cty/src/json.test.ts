import { describe, expect, it } from "vitest";
import { decodeJson, encodeJson } from "./json.js";
import { bool, number, object, string } from "./types.js";
import { Decimal } from "./values.js";

const t = object({ name: string, size: number, on: bool });

describe("cty JSON", () => {
  it("keeps numbers of any length exactly", () => {
    const v = decodeJson('{"name":"a","size":123456789012345678901234567890.5,"on":true}', t) as Record<
      string,
      unknown
    >;
    expect(v.size).toBeInstanceOf(Decimal);
    expect(String(v.size)).toBe("123456789012345678901234567890.5");
    expect(encodeJson(v as never, t)).toBe('{"name":"a","on":true,"size":123456789012345678901234567890.5}');
  });
  it("fills attributes missing from older state with null when asked", () => {
    expect(decodeJson('{"name":"a"}', t, { missingAttributes: "null" })).toEqual({
      name: "a",
      size: null,
      on: null,
    });
    expect(() => decodeJson('{"name":"a"}', t)).toThrowError(/on: attribute is missing/);
  });
  it("names the attribute on a type mismatch and refuses malformed text", () => {
    expect(() => decodeJson('{"name":[],"size":1,"on":true}', t)).toThrowError(
      /name: a string is required, but got a list/,
    );
    expect(() => decodeJson('{"name":', t)).toThrowError(/malformed JSON/);
    expect(() => decodeJson(new Uint8Array([0xff, 0xfe]), t)).toThrow();
  });
  it("accepts extra attributes only when told to ignore them", () => {
    const text = '{"name":"a","size":1,"on":false,"old":"x"}';
    expect(decodeJson(text, t, { extraAttributes: "ignore" })).toEqual({ name: "a", size: 1, on: false });
    expect(() => decodeJson(text, t)).toThrowError(/old: unsupported attribute/);
  });
});

describe("decode errors", () => {
  it("are CtyDecodeErrors, for JSON and msgpack alike", async () => {
    const { CtyDecodeError } = await import("./path.js");
    const { decodeMsgpack } = await import("./msgpack.js");
    expect(() => decodeJson(new Uint8Array([0xff]), t)).toThrowError(CtyDecodeError);
    expect(() => decodeJson('{"name":1}', t)).toThrowError(CtyDecodeError);
    expect(() => decodeMsgpack(new Uint8Array([0xc1]), t)).toThrowError(CtyDecodeError);
    expect(() => decodeMsgpack(new Uint8Array([0x80]), t)).toThrowError(/name: attribute is missing/);
  });
});
