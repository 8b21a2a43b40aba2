import { Decimal, Unknown } from "@tsvider/cty";
import { describe, expect, it } from "vitest";
import { Diagnostics } from "../diagnostics.js";
import { compareNumbers, validate } from "./validate.js";
import type { ValidatorContext } from "./validators.js";

const ctx = (pathText: string, parent: Record<string, unknown> = {}): ValidatorContext => ({
  path: [],
  pathText,
  parent,
  config: parent,
  diagnostics: new Diagnostics(),
});

describe("compareNumbers", () => {
  it("orders numbers exactly, whatever their representation", () => {
    expect(compareNumbers(1, 2)).toBe(-1);
    expect(compareNumbers(2n ** 64n, 2n ** 64n + 1n)).toBe(-1);
    expect(compareNumbers(new Decimal("0.30000000000000000001"), new Decimal("0.3"))).toBe(1);
    expect(compareNumbers(new Decimal("-0.5"), -1)).toBe(1);
    expect(compareNumbers(new Decimal("100"), 99.5)).toBe(1);
    expect(compareNumbers(0.1, new Decimal("0.1"))).toBe(0);
    expect(compareNumbers(Number.POSITIVE_INFINITY, 2n ** 600n)).toBe(1);
    expect(compareNumbers(2n ** 600n, Number.NEGATIVE_INFINITY)).toBe(1);
    expect(compareNumbers(new Decimal("-12.5"), new Decimal("-12.25"))).toBe(-1);
  });
});

describe("built-in validators", () => {
  it("length counts characters, elements and entries", () => {
    const v = validate.length({ min: 2, max: 3 });
    expect(v.validate("ab", ctx("s"))).toBeUndefined();
    // Code points, not UTF-16 units: one emoji is one character.
    expect(v.validate("😀", ctx("s"))).toBe('"s" must have from 2 to 3 characters; it has 1.');
    expect(v.validate([1, 2, 3, 4], ctx("l"))).toBe('"l" must have from 2 to 3 elements; it has 4.');
    expect(v.validate({ a: 1 }, ctx("m"))).toBe('"m" must have from 2 to 3 entries; it has 1.');
    expect(validate.length({ max: 1 }).validate("xy", ctx("s"))).toBe(
      '"s" must have at most 1 character; it has 2.',
    );
    expect(() => validate.length({})).toThrow(/needs min, max or both/);
  });

  it("between, atLeast and atMost compare bigints and decimals exactly", () => {
    expect(validate.between(1, 10).validate(new Decimal("10.0000000000000000001"), ctx("n"))).toBe(
      '"n" must be from 1 to 10; it is 10.0000000000000000001.',
    );
    expect(validate.atLeast(2n ** 63n).validate(2n ** 63n, ctx("n"))).toBeUndefined();
    expect(validate.atMost(0).validate(-1, ctx("n"))).toBeUndefined();
    expect(() => validate.between(2, 1)).toThrow(/min at most max/);
  });

  it("oneOf compares numbers by value", () => {
    const v = validate.oneOf([1, 2, "x", true]);
    expect(v.validate(2n, ctx("a"))).toBeUndefined();
    expect(v.validate(new Decimal("1.0"), ctx("a"))).toBeUndefined();
    expect(v.validate(true, ctx("a"))).toBeUndefined();
    expect(v.validate(new Decimal("1.5"), ctx("a"))).toBe('"a" must be one of 1, 2, "x", true; it is 1.5.');
    expect(v.validate("1", ctx("a"))).toBe('"a" must be one of 1, 2, "x", true; it is "1".');
  });

  it("regex tests anywhere, and a global expression keeps no state between values", () => {
    const v = validate.regex(/ami-/g);
    expect(v.validate("x-ami-1", ctx("image"))).toBeUndefined();
    expect(v.validate("x-ami-1", ctx("image"))).toBeUndefined();
    expect(v.validate("nope", ctx("image"))).toBe('"image" must match /ami-/; it is "nope".');
  });

  it("regex stops a match that backtracks for ever, and refuses the value saying whose bug it is", () => {
    // A limit a loaded machine's scheduler never reaches on "aaaa"; the failing value would
    // take hours.
    const v = validate.regex(/^(a+)+$/, "must be a run of a's", { timeLimitMs: 1000 });
    expect(v.validate("aaaa", ctx("name"))).toBeUndefined();
    // 2^40 ways to split the run before failing at the "!": far past any time limit.
    const message = v.validate(`${"a".repeat(40)}!`, ctx("name"));
    expect(message).toContain(
      `"name" could not be checked: the provider's pattern /^(a+)+$/ was still matching it after 1 s.`,
    );
    expect(message).toContain("That is a bug in the provider");
    expect(message).toContain("(41 characters)");
    // The validator, and others, still work after a stopped match.
    expect(v.validate("b", ctx("name"))).toBe(`"name" must be a run of a's; it is "b".`);
    expect(validate.regex(/ami-/).validate("ami-1", ctx("image"))).toBeUndefined();
  });

  it("conflictsWith and alsoRequires look at siblings, naming them where they are", () => {
    const conflicts = validate.conflictsWith("a", "b");
    expect(conflicts.validate("x", ctx("net[0].c", { a: null, b: Unknown }))).toBeUndefined();
    expect(conflicts.validate("x", ctx("net[0].c", { a: "y", b: "z" }))).toBe(
      '"net[0].c" cannot be set together with "net[0].a" and "net[0].b". Remove one of them.',
    );
    const requires = validate.alsoRequires("user", "password");
    expect(requires.validate("h", ctx("host", { user: "u", password: Unknown }))).toBeUndefined();
    expect(requires.validate("h", ctx("host", { user: null, password: null }))).toBe(
      '"host" is set, so "user" and "password" must be set too.',
    );
    expect(conflicts.siblings).toEqual(["a", "b"]);
  });

  it("exactlyOneOf and atLeastOneOf run on null, and wait for unknown siblings", () => {
    const exactly = validate.exactlyOneOf("b");
    expect(exactly.includeNull).toBe(true);
    expect(exactly.validate(null, ctx("a", { b: null }))).toBe(
      'Exactly one of "a" and "b" must be set; none is.',
    );
    expect(exactly.validate(null, ctx("a", { b: 1 }))).toBeUndefined();
    expect(exactly.validate(null, ctx("a", { b: Unknown }))).toBeUndefined();
    const atLeast = validate.atLeastOneOf("b", "c");
    expect(atLeast.validate(null, ctx("a", { b: null, c: null }))).toBe(
      'At least one of "a", "b" or "c" must be set; none is.',
    );
    expect(atLeast.validate(null, ctx("a", { b: null, c: "x" }))).toBeUndefined();
  });

  it("each says what it requires, for documentation", () => {
    expect(validate.length({ min: 1 }).description).toBe("Length at least 1.");
    expect(validate.oneOf(["a", "b"]).description).toBe('One of "a", "b".');
    expect(validate.exactlyOneOf("x", "y").description).toBe(
      'Exactly one of this and "x" or "y" must be set.',
    );
  });
});
