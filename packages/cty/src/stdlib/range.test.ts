import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { dynamic, number } from "../types.js";
import { Decimal, Dynamic, Marked, RefinedUnknown, Unknown } from "../values.js";
import { useGoOracle } from "./go-oracle.test-support.js";
import { expectSameAsGoCty, numberArb, numberArg } from "./internal/numbers.test-support.js";
import { range } from "./range.js";

const oracle = useGoOracle();

const n = (value: TypedValue["value"]): TypedValue => ({ type: number, value });

// Bounds and steps that give lists of every length up to the cap and beyond, with steps that
// go-cty can only add with rounding (0.1 as a double and as a decimal, 1/3).
const bound = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: -40, max: 40 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(0, 0.5, -2.5, 1e3, -1e3, 2n ** 70n, new Decimal("0.1"), new Decimal("10.05")),
  },
  { weight: 1, arbitrary: fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  { weight: 1, arbitrary: numberArb },
);
const step = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(1, -1, 2, -3, 0.5, -0.25, 0.1, -0.1, 1 / 3, 7) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      new Decimal("0.1"),
      new Decimal("-0.3"),
      new Decimal("0.0001"),
      new Decimal(
        "1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
      ),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, 1e-3, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2n ** 70n),
  },
  { weight: 1, arbitrary: numberArb },
);
const arg = (values: fc.Arbitrary<TypedValue["value"]>) =>
  fc.oneof(
    { weight: 12, arbitrary: values.map(n) },
    {
      weight: 1,
      arbitrary: values.map((v): TypedValue => ({ type: dynamic, value: new Dynamic(number, v) })),
    },
    { weight: 1, arbitrary: numberArg },
  );

describe("range answers as go-cty's (differential, fast-check)", () => {
  it("with one, two or three arguments", async () => {
    const args = fc.oneof(
      fc.tuple(arg(bound)),
      fc.tuple(arg(bound), arg(bound)),
      fc.tuple(arg(bound), arg(bound), arg(step)),
      fc.tuple(arg(bound), arg(bound), arg(step)),
    );
    await fc.assert(
      fc.asyncProperty(args, async (a) => {
        await expectSameAsGoCty(oracle, "range", range, a);
      }),
      { numRuns: 300 },
    );
  });

  it("with no arguments or too many", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arg(bound), { minLength: 4, maxLength: 6 }), async (a) => {
        await expectSameAsGoCty(oracle, "range", range, a);
      }),
      { numRuns: 30 },
    );
    await expectSameAsGoCty(oracle, "range", range, []);
  });

  it("at the edges", async () => {
    const cases: TypedValue["value"][][] = [
      [1024],
      [1025],
      [-1024],
      [0, 1024],
      [0, 1025],
      [0, 5, 0],
      [0, 0, 0],
      [5, 0, 0],
      [0, 10, -1],
      [10, 0, 1],
      [0, 1, new Decimal("0.1")],
      [0, 1, 0.1],
      [0, 1, 1 / 3],
      [Number.POSITIVE_INFINITY],
      [Number.NEGATIVE_INFINITY, 0],
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
      [Number.POSITIVE_INFINITY, 0, Number.NEGATIVE_INFINITY],
      [0, 10, Number.POSITIVE_INFINITY],
      [2n ** 70n, 2n ** 70n + 5n],
      [2n ** 600n, 2n ** 600n + 5n],
      [new Decimal("0.1"), new Decimal("0.3"), new Decimal("0.1")],
      [0.1, 0.3, 0.1],
    ];
    for (const c of cases) await expectSameAsGoCty(oracle, "range", range, c.map(n));
  });
});

describe("range examples", () => {
  const call = (...args: TypedValue["value"][]) => callFunction(range, args.map(n)).value;

  it("counts up or down from zero, or between two bounds, by one or a given step", () => {
    expect(call(3)).toEqual([0, 1, 2]);
    expect(call(-3)).toEqual([0, -1, -2]);
    expect(call(1, 4)).toEqual([1, 2, 3]);
    expect(call(4, 1)).toEqual([4, 3, 2]);
    // 0 (an int, 64 bits) + 0.5 is held at 64 bits: Decimals, which keep that precision.
    expect(call(0, 2, 0.5)).toEqual([0, new Decimal("0.5"), 1, new Decimal("1.5")]);
    expect(call(0, 0)).toEqual([]);
  });

  it("adds a decimal step at 512 bits, as go-cty does", () => {
    expect(call(0, new Decimal("0.3"), new Decimal("0.1"))).toEqual([
      0,
      new Decimal("0.1"),
      new Decimal("0.2"),
    ]);
  });

  it("refuses bounds in the wrong order and lists over 1024 elements", () => {
    expect(() => call(0, 10, -1)).toThrow("end must be less than start when step is negative");
    expect(() => call(10, 0, 1)).toThrow("end must be greater than start when step is positive");
    expect(() => call(1025)).toThrow(/^more than 1024 values were generated/);
    // go-cty never sees a zero step as zero (it checks by identity): the cap stops it.
    expect(() => call(0, 1, 0)).toThrow(/^more than 1024 values were generated/);
    expect(() => call()).toThrow("must have one, two, or three arguments");
  });

  it("is unknown (but not null) when an argument is, and keeps marks", () => {
    expect(call(Unknown)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(call(refine(number, { numberLower: { value: 1, inclusive: true } }), 5)).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
    expect(callFunction(range, [n(mark(2, "m"))]).value).toEqual(new Marked([0, 1], new Set(["m"])));
  });
});
