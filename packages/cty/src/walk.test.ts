import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valuesEqual } from "./equality.js";
import { typeAndValue } from "./internal/arbitraries.test-support.js";
import type { Path } from "./path.js";
import { bool, list, map, number, object, set, string, tuple } from "./types.js";
import { type CtyValue, Dynamic, Unknown } from "./values.js";
import { applyPath, transform, walk } from "./walk.js";

const server = object({
  name: string,
  tags: map(string),
  ports: list(object({ n: number })),
  ids: set(string),
  pair: tuple([bool, string]),
});
const value = {
  name: "web",
  tags: { b: "2", a: "1" },
  ports: [{ n: 80 }, { n: 443 }],
  ids: ["y", "x"],
  pair: [true, "p"],
};

describe("applyPath", () => {
  it("follows attribute, index, key and set element steps", () => {
    expect(applyPath(value, server, [{ attribute: "ports" }, { index: 1 }, { attribute: "n" }])).toEqual({
      value: 443,
      type: number,
    });
    expect(applyPath(value, server, [{ attribute: "tags" }, { key: "a" }]).value).toBe("1");
    expect(applyPath(value, server, [{ attribute: "pair" }, { index: 0 }])).toEqual({
      value: true,
      type: bool,
    });
    expect(applyPath(value, server, [{ attribute: "ids" }, { element: "x" }]).value).toBe("x");
  });

  it("gives an unknown of the right type below an unknown", () => {
    const partial = { ...value, ports: Unknown } as CtyValue;
    expect(applyPath(partial, server, [{ attribute: "ports" }, { index: 7 }, { attribute: "n" }])).toEqual({
      value: Unknown,
      type: number,
    });
  });

  it("looks through Dynamic values", () => {
    const d = new Dynamic(object({ a: list(string) }), { a: ["z"] });
    expect(applyPath(d, d.type, [{ attribute: "a" }, { index: 0 }]).value).toBe("z");
  });

  it("names the step that failed", () => {
    expect(() => applyPath(value, server, [{ attribute: "nope" }])).toThrowError(
      'nope: the object has no attribute "nope"',
    );
    expect(() => applyPath(value, server, [{ attribute: "ports" }, { index: 5 }])).toThrowError(
      "ports[5]: index 5 is out of range for a list of object of 2 elements",
    );
    expect(() => applyPath(value, server, [{ attribute: "tags" }, { key: "z" }])).toThrowError(
      'tags["z"]: the map has no element with key "z"',
    );
    expect(() =>
      applyPath({ ...value, tags: null }, server, [{ attribute: "tags" }, { key: "a" }]),
    ).toThrowError('tags["a"]: cannot take a step into a null map of string');
    expect(() => applyPath(value, server, [{ attribute: "name" }, { index: 0 }])).toThrowError(
      "name[0]: a string cannot be indexed by number",
    );
  });
});

describe("walk and transform", () => {
  it("visits depth first in cty's order, with paths", () => {
    const seen: string[] = [];
    walk(value, server, (path) => {
      seen.push(
        path
          .map((s) =>
            "attribute" in s
              ? s.attribute
              : "index" in s
                ? s.index
                : "key" in s
                  ? s.key
                  : `{${String(s.element)}}`,
          )
          .join("/"),
      );
      return undefined;
    });
    expect(seen).toEqual([
      "",
      "ids",
      "ids/{x}",
      "ids/{y}",
      "name",
      "pair",
      "pair/0",
      "pair/1",
      "ports",
      "ports/0",
      "ports/0/n",
      "ports/1",
      "ports/1/n",
      "tags",
      "tags/a",
      "tags/b",
    ]);
  });

  it("skips a value's elements when the visitor says false", () => {
    const seen: Path[] = [];
    walk(value, server, (path) => {
      seen.push(path);
      return path.length === 0 ? undefined : false;
    });
    expect(seen).toHaveLength(6);
  });

  it("rebuilds bottom-up without touching the input", () => {
    const upper = transform(value, server, (_path, v, type) =>
      type.kind === "string" && typeof v === "string" ? v.toUpperCase() : v,
    );
    expect(upper).toEqual({
      name: "WEB",
      tags: { a: "1", b: "2" },
      ports: [{ n: 80 }, { n: 443 }],
      ids: ["X", "Y"],
      pair: [true, "P"],
    });
    expect(value.name).toBe("web");
  });

  it("every path a walk reports leads back to the value it reported; an identity transform changes nothing", () => {
    fc.assert(
      fc.property(typeAndValue, ({ type, value: v }) => {
        walk(v, type, (path, found, foundType) => {
          const located = applyPath(v, type, path);
          expect(valuesEqual(located.value, found, foundType)).toBe(true);
          return undefined;
        });
        expect(
          valuesEqual(
            transform(v, type, (_p, x) => x as CtyValue),
            v,
            type,
          ),
        ).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
