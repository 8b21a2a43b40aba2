// The string functions, called as Terraform calls them: pyvider's behaviour, nulls, and errors
// that blame the argument at fault.

import { bool, number, string, tuple } from "@tsvider/cty";
import { Decimal, Dynamic, Unknown } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { describe, expect, it } from "vitest";
import {
  formatFunction,
  formatSizeFunction,
  joinFunction,
  lowerFunction,
  pluralizeFunction,
  replaceFunction,
  splitFunction,
  toCamelCaseFunction,
  toKebabCaseFunction,
  toSnakeCaseFunction,
  truncateFunction,
  upperFunction,
} from "./string-functions.js";

const s = (v: string) => new Dynamic(string, v);
const n = (v: number) => new Dynamic(number, v);
const values = (...items: Dynamic[]) =>
  new Dynamic(
    tuple(items.map((i) => i.type)),
    items.map((i) => i.value),
  );

describe("upper and lower", () => {
  it("change case one character at a time, as Terraform's do; null stays null", async () => {
    expect(await callProviderFunction(upperFunction, ["Hello World"])).toBe("HELLO WORLD");
    // Go's strings.ToUpper: ß and the ﬁ ligature have no one-character uppercase, so they stay.
    expect(await callProviderFunction(upperFunction, ["straße ﬁ"])).toBe("STRAßE ﬁ");
    expect(await callProviderFunction(lowerFunction, ["Hello World"])).toBe("hello world");
    // No final-sigma rule: two capital sigmas are two small sigmas.
    expect(await callProviderFunction(lowerFunction, ["ΣΣ"])).toBe("σσ");
    expect(await callProviderFunction(lowerFunction, ["\u0130"])).toBe("i");
    expect(await callProviderFunction(lowerFunction, [null])).toBeNull();
    expect(await callProviderFunction(upperFunction, [Unknown])).toBe(Unknown);
  });
});

describe("format", () => {
  it("formats a template with % as Terraform's format does", async () => {
    expect(await callProviderFunction(formatFunction, ["%.2f", values(n(1.23456))])).toBe("1.23");
    expect(await callProviderFunction(formatFunction, ["Hello, %s!", values(s("World"))])).toBe(
      "Hello, World!",
    );
    expect(
      await callProviderFunction(formatFunction, ["%[2]s-%[1]s %[3]q %%", values(s("a"), s("b"), s("c"))]),
    ).toBe('b-a "c" %');
    expect(await callProviderFunction(formatFunction, ["%v", values(new Dynamic(bool, true))])).toBe("true");
    await expect(callProviderFunction(formatFunction, ["%d", values(s("x"))])).rejects.toMatchObject({
      argument: 0,
      message: expect.stringMatching(/unsupported value for "%d".*check the verbs/),
    });
    await expect(callProviderFunction(formatFunction, ["%s", values(s("a"), s("b"))])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("too many arguments"),
    });
  });

  it("fills {} and {N} placeholders, every other brace literal", async () => {
    const v = values(s("admin"), n(3));
    expect(await callProviderFunction(formatFunction, ["User {} has {} roles.", v])).toBe(
      "User admin has 3 roles.",
    );
    expect(await callProviderFunction(formatFunction, ["{1}-{0}-{1}", v])).toBe("3-admin-3");
    expect(await callProviderFunction(formatFunction, ['{"a": {}}', values(n(1))])).toBe('{"a": 1}');
    expect(
      await callProviderFunction(formatFunction, ["{name} {} }{", values(new Dynamic(bool, true))]),
    ).toBe("{name} true }{");
    expect(await callProviderFunction(formatFunction, ["{} {}", values()])).toBe("{} {}");
    expect(await callProviderFunction(formatFunction, ["no placeholders", null])).toBe("no placeholders");
    expect(await callProviderFunction(formatFunction, [null, v])).toBeNull();
  });

  it("refuses too few values, values beyond the last placeholder, and values with no text", async () => {
    await expect(callProviderFunction(formatFunction, ["{} {}", values(s("a"))])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("needs value 1"),
    });
    await expect(callProviderFunction(formatFunction, ["{}", values(s("a"), s("b"))])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("uses only 1"),
    });
    await expect(callProviderFunction(formatFunction, ["{}", values(values(s("a")))])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("has no text"),
    });
    await expect(
      callProviderFunction(formatFunction, ["{}", new Dynamic(tuple([string]), [null])]),
    ).rejects.toMatchObject({ argument: 1, message: expect.stringContaining("is null") });
    await expect(callProviderFunction(formatFunction, ["{}", s("not a list")])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("must be a list"),
    });
  });
});

describe("join, split, replace", () => {
  it("join elements as text with the delimiter, refusing nulls and collections", async () => {
    expect(
      await callProviderFunction(joinFunction, [", ", values(s("apple"), n(3), new Dynamic(bool, true))]),
    ).toBe("apple, 3, true");
    expect(await callProviderFunction(joinFunction, [null, values(s("a"), s("b"))])).toBe("ab");
    expect(await callProviderFunction(joinFunction, [",", null])).toBeNull();
    await expect(
      callProviderFunction(joinFunction, [",", new Dynamic(tuple([string, string]), ["a", null])]),
    ).rejects.toMatchObject({ argument: 1, message: expect.stringContaining("element 1 is null") });
    await expect(callProviderFunction(joinFunction, [",", values(values(s("a")))])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("element 0 is a tuple"),
    });
  });

  it("split takes the delimiter first, and splits as Terraform's split does", async () => {
    expect(await callProviderFunction(splitFunction, [",", "name,email,role"])).toEqual([
      "name",
      "email",
      "role",
    ]);
    expect(await callProviderFunction(splitFunction, [",", ""])).toEqual([""]);
    expect(await callProviderFunction(splitFunction, ["", "ab👋"])).toEqual(["a", "b", "👋"]);
    expect(await callProviderFunction(splitFunction, [null, "ab"])).toEqual(["a", "b"]);
    expect(await callProviderFunction(splitFunction, ["", ""])).toEqual([]);
    expect(await callProviderFunction(splitFunction, [",", null])).toBeNull();
  });

  it("replace replaces plain text everywhere, or a /pattern/'s matches", async () => {
    expect(await callProviderFunction(replaceFunction, ["a.b.c", ".", "$&"])).toBe("a$&b$&c");
    expect(await callProviderFunction(replaceFunction, ["[x]", "[^a-z]", ""])).toBe("[x]");
    expect(await callProviderFunction(replaceFunction, ["hello", "l", null])).toBe("heo");
    expect(await callProviderFunction(replaceFunction, ["hello world", "/w.*d/", "x"])).toBe("hello x");
    expect(await callProviderFunction(replaceFunction, ["a1b22", "/(\\d+)/", "<$1>"])).toBe("a<1>b<22>");
    expect(await callProviderFunction(replaceFunction, ["a/b", "/", "-"])).toBe("a-b");
    await expect(callProviderFunction(replaceFunction, ["x", "/(/", ""])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("is not a regular expression"),
    });
  });
});

describe("case conversions", () => {
  it("follow pyvider's rules", async () => {
    expect(await callProviderFunction(toSnakeCaseFunction, ["HelloWorld"])).toBe("hello_world");
    expect(await callProviderFunction(toSnakeCaseFunction, ["some-kebab-case"])).toBe("some_kebab_case");
    expect(await callProviderFunction(toKebabCaseFunction, ["HelloWorld"])).toBe("hello-world");
    expect(await callProviderFunction(toKebabCaseFunction, ["some_snake_case"])).toBe("some-snake-case");
    expect(await callProviderFunction(toCamelCaseFunction, ["hello_world"])).toBe("helloWorld");
    expect(await callProviderFunction(toCamelCaseFunction, ["hello-world", true])).toBe("HelloWorld");
    expect(await callProviderFunction(toCamelCaseFunction, ["hello world", false])).toBe("helloWorld");
    expect(await callProviderFunction(toCamelCaseFunction, [null])).toBeNull();
  });

  it("refuse a second upper_first", async () => {
    await expect(callProviderFunction(toCamelCaseFunction, ["a", true, true])).rejects.toMatchObject({
      argument: 2,
    });
  });
});

describe("format_size", () => {
  it("formats bytes in units of 1024", async () => {
    expect(await callProviderFunction(formatSizeFunction, [10240])).toBe("10.0 KB");
    expect(await callProviderFunction(formatSizeFunction, [123456789, 2])).toBe("117.74 MB");
    expect(await callProviderFunction(formatSizeFunction, [1234567890, 0])).toBe("1 GB");
    expect(await callProviderFunction(formatSizeFunction, [0])).toBe("0 B");
    expect(await callProviderFunction(formatSizeFunction, [512])).toBe("512 B");
    expect(await callProviderFunction(formatSizeFunction, [new Decimal("512.9")])).toBe("512 B");
    expect(await callProviderFunction(formatSizeFunction, [-1536])).toBe("-1.5 KB");
    expect(await callProviderFunction(formatSizeFunction, [2n ** 70n])).toBe("1024.0 EB");
    // 1.25 KB to one place: a tie, to the even digit.
    expect(await callProviderFunction(formatSizeFunction, [1280])).toBe("1.2 KB");
  });

  it("refuses a negative or fractional precision", async () => {
    await expect(callProviderFunction(formatSizeFunction, [1, -1])).rejects.toMatchObject({ argument: 1 });
    await expect(callProviderFunction(formatSizeFunction, [1, 0.5])).rejects.toMatchObject({ argument: 1 });
  });
});

describe("truncate", () => {
  it("cuts at a word boundary and adds the suffix", async () => {
    expect(await callProviderFunction(truncateFunction, ["Hello brave new world", n(15)])).toBe(
      "Hello brave...",
    );
    expect(await callProviderFunction(truncateFunction, ["short", n(15)])).toBe("short");
    expect(await callProviderFunction(truncateFunction, ["Supercalifragilistic", n(10), s("…")])).toBe(
      "Supercali…",
    );
    expect(await callProviderFunction(truncateFunction, ["abcdef", n(2)])).toBe("..");
    expect(await callProviderFunction(truncateFunction, ["x".repeat(120)])).toBe(`${"x".repeat(97)}...`);
    // A length given as a string converts, as Terraform converts arguments.
    expect(await callProviderFunction(truncateFunction, ["abcdefghij", s("5")])).toBe("ab...");
  });

  it("refuses a bad max_length or suffix, naming the argument", async () => {
    await expect(callProviderFunction(truncateFunction, ["abc", n(-1)])).rejects.toMatchObject({
      argument: 1,
    });
    await expect(callProviderFunction(truncateFunction, ["abc", s("ten")])).rejects.toMatchObject({
      argument: 1,
      message: expect.stringContaining("max_length must be a number"),
    });
    await expect(callProviderFunction(truncateFunction, ["abc", n(1), values(s("x"))])).rejects.toMatchObject(
      {
        argument: 2,
      },
    );
    await expect(callProviderFunction(truncateFunction, ["abc", n(1), s("x"), s("y")])).rejects.toMatchObject(
      {
        argument: 3,
      },
    );
  });
});

describe("pluralize", () => {
  it("gives the singular for 1 and a plural otherwise", async () => {
    expect(await callProviderFunction(pluralizeFunction, ["apple", n(1)])).toBe("apple");
    expect(await callProviderFunction(pluralizeFunction, ["apple"])).toBe("apple");
    expect(await callProviderFunction(pluralizeFunction, ["apple", n(2)])).toBe("apples");
    expect(await callProviderFunction(pluralizeFunction, ["box", n(0)])).toBe("boxes");
    expect(await callProviderFunction(pluralizeFunction, ["city", n(3)])).toBe("cities");
    expect(await callProviderFunction(pluralizeFunction, ["day", n(3)])).toBe("days");
    expect(await callProviderFunction(pluralizeFunction, ["person", n(2), s("people")])).toBe("people");
  });

  it("refuses a count that is not a number", async () => {
    await expect(callProviderFunction(pluralizeFunction, ["a", s("many")])).rejects.toMatchObject({
      argument: 1,
    });
  });
});
