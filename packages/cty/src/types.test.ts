import { describe, expect, it } from "vitest";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import {
  bool,
  capsule,
  dynamic,
  friendlyName,
  hasDynamicTypes,
  list,
  map,
  number,
  object,
  parseTypeJSON,
  set,
  string,
  TypeJSONError,
  tuple,
  typeEquals,
  typeToJSONText,
  withoutOptionalAttributesDeep,
} from "./types.js";
import { Dynamic } from "./values.js";

describe("types", () => {
  it("compares structurally: optional markers count, capsules only by identity", () => {
    expect(typeEquals(list(object({ a: string })), list(object({ a: string })))).toBe(true);
    expect(typeEquals(object({ a: string }, ["a"]), object({ a: string }))).toBe(false);
    expect(typeEquals(tuple([string]), tuple([string, string]))).toBe(false);
    expect(typeEquals(list(string), set(string))).toBe(false);
    const c = capsule("thing");
    expect(typeEquals(c, c)).toBe(true);
    expect(typeEquals(c, capsule("thing"))).toBe(false);
  });

  it("keeps attribute names in NFC and in byte order", () => {
    const t = object({ "e\u0301": string, b: number, a: bool });
    expect(t.attributeNames).toEqual(["a", "b", "\u00e9"]);
  });

  it("finds dynamic types and strips optional markers at any depth", () => {
    expect(hasDynamicTypes(map(tuple([string, list(dynamic)])))).toBe(true);
    expect(hasDynamicTypes(object({ a: list(string) }))).toBe(false);
    const t = list(object({ a: object({ b: string }, ["b"]) }, ["a"]));
    expect(typeToJSONText(withoutOptionalAttributesDeep(t))).toBe(
      '["list",["object",{"a":["object",{"b":"string"}]}]]',
    );
  });

  it("refuses capsule types in JSON, saying which", () => {
    expect(() => typeToJSONText(capsule("thing"))).toThrowError(/type not allowed: thing/);
    expect(friendlyName(capsule("thing"))).toBe("thing");
  });
});

describe("type JSON bad input", () => {
  it.each([
    ["not JSON", "{", /not JSON/],
    ["unknown primitive", '"text"', /invalid primitive type name "text"/],
    ["unknown kind", '["array","string"]', /invalid complex type kind name "array"/],
    ["extra data", '["list","string","x"]', /unexpected extra data/],
    ["tuple without array", '["tuple","string"]', /tuple type needs an array/],
    ["object without attributes", '["object",[]]', /object type needs an object/],
    ["optional not declared", '["object",{"a":"string"},["b"]]', /optional attribute "b"/],
    ["number", "5", /expected a string or an array/],
    ["invalid UTF-8", new Uint8Array([0x22, 0xff, 0x22]), /./],
  ])("%s", (_name, text, message) => {
    expect(() => parseTypeJSON(text)).toThrowError(message);
  });
  it("reads null element and attribute lists as go-cty does: the empty tuple and object", () => {
    expect(parseTypeJSON('["tuple",null]')).toEqual(tuple([]));
    expect(typeToJSONText(parseTypeJSON('["object",null]'))).toBe('["object",{}]');
  });
  it("throws TypeJSONError for every bad description", () => {
    expect(() => parseTypeJSON('["map"]')).toThrowError(TypeJSONError);
  });
});

describe("collections in msgpack: bad input names the element", () => {
  it("a tuple of the wrong length, a list that is a map, a map element of the wrong type", () => {
    expect(() => decodeMsgpack(encodeMsgpack(["a"], tuple([string])), tuple([string, string]))).toThrowError(
      /a tuple of 2 elements is required, but got 1/,
    );
    expect(() => decodeMsgpack(encodeMsgpack({ a: "x" }, map(string)), list(string))).toThrowError(
      /a list of string is required/,
    );
    expect(() => decodeMsgpack(encodeMsgpack({ k: "x" }, map(string)), map(number))).toThrowError(
      /\["k"\]: a number is required, but got the string "x"/,
    );
    expect(() => encodeMsgpack([1, "x"] as never, list(number))).toThrowError(/\[1\]: a number is required/);
  });
  it("sets are written deduplicated in go-cty's order", () => {
    expect(Buffer.from(encodeMsgpack(["b", "a", "b", null], set(string))).toString("hex")).toBe(
      "92a161a162c0".replace("92", "93"),
    );
  });
  it("dynamic values need a valid type, and collections of them one type", () => {
    expect(() =>
      decodeMsgpack(new Uint8Array([0x92, 0xa6, ...Buffer.from('"text"'), 0x01]), dynamic),
    ).toThrowError(/invalid type in a dynamic value: invalid primitive type name "text"/);
    expect(() =>
      encodeMsgpack([new Dynamic(string, "a"), new Dynamic(number, 1)], list(dynamic)),
    ).toThrowError(/must all have one type/);
    const wrapped = new Dynamic(list(string), ["x"]);
    expect(decodeMsgpack(encodeMsgpack(wrapped, dynamic), dynamic)).toEqual(wrapped);
  });
});
