// The numeric functions, called as Terraform calls them: exact results, nulls, and errors that
// blame the argument at fault.
import { Decimal, Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  addFunction,
  divideFunction,
  maxFunction,
  minFunction,
  multiplyFunction,
  roundFunction,
  subtractFunction,
  sumFunction,
} from "./numeric-functions.js";

const text = (v: unknown) => String(v);

describe("add, subtract, multiply, divide", () => {
  it("compute exactly", async () => {
    expect(await callProviderFunction(addFunction, [5, 3])).toBe(8);
    expect(text(await callProviderFunction(addFunction, [new Decimal("0.1"), new Decimal("0.2")]))).toBe(
      "0.3",
    );
    expect(await callProviderFunction(addFunction, [2n ** 64n, 1])).toBe(2n ** 64n + 1n);
    expect(await callProviderFunction(subtractFunction, [10, 4])).toBe(6);
    expect(text(await callProviderFunction(subtractFunction, [new Decimal("1.1"), 1]))).toBe("0.1");
    expect(text(await callProviderFunction(multiplyFunction, [new Decimal("0.0116"), 730]))).toBe("8.468");
    expect(await callProviderFunction(divideFunction, [12, 3])).toBe(4);
    expect(await callProviderFunction(divideFunction, [5, 2])).toBe(2.5);
    expect(text(await callProviderFunction(divideFunction, [1, 8]))).toBe("0.125");
    expect(text(await callProviderFunction(divideFunction, [new Decimal("0.3"), 3]))).toBe("0.1");
    // No end in decimal: the quotient Terraform's own / gives.
    expect(text(await callProviderFunction(divideFunction, [1, 3]))).toMatch(/^0\.3{15,}/);
  });

  it("give null for a null operand and unknown for an unknown one", async () => {
    expect(await callProviderFunction(addFunction, [null, 1])).toBeNull();
    expect(await callProviderFunction(divideFunction, [1, null])).toBeNull();
    expect(await callProviderFunction(multiplyFunction, [Unknown, 2])).toBe(Unknown);
  });

  it("refuse division by zero, blaming the divisor", async () => {
    for (const zero of [0, 0n, new Decimal("0.000")]) {
      await expect(callProviderFunction(divideFunction, [1, zero])).rejects.toMatchObject({
        argument: 1,
        message: expect.stringContaining("division by zero"),
      });
    }
  });
});

describe("sum, min, max", () => {
  it("fold a list exactly", async () => {
    expect(await callProviderFunction(sumFunction, [[10, 20, 30]])).toBe(60);
    expect(await callProviderFunction(sumFunction, [[]])).toBe(0);
    expect(text(await callProviderFunction(sumFunction, [[new Decimal("0.1"), new Decimal("0.2")]]))).toBe(
      "0.3",
    );
    expect(await callProviderFunction(minFunction, [[45, 52, 3, 150]])).toBe(3);
    expect(await callProviderFunction(maxFunction, [[45, 52, 3, 2n ** 70n]])).toBe(2n ** 70n);
    expect(await callProviderFunction(maxFunction, [null])).toBeNull();
  });

  it("refuse an empty list for min and max", async () => {
    await expect(callProviderFunction(minFunction, [[]])).rejects.toMatchObject({
      argument: 0,
      message: expect.stringContaining("empty"),
    });
    await expect(callProviderFunction(maxFunction, [[]])).rejects.toMatchObject({ argument: 0 });
  });
});

describe("round", () => {
  it("rounds the exact decimal, ties to even", async () => {
    expect(await callProviderFunction(roundFunction, [new Decimal("3.7")])).toBe(4);
    expect(await callProviderFunction(roundFunction, [new Decimal("3.7"), 0])).toBe(4);
    expect(text(await callProviderFunction(roundFunction, [new Decimal("3.14159"), 2]))).toBe("3.14");
    expect(await callProviderFunction(roundFunction, [2.5])).toBe(2);
    expect(await callProviderFunction(roundFunction, [3.5])).toBe(4);
    expect(await callProviderFunction(roundFunction, [-2.5])).toBe(-2);
    expect(text(await callProviderFunction(roundFunction, [new Decimal("2.675"), 2]))).toBe("2.68");
    expect(await callProviderFunction(roundFunction, [1250, -2])).toBe(1200);
    expect(await callProviderFunction(roundFunction, [1350, -2])).toBe(1400);
  });

  it("refuses a precision that is not whole, or more than one", async () => {
    await expect(callProviderFunction(roundFunction, [1, 0.5])).rejects.toMatchObject({ argument: 1 });
    await expect(callProviderFunction(roundFunction, [1, 1, 2])).rejects.toMatchObject({ argument: 2 });
  });
});
