// Where `dynamic` sits inside a collection's element type, cty requires every element to
// fill it with the same type. go-cty panics on a collection that does not (so would
// Terraform); we refuse it with the element's path, and otherwise write what go-cty writes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ownTyped } from "./convert/typed-values.js";
import { typeAndValue } from "./internal/arbitraries.test-support.js";
import { encodeJson } from "./json.js";
import { encodeMsgpack } from "./msgpack.js";
import { hex, useGoOracle } from "./stdlib/go-oracle.test-support.js";
import {
  type CtyType,
  dynamic,
  list,
  map,
  number,
  object,
  set,
  string,
  tuple,
  typeToJSON,
  typeToJSONText,
} from "./types.js";
import { typeOfValue } from "./value-type.js";
import { type CtyValue, Dynamic, Unknown } from "./values.js";

describe("typeOfValue", () => {
  it("resolves dynamic parts from the Dynamic wrappers in the value", () => {
    const type = object({ a: dynamic, b: list(dynamic), c: string });
    const value = { a: new Dynamic(number, 1), b: [new Dynamic(string, "x"), null], c: "y" };
    expect(typeToJSONText(typeOfValue(value, type))).toBe(
      typeToJSONText(object({ a: number, b: list(string), c: string })),
    );
  });

  it("keeps dynamic where the value says nothing: null, unknown, empty collections", () => {
    expect(typeOfValue(null, dynamic)).toBe(dynamic);
    expect(typeOfValue(Unknown, list(dynamic))).toEqual(list(dynamic));
    expect(typeOfValue([], set(dynamic))).toEqual(set(dynamic));
    expect(typeOfValue([null, Unknown], list(dynamic))).toEqual(list(dynamic));
  });

  // typeOfValue asks the value only for its type, cheaply, and leaves a declared type without
  // `dynamic` as it is. Conversions (ownTyped) also rebuild the value as go-cty's decoder
  // would hold it, and so drop optional attribute markers from the types of object values,
  // as go-cty's ObjectVal does. Without optional attributes the two agree.
  it("is the type conversions give the value, where no optional attributes are declared", () => {
    fc.assert(
      fc.property(typeAndValue, ({ type, value }) => {
        expect(typeToJSONText(typeOfValue(value, type))).toBe(typeToJSONText(ownTyped(value, type).type));
      }),
      { numRuns: 300 },
    );
    const withOptional = object({ a: string, b: dynamic }, ["a"]);
    const value = { a: "x", b: new Dynamic(number, 1) };
    expect(typeOfValue(value, withOptional)).toEqual(object({ a: string, b: number }, ["a"]));
    expect(ownTyped(value, withOptional).type).toEqual(object({ a: string, b: number }));
  });
});

describe("collections with dynamic parts, against go-cty", () => {
  const oracle = useGoOracle();

  const agreeing: [string, CtyType, CtyValue][] = [
    ["a null of no type among strings", list(dynamic), [new Dynamic(string, "a"), null]],
    ["an unknown of no type among strings", list(dynamic), [Unknown, new Dynamic(string, "a")]],
    ["a map with a null of no type", map(dynamic), { a: new Dynamic(number, 1), b: null }],
    [
      "a set with a null of no type",
      set(dynamic),
      [null, new Dynamic(string, "b"), new Dynamic(string, "a")],
    ],
    [
      "objects whose dynamic attributes agree",
      list(object({ a: dynamic })),
      [{ a: new Dynamic(string, "x") }, { a: new Dynamic(string, "y") }],
    ],
  ];
  for (const [name, type, value] of agreeing) {
    it(`writes ${name} as go-cty does`, async () => {
      const ours = hex(encodeMsgpack(value, type));
      const reply = await oracle.request({ op: "msgpack", type: typeToJSON(type), hex: ours });
      expect(reply.error).toBeUndefined();
      expect(reply.hex).toBe(ours);
      // Unknowns have no JSON form, in go-cty as here.
      if (reply.json === undefined) expect(() => encodeJson(value, type)).toThrowError(/unknown/);
      else expect(reply.json).toBe(encodeJson(value, type));
    });
  }

  const disagreeing: [string, CtyType, CtyValue, RegExp][] = [
    [
      "objects whose dynamic attributes differ",
      list(object({ a: dynamic })),
      [{ a: new Dynamic(string, "x") }, { a: new Dynamic(number, 1) }],
      /^\[1\]: the elements of a collection must all have one type: element 0 is \["object",\{"a":"string"\}\], this one is \["object",\{"a":"number"\}\]$/,
    ],
    [
      "a null attribute of no type beside a string",
      map(object({ a: dynamic })),
      { k: { a: new Dynamic(string, "x") }, l: { a: null } },
      /^\["l"\]: the elements of a collection must all have one type/,
    ],
    [
      "an unknown list of no element type beside a list of strings",
      set(tuple([list(dynamic)])),
      [[[new Dynamic(string, "x")]], [Unknown]],
      /^\[1\]: the elements of a collection must all have one type: element 0 is \["tuple",\[\["list","string"\]\]\], this one is \["tuple",\[\["list","dynamic"\]\]\]/,
    ],
  ];
  for (const [name, type, value, message] of disagreeing) {
    it(`refuses ${name}, where go-cty panics`, async () => {
      expect(() => encodeMsgpack(value, type)).toThrowError(message);
      expect(() => encodeJson(value, type)).toThrowError(message);
      // The bytes a careless writer would send: each element written for its own type.
      const bytes = carelessly(value, (type as { element: CtyType }).element);
      const reply = await oracle.request({ op: "msgpack", type: typeToJSON(type), hex: hex(bytes) });
      expect(reply.error).toMatch(/^panic: inconsistent (list|set|map) element types/);
    });
  }
});

/** A collection (under 16 elements) with each element written on its own, unchecked. */
function carelessly(value: CtyValue, elementType: CtyType): Uint8Array {
  const chunks: Uint8Array[] = [];
  if (Array.isArray(value)) {
    chunks.push(Uint8Array.of(0x90 | value.length));
    for (const e of value) chunks.push(encodeMsgpack(e, elementType));
  } else {
    const entries = Object.entries(value as Record<string, CtyValue>);
    chunks.push(Uint8Array.of(0x80 | entries.length));
    for (const [k, e] of entries) chunks.push(encodeMsgpack(k, string), encodeMsgpack(e, elementType));
  }
  return Buffer.concat(chunks);
}
