import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction } from "../function.js";
import { mark, unmark } from "../marks.js";
import { dynamic, list, number, string, tuple } from "../types.js";
import { RefinedUnknown, Unknown } from "../values.js";
import {
  anyArg,
  argOf,
  collectionElementTypeArb,
  elementTypeArb,
  knownArgOf,
  mapOrderAndPanics,
} from "./collection.test-support.js";
import { expectSameAsGo, tv, useGoOracle } from "./go-oracle.test-support.js";
import { concat } from "./sequence.js";

const oracle = useGoOracle();

const runs = { numRuns: 300 };

// Lists of mixed element types (so that unification has work to do), tuples, and sometimes
// something that is neither.
const seqArg = fc.oneof(
  { weight: 4, arbitrary: knownArgOf(elementTypeArb.map(list)) },
  { weight: 2, arbitrary: argOf(collectionElementTypeArb.map(list)) },
  { weight: 3, arbitrary: knownArgOf(fc.array(elementTypeArb, { maxLength: 3 }).map(tuple)) },
  { weight: 1, arbitrary: anyArg },
);

describe("go-cty's answers", () => {
  it("concat", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(seqArg, { maxLength: 4 }), async (args) => {
        await expectSameAsGo(oracle, "concat", concat, args, mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("concat of lists only", async () => {
    const lists = fc.oneof(knownArgOf(elementTypeArb.map(list)), argOf(elementTypeArb.map(list)));
    await fc.assert(
      fc.asyncProperty(fc.array(lists, { minLength: 1, maxLength: 4 }), async (args) => {
        await expectSameAsGo(oracle, "concat", concat, args, mapOrderAndPanics);
      }),
      runs,
    );
  });
});

describe("concat", () => {
  it("of lists whose element types unify is a list", () => {
    expect(callFunction(concat, [tv(["a"], list(string)), tv([1], list(number))])).toEqual(
      tv(["a", "1"], list(string)),
    );
  });

  it("of a tuple and a list is a tuple with a type for each element", () => {
    expect(callFunction(concat, [tv([null], tuple([dynamic])), tv(["a"], list(string))]).type).toEqual(
      tuple([dynamic, string]),
    );
  });

  it("of an unknown list and a tuple is unknown, of unknown type: its length would decide the type", () => {
    expect(callFunction(concat, [tv(Unknown, list(string)), tv([], tuple([]))])).toEqual(
      tv(Unknown, dynamic),
    );
  });

  it("of unknown lists is a list, unknown but not null", () => {
    expect(callFunction(concat, [tv(Unknown, list(string)), tv(["a"], list(string))]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("passes the sequences' marks to the result, and keeps their elements' marks", () => {
    const result = callFunction(concat, [
      tv(mark(["a"], "m"), list(string)),
      tv([mark("b", "n")], list(string)),
    ]);
    expect(unmark(result.value)).toEqual({ value: ["a", mark("b", "n")], marks: new Set(["m"]) });
  });
});
