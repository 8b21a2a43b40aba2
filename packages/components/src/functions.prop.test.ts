// Algebra the provider functions must keep, for any input fast-check finds: exact arithmetic
// (add and subtract undo each other), rounding, sizes that grow with the bytes, and case
// conversions that agree with each other and are stable.
import { type CtyNumber, number } from "@tsvider/cty";
import { Decimal, Dynamic } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tostringFunction } from "./collection-functions.js";
import { compareNumbers, toScaled } from "./internal/exact.js";
import {
  addFunction,
  divideFunction,
  multiplyFunction,
  roundFunction,
  subtractFunction,
} from "./numeric-functions.js";
import { camelCase, formatSize, kebabCase, snakeCase } from "./string-functions.js";

/** Any finite decimal as the framework hands it over: a safe integer, a bigint or a Decimal. */
const decimal: fc.Arbitrary<CtyNumber> = fc.oneof(
  fc.integer({ min: -1_000_000, max: 1_000_000 }),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), fc.integer({ min: 1, max: 20 }))
    .map(([digits, scale]) => {
      const abs = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, "0");
      return new Decimal(`${digits < 0n ? "-" : ""}${abs.slice(0, -scale)}.${abs.slice(-scale)}`);
    }),
);

const call = (fn: Parameters<typeof callProviderFunction>[0], ...args: CtyNumber[]) =>
  callProviderFunction(fn, args) as Promise<CtyNumber>;
const same = (a: CtyNumber, b: CtyNumber) => compareNumbers(a, b) === 0;

describe("numbers", () => {
  it("subtract undoes add, and add commutes", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, decimal, async (a, b) => {
        const total = await call(addFunction, a, b);
        expect(same(await call(subtractFunction, total, b), a)).toBe(true);
        expect(same(await call(addFunction, b, a), total)).toBe(true);
      }),
    );
  });

  it("divide undoes multiply by a non-zero number", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, decimal, async (a, b) => {
        fc.pre(toScaled(b)!.digits !== 0n);
        expect(same(await call(divideFunction, await call(multiplyFunction, a, b), b), a)).toBe(true);
      }),
    );
  });

  it("round is idempotent and moves a number by at most half a unit", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, fc.integer({ min: -5, max: 8 }), async (x, places) => {
        const r = await call(roundFunction, x, places);
        expect(same(await call(roundFunction, r, places), r)).toBe(true);
        const diff = toScaled(await call(subtractFunction, r, x))!;
        const half = { digits: 5n, scale: places + 1 };
        const abs = { digits: diff.digits < 0n ? -diff.digits : diff.digits, scale: diff.scale };
        const scale = Math.max(abs.scale, half.scale, 0);
        const lhs = abs.digits * 10n ** BigInt(scale - abs.scale);
        const rhs = half.scale >= 0 ? half.digits * 10n ** BigInt(scale - half.scale) : 0n;
        if (half.scale >= 0) expect(lhs <= rhs).toBe(true);
      }),
    );
  });

  it("tostring writes a number that reads back as the same number", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, async (x) => {
        const text = (await callProviderFunction(tostringFunction, [new Dynamic(number, x)])) as string;
        expect(same(new Decimal(text), x)).toBe(true);
      }),
    );
  });
});

describe("format_size", () => {
  const UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];
  /** What a formatted size stands for, in bytes, exactly (as a Decimal). */
  const meaning = (text: string): Decimal => {
    const [amount, unit] = text.split(" ") as [string, string];
    const exponent = BigInt(UNITS.indexOf(unit));
    const s = toScaled(new Decimal(amount))!;
    const digits = s.digits * 1024n ** exponent;
    const abs = (digits < 0n ? -digits : digits).toString().padStart(s.scale + 1, "0");
    return new Decimal(
      `${digits < 0n ? "-" : ""}${abs.slice(0, abs.length - s.scale)}.${abs.slice(abs.length - s.scale) || "0"}`,
    );
  };

  it("grows with the bytes, at any precision", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 2n ** 72n }),
        fc.bigInt({ min: 0n, max: 2n ** 72n }),
        fc.integer({ min: 0, max: 4 }),
        (a, b, places) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(
            compareNumbers(meaning(formatSize(lo, places)), meaning(formatSize(hi, places))),
          ).toBeLessThanOrEqual(0);
        },
      ),
    );
  });
});

describe("case conversions", () => {
  // Two characters at least: "aAA" (from a_a_a) reads back as a_aa, pyvider's rule has no way back.
  const word = fc.stringMatching(/^[a-z][a-z0-9]{1,7}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 5 });
  const anyText = fc.string({ unit: fc.constantFrom(..."aZ9-_ xY.é") });

  it("kebab-case is snake_case with hyphens, and both are stable", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(kebabCase(text)).toBe(snakeCase(text).replaceAll("_", "-"));
        expect(snakeCase(snakeCase(text))).toBe(snakeCase(text));
        expect(kebabCase(kebabCase(text))).toBe(kebabCase(text));
      }),
    );
  });

  it("snake_case undoes camelCase and PascalCase of lowercase words", () => {
    fc.assert(
      fc.property(words, fc.boolean(), (ws, upperFirst) => {
        const snake = ws.join("_");
        expect(snakeCase(camelCase(snake, upperFirst))).toBe(snake);
        expect(kebabCase(camelCase(ws.join("-"), upperFirst))).toBe(ws.join("-"));
        expect(camelCase(snakeCase(camelCase(snake, upperFirst)), upperFirst)).toBe(
          camelCase(snake, upperFirst),
        );
      }),
    );
  });
});
