import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction } from "../function.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, type CtyType, dynamic, list, map, number, object, set, string, tuple } from "../types.js";
import { Decimal, RefinedUnknown, Unknown } from "../values.js";
import {
  anyArg,
  argOf,
  mapOrderAndPanics,
  primitiveTypeArb,
  smallTypeArb,
} from "./collection.test-support.js";
import { assertNotNull, makeToFunction } from "./conversion.js";
import { callGo, expectSameAsGo, str, tv, useGoOracle } from "./go-oracle.test-support.js";
import { stdlibFunctions } from "./index.js";

const oracle = useGoOracle();

const runs = { numRuns: 300 };

// go-cty's dynamicReplace steps into a tuple wanted where the source is no tuple, and panics:
// a null or unknown map converted to an object with an optional tuple attribute reaches it
// (the map's element type is compared with the tuple). The conversion exists, as the map may
// lack the optional attribute; ours refuses the value with an error rather than crash.
const tuplePanic = /^panic in function implementation: TupleElementType on non-tuple Type$/;

// Targets: any small type (so constraints such as a list of `dynamic` too), and objects with
// optional attributes.
const targetArb: fc.Arbitrary<CtyType> = fc.oneof(
  smallTypeArb,
  fc
    .tuple(primitiveTypeArb, smallTypeArb, fc.subarray(["a", "b"]))
    .map(([a, b, optional]) => object({ a, b }, optional)),
);

describe("go-cty's answers", () => {
  it("assertNotNull", async () => {
    await fc.assert(
      fc.asyncProperty(anyArg, async (arg) => {
        await expectSameAsGo(oracle, "assertNotNull", assertNotNull, [arg], mapOrderAndPanics);
      }),
      runs,
    );
  });

  it("toType", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(anyArg, argOf(primitiveTypeArb)), targetArb, async (arg, to) => {
        await expectSameAsGo(oracle, "toType", makeToFunction(to), [arg], {
          ...mapOrderAndPanics,
          to,
          goPanicWeRefuse: tuplePanic,
        });
      }),
      { numRuns: 600 },
    );
  });

  it("toType: where go-cty panics on a null map meeting an optional tuple attribute, ours refuses", async () => {
    const to = object({ a: string, b: tuple([map(string)]) }, ["b"]);
    const arg = tv(null, map(bool));
    const go = await callGo(oracle, "toType", [arg], to);
    expect(go).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^panic in function implementation: TupleElementType on non-tuple Type\n/),
    });
    expect(() => callFunction(makeToFunction(to), [arg])).toThrow("cannot convert map of bool to object");
  });

  it("toType between primitives", async () => {
    await fc.assert(
      fc.asyncProperty(argOf(primitiveTypeArb), primitiveTypeArb, async (arg, to) => {
        await expectSameAsGo(oracle, "toType", makeToFunction(to), [arg], { ...mapOrderAndPanics, to });
      }),
      runs,
    );
  });

  it("toType reads numbers in strings as go-cty's ParseNumberVal does, beyond big.Float's range too", async () => {
    const texts = [
      ...["1e700000000", "-1e700000000", "1e-700000000", "-1e-700000000", "0e99999999999999999"],
      ...["1e3000000000", "1e99999999999999999999", "1p-3", "-0", ".5", "5.", "+5", "Inf", "-inf"],
      ...["0x10", "1_0", " 1", "NaN", ""],
    ];
    for (const text of texts) {
      await expectSameAsGo(oracle, "toType", makeToFunction(number), [str(text)], { to: number });
    }
  });
});

describe("makeToFunction", () => {
  it("is a factory, not among the stdlib functions", () => {
    expect(Object.keys(stdlibFunctions)).not.toContain("makeToFunction");
    expect(stdlibFunctions.assertNotNull).toBe(assertNotNull);
  });

  it("converts, with messages that speak of an explicit conversion", () => {
    // At 512 bits, as go-cty's cty.ParseNumberVal reads the text.
    expect(callFunction(makeToFunction(number), [tv("12", string)])).toEqual(tv(new Decimal("12"), number));
    expect(() => callFunction(makeToFunction(bool), [tv("yes", string)])).toThrow(
      'cannot convert "yes" to bool; only the strings "true" or "false" are allowed',
    );
    expect(() => callFunction(makeToFunction(number), [tv(true, bool)])).toThrow(
      "cannot convert bool to number",
    );
  });

  it("takes a constraint: a list of any single type unifies a tuple's elements", () => {
    expect(callFunction(makeToFunction(list(dynamic)), [tv(["a", 1], tuple([string, number]))])).toEqual(
      tv(["a", "1"], list(string)),
    );
  });

  it("gives an unknown of the wanted type for an unknown, and converts nulls", () => {
    expect(callFunction(makeToFunction(set(string)), [tv(Unknown, list(number))])).toEqual(
      tv(Unknown, set(string)),
    );
    expect(callFunction(makeToFunction(map(string)), [tv(null, dynamic)])).toEqual(tv(null, map(string)));
  });

  it("passes marks through", () => {
    expect(callFunction(makeToFunction(string), [tv(mark(1, "m"), number)]).value).toEqual(mark("1", "m"));
  });
});

describe("assertNotNull", () => {
  it("refuses a null, and says an unknown result is not null (losing its other refinements)", () => {
    expect(() => callFunction(assertNotNull, [tv(null, string)])).toThrow("argument must not be null");
    expect(callFunction(assertNotNull, [tv(refine(string, { stringPrefix: "a" }), string)]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
    expect(callFunction(assertNotNull, [tv(mark("a", "m"), string)]).value).toEqual(mark("a", "m"));
  });
});
