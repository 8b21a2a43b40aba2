import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
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

// Counters on the two operations set membership is built from, for the scale test at the end:
// each wrapper passes its arguments straight through, so every other test sees the real code.
const calls = vi.hoisted(() => ({ valuesEqual: 0, hashBytes: 0 }));
vi.mock("../equality.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../equality.js")>();
  return {
    ...real,
    valuesEqual: (...args: Parameters<typeof real.valuesEqual>) => {
      calls.valuesEqual++;
      return real.valuesEqual(...args);
    },
  };
});
vi.mock("../internal/set-elements.js", async (importOriginal) => {
  const real = await importOriginal<typeof import("../internal/set-elements.js")>();
  return {
    ...real,
    hashBytes: (...args: Parameters<typeof real.hashBytes>) => {
      calls.hashBytes++;
      return real.hashBytes(...args);
    },
  };
});

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

  // Scale by counting, not by the clock: comparing every element of one set with every element
  // of the other would take n × m equality checks (1,000,000 here); membership by hash takes one
  // hash per element and one equality check per element found. How long it takes is measured
  // by apps/bench (src/scale.ts), never asserted here.
  it("do work linear in the sizes of the sets", () => {
    const big = (n: number, offset: number) =>
      tv(
        Array.from({ length: n }, (_, i) => `k${i + offset}`),
        set(string),
      );
    const count = (n: number) => {
      calls.valuesEqual = 0;
      calls.hashBytes = 0;
      const result = callFunction(setIntersection, [big(n, 0), big(n, n / 2)]);
      expect((result.value as CtyValue[]).length).toBe(n / 2);
      return { ...calls };
    };
    const n = 1_000;
    const once = count(n);
    const twice = count(2 * n);
    // One equality check per element of the first set found in the second, at most.
    expect(once.valuesEqual).toBeLessThanOrEqual(n);
    // A hash per element of each set, per element looked up, and per element of the result
    // (3.5 n today).
    expect(once.hashBytes).toBeLessThanOrEqual(4 * n);
    expect(once.hashBytes).toBeGreaterThan(0);
    // Twice the elements, twice the work (quadratic would be four times).
    expect(twice.valuesEqual).toBeLessThanOrEqual(2 * once.valuesEqual + 1);
    expect(twice.hashBytes).toBeLessThanOrEqual(2 * once.hashBytes + 1);
  });
});
