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

// What `tofu console` (OpenTofu 1.12.6) prints for each expression, copied literally: the
// numbers these functions must give for the same operands.
const tofu = {
  "1000/1850":
    "0.5405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405405",
  "(1000/1850)*3":
    "1.6216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216216215",
  "1/3":
    "0.33333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333335",
  "0.3-0.1":
    "0.20000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000002",
  "1.1*1.1":
    "1.2100000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001",
  "sum([0.1,0.2,1/3])":
    "0.6333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333333",
  "1e308+1e308": `2${"0".repeat(308)}`,
} as const;

describe("add, subtract, multiply, divide", () => {
  it("give what Terraform's operators give for the same literals", async () => {
    // Terraform sends 1000 as a msgpack int, which arrives as the number 1000: the quotient
    // still has the 155 digits of Terraform's 512-bit `1000/1850`, not the 19 of a 64-bit int.
    const quotient = await callProviderFunction(divideFunction, [1000, 1850]);
    expect(text(quotient)).toBe(tofu["1000/1850"]);
    // The quotient comes back as Terraform would send it: its text, read at 512 bits.
    expect(text(await callProviderFunction(multiplyFunction, [new Decimal(text(quotient)), 3]))).toBe(
      tofu["(1000/1850)*3"],
    );
    expect(text(await callProviderFunction(divideFunction, [1, 3]))).toBe(tofu["1/3"]);
    expect(text(await callProviderFunction(subtractFunction, [new Decimal("0.3"), new Decimal("0.1")]))).toBe(
      tofu["0.3-0.1"],
    );
    expect(text(await callProviderFunction(multiplyFunction, [new Decimal("1.1"), new Decimal("1.1")]))).toBe(
      tofu["1.1*1.1"],
    );
    // Terraform sends its 512-bit 1e308 as the text of its digits, which arrives as a bigint.
    expect(text(await callProviderFunction(addFunction, [10n ** 308n, 10n ** 308n]))).toBe(
      tofu["1e308+1e308"],
    );
  });

  it("stay exact where Terraform's are", async () => {
    expect(await callProviderFunction(addFunction, [5, 3])).toBe(8);
    expect(text(await callProviderFunction(addFunction, [new Decimal("0.1"), new Decimal("0.2")]))).toBe(
      "0.3",
    );
    expect(await callProviderFunction(addFunction, [2n ** 64n, 1])).toBe(2n ** 64n + 1n);
    expect(await callProviderFunction(subtractFunction, [10, 4])).toBe(6);
    expect(await callProviderFunction(divideFunction, [12, 3])).toBe(4);
    expect(await callProviderFunction(divideFunction, [5, 2])).toBe(2.5);
    expect(await callProviderFunction(divideFunction, [1, 8])).toBe(0.125);
  });

  it("give null for a null operand and unknown for an unknown one", async () => {
    expect(await callProviderFunction(addFunction, [null, 1])).toBeNull();
    expect(await callProviderFunction(divideFunction, [1, null])).toBeNull();
    expect(await callProviderFunction(multiplyFunction, [Unknown, 2])).toBe(Unknown);
  });

  it("refuse division by zero, blaming the divisor (Terraform's / would give an infinity no plan can hold)", async () => {
    for (const zero of [0, 0n, new Decimal("0.000")]) {
      for (const a of [1, new Decimal("-2.5"), 0]) {
        await expect(callProviderFunction(divideFunction, [a, zero])).rejects.toMatchObject({
          argument: 1,
          message: "division by zero: give a divisor other than 0",
        });
      }
    }
  });

  it("refuse opposing infinities, blaming the second argument", async () => {
    await expect(
      callProviderFunction(addFunction, [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]),
    ).rejects.toMatchObject({ argument: 1, message: expect.stringContaining("give finite numbers") });
  });
});

describe("sum, min, max", () => {
  it("fold a list as Terraform's sum, min and max do", async () => {
    expect(await callProviderFunction(sumFunction, [[10, 20, 30]])).toBe(60);
    expect(text(await callProviderFunction(sumFunction, [[new Decimal("0.1"), new Decimal("0.2")]]))).toBe(
      "0.3",
    );
    const third = new Decimal(tofu["1/3"]);
    expect(
      text(await callProviderFunction(sumFunction, [[new Decimal("0.1"), new Decimal("0.2"), third]])),
    ).toBe(tofu["sum([0.1,0.2,1/3])"]);
    expect(await callProviderFunction(minFunction, [[45, 52, 3, 150]])).toBe(3);
    expect(await callProviderFunction(maxFunction, [[45, 52, 3, 2n ** 70n]])).toBe(2n ** 70n);
    expect(text(await callProviderFunction(maxFunction, [[new Decimal(tofu["1000/1850"]), 0.5]]))).toBe(
      tofu["1000/1850"],
    );
    expect(await callProviderFunction(maxFunction, [null])).toBeNull();
  });

  it("refuse an empty list, as Terraform's sum does", async () => {
    for (const fn of [sumFunction, minFunction, maxFunction]) {
      await expect(callProviderFunction(fn, [[]])).rejects.toMatchObject({
        argument: 0,
        message: expect.stringContaining("the list is empty"),
      });
    }
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
