import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction } from "../function.js";
import { mark } from "../marks.js";
import { bool, dynamic, string } from "../types.js";
import { RefinedUnknown, Unknown } from "../values.js";
import { and, not, or } from "./bool.js";
import { anyArg, argOf, mapOrderAndPanics } from "./collection.test-support.js";
import { expectSameAsGo, tv, useGoOracle } from "./go-oracle.test-support.js";

const oracle = useGoOracle();

const boolArg = fc.oneof(
  { weight: 6, arbitrary: argOf(fc.constant(bool)) },
  { weight: 1, arbitrary: fc.constantFrom(tv(Unknown, dynamic), tv(null, dynamic), tv("true", string)) },
  { weight: 1, arbitrary: anyArg },
);

describe("go-cty's answers", () => {
  it("not, and, or", async () => {
    await fc.assert(
      fc.asyncProperty(boolArg, boolArg, async (a, b) => {
        await expectSameAsGo(oracle, "not", not, [a], mapOrderAndPanics);
        await expectSameAsGo(oracle, "and", and, [a, b], mapOrderAndPanics);
        await expectSameAsGo(oracle, "or", or, [a, b], mapOrderAndPanics);
      }),
      { numRuns: 300 },
    );
  });
});

describe("logic", () => {
  it("is unknown (not null) with an unknown argument, even where the other would decide", () => {
    const unknownBool = new RefinedUnknown({ notNull: true });
    expect(callFunction(and, [tv(false, bool), tv(Unknown, bool)]).value).toEqual(unknownBool);
    expect(callFunction(or, [tv(true, bool), tv(Unknown, dynamic)]).value).toEqual(unknownBool);
    expect(callFunction(not, [tv(Unknown, bool)]).value).toEqual(unknownBool);
  });

  it("passes the arguments' marks to the result", () => {
    expect(callFunction(and, [tv(mark(true, "a"), bool), tv(mark(true, "b"), bool)]).value).toEqual(
      mark(true, "a", "b"),
    );
    expect(callFunction(not, [tv(mark(false, "a"), bool)]).value).toEqual(mark(true, "a"));
  });

  it("refuses nulls", () => {
    expect(() => callFunction(or, [tv(true, bool), tv(null, bool)])).toThrow("argument must not be null");
  });
});
