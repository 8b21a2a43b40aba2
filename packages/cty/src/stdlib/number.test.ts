import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, dynamic, list, number, string } from "../types.js";
import { type CtyValue, Decimal, Dynamic, Marked, RefinedUnknown, Unknown } from "../values.js";
import { callGo, useGoOracle } from "./go-oracle.test-support.js";
import {
  expectSameAsGoCty,
  goMathAsEmulated,
  knownNumberArg,
  numberArb,
  numberArg,
  unknownNumberArg,
} from "./internal/numbers.test-support.js";
import {
  absolute,
  add,
  ceil,
  divide,
  floor,
  greaterThan,
  greaterThanOrEqualTo,
  int,
  lessThan,
  lessThanOrEqualTo,
  log,
  max,
  min,
  modulo,
  multiply,
  negate,
  // biome-ignore lint/suspicious/noShadowRestrictedNames: go-cty's ParseIntFunc, under the stdlib's naming
  parseInt,
  pow,
  signum,
  subtract,
} from "./number.js";

const oracle = useGoOracle();

const n = (value: TypedValue["value"]): TypedValue => ({ type: number, value });
const call = (spec: Parameters<typeof callFunction>[0], ...args: TypedValue["value"][]) =>
  callFunction(spec, args.map(n)).value;

const unary = { absolute, negate, int, ceil, floor, signum };
const binary = { add, subtract, multiply, divide, modulo, log, pow };
// Go's math.Log and math.Exp differ between architectures (we compute as Go does on amd64
// with FMA); elsewhere the oracle's answers for log and pow may differ in the last bit.
const usesGoMath = (name: string) => !goMathAsEmulated && (name === "log" || name === "pow");
const comparisons = { greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo };

/**
 * Numbers as go-cty's cty.ParseNumberVal makes them from decimal text (HCL's literals, for
 * one): Decimals, whole numbers and a double's values included, which go-cty holds at 512 bits.
 */
const parsedNumberArg: fc.Arbitrary<TypedValue> = fc
  .oneof(
    fc.constantFrom("11", "5.1", "0.1", "3", "0", "0.5", "-7", "1e-30", "9223372036854775807", "2.5e20"),
    fc.integer({ min: -1000, max: 1000 }).map(String),
    fc
      .tuple(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: 0, max: 8 }))
      .map(([digits, scale]) => `${digits}e-${scale}`),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  )
  .map((text) => n(new Decimal(text)));

describe("answers as go-cty's on numbers parsed from decimal text (differential, fast-check)", () => {
  const parsedOrOther = fc.oneof(parsedNumberArg, parsedNumberArg, numberArg);
  for (const [name, spec] of Object.entries({ add, subtract, multiply, divide, modulo })) {
    it(`${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(parsedOrOther, parsedOrOther, async (a, b) => {
          await expectSameAsGoCty(oracle, name, spec, [a, b]);
        }),
        { numRuns: 200 },
      );
    });
  }
  for (const [name, spec] of Object.entries({ absolute, negate, int, ceil, floor, signum })) {
    it(`${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(parsedNumberArg, async (a) => {
          await expectSameAsGoCty(oracle, name, spec, [a]);
        }),
        { numRuns: 100 },
      );
    });
  }
  it("max, min and the comparisons", async () => {
    await fc.assert(
      fc.asyncProperty(parsedOrOther, parsedOrOther, async (a, b) => {
        for (const [name, spec] of Object.entries({ max, min, ...comparisons })) {
          await expectSameAsGoCty(oracle, name, spec, [a, b]);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("answers as go-cty's (differential, fast-check)", () => {
  for (const [name, spec] of Object.entries(unary)) {
    it(`${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(numberArg, async (a) => {
          await expectSameAsGoCty(oracle, name, spec, [a]);
        }),
        { numRuns: 300 },
      );
    });
  }

  for (const [name, spec] of Object.entries(binary)) {
    it.skipIf(usesGoMath(name))(`${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(numberArg, numberArg, async (a, b) => {
          await expectSameAsGoCty(oracle, name, spec, [a, b]);
        }),
        { numRuns: 300 },
      );
    });
  }

  // Pairs that are often equal or close: the same number twice, a double and the decimal
  // that prints alike, neighbours at the edge of 512 bits.
  const closePair = fc.oneof(
    numberArb.map((x) => [x, x] as const),
    fc.constantFrom(
      [0.1, new Decimal("0.1")] as const,
      [new Decimal("0.1"), 0.1] as const,
      [2n ** 600n, 2n ** 600n + 1n] as const,
      [0, -0] as const,
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY] as const,
      [
        1,
        new Decimal(
          "1.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        ),
      ] as const,
    ),
  );

  for (const [name, spec] of Object.entries(comparisons)) {
    it(`${name}`, async () => {
      const arg = fc.oneof(numberArg, unknownNumberArg);
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.tuple(arg, arg),
            closePair.map(([x, y]) => [n(x), n(y)] as const),
          ),
          async ([a, b]) => {
            await expectSameAsGoCty(oracle, name, spec, [a, b]);
          },
        ),
        { numRuns: 300 },
      );
    });
  }

  for (const [name, spec] of Object.entries({ min, max })) {
    it(`${name}`, async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof({ weight: 6, arbitrary: knownNumberArg }, { weight: 1, arbitrary: numberArg }), {
            maxLength: 5,
          }),
          async (args) => {
            await expectSameAsGoCty(oracle, name, spec, args);
          },
        ),
        { numRuns: 200 },
      );
    });
  }

  it("parseInt", async () => {
    const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const text = fc.oneof(
      fc
        .tuple(fc.constantFrom("", "+", "-"), fc.string({ unit: fc.constantFrom(...digits), maxLength: 40 }))
        .map(([s, d]) => s + d),
      fc.string({ unit: fc.constantFrom(..."01_ x.-+Zé"), maxLength: 8 }),
      fc.string(),
      fc.constantFrom("", "-", "+", "0x1f", "1_000", "ff", "FF", "zz", "ZZ", "\u00e9", "\n", "9".repeat(400)),
    );
    const base = fc.oneof(
      fc.integer({ min: -2, max: 65 }),
      fc.constantFrom<TypedValue["value"]>(
        2.5,
        2n ** 64n,
        Number.POSITIVE_INFINITY,
        new Decimal(
          "10.0000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
        ),
      ),
    );
    const firstArg = fc.oneof(
      { weight: 8, arbitrary: text.map((s): TypedValue => ({ type: string, value: s.normalize("NFC") })) },
      {
        weight: 1,
        arbitrary: text.map(
          (s): TypedValue => ({ type: dynamic, value: new Dynamic(string, s.normalize("NFC")) }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<TypedValue>(
          { type: number, value: 5 },
          { type: bool, value: true },
          { type: list(string), value: ["1"] },
          { type: string, value: null },
          { type: string, value: Unknown },
          { type: dynamic, value: Unknown },
          { type: dynamic, value: null },
        ),
      },
    );
    const secondArg = fc.oneof({ weight: 8, arbitrary: base.map(n) }, { weight: 1, arbitrary: numberArg });
    await fc.assert(
      fc.asyncProperty(firstArg, secondArg, async (a, b) => {
        await expectSameAsGoCty(oracle, "parseInt", parseInt, [a, b]);
      }),
      { numRuns: 300 },
    );
  });
});

describe("answers as go-cty's at the edges", () => {
  const inf = Number.POSITIVE_INFINITY;
  const long = new Decimal(`0.${"3".repeat(200)}`);
  const huge = 2n ** 600n + 1n;
  const edges: [CtyValue, CtyValue][] = [
    [inf, 3],
    [3, inf],
    [inf, inf],
    [-inf, inf],
    [0, inf],
    [inf, 0],
    [0, 0],
    [7, 0],
    [-7, 3],
    [7, -3],
    [0.5, 0.25],
    [-1, 10],
    [1, 1],
    [0, 10],
    [10, 1],
    [-8, 1 / 3],
    [5e-324, 10],
    [Number.MAX_VALUE, 2],
    [2n ** 1024n, 2],
    [new Decimal(`1${"0".repeat(309)}.5`), 2],
    [long, long],
    [long, 3],
    [huge, huge],
    [huge, 2n ** 600n],
    [2n ** 63n - 1n, 2n ** 63n - 1n],
    [-(2n ** 63n), -1],
    [1e300, 1e-300],
    [new Decimal("0.1"), 0.1],
    [0.1, new Decimal("0.1")],
  ];
  for (const [name, spec] of Object.entries({ ...binary, ...comparisons, min, max })) {
    it.skipIf(usesGoMath(name))(name, async () => {
      for (const [a, b] of edges) await expectSameAsGoCty(oracle, name, spec, [n(a), n(b)]);
    });
  }
  for (const [name, spec] of Object.entries(unary)) {
    it(name, async () => {
      for (const [a] of edges) await expectSameAsGoCty(oracle, name, spec, [n(a)]);
      for (const a of [-inf, -0, 2.5, -2.5, huge, new Decimal(`-${long.text}`)])
        await expectSameAsGoCty(oracle, name, spec, [n(a)]);
    });
  }

  // Unknowns against known values and infinities, where go-cty's range logic decides.
  const unknowns: CtyValue[] = [
    Unknown,
    refine(number, { notNull: true }),
    refine(number, { numberLower: { value: 0, inclusive: true } }),
    refine(number, {
      numberLower: { value: 0, inclusive: false },
      numberUpper: { value: 10, inclusive: true },
    }),
    refine(number, { notNull: true, numberUpper: { value: new Decimal("0.1"), inclusive: true } }),
  ];
  const knowns: CtyValue[] = [-inf, inf, -1, 0, 0.1, new Decimal("0.1"), 10, 11];
  for (const [name, spec] of Object.entries(comparisons)) {
    it(`${name} with unknowns`, async () => {
      for (const u of unknowns) {
        for (const k of knowns) {
          await expectSameAsGoCty(oracle, name, spec, [n(u), n(k)]);
          await expectSameAsGoCty(oracle, name, spec, [n(k), n(u)]);
        }
        await expectSameAsGoCty(oracle, name, spec, [n(u), n(u)]);
        await expectSameAsGoCty(oracle, name, spec, [n(u), { type: dynamic, value: Unknown }]);
      }
    });
  }
});

describe.skipIf(!goMathAsEmulated)(
  "log and pow compute with Go's math.Log and math.Pow (differential, fast-check)",
  () => {
    const positive = fc.oneof(
      fc.double({ min: 5e-324, max: 1e10, noNaN: true }),
      fc.integer({ min: 1, max: 10000 }),
      fc.double({ min: 0.5, max: 2, noNaN: true }),
    );
    it("log", async () => {
      await fc.assert(
        fc.asyncProperty(positive, positive, async (x, b) => {
          await expectSameAsGoCty(oracle, "log", log, [n(x), n(b)]);
        }),
        { numRuns: 300 },
      );
    });
    it("pow, with fractional powers (Go's Exp and Log) and integer ones (repeated squaring)", async () => {
      const power = fc.oneof(
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.integer({ min: -400, max: 400 }),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(positive, fc.double({ min: -100, max: 100, noNaN: true })),
          power,
          async (x, y) => {
            await expectSameAsGoCty(oracle, "pow", pow, [n(x), n(y)]);
          },
        ),
        { numRuns: 300 },
      );
    });
  },
);

describe("negative zero, which go-cty's big.Float keeps (named differential cases)", () => {
  const negativeZeros: [string, TypedValue["value"]][] = [
    ["-0 (an int's negation)", -0],
    ['Decimal("-0") (parsed text)', new Decimal("-0")],
  ];
  const others: TypedValue["value"][] = [
    0,
    new Decimal("0"),
    5,
    -5,
    0.5,
    new Decimal("0.1"),
    Number.POSITIVE_INFINITY,
  ];
  for (const [label, zero] of negativeZeros) {
    it(`${label}: each function, with the sign of each zero result`, async () => {
      for (const [name, spec] of Object.entries({ ...unary, negate, absolute, log, pow })) {
        if (spec === log || spec === pow) continue;
        await expectSameAsGoCty(oracle, name, spec, [n(zero)]);
      }
      for (const other of others) {
        for (const [name, spec] of Object.entries({ add, subtract, multiply, divide, modulo, max, min })) {
          await expectSameAsGoCty(oracle, name, spec, [n(zero), n(other)]);
          await expectSameAsGoCty(oracle, name, spec, [n(other), n(zero)]);
        }
        if (goMathAsEmulated) {
          await expectSameAsGoCty(oracle, "pow", pow, [n(zero), n(other)]);
          await expectSameAsGoCty(oracle, "pow", pow, [n(other), n(zero)]);
        }
      }
      for (const [name, spec] of Object.entries(comparisons)) {
        await expectSameAsGoCty(oracle, name, spec, [n(zero), n(0)]);
      }
    });
  }

  it("is go-cty's: negating the int 0 gives a zero go-cty writes as -0", async () => {
    const go = await callGo(oracle, "negate", [n(0)]);
    expect(go).toMatchObject({ ok: true, hex: "00", json: "-0" });
  });

  it("keeps it where go-cty does, and drops it where go-cty does", () => {
    expect(call(negate, 0)).toBe(-0);
    expect(call(multiply, 0, -1)).toBe(-0);
    expect(call(multiply, new Decimal("-0"), new Decimal("0"))).toEqual(new Decimal("-0"));
    expect(call(subtract, -0, 0)).toBe(-0);
    expect(call(add, -0, 0)).toBe(0);
    expect(call(divide, 0, -5)).toBe(-0);
    expect(call(divide, 1, -0)).toBe(Number.NEGATIVE_INFINITY);
    // a - b × trunc(a / b): -0 - 5 × 0 is -0; -0 - -5 × 0 is 0; -5 - 5 × -1 cancels to 0.
    expect(call(modulo, -0, 5)).toBe(-0);
    expect(call(modulo, -0, -5)).toBe(0);
    expect(call(modulo, -5, 5)).toBe(0);
    expect(call(int, -0)).toBe(-0);
    expect(call(int, -0.5)).toBe(0);
    expect(call(floor, -0)).toBe(0);
    // A double's integer, at the double's 53 bits: a Decimal holds that precision.
    expect(call(ceil, -0.5)).toEqual(new Decimal("0"));
    expect(call(absolute, -0)).toBe(0);
    expect(call(min, -0, 0)).toBe(-0);
    expect(call(max, -0, 0)).toBe(-0); // neither is greater: the first stays
    expect(call(signum, -0)).toBe(0);
  });
});

describe("x % y with an infinite x (go-cty panics on its nil integer part)", () => {
  it("refuses with an error that names the problem", async () => {
    for (const x of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => call(modulo, x, 1)).toThrow("can't use modulo with an infinite dividend");
      await expectSameAsGoCty(oracle, "modulo", modulo, [n(x), n(new Decimal("1"))]);
    }
  });
});

describe("examples", () => {
  it("adds, subtracts and multiplies exactly where go-cty does, and rounds where it rounds", () => {
    expect(call(add, 1, 2)).toBe(3);
    expect(call(add, Number.MAX_SAFE_INTEGER, 1)).toBe(2n ** 53n);
    // big.Float keeps the sign of zero: -0 + -0 is -0, and math.Pow(-0, -3) is -Inf.
    expect(call(add, -0, -0)).toBe(-0);
    expect(call(pow, -0, -3)).toBe(Number.NEGATIVE_INFINITY);
    // 0.1 as a double and 0.2 as decimal text: go-cty adds at 512 bits.
    expect(call(add, 0.1, new Decimal("0.2"))).toEqual(
      new Decimal("0.3000000000000000055511151231257827021181583404541015625"),
    );
    expect(call(add, new Decimal("0.1"), new Decimal("0.2"))).toEqual(new Decimal("0.3"));
    expect(call(subtract, 0.3, 0.1)).toBe(0.19999999999999998);
    // A product beyond int64 is written as its shortest text at 64 bits.
    // (A Decimal, as it stays at the 64 bits go-cty holds it at: a bigint would mean 512.)
    expect(call(multiply, 2 ** 35, 2 ** 35)).toEqual(new Decimal("1180591620717411303400"));
    // 1 / 3 at the 64 bits of its integer operands.
    expect(call(divide, 1, 3)).toEqual(new Decimal("0.33333333333333333334"));
    expect(call(divide, 1, 0)).toBe(Number.POSITIVE_INFINITY);
  });

  it("refuses what go-cty refuses, with its messages", () => {
    expect(() => call(add, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)).toThrow(
      "can't compute sum of opposing infinities",
    );
    expect(() => call(multiply, 0, Number.POSITIVE_INFINITY)).toThrow("can't multiply zero by infinity");
    expect(() => call(divide, 0, 0)).toThrow("can't divide zero by zero or infinity by infinity");
    expect(() => call(modulo, 3, Number.POSITIVE_INFINITY)).toThrow(
      "can't use modulo with zero and infinity",
    );
    expect(() => call(min)).toThrow("must pass at least one number");
    expect(() => call(log, -1, 10)).toThrow("panic in function implementation: Float.SetFloat64(NaN)");
  });

  it("modulo keeps the dividend's sign and returns it unchanged for a zero divisor", () => {
    expect(call(modulo, -7, 3)).toBe(-1);
    expect(call(modulo, 7, 0)).toBe(7);
    expect(call(modulo, 7.5, 2)).toBe(1.5);
  });

  it("works at 512 bits on numbers made from decimal text, integers included", () => {
    // hcl's specsuite (expressions/operators): `11 % 5.1`, whose literals go-cty parses at 512 bits.
    expect(call(modulo, new Decimal("11"), new Decimal("5.1"))).toEqual(
      new Decimal(`0.8${"0".repeat(152)}24`),
    );
    // The int 11 (as msgpack or NumberIntVal gives it) is held at 64 bits: so is the remainder.
    expect(call(modulo, 11, new Decimal("5.1"))).toEqual(new Decimal("0.8000000000000000002"));
    expect(call(divide, new Decimal("1"), 3)).toEqual(new Decimal(`0.${"3".repeat(154)}5`));
    // A whole result keeps its precision for the next operation, as go-cty's does.
    const one = call(add, new Decimal("0.5"), new Decimal("0.5"));
    expect(one).toEqual(new Decimal("1"));
    expect(call(divide, one, 3)).toEqual(new Decimal(`0.${"3".repeat(154)}5`));
  });

  it("keeps each result at the precision go-cty holds it at, through the next operation", () => {
    // ceil of a double is an integer at the double's 53 bits, so adding a double rounds to 53
    // bits (hcl's `ceil(num) + num`), where an int's 64 would keep more digits.
    const x = 0.00016070483252406128;
    expect(call(ceil, x)).toEqual(new Decimal("1"));
    expect(call(add, call(ceil, x), x)).toBe(1 + x);
    expect(call(add, 1, x)).toEqual(new Decimal("1.0001607048325240613"));
    // The int quotient 1 / 2 is 0.5 at 64 bits, and so is its sum with 0.1.
    expect(call(divide, 1, 2)).toEqual(new Decimal("0.5"));
    expect(call(add, call(divide, 1, 2), 0.1)).toEqual(new Decimal("0.60000000000000000555")); // Go: Text at 64 bits
    expect(call(add, 0.5, 0.1)).toBe(0.6); // two doubles: 53 bits
  });

  it("int, ceil and floor", () => {
    expect(call(int, -1.5)).toBe(-1);
    // A double's integer, at the double's 53 bits: a Decimal holds that precision.
    expect(call(ceil, -0.5)).toEqual(new Decimal("0"));
    // A Decimal operand is held at 512 bits, and so is the result: a Decimal of the integer.
    expect(call(floor, new Decimal("-0.1"))).toEqual(new Decimal("-1"));
    expect(call(ceil, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it("log and pow use Go's float64 algorithms", () => {
    // JS's Math.log(14) is 2.6390573296152584, one ulp below Go's.
    expect(call(log, 14, Math.E)).toBe(2.639057329615259);
    // JS's Math.pow(3, 35) is 50031545098999710.
    // A float64 result (53 bits) with an integer value: a Decimal holds that precision.
    expect(call(pow, 3, 35)).toEqual(new Decimal("50031545098999704"));
    // Go's Pow(10, 300) is 1.0000000000000006e300 (JS's is 1e300): a float64, as go-cty holds it.
    expect(call(pow, 10, 300)).toBe(1.0000000000000006e300);
  });

  it("compares with go-cty's two notions of equality", () => {
    // Cmp tells the double 0.1 from the decimal 0.1; Equals does not.
    expect(call(greaterThan, 0.1, new Decimal("0.1"))).toBe(true);
    expect(call(lessThanOrEqualTo, 0.1, new Decimal("0.1"))).toBe(true);
    expect(call(lessThan, 0.1, new Decimal("0.1"))).toBe(false);
  });

  it("answers comparisons with unknowns from their refined bounds, else with an unknown bool", () => {
    const atLeast10 = refine(number, { notNull: true, numberLower: { value: 10, inclusive: true } });
    expect(call(lessThan, 5, atLeast10)).toBe(true);
    expect(call(greaterThan, 5, atLeast10)).toBe(false);
    expect(call(lessThanOrEqualTo, 10, atLeast10)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(call(lessThan, 5, Unknown)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(call(add, 5, Unknown)).toEqual(new RefinedUnknown({ notNull: true }));
    expect(callFunction(lessThan, [n(1), { type: dynamic, value: Unknown }]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("passes marks through", () => {
    const result = callFunction(add, [n(mark(1, "sensitive")), n(2)]).value;
    expect(result).toEqual(new Marked(3, new Set(["sensitive"])));
    const compared = callFunction(lessThan, [n(mark(1, "a")), n(mark(Unknown, "b"))]).value;
    expect(compared).toBeInstanceOf(Marked);
    expect((compared as Marked).marks).toEqual(new Set(["a", "b"]));
    expect(callFunction(negate, [n(mark(1, "a"))]).value).toEqual(new Marked(-1, new Set(["a"])));
    expect(callFunction(absolute, [n(mark(-2, "a"))]).value).toEqual(new Marked(2, new Set(["a"])));
    expect(callFunction(int, [n(mark(2.5, "a"))]).value).toEqual(new Marked(2, new Set(["a"])));
    // go-cty's quirk: a parameter that takes marks but not unknowns drops an unknown's marks.
    expect(callFunction(absolute, [n(mark(Unknown, "a"))]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("parseInt reads big.Int's digits, sign and bases up to 62", () => {
    const p = (s: string, base: number) =>
      callFunction(parseInt, [{ type: string, value: s }, n(base)]).value;
    expect(p("-ff", 16)).toBe(-255);
    expect(p("Z", 62)).toBe(61);
    expect(p("z".repeat(20), 36)).toBe(36n ** 20n - 1n);
    expect(() => p("1_000", 10)).toThrow('cannot parse "1_000" as a base 10 integer');
    expect(() => p("1", 63)).toThrow("base must be a whole number between 2 and 62 inclusive");
  });
});
