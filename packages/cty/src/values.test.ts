import { describe, expect, it } from "vitest";
import { bool, number, object, string, typeEquals, typeToJSON } from "./types.js";
import {
  Decimal,
  decimalFromText,
  normalizeDecimalText,
  numberFromDecimalText,
  numbersEqual,
} from "./values.js";

describe("numbers", () => {
  it("normalizes decimal text as cty writes it", () => {
    expect(normalizeDecimalText("000.500")).toBe("0.5");
    expect(normalizeDecimalText("-0")).toBe("-0"); // a zero keeps its sign, as in go-cty
    expect(normalizeDecimalText("-0.000e5")).toBe("-0");
    expect(normalizeDecimalText("1e21")).toBe("1000000000000000000000");
    expect(normalizeDecimalText("1.5e-3")).toBe("0.0015");
    expect(normalizeDecimalText("abc")).toBeUndefined();
  });
  it("chooses the JS representation that holds the value exactly", () => {
    expect(numberFromDecimalText("42")).toBe(42);
    expect(numberFromDecimalText("0.1")).toEqual(new Decimal("0.1"));
    expect(numberFromDecimalText("0.125")).toBe(0.125);
    expect(numberFromDecimalText("9007199254740993")).toBe(9007199254740993n);
    expect(numberFromDecimalText("0.30000000000000000001")).toBeInstanceOf(Decimal);
  });
  it("keeps parsed text as a Decimal, rounded as go-cty's ParseNumberVal rounds it", () => {
    expect(decimalFromText("11")).toEqual(new Decimal("11"));
    expect(decimalFromText("0.50")).toEqual(new Decimal("0.5"));
    expect(decimalFromText("1e3")).toEqual(new Decimal("1000"));
    // Beyond 512 bits go-cty rounds: 1 + 10^-200 reads as 1.
    expect(decimalFromText(`1.${"0".repeat(199)}1`)).toEqual(new Decimal("1"));
    expect(() => decimalFromText("eleven")).toThrow('"eleven" is not a decimal number');
  });
  it("compares numbers by value across representations", () => {
    expect(numbersEqual(5, 5n)).toBe(true);
    expect(numbersEqual(0.1, new Decimal("0.10"))).toBe(true);
    expect(numbersEqual(Number.POSITIVE_INFINITY, 5n)).toBe(false);
  });
});

describe("types", () => {
  it("compares types structurally, attribute order aside", () => {
    expect(typeEquals(object({ a: string, b: number }), object({ b: number, a: string }))).toBe(true);
    expect(typeEquals(object({ a: string }), object({ a: bool }))).toBe(false);
    expect(typeEquals(object({ a: string }), object({ a: string, b: string }))).toBe(false);
    expect(typeEquals(string, number)).toBe(false);
    expect(JSON.stringify(typeToJSON(object({ z: bool, a: object({ n: number }) })))).toBe(
      '["object",{"a":["object",{"n":"number"}],"z":"bool"}]',
    );
  });
});
