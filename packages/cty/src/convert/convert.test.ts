// Conversions by example: the places where go-cty's behaviour is easy to get wrong (values
// going into `dynamic`, result types that are not the wanted type, refinements of unknowns,
// marks, optional attributes, sets, string and number text). convert.prop.test.ts compares
// everything but marks with go-cty itself.
import { describe, expect, it } from "vitest";
import { canonicalSet } from "../equality.js";
import { CtyValueError } from "../path.js";
import { refine } from "../refinement.js";
import {
  bool,
  type CtyType,
  dynamic,
  list,
  map,
  number,
  object,
  set,
  string,
  tuple,
  typeEquals,
  typeToJSONText,
} from "../types.js";
import {
  type CtyValue,
  Decimal,
  Dynamic,
  decimalFromText,
  Marked,
  mark,
  RefinedUnknown,
  Unknown,
} from "../values.js";
import {
  ConversionError,
  conversionResultType,
  convert,
  convertTyped,
  getConversion,
  getTypedConversion,
  mismatchMessage,
  unify,
} from "./index.js";

const expectType = (got: CtyType, want: CtyType) => expect(typeToJSONText(got)).toBe(typeToJSONText(want));

describe("converting into dynamic", () => {
  it("passes a value through with its own type, wrapped where the wanted type says dynamic", () => {
    expect(convert("a", string, dynamic)).toEqual(new Dynamic(string, "a"));
    const typed = convertTyped("a", string, dynamic);
    expect(typed.value).toBe("a");
    expectType(typed.type, string);
    expect(convert({ a: 1 }, object({ a: number }), object({ a: dynamic }))).toEqual({
      a: new Dynamic(number, 1),
    });
  });

  it("unifies tuple elements for a list of dynamic: the result is a list of string", () => {
    const from = tuple([string, number]);
    const typed = convertTyped(["a", 1], from, list(dynamic));
    expectType(typed.type, list(string));
    expect(typed.value).toEqual(["a", "1"]);
    expect(convert(["a", 1], from, list(dynamic))).toEqual([
      new Dynamic(string, "a"),
      new Dynamic(string, "1"),
    ]);
    expectType(conversionResultType(from, list(dynamic))!, list(string));
    expect(conversionResultType(from, map(string))).toBeUndefined();
    // number to string is safe, so even the safe conversion exists
    expect(getConversion(from, list(dynamic))).toBeDefined();
  });

  it("refuses a tuple whose elements have no common type", () => {
    expect(getConversion(tuple([number, bool]), list(dynamic), { unsafe: true })).toBeUndefined();
    expect(() => convert([1, true], tuple([number, bool]), list(dynamic))).toThrow(
      new ConversionError([], "all list elements must have the same type"),
    );
  });

  it("keeps a null or unknown of no known type as plain null or Unknown", () => {
    expect(convert(null, dynamic, dynamic)).toBeNull();
    expect(convert(Unknown, dynamic, list(dynamic))).toBe(Unknown);
    const typed = convertTyped(null, dynamic, string);
    expect(typed.value).toBeNull();
    expectType(typed.type, string);
    // A typed null in a dynamic slot keeps its type.
    expect(convert(null, string, dynamic)).toEqual(new Dynamic(string, null));
  });

  it("converts from a value's own type, which its Dynamic wrappers give", () => {
    expect(convert(new Dynamic(number, 5), dynamic, string)).toBe("5");
    const typed = convertTyped([new Dynamic(number, 1), new Dynamic(number, 2)], list(dynamic), list(string));
    expect(typed.value).toEqual(["1", "2"]);
    // From `dynamic` only unsafe conversions exist: the value decides later.
    expect(getConversion(dynamic, string)).toBeUndefined();
    expect(getConversion(dynamic, string, { unsafe: true })?.(new Dynamic(bool, true))).toBe("true");
  });
});

describe("unknowns", () => {
  it("keep not-null through a primitive conversion", () => {
    const value = convert(refine(string, { notNull: true, stringPrefix: "1" }), string, number);
    expect(value).toEqual(new RefinedUnknown({ notNull: true }));
  });

  it("take the length a tuple or object gives", () => {
    expect(
      convert(refine(tuple([string, string]), { notNull: true }), tuple([string, string]), list(string)),
    ).toEqual([Unknown, Unknown]);
    expect(convert(Unknown, tuple([string, string]), list(string))).toEqual(
      new RefinedUnknown({ lengthUpper: 2, lengthLower: 2 }),
    );
    expect(convert(Unknown, object({ a: string, b: number }), map(string))).toEqual(
      new RefinedUnknown({ lengthLower: 2, lengthUpper: 2 }),
    );
    // Tuple elements may merge in a set: between one and all of them.
    expect(convert(Unknown, tuple([string, string, string]), set(string))).toEqual(
      new RefinedUnknown({ lengthLower: 1, lengthUpper: 3 }),
    );
  });

  it("carry collection lengths over, a set's lower bound only as at least one", () => {
    const unknown = refine(list(number), { lengthLower: 2, lengthUpper: 5 });
    expect(convert(unknown, list(number), list(string))).toEqual(
      new RefinedUnknown({ lengthLower: 2, lengthUpper: 5 }),
    );
    expect(convert(unknown, list(number), set(number))).toEqual(
      new RefinedUnknown({ lengthLower: 1, lengthUpper: 5 }),
    );
  });

  it("of no known type stay unrefined", () => {
    expect(convert(Unknown, dynamic, number)).toBe(Unknown);
  });

  it("in a set make a list of unknown length, typed (as go-cty does) by the set's elements", () => {
    // The set holds 1 and an unknown, which may turn out to be 1 too.
    const typed = convertTyped([1, Unknown], set(number), list(string));
    expect(typed.value).toBe(Unknown);
    expectType(typed.type, list(number));
  });
});

describe("marks", () => {
  it("come off before converting and go back on the result", () => {
    expect(convert(mark(5, "sensitive"), number, string)).toEqual(mark("5", "sensitive"));
    expect(convert(mark(Unknown, "s"), string, number)).toEqual(mark(Unknown, "s"));
  });

  it("stay where they were inside lists, maps and objects", () => {
    expect(convert([mark(1, "s"), 2], list(number), list(string))).toEqual([mark("1", "s"), "2"]);
    expect(convert({ k: mark(true, "s") }, map(bool), map(string))).toEqual({ k: mark("true", "s") });
    expect(
      convert({ a: mark(1, "s"), b: 2 }, object({ a: number, b: number }), object({ a: string })),
    ).toEqual({
      a: mark("1", "s"),
    });
  });

  it("inside a set's elements move onto the set, as go-cty keeps them", () => {
    const value = convert([mark(1, "s"), 2], list(number), set(string), { unsafe: true });
    expect(value).toBeInstanceOf(Marked);
    expect((value as Marked).marks).toEqual(new Set(["s"]));
    expect(canonicalSet((value as Marked).value as CtyValue[], string)).toEqual(["1", "2"]);
  });

  it("on a null element of a list are dropped when the list is rebuilt (go-cty's quirk)", () => {
    expect(getConversion(list(string), list(number), { unsafe: true })?.([mark(null, "s")])).toEqual([null]);
    // A value already of the wanted type comes back as it is.
    expect(convert([mark(null, "s")], list(string), list(string))).toEqual([mark(null, "s")]);
  });
});

describe("optional attributes", () => {
  const wanted = object({ a: string, b: number }, ["b"]);

  it("absent from the source become null, and the result type has no optional attributes", () => {
    const typed = convertTyped({ a: "x" }, object({ a: string }), wanted);
    expect(typed.value).toEqual({ a: "x", b: null });
    expect(typeEquals(typed.type, object({ a: string, b: number }))).toBe(true);
  });

  it("may be absent from a map (map to object is unsafe)", () => {
    expect(getConversion(map(string), wanted)).toBeUndefined();
    expect(convert({ a: "x", z: "dropped" }, map(string), wanted)).toEqual({ a: "x", b: null });
    expect(() => convert({ b: "1" }, map(string), wanted)).toThrow(
      'map has no element for required attribute "a"',
    );
  });

  it("whose type a map's elements cannot take fail only when the map has them", () => {
    const withList = object({ a: string, l: list(string) }, ["l"]);
    expect(convert({ a: "x" }, map(string), withList)).toEqual({ a: "x", l: null });
    expect(() => convert({ a: "x", l: "y" }, map(string), withList)).toThrow(
      new ConversionError(
        [],
        'map element type is incompatible with attribute "l": list of string required, but have string',
      ),
    );
  });
});

describe("sets", () => {
  it("from lists are unsafe, and drop duplicates", () => {
    expect(getConversion(list(string), set(string))).toBeUndefined();
    const value = convert(["b", "a", "b"], list(string), set(string)) as CtyValue[];
    expect(canonicalSet(value, string)).toEqual(["a", "b"]);
    expect(value).toHaveLength(2);
  });

  it("to lists give go-cty's set order", () => {
    expect(convert([10, 9, 1, new Decimal("0.5")], set(number), list(number))).toEqual(
      canonicalSet([10, 9, 1, new Decimal("0.5")], number),
    );
    expect(convert(["b", "a", "B"], set(string), list(string))).toEqual(["B", "a", "b"]);
  });
});

describe("strings, numbers and bools", () => {
  // go-cty parses with cty.ParseNumberVal, at 512 bits: a Decimal, whole numbers included.
  it.each<[string, CtyValue]>([
    ["1e3", new Decimal("1000")],
    ["-0", new Decimal("-0")],
    ["1p3", new Decimal("8")],
    [".5", new Decimal("0.5")],
    ["+7", new Decimal("7")],
    ["0.1", new Decimal("0.1")],
    ["12345678901234567890", new Decimal("12345678901234567890")],
    ["Inf", Number.POSITIVE_INFINITY],
    ["-inf", Number.NEGATIVE_INFINITY],
  ])("string %j is the number %s", (text, want) => {
    expect(convert(text, string, number)).toEqual(want);
  });

  it.each([" 1", "0x10", "NaN", "1_000", "", "1e", "Infinity"])("string %j is no number", (text) => {
    expect(() => convert(text, string, number)).toThrow(new ConversionError([], "a number is required"));
  });

  it("refuses exponents go-cty's numbers cannot hold, and (a gap) absurdly long exact values", () => {
    // Past int64, or past big.Float's binary exponent range: go-cty refuses them too.
    expect(() => convert("1e99999999999999999999", string, number)).toThrow(ConversionError);
    expect(() => convert("1e3000000000", string, number)).toThrow("a number is required");
    expect(convert("0e9999999999", string, number)).toEqual(new Decimal("0"));
    // Held as a digit and an exponent: 1e-2000000 is converted, computed with, but not
    // written out (2000002 characters).
    const tiny = convert("1e-2000000", string, number);
    expect(tiny).toBeInstanceOf(Decimal);
    expect(() => convert(tiny, number, string)).toThrow(RangeError);
    expect(convert("1e200000", string, number)).toEqual(decimalFromText("1e200000"));
  });

  it("reads bools from true, false, 1 and 0 only", () => {
    expect(convert("true", string, bool)).toBe(true);
    expect(convert("0", string, bool)).toBe(false);
    expect(() => convert("TRUE", string, bool)).toThrow(
      'a bool is required; to convert from string, use lowercase "true"',
    );
    expect(() => convert("False", string, bool)).toThrow(
      'a bool is required; to convert from string, use lowercase "false"',
    );
    expect(() => convert("yes", string, bool)).toThrow(new ConversionError([], "a bool is required"));
  });

  it("writes numbers as go-cty does", () => {
    expect(convert(1.5, number, string)).toBe("1.5");
    expect(convert(new Decimal("0.1"), number, string)).toBe("0.1");
    expect(convert(2n ** 64n, number, string)).toBe("18446744073709551616");
    expect(convert(Number.POSITIVE_INFINITY, number, string)).toBe("+Inf");
    expect(convert(Number.NEGATIVE_INFINITY, number, string)).toBe("-Inf");
    expect(convert(true, bool, string)).toBe("true");
  });

  it("has no conversion from a primitive type to itself, but convert returns the value", () => {
    expect(getConversion(string, string, { unsafe: true })).toBeUndefined();
    expect(getConversion(map(string), map(string), { unsafe: true })).toBeUndefined();
    expect(getConversion(list(string), list(string))).toBeDefined();
    expect(convert("x", string, string)).toBe("x");
    // Safe conversions only: string to number is unsafe.
    expect(() => convert("1", string, number, { unsafe: false })).toThrow(ConversionError);
  });
});

describe("errors", () => {
  it("say where in the value it failed", () => {
    const err = catchError(() => convert(["1", "x"], list(string), list(number)));
    expect(err).toBeInstanceOf(ConversionError);
    expect(err).toBeInstanceOf(CtyValueError);
    expect(err.path).toEqual([{ index: 1 }]);
    expect(err.message).toBe("[1]: a number is required");
    const nested = catchError(() =>
      convert({ a: { b: "x" } }, object({ a: object({ b: string }) }), object({ a: object({ b: number }) })),
    );
    expect(nested.message).toBe("a.b: a number is required");
    expect(catchError(() => convert({ k: "x" }, map(string), map(number))).path).toEqual([{ key: "k" }]);
  });

  it("give go-cty's mismatch message when there is no conversion", () => {
    expect(() => convert(true, bool, number)).toThrow(
      new ConversionError([], "number required, but have bool"),
    );
  });

  it("from unifying a tuple's elements sit at the last element, as go-cty puts them", () => {
    // The conversion from the declared tuple of dynamic values exists; the values' own types
    // then have nothing in common.
    const conv = getConversion(tuple([dynamic, dynamic]), list(dynamic), { unsafe: true })!;
    const err = catchError(() => conv([new Dynamic(number, 1), new Dynamic(bool, true)]));
    expect(err.reason).toBe("cannot find a common base type for all elements");
    expect(err.path).toEqual([{ index: 1 }]);
  });

  it("carry the path given to a conversion", () => {
    const conv = getTypedConversion(string, number, { unsafe: true })!;
    expect(catchError(() => conv("x", [{ attribute: "port" }])).message).toBe("port: a number is required");
  });
});

function catchError(f: () => unknown): ConversionError {
  try {
    f();
  } catch (err) {
    if (err instanceof ConversionError) return err;
    throw err;
  }
  throw new Error("expected a ConversionError");
}

describe("unify", () => {
  it("finds the most general type and each conversion", () => {
    const u = unify([string, number, bool])!;
    expectType(u.type, string);
    expect(u.conversions[0]).toBeUndefined();
    expect(u.conversions[1]?.(2)).toBe("2");
    expect(u.conversions[2]?.(false)).toBe("false");
  });

  it("makes new types from structures of one kind", () => {
    expectType(unify([list(string), tuple([number, number])])!.type, list(string));
    expectType(unify([object({ a: string }), object({ a: number })])!.type, object({ a: string }));
    expectType(unify([object({ a: string }), object({ b: string })])!.type, map(string));
    expectType(unify([tuple([string]), tuple([number, bool])])!.type, list(string));
  });

  it("gives up where nothing fits, or nothing is given", () => {
    expect(unify([bool, number])).toBeUndefined();
    expect(unify([object({}), tuple([])])).toBeUndefined();
    expect(unify([])).toBeUndefined();
  });

  it("with dynamic among collections gives dynamic, converting everything to an unknown", () => {
    const u = unify([list(string), dynamic])!;
    expectType(u.type, dynamic);
    expect(u.conversions[0]?.(["a"])).toBe(Unknown);
    // Mixed kinds go by preference instead, where dynamic comes last; but only an unsafe
    // conversion goes from dynamic to string.
    expectType(unify([string, dynamic, number], { unsafe: true })!.type, string);
    expectType(unify([string, dynamic, number])!.type, dynamic);
  });

  it("is unsafe only when asked", () => {
    expect(unify([list(string), set(string)])?.type.kind).toBe("list");
    expectType(unify([number, string], { unsafe: true })!.type, string);
  });
});

describe("mismatchMessage", () => {
  it.each<[CtyType, CtyType, string]>([
    [object({}), object({ a: string, b: string, c: string }), 'attributes "a", "b", and "c" are required'],
    [object({}), object({ a: string, b: string }), 'attributes "a" and "b" are required'],
    [object({ a: bool }), object({ a: number }), 'attribute "a": number required, but have bool'],
    [object({}), object({ "a\nb": string }), 'attribute "a\\nb" is required'],
    [list(bool), list(number), "incorrect list element type: number required, but have bool"],
    [tuple([string, list(string)]), list(string), "element 1: string required, but have list of string"],
    [map(string), list(string), "list of string required"],
    [string, number, "number required"],
    [string, list(dynamic), "list of dynamic required, but have string"],
    [list(string), list(dynamic), "incorrect list element type: dynamic required, but have string"],
    [tuple([number, bool]), set(dynamic), "all set elements must have the same type"],
  ])("%j to %j: %s", (got, want, message) => {
    expect(mismatchMessage(got, want)).toBe(message);
  });
});

describe("values that do not fit their type", () => {
  it("are refused with where they are", () => {
    expect(() => convert([1], list(string), list(number))).toThrow(
      new CtyValueError([{ index: 0 }], "a string is required"),
    );
    expect(() => convert("x", dynamic, string)).toThrow(CtyValueError);
  });
});
