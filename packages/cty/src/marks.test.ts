import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valuesEqual } from "./equality.js";
import { typeAndValue } from "./internal/arbitraries.test-support.js";
import { decodeJson, encodeJson } from "./json.js";
import {
  containsMarks,
  isMarked,
  mark,
  markWithPaths,
  unmark,
  unmarkDeep,
  unmarkDeepWithPaths,
} from "./marks.js";
import { decodeMsgpack, encodeMsgpack } from "./msgpack.js";
import { list, object, string } from "./types.js";
import { type CtyValue, Marked } from "./values.js";
import { applyPath, transform } from "./walk.js";

const SENSITIVE = Symbol("sensitive");
const t = object({ user: string, secrets: list(string) });

describe("marks", () => {
  it("add up on one layer, and come off shallowly", () => {
    const m = mark(mark("pw", SENSITIVE), "ephemeral");
    expect(isMarked(m)).toBe(true);
    expect(unmark(m)).toEqual({ value: "pw", marks: new Set([SENSITIVE, "ephemeral"]) });
    expect(unmark("plain")).toEqual({ value: "plain", marks: new Set() });
  });

  it("are never encoded: the codecs name where a mark was", () => {
    const v: CtyValue = { user: "a", secrets: ["x", mark("y", SENSITIVE)] as CtyValue[] };
    expect(() => encodeMsgpack(v, t)).toThrowError("secrets[1]: value has marks, so it cannot be serialized");
    expect(() => encodeJson(v, t)).toThrowError(/secrets\[1\]: value has marks/);
  });

  it("travel with what a path reaches inside a marked value", () => {
    const v = mark({ user: "a", secrets: ["x"] }, SENSITIVE);
    expect(applyPath(v, t, [{ attribute: "user" }]).value).toEqual(new Marked("a", new Set([SENSITIVE])));
  });

  it("count in raw equality", () => {
    expect(valuesEqual(mark("a", SENSITIVE), mark("a", SENSITIVE), string)).toBe(true);
    expect(valuesEqual(mark("a", SENSITIVE), "a", string)).toBe(false);
  });

  it("strip with their paths and go back where they were", () => {
    fc.assert(
      fc.property(typeAndValue, fc.integer({ min: 1, max: 4 }), ({ type, value }, every) => {
        let n = 0;
        // Not on set elements: go-cty moves those marks to the set itself.
        const marked = transform(value, type, (path, v) =>
          n++ % every === 0 && !path.some((step) => "element" in step) ? mark(v, SENSITIVE) : v,
        );
        const { value: plain, pathMarks } = unmarkDeepWithPaths(marked, type);
        expect(containsMarks(plain, type)).toBe(false);
        expect(valuesEqual(markWithPaths(plain, type, pathMarks), marked, type)).toBe(true);
        expect(unmarkDeep(marked, type).marks.size).toBe(pathMarks.length > 0 ? 1 : 0);
        // And around an encoding, which keeps every path (up to what the codec itself keeps).
        const back = decodeMsgpack(encodeMsgpack(plain, type), type);
        const remarked = markWithPaths(back, type, pathMarks);
        expect(unmarkDeepWithPaths(remarked, type).pathMarks.length).toBe(pathMarks.length);
      }),
      { numRuns: 300 },
    );
  });

  it("JSON round trip too", () => {
    const v: CtyValue = { user: mark("a", SENSITIVE), secrets: mark(["x"], SENSITIVE) };
    const { value: plain, pathMarks } = unmarkDeepWithPaths(v, t);
    expect(valuesEqual(markWithPaths(decodeJson(encodeJson(plain, t), t), t, pathMarks), v, t)).toBe(true);
  });
});
