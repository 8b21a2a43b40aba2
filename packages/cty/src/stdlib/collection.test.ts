import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { isMarked, mark, unmark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, dynamic, list, map, number, object, set, string, tuple } from "../types.js";
import { RefinedUnknown, Unknown } from "../values.js";
import {
  chunklist,
  coalesceList,
  compact,
  contains,
  distinct,
  element,
  flatten,
  hasIndex,
  index,
  keys,
  length,
  lookup,
  merge,
  reverseList,
  setProduct,
  slice,
  values,
  zipmap,
} from "./collection.js";
import {
  anyArg,
  argOf,
  collectionElementTypeArb,
  elementTypeArb,
  knownArgOf,
  mapOrderAndPanics,
  mappingTypeArb,
  primitiveTypeArb,
  sequenceTypeArb,
  smallTypeArb,
} from "./collection.test-support.js";
import { expectSameAsGo, tv, useGoOracle } from "./go-oracle.test-support.js";

const oracle = useGoOracle();

const runs = { numRuns: 300 };
const indexArb: fc.Arbitrary<TypedValue> = fc.oneof(
  fc.constantFrom(-5, -1, 0, 1, 2, 3, 7, 1.5, 2 ** 60, -(2 ** 63)).map((value) => ({ value, type: number })),
  fc.constantFrom(2n ** 63n, 2n ** 63n - 1n).map((value) => ({ value, type: number })),
  fc.constantFrom(
    { value: Unknown, type: number },
    { value: null, type: number },
    { value: Unknown, type: dynamic },
  ),
  fc.constantFrom({
    value: refine(number, { notNull: true, numberLower: { value: 0, inclusive: true } }),
    type: number,
  }),
);
const keyArb: fc.Arbitrary<TypedValue> = fc.oneof(
  indexArb,
  fc.constantFrom("a", "b", "c", "é", "10", "").map((value) => ({ value, type: string })),
  fc.constantFrom(
    { value: Unknown, type: string },
    { value: null, type: string },
    { value: true, type: bool },
  ),
);
const seqArg = argOf(sequenceTypeArb);
const mappingArg = argOf(mappingTypeArb);

describe("go-cty's answers", () => {
  it("hasIndex and index", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, mappingArg, anyArg), keyArb, async (collection, key) => {
        await expectSameAsGo(oracle, "hasIndex", hasIndex, [collection, key], mapOrderAndPanics);
        await expectSameAsGo(oracle, "index", index, [collection, key], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("length", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, mappingArg, anyArg), async (collection) => {
        await expectSameAsGo(oracle, "length", length, [collection], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("element", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, anyArg), indexArb, async (seq, i) => {
        await expectSameAsGo(oracle, "element", element, [seq, i], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("coalesceList", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(seqArg, anyArg), { maxLength: 4 }), async (args) => {
        await expectSameAsGo(oracle, "coalesceList", coalesceList, args, mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("compact", async () => {
    await fc.assert(
      fc.asyncProperty(argOf(fc.constant(list(string))), async (arg) => {
        await expectSameAsGo(oracle, "compact", compact, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("contains", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, anyArg), fc.oneof(argOf(elementTypeArb), anyArg), async (seq, v) => {
        await expectSameAsGo(oracle, "contains", contains, [seq, v], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("distinct", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(argOf(elementTypeArb.map(list)), argOf(smallTypeArb)), async (arg) => {
        await expectSameAsGo(oracle, "distinct", distinct, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("chunklist", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(argOf(elementTypeArb.map(list)), anyArg), indexArb, async (arg, size) => {
        await expectSameAsGo(oracle, "chunklist", chunklist, [arg, size], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("flatten", async () => {
    const nested = collectionElementTypeArb.map((t) => list(t));
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, argOf(nested), argOf(smallTypeArb)), async (arg) => {
        await expectSameAsGo(oracle, "flatten", flatten, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("keys and values", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(mappingArg, anyArg), async (arg) => {
        await expectSameAsGo(oracle, "keys", keys, [arg], mapOrderAndPanics);
        await expectSameAsGo(oracle, "values", values, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("lookup", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(mappingArg, anyArg),
        keyArb,
        fc.oneof(argOf(primitiveTypeArb), anyArg),
        async (m, key, fallback) => {
          await expectSameAsGo(oracle, "lookup", lookup, [m, key, fallback], mapOrderAndPanics);
        },
      ),
      runs,
    );
  });

  it("merge", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(mappingArg, mappingArg, anyArg), { maxLength: 4 }), async (args) => {
        await expectSameAsGo(oracle, "merge", merge, args, mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("reverseList", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, anyArg), async (arg) => {
        await expectSameAsGo(oracle, "reverseList", reverseList, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("setProduct", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(seqArg, seqArg, anyArg), { maxLength: 4 }), async (args) => {
        await expectSameAsGo(oracle, "setProduct", setProduct, args, mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("slice", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(seqArg, anyArg), indexArb, indexArb, async (seq, start, end) => {
        await expectSameAsGo(oracle, "slice", slice, [seq, start, end], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("zipmap", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(argOf(fc.constant(list(string))), anyArg),
        fc.oneof(seqArg, anyArg),
        async (keyList, vals) => {
          await expectSameAsGo(oracle, "zipmap", zipmap, [keyList, vals], mapOrderAndPanics);
        },
      ),
      runs,
    );
  });

  it("index, element and slice within bounds", async () => {
    const seq = knownArgOf(
      fc.oneof(elementTypeArb.map(list), fc.array(elementTypeArb, { maxLength: 4 }).map(tuple)),
    );
    const small = fc.oneof(
      fc.integer({ min: -2, max: 5 }).map((n) => tv(n, number)),
      fc.constant(tv(Unknown, number)),
    );
    await fc.assert(
      fc.asyncProperty(seq, small, small, async (s, a, b) => {
        await expectSameAsGo(oracle, "index", index, [s, a], mapOrderAndPanics);
        await expectSameAsGo(oracle, "element", element, [s, a], mapOrderAndPanics);
        await expectSameAsGo(oracle, "slice", slice, [s, a, b], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("lookup of present and absent keys", async () => {
    const names = fc.constantFrom("a", "b", "c", "é", "10");
    await fc.assert(
      fc.asyncProperty(
        knownArgOf(mappingTypeArb),
        fc.oneof(
          names.map((n) => tv(n, string)),
          fc.constant(tv(Unknown, string)),
        ),
        fc.oneof(argOf(primitiveTypeArb), anyArg),
        async (m, key, fallback) => {
          await expectSameAsGo(oracle, "lookup", lookup, [m, key, fallback], mapOrderAndPanics);
          await expectSameAsGo(oracle, "index", index, [m, key], mapOrderAndPanics);
        },
      ),
      runs,
    );
  });

  it("setProduct of known sequences", async () => {
    const seq = fc.oneof(knownArgOf(sequenceTypeArb), argOf(sequenceTypeArb));
    await fc.assert(
      fc.asyncProperty(fc.array(seq, { minLength: 2, maxLength: 3 }), async (args) => {
        await expectSameAsGo(oracle, "setProduct", setProduct, args, mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("merge after an argument of unknown type", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(knownArgOf(smallTypeArb), mappingArg), { maxLength: 3 }),
        async (rest) => {
          await expectSameAsGo(oracle, "merge", merge, [tv(null, dynamic), ...rest], mapOrderAndPanics);
        },
      ),
      runs,
    );
  });

  it("zipmap with as many keys as values", async () => {
    const arb = fc.oneof(
      argOf(elementTypeArb.map(list)),
      knownArgOf(fc.array(elementTypeArb, { maxLength: 4 }).map(tuple)),
    );
    await fc.assert(
      fc.asyncProperty(
        arb,
        fc.array(fc.constantFrom("a", "b", "c", "é"), { maxLength: 4 }),
        async (vals, names) => {
          const n = Array.isArray(vals.value) ? vals.value.length : names.length;
          const keyList = {
            value: Array.from({ length: n }, (_, i) => names[i] ?? `k${i}`),
            type: list(string),
          };
          await expectSameAsGo(oracle, "zipmap", zipmap, [keyList, vals], mapOrderAndPanics);
        },
      ),
      runs,
    );
  });
});

describe("unknowns", () => {
  it("length of an unknown collection is bounded by its length refinements", () => {
    const arg = tv(refine(list(string), { lengthLower: 2, lengthUpper: 5 }), list(string));
    expect(callFunction(length, [arg]).value).toEqual(
      new RefinedUnknown({
        notNull: true,
        numberLower: { value: 2, inclusive: true },
        numberUpper: { value: 5, inclusive: true },
      }),
    );
  });

  it("length of a set with unknown elements is between 1 and its element count", () => {
    const arg = tv(["a", Unknown, "b"], set(string));
    expect(callFunction(length, [arg]).value).toEqual(
      new RefinedUnknown({
        notNull: true,
        numberLower: { value: 1, inclusive: true },
        numberUpper: { value: 3, inclusive: true },
      }),
    );
  });

  it("keys of an unknown object are known, of an unknown map not", () => {
    expect(callFunction(keys, [tv(Unknown, object({ b: number, a: string }))]).value).toEqual(["a", "b"]);
    expect(callFunction(keys, [tv(Unknown, map(string))]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
    expect(callFunction(keys, [tv({ b: Unknown, a: "x" }, map(string))]).value).toEqual(["a", "b"]);
  });

  it("contains is unknown only when no element matches for certain", () => {
    const seq = tv(["a", Unknown], list(string));
    expect(callFunction(contains, [seq, tv("a", string)]).value).toBe(true);
    expect(callFunction(contains, [seq, tv("b", string)]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("element wraps the index around, negative ones too", () => {
    const seq = tv(["a", "b", "c"], list(string));
    expect(callFunction(element, [seq, tv(4, number)]).value).toBe("b");
    expect(callFunction(element, [seq, tv(-1, number)]).value).toBe("c");
  });

  it("setProduct of an unknown set bounds the product's length", () => {
    const result = callFunction(setProduct, [
      tv(refine(set(string), { lengthUpper: 3 }), set(string)),
      tv([1, 2], list(number)),
    ]);
    expect(result.type).toEqual(set(tuple([string, number])));
    expect(result.value).toEqual(new RefinedUnknown({ notNull: true, lengthLower: 1, lengthUpper: 6 }));
  });

  it("flatten with an unknown nested list has an unknown result of unknown type", () => {
    const result = callFunction(flatten, [tv([["a"], Unknown], list(list(string)))]);
    expect(result).toEqual(tv(Unknown, dynamic));
  });
});

describe("result types", () => {
  it("merge gives a map for maps of one type, an object once an object is involved", () => {
    expect(callFunction(merge, [tv({ a: "x" }, map(string)), tv({ b: "y" }, map(string))]).type).toEqual(
      map(string),
    );
    expect(callFunction(merge, [tv({ a: "x" }, map(string)), tv({ b: 1 }, object({ b: number }))])).toEqual(
      tv({ a: "x", b: 1 }, object({ a: string, b: number })),
    );
  });

  it("zipmap gives a map for a list of values, an object for a tuple", () => {
    const names = tv(["a", "b"], list(string));
    expect(callFunction(zipmap, [names, tv([1, 2], list(number))]).type).toEqual(map(number));
    expect(callFunction(zipmap, [names, tv([1, "x"], tuple([number, string]))]).type).toEqual(
      object({ a: number, b: string }),
    );
  });

  it("flatten gives a tuple of the nested elements' types", () => {
    const nested = tv([["a"], [[true]]], tuple([list(string), list(list(bool))]));
    expect(callFunction(flatten, [nested])).toEqual(tv(["a", true], tuple([string, bool])));
  });

  it("flatten of a list holding unknown strings is known: only unknown sequences stop it", () => {
    expect(callFunction(flatten, [tv(["a", Unknown], list(string))])).toEqual(
      tv(["a", Unknown], tuple([string, string])),
    );
  });
});

describe("marks", () => {
  it("of nested sequences go to flatten's result, of other elements stay on them", () => {
    const nested = tv([mark(["a"], "inner"), mark("b", "element")], tuple([list(string), string]));
    expect(callFunction(flatten, [nested]).value).toEqual(mark(["a", mark("b", "element")], "inner"));
  });

  it("inside a set's elements go to the whole setProduct set", () => {
    const result = callFunction(setProduct, [tv([mark("a", "m")], list(string)), tv([1], set(number))]);
    expect(result.type).toEqual(set(tuple([string, number])));
    expect(result.value).toEqual(mark([["a", 1]], "m"));
  });

  const secret = "secret";

  it("pass from a collection to its length, keys and values, but not from its elements", () => {
    const m = tv(mark({ a: mark("x", "inner") }, secret), map(string));
    expect(unmark(callFunction(length, [m]).value).marks).toEqual(new Set([secret]));
    expect(callFunction(keys, [m]).value).toEqual(mark(["a"], secret));
    const vals = callFunction(values, [m]).value;
    expect(unmark(vals).marks).toEqual(new Set([secret]));
    expect(isMarked((unmark(vals).value as readonly unknown[])[0] as never)).toBe(true);
  });

  it("pass through element, slice, reverseList, chunklist and concat-like functions", () => {
    const seq = tv(mark(["a", "b"], secret), list(string));
    expect(unmark(callFunction(element, [seq, tv(0, number)]).value)).toEqual({
      value: "a",
      marks: new Set([secret]),
    });
    expect(unmark(callFunction(slice, [seq, tv(0, number), tv(1, number)]).value).marks).toEqual(
      new Set([secret]),
    );
    expect(unmark(callFunction(reverseList, [seq]).value).marks).toEqual(new Set([secret]));
    expect(unmark(callFunction(chunklist, [seq, tv(mark(1, "size"), number)]).value).marks).toEqual(
      new Set([secret, "size"]),
    );
  });

  it("of map keys go to the whole zipmap result", () => {
    const result = callFunction(zipmap, [
      tv([mark("a", secret), "b"], list(string)),
      tv([1, 2], list(number)),
    ]);
    expect(result.value).toEqual(mark({ a: 1, b: 2 }, secret));
  });

  it("of merged maps go to the result", () => {
    const result = callFunction(merge, [
      tv(mark({ a: "x" }, secret), map(string)),
      tv({ b: "y" }, map(string)),
    ]);
    expect(result.value).toEqual(mark({ a: "x", b: "y" }, secret));
  });

  it("on the key and map of lookup go to the result", () => {
    const result = callFunction(lookup, [
      tv({ a: "x" }, object({ a: string })),
      tv(mark("a", secret), string),
      tv("d", string),
    ]);
    expect(result.value).toEqual(mark("x", secret));
  });

  it("on an unknown list are kept on the unknown result (not refined away)", () => {
    const result = callFunction(keys, [tv(mark(Unknown, secret), map(string))]);
    expect(result.value).toEqual(mark(new RefinedUnknown({ notNull: true }), secret));
  });
});
