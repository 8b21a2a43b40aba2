// length, contains, lookup and tostring over values of any type, called as Terraform calls them.
import { bool, list, map, number, object, set, string, tuple } from "@tsvider/cty";
import { Decimal, Dynamic } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  containsFunction,
  lengthFunction,
  lookupFunction,
  tostringFunction,
} from "./collection-functions.js";

const s = (v: string) => new Dynamic(string, v);
const n = (v: number | bigint | Decimal) => new Dynamic(number, v);
const fruits = new Dynamic(list(string), ["apple", "banana", "cherry"]);
const config = new Dynamic(object({ host: string, port: number }), { host: "localhost", port: 8080 });

describe("length", () => {
  it("counts elements, entries and characters as Terraform's length does", async () => {
    expect(await callProviderFunction(lengthFunction, [fruits])).toBe(3);
    expect(await callProviderFunction(lengthFunction, [config])).toBe(2);
    expect(await callProviderFunction(lengthFunction, [new Dynamic(set(number), [1, 2])])).toBe(2);
    expect(await callProviderFunction(lengthFunction, [new Dynamic(tuple([]), [])])).toBe(0);
    expect(await callProviderFunction(lengthFunction, [s("héllo 👋")])).toBe(7);
    // Grapheme clusters: e + combining accent, a flag, a family joined by ZWJs are one each.
    expect(await callProviderFunction(lengthFunction, [s("e\u0301")])).toBe(1);
    expect(await callProviderFunction(lengthFunction, [s("🇺🇸")])).toBe(1);
    expect(await callProviderFunction(lengthFunction, [s("👨\u200d👩\u200d👧")])).toBe(1);
    expect(await callProviderFunction(lengthFunction, [null])).toBeNull();
  });

  it("refuses a number or a bool", async () => {
    await expect(callProviderFunction(lengthFunction, [n(5)])).rejects.toMatchObject({
      argument: 0,
      message: expect.stringContaining("has no length"),
    });
    await expect(callProviderFunction(lengthFunction, [new Dynamic(bool, true)])).rejects.toMatchObject({
      argument: 0,
    });
  });
});

describe("contains", () => {
  it("finds equal values, numbers by value, never a string for a number", async () => {
    expect(await callProviderFunction(containsFunction, [fruits, s("apple")])).toBe(true);
    expect(await callProviderFunction(containsFunction, [fruits, s("grape")])).toBe(false);
    const nums = new Dynamic(list(number), [1, new Decimal("2.5")]);
    expect(await callProviderFunction(containsFunction, [nums, n(new Decimal("2.50"))])).toBe(true);
    expect(await callProviderFunction(containsFunction, [nums, s("1")])).toBe(false);
    expect(await callProviderFunction(containsFunction, [null, s("x")])).toBeNull();
  });

  it("refuses a map to look in", async () => {
    await expect(callProviderFunction(containsFunction, [config, s("host")])).rejects.toMatchObject({
      argument: 0,
    });
  });
});

describe("lookup", () => {
  it("reads a key, or gives the default of any type", async () => {
    expect(await callProviderFunction(lookupFunction, [config, "port", n(3000)])).toEqual(
      new Dynamic(number, 8080),
    );
    expect(await callProviderFunction(lookupFunction, [config, "host"])).toEqual(s("localhost"));
    expect(await callProviderFunction(lookupFunction, [config, "missing", s("default")])).toEqual(
      s("default"),
    );
    expect(await callProviderFunction(lookupFunction, [config, "missing", null])).toBeNull();
    const m = new Dynamic(map(bool), { on: true });
    expect(await callProviderFunction(lookupFunction, [m, "on"])).toEqual(new Dynamic(bool, true));
    expect(await callProviderFunction(lookupFunction, [null, "x"])).toBeNull();
  });

  it("blames the key when it is missing and no default is given", async () => {
    await expect(callProviderFunction(lookupFunction, [config, "missing"])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining('the key "missing" is not in the map'),
    });
    await expect(callProviderFunction(lookupFunction, [fruits, "x"])).rejects.toMatchObject({ argument: 0 });
    await expect(callProviderFunction(lookupFunction, [config, "x", s("a"), s("b")])).rejects.toMatchObject({
      argument: 3,
    });
  });
});

describe("tostring", () => {
  it("writes strings, numbers and bools as text, as Terraform's tostring does", async () => {
    expect(await callProviderFunction(tostringFunction, [s("x")])).toBe("x");
    expect(await callProviderFunction(tostringFunction, [n(42)])).toBe("42");
    expect(await callProviderFunction(tostringFunction, [n(new Decimal("0.1"))])).toBe("0.1");
    expect(await callProviderFunction(tostringFunction, [n(10n ** 30n)])).toBe(`1${"0".repeat(30)}`);
    expect(await callProviderFunction(tostringFunction, [new Dynamic(bool, false)])).toBe("false");
    expect(await callProviderFunction(tostringFunction, [n(new Decimal("0.0000001"))])).toBe("0.0000001");
    expect(await callProviderFunction(tostringFunction, [null])).toBeNull();
  });

  it("refuses a collection, pointing at jsonencode", async () => {
    for (const collection of [config, fruits, new Dynamic(map(number), { a: 1 })]) {
      await expect(callProviderFunction(tostringFunction, [collection])).rejects.toMatchObject({
        argument: 0,
        message: expect.stringMatching(/^cannot convert a .* to string: .*jsonencode/),
      });
    }
  });
});
