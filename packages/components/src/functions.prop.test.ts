// Algebra the provider functions must keep, for any input fast-check finds: arithmetic that is
// cty's (go-cty's) on the numbers Terraform parses from the same literals, rounding, sizes that grow with the bytes, and case
// conversions that agree with each other and are stable.
import { type CtyNumber, string as ctyString, number } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import { callFunction, type FunctionSpec } from "@tsvider/cty/function";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import {
  add as ctyAdd,
  divide as ctyDivide,
  max as ctyMax,
  min as ctyMin,
  multiply as ctyMultiply,
  subtract as ctySubtract,
} from "@tsvider/cty/stdlib";
import { Decimal, Dynamic } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tostringFunction } from "./collection-functions.js";
import { compareNumbers, numberText, toScaled } from "./internal/exact.js";
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

/** The number Terraform holds for a literal written as `n`'s digits: cty's tonumber of the text. */
const literal = (n: CtyNumber): CtyNumber => convert(numberText(n), ctyString, number) as CtyNumber;

/** cty's own function (go-cty's, byte for byte) on Terraform's literals of the operands. */
const cty = (spec: FunctionSpec, ...args: CtyNumber[]): CtyNumber =>
  callFunction(
    spec,
    args.map((n) => ({ type: number, value: literal(n) })),
  ).value as CtyNumber;

describe("numbers", () => {
  it("add, subtract, multiply and divide give cty's +, -, * and / of Terraform's literals", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, decimal, async (a, b) => {
        expect(same(await call(addFunction, a, b), cty(ctyAdd, a, b))).toBe(true);
        expect(same(await call(subtractFunction, a, b), cty(ctySubtract, a, b))).toBe(true);
        expect(same(await call(multiplyFunction, a, b), cty(ctyMultiply, a, b))).toBe(true);
        fc.pre(toScaled(b)!.digits !== 0n);
        expect(same(await call(divideFunction, a, b), cty(ctyDivide, a, b))).toBe(true);
      }),
    );
  });

  it("sum, min and max give Terraform's sum (+ in order), min and max", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(decimal, { minLength: 1, maxLength: 6 }), async (numbers) => {
        const [first, ...rest] = numbers as [CtyNumber, ...CtyNumber[]];
        const total = rest.reduce<CtyNumber>((t, n) => cty(ctyAdd, t, n), literal(first));
        expect(same((await callProviderFunction(sumFunction, [numbers])) as CtyNumber, total)).toBe(true);
        expect(
          same((await callProviderFunction(minFunction, [numbers])) as CtyNumber, cty(ctyMin, ...numbers)),
        ).toBe(true);
        expect(
          same((await callProviderFunction(maxFunction, [numbers])) as CtyNumber, cty(ctyMax, ...numbers)),
        ).toBe(true);
      }),
    );
  });

  it("a result read back as Terraform reads it (its text, at 512 bits) is the same number", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, decimal, async (a, b) => {
        fc.pre(toScaled(b)!.digits !== 0n);
        const quotient = await call(divideFunction, a, b);
        const decoded = decodeMsgpack(encodeMsgpack(quotient, number), number) as CtyNumber;
        expect(numberText(literal(decoded))).toBe(numberText(quotient));
      }),
    );
  });

  it("whole numbers stay exact, as Terraform's are", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }),
        async (a, b) => {
          expect(same(await call(addFunction, a, b), a + b)).toBe(true);
          expect(same(await call(subtractFunction, a, b), a - b)).toBe(true);
          expect(same(await call(multiplyFunction, a, b), a * b)).toBe(true);
        },
      ),
    );
  });

  it("round is idempotent and moves a number by at most half a unit", async () => {
    await fc.assert(
      fc.asyncProperty(decimal, fc.integer({ min: -5, max: 8 }), async (x, places) => {
        const r = await call(roundFunction, x, places);
        expect(same(await call(roundFunction, r, places), r)).toBe(true);
        // The distance between the exact decimals, in units of 10^-(places + 1): round works on
        // the decimal value, so cty's subtract (binary floats at 512 bits) cannot measure it.
        const exactR = toScaled(r)!;
        const exactX = toScaled(x)!;
        const scale = Math.max(exactR.scale, exactX.scale, places + 1);
        const at = (n: { digits: bigint; scale: number }) => n.digits * 10n ** BigInt(scale - n.scale);
        const distance = at(exactR) - at(exactX);
        const half = 5n * 10n ** BigInt(scale - (places + 1));
        expect(distance <= half && -distance <= half).toBe(true);
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
