import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction } from "../function.js";
import { mark, unmark } from "../marks.js";
import { refine } from "../refinement.js";
import { dynamic, number, set, string } from "../types.js";
import { type CtyValue, RefinedUnknown, Unknown } from "../values.js";
import {
  anyArg,
  argOf,
  collectionElementTypeArb,
  elementTypeArb,
  knownArgOf,
  mapOrderAndPanics,
} from "./collection.test-support.js";
import { expectSameAsGo, tv, useGoOracle } from "./go-oracle.test-support.js";
import { setHasElement, setIntersection, setSubtract, setSymmetricDifference, setUnion } from "./set.js";

const oracle = useGoOracle();

const runs = { numRuns: 300 };
const unknownBool = new RefinedUnknown({ notNull: true });

// Sets of small element types (mixed, so that unification has work to do), and sometimes
// something else where a set belongs.
const setArg = fc.oneof(
  { weight: 4, arbitrary: argOf(elementTypeArb.map(set)) },
  { weight: 3, arbitrary: knownArgOf(elementTypeArb.map(set)) },
  { weight: 2, arbitrary: argOf(collectionElementTypeArb.map(set)) },
  { weight: 1, arbitrary: anyArg },
);

const operations = [
  ["setUnion", setUnion],
  ["setIntersection", setIntersection],
  ["setSubtract", setSubtract],
  ["setSymmetricDifference", setSymmetricDifference],
] as const;

describe("go-cty's answers", () => {
  it("setHasElement", async () => {
    await fc.assert(
      fc.asyncProperty(setArg, fc.oneof(argOf(elementTypeArb), anyArg), async (s, e) => {
        await expectSameAsGo(oracle, "setHasElement", setHasElement, [s, e], mapOrderAndPanics);
      }),
      runs,
    );
  });

  for (const [name, spec] of operations) {
    it(name, async () => {
      const count = name === "setSubtract" ? { minLength: 2, maxLength: 2 } : { minLength: 0, maxLength: 4 };
      await fc.assert(
        fc.asyncProperty(fc.array(setArg, count), async (args) => {
          await expectSameAsGo(oracle, name, spec, args, mapOrderAndPanics);
        }),
        runs,
      );
    });
  }

  it("set operations on sets of one element type, often overlapping", async () => {
    const overlapping = fc.array(fc.constantFrom<CtyValue>("a", "b", "c", Unknown, null), { maxLength: 4 });
    await fc.assert(
      fc.asyncProperty(fc.array(overlapping, { minLength: 1, maxLength: 3 }), async (sets) => {
        const args = sets.map((s) => tv(s, set(string)));
        for (const [name, spec] of operations) {
          await expectSameAsGo(
            oracle,
            name,
            spec,
            name === "setSubtract" ? [args[0]!, args[0]!] : args,
            mapOrderAndPanics,
          );
        }
      }),
      runs,
    );
  });
});

describe("set functions", () => {
  it("find elements by value, numbers whatever their representation", () => {
    expect(callFunction(setHasElement, [tv([1, 2n ** 60n], set(number)), tv(2n ** 60n, number)]).value).toBe(
      true,
    );
    expect(callFunction(setHasElement, [tv(["a"], set(string)), tv(1, number)]).value).toBe(false);
  });

  it("cannot rule an element out while the set holds unknowns", () => {
    expect(callFunction(setHasElement, [tv(["a", Unknown], set(string)), tv("b", string)]).value).toEqual(
      unknownBool,
    );
    expect(callFunction(setHasElement, [tv(["a", Unknown], set(string)), tv("a", string)]).value).toBe(true);
  });

  it("unify element types: the union of strings and numbers is a set of strings", () => {
    const result = callFunction(setUnion, [tv(["a"], set(string)), tv([1], set(number))]);
    expect(result.type).toEqual(set(string));
    expect([...(result.value as CtyValue[])].sort()).toEqual(["1", "a"]);
  });

  it("keep every unknown in a union, and are unknown otherwise when one is involved", () => {
    const result = callFunction(setUnion, [tv([Unknown, "a"], set(string)), tv([Unknown], set(string))]);
    expect(result.value).toEqual(["a", Unknown, Unknown]);
    expect(
      callFunction(setIntersection, [tv([Unknown, "a"], set(string)), tv(["a"], set(string))]).value,
    ).toEqual(new RefinedUnknown({ notNull: true }));
  });

  it("of an unknown set are unknown, not null", () => {
    const unknownSet = tv(refine(set(string), { lengthLower: 1 }), set(string));
    expect(callFunction(setSubtract, [unknownSet, tv(["a"], set(string))]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("treat an empty set of unknown element type as any set", () => {
    const result = callFunction(setUnion, [tv([], set(dynamic)), tv([1], set(number))]);
    expect(result).toEqual(tv([1], set(number)));
  });

  it("pass marks to the result", () => {
    const result = callFunction(setUnion, [
      tv(mark(["a"], "m"), set(string)),
      tv([mark("b", "n")], set(string)),
    ]);
    expect(unmark(result.value)).toEqual({ value: ["a", "b"], marks: new Set(["m", "n"]) });
  });

  it("take time linear in the sizes of the sets", () => {
    const big = (offset: number) =>
      tv(
        Array.from({ length: 20_000 }, (_, i) => `k${i + offset}`),
        set(string),
      );
    const start = performance.now();
    const result = callFunction(setIntersection, [big(0), big(10_000)]);
    expect((result.value as CtyValue[]).length).toBe(10_000);
    expect(performance.now() - start).toBeLessThan(2_000);
  });
});
