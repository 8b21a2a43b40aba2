import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type TypedValue } from "../function.js";
import { typeAndValue } from "../internal/arbitraries.test-support.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, type CtyType, dynamic, list, number, set, string, tuple } from "../types.js";
import { type CtyValue, Decimal, Marked, RefinedUnknown, Unknown } from "../values.js";
import { walk } from "../walk.js";
import { format, formatList } from "./format.js";
import { expectSameAsGo, num, str, useGoOracle } from "./go-oracle.test-support.js";
import { textArb, unicode15Only, unlessGoNfcHazard } from "./internal/text-arbitraries.test-support.js";

const oracle = useGoOracle();

// ---- Generators

const flagsArb = fc.array(fc.constantFrom("0", "#", "-", "+", " "), { maxLength: 3 }).map((f) => f.join(""));
const widthArb = fc.oneof(fc.constant(""), fc.integer({ min: 1, max: 25 }).map(String));
const precisionArb = fc.oneof(
  { weight: 2, arbitrary: fc.constant("") },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 25 }).map((p) => `.${p}`) },
  { weight: 1, arbitrary: fc.constantFrom(".", ".00", ".007") },
);
const verbArb = (letters: string, maxIndex = 3) =>
  fc
    .tuple(
      flagsArb,
      widthArb,
      precisionArb,
      fc.option(fc.integer({ min: 1, max: maxIndex }), { freq: 4 }),
      fc.constantFrom(...letters.split("")),
    )
    .map(
      ([flags, width, precision, index, letter]) =>
        `%${flags}${width}${precision}${index ? `[${index}]` : ""}${letter}`,
    );

/** Numbers of every shape go-cty meets, below 2^512 (beyond it our codecs keep more digits). */
const numberArb: fc.Arbitrary<CtyValue> = fc.oneof(
  fc.constantFrom<CtyValue>(
    0,
    1,
    -1,
    0.5,
    0.1,
    -0.25,
    1e-7,
    123456789,
    1234567,
    100,
    5e-324,
    2 ** -1022,
    0.005,
  ),
  fc.constantFrom<CtyValue>(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
  fc.integer(),
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -1e40, max: 1e40 })
    .filter((d) => !Number.isInteger(d)),
  fc
    .double({ noNaN: true, noDefaultInfinity: true, min: -(2 ** 500), max: 2 ** 500 })
    .map((d) => (Number.isSafeInteger(d) || !Number.isInteger(d) ? d : BigInt(d))),
  fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
  fc.constantFrom<CtyValue>(2n ** 63n - 1n, -(2n ** 63n), 2n ** 63n, 2n ** 64n, 10n ** 30n, 2n ** 511n),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: 1, max: 60 }))
    .map(([digits, scale]) => {
      const s = (digits < 0n ? -digits : digits).toString().padStart(scale + 1, "0");
      const text = `${digits < 0n ? "-" : ""}${s.slice(0, -scale)}.${s.slice(-scale)}`;
      return Number.isInteger(Number(text)) || digits % 10n === 0n ? 1.5 : new Decimal(text);
    }),
  fc.constantFrom<CtyValue>(
    new Decimal("0.1"),
    new Decimal("-0.0005"),
    new Decimal("0.0000005"),
    new Decimal("2.5"),
  ),
);

/** A number, sometimes written as a string (converted with go-cty's ParseNumberVal). */
const numericArgArb: fc.Arbitrary<TypedValue> = fc.oneof(
  { weight: 6, arbitrary: numberArb.map(num) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(
        "12",
        "-7",
        "1.5",
        "0.1",
        "1e3",
        "1e-3",
        "abc",
        "",
        " 1",
        "0x10",
        "1_000",
        "Inf",
        "-Inf",
        "1e400",
        "9007199254740993",
      )
      .map(str),
  },
  { weight: 1, arbitrary: fc.constantFrom<TypedValue>({ value: true, type: bool }, num(null), str(null)) },
);

/** Whether every string inside normalizes alike in Go and JS, and nothing is beyond 2^512. */
function sendable({ value, type }: TypedValue): boolean {
  let ok = true;
  walk(value, type, (_path, v) => {
    if (typeof v === "string" && (v !== v.normalize("NFC") || !unicode15Only(v))) ok = false;
    if (typeof v === "bigint" && (v > 2n ** 511n || v < -(2n ** 511n))) ok = false;
    if (typeof v === "number" && Number.isFinite(v) && Math.abs(v) > 2 ** 511) ok = false;
    return ok;
  });
  return ok;
}

const anyArgArb: fc.Arbitrary<TypedValue> = fc.oneof(
  { weight: 3, arbitrary: typeAndValue as fc.Arbitrary<TypedValue> },
  { weight: 2, arbitrary: numericArgArb },
  { weight: 2, arbitrary: textArb.map(str) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<TypedValue>(
      { value: null, type: dynamic },
      { value: Unknown, type: dynamic },
      str(Unknown),
      str(refine(string, { stringPrefix: "ab" })),
      { value: [Number.POSITIVE_INFINITY], type: list(number) },
    ),
  },
);

const literalArb = fc.oneof(
  fc.constantFrom("", "x", "ab ", "%%", "é", "👨‍👩‍👧", "-", ": ", "\n", "ami-", "a\u0301"),
  textArb.map((t) => t.replaceAll("%", "%%")),
);
const formatStringArb = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: literalArb },
      { weight: 3, arbitrary: verbArb("vvvtbdoxXeEfgGssqz", 4) },
      {
        weight: 1,
        arbitrary: fc.constantFrom("%", "%[", "%[0]d", "%5-d", "%-%", "%é", "%[1x", "%.[1]d", "%1.2.3f"),
      },
    ),
    { maxLength: 4 },
  )
  .map((parts) => parts.join(""));

// ---- Properties

describe("format answers as go-cty's", () => {
  it("formats numbers with every numeric verb, flag, width and precision", async () => {
    await fc.assert(
      fc.asyncProperty(verbArb("bdoxXeEfgGvsq", 1), numericArgArb, async (verb, arg) => {
        if (!sendable(arg)) return;
        await expectSameAsGo(oracle, "format", format, [str(verb), arg], unlessGoNfcHazard);
      }),
      { numRuns: 600 },
    );
  });

  it("formats any format string with any arguments, errors included", async () => {
    await fc.assert(
      fc.asyncProperty(formatStringArb, fc.array(anyArgArb, { maxLength: 4 }), async (f, args) => {
        if (!sendable(str(f)) || !args.every(sendable)) return;
        await expectSameAsGo(oracle, "format", format, [str(f), ...args], unlessGoNfcHazard);
      }),
      { numRuns: 500 },
    );
  });

  it("refines an unknown result with the known text before the first verb", async () => {
    const prefixArb = fc.oneof(
      fc.constantFrom(
        "",
        "ami-",
        "id: ",
        "a",
        "abc",
        "x\r",
        "x\n",
        "é",
        "e\u0301",
        "q",
        "가",
        "\u0915\u094d",
        "😀",
        "a-",
        "(",
        "\u0b15\u0b3e",
      ),
      textArb.map((t) => t.replaceAll("%", "")),
    );
    await fc.assert(
      fc.asyncProperty(prefixArb, verbArb("sdv"), anyArgArb, async (prefix, verb, arg) => {
        const unknownArgs = [arg, str(Unknown)];
        if (!sendable(str(prefix)) || !sendable(arg)) return;
        await expectSameAsGo(
          oracle,
          "format",
          format,
          [str(`${prefix}${verb}`), ...unknownArgs],
          unlessGoNfcHazard,
        );
      }),
      { numRuns: 300 },
    );
  });

  it("formats a number in a string as the big.Float go-cty parses from it", async () => {
    const cases: [string, string][] = [
      ["%f", "-0"],
      ["%e", "-0.0"],
      ["%d", "-0"],
      ["%g", "1e700000000"],
      ["%.3f", "-1e-700000000"],
      ["%.60e", "1.234e-300"],
      ["%v", "0.1"],
    ];
    for (const [verb, text] of cases) {
      await expectSameAsGo(oracle, "format", format, [str(verb), str(text)]);
    }
  });
});

describe("formatList answers as go-cty's", () => {
  // Sequences mostly of one shared length, so that iterations run (and sometimes not).
  const sequenceArb = (length: number): fc.Arbitrary<TypedValue> => {
    const n = fc.oneof({ weight: 5, arbitrary: fc.constant(length) }, { weight: 1, arbitrary: fc.nat(3) });
    return fc.oneof(
      n
        .chain((k) =>
          fc.array(fc.oneof(textArb, fc.constant<CtyValue>(Unknown), fc.constant<CtyValue>(null)), {
            minLength: k,
            maxLength: k,
          }),
        )
        .map((value) => ({ value, type: list(string) })),
      n
        .chain((k) => fc.uniqueArray(fc.constantFrom("a", "b", "c", "é"), { minLength: k, maxLength: k }))
        .map((value) => ({ value, type: set(string) })),
      n
        .chain((k) =>
          fc.array(fc.oneof(fc.integer(), fc.constant<CtyValue>(Unknown)), { minLength: k, maxLength: k }),
        )
        .map((value) => ({ value, type: set(number) })),
      n
        .chain((k) => fc.array(numberArb, { minLength: k, maxLength: k }))
        .map((value) => ({ value, type: tuple(value.map((): CtyType => number)) })),
      fc.constantFrom<TypedValue>(
        { value: Unknown, type: list(string) },
        { value: Unknown, type: tuple([string, number]) },
        { value: null, type: list(string) },
        { value: refine(list(string), { lengthLower: 1 }), type: list(string) },
        { value: Unknown, type: dynamic },
      ),
    );
  };
  it("iterates lists, sets and tuples together, with go-cty's errors", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          formatStringArb,
          fc
            .array(fc.oneof(literalArb, fc.constantFrom("%s", "%v", "%q", "%5v", "%[1]s")), { maxLength: 3 })
            .map((p) => p.join("")),
        ),
        fc.nat(3).chain((length) => fc.array(fc.oneof(sequenceArb(length), anyArgArb), { maxLength: 3 })),
        async (f, args) => {
          if (!sendable(str(f)) || !args.every(sendable)) return;
          await expectSameAsGo(oracle, "formatList", formatList, [str(f), ...args], unlessGoNfcHazard);
        },
      ),
      { numRuns: 400 },
    );
  });
});

// ---- Examples

describe("format, by example", () => {
  const call = (f: string, ...args: TypedValue[]) => callFunction(format, [str(f), ...args]).value;

  it("formats as go-cty does", () => {
    expect(
      call("%s-%03d: %5.2f|%-6v|%q", str("web"), num(7), num(3.25), { value: true, type: bool }, str('a"b')),
    ).toBe('web-007:  3.25|true  |"a\\"b"');
  });

  it("counts widths and precisions in grapheme clusters", () => {
    expect(call("[%3s][%.1s]", str("é"), str("👨‍👩‍👧x"))).toBe("[  é][👨‍👩‍👧]");
  });

  it("writes %v of a number as big.Float's shortest %g, and of anything else as JSON", () => {
    expect(call("%v %v %v", num(1234567), num(0.1), num(new Decimal("0.1")))).toBe("1.234567e+06 0.1 0.1");
    expect(call("%v", { value: ["a", 1n] as never, type: tuple([string, number]) })).toBe('["a",1]');
    expect(call("%v|%s", { value: null, type: dynamic }, num(2n ** 70n))).toBe("null|1180591620717411303424");
  });

  it("takes explicit argument indexes, and refuses unused arguments", () => {
    expect(call("%[2]s %[1]s %s", str("a"), str("b"))).toBe("b a b");
    expect(() => call("%s", str("a"), str("b"))).toThrow("too many arguments; only 1 used by format string");
    expect(() => call("%[3]s", str("a"))).toThrow(
      'not enough arguments for "%[3]s" at 0: need index 3 but have 1 total',
    );
    expect(() => call("50%")).toThrow("invalid format string starting at offset 3");
    expect(() => call("%é", str("a"))).toThrow("unrecognized format character 'é' at offset 1");
    expect(() => call("%z", str("a"))).toThrow(`unsupported format verb 'z' in "%z" at offset 0`);
  });

  it("is unknown while any argument holds an unknown, keeping the text before the first verb", () => {
    expect(call("ami-%s", str(Unknown))).toEqual(new RefinedUnknown({ notNull: true, stringPrefix: "ami-" }));
    // A trailing letter could still take a combining mark: it is not kept.
    expect(call("abc%s", str(Unknown))).toEqual(new RefinedUnknown({ notNull: true, stringPrefix: "ab" }));
    expect(call("%s", { value: ["a", Unknown], type: list(string) })).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("passes marks through", () => {
    expect(call("<%s>", str(mark("x", "sensitive")))).toEqual(new Marked("<x>", new Set(["sensitive"])));
  });
});

describe("formatList, by example", () => {
  const call = (f: string, ...args: TypedValue[]) => callFunction(formatList, [str(f), ...args]).value;

  it("formats element by element, repeating single values", () => {
    expect(
      call(
        "%s=%d (%s)",
        { value: ["a", "b"], type: list(string) },
        { value: [1, 2], type: tuple([number, number]) },
        str("x"),
      ),
    ).toEqual(["a=1 (x)", "b=2 (x)"]);
    expect(call("no args")).toEqual(["no args"]);
    expect(call("%s", { value: [], type: list(string) })).toEqual([]);
  });

  it("makes unknown just the elements whose arguments are unknown", () => {
    expect(call("%s", { value: ["a", Unknown], type: list(string) })).toEqual([
      "a",
      new RefinedUnknown({ notNull: true }),
    ]);
    expect(call("%s", { value: Unknown, type: list(string) })).toEqual(new RefinedUnknown({ notNull: true }));
  });

  it("steps no further sequences in an iteration once one argument is unknown, as go-cty", async () => {
    const args: TypedValue[] = [
      str("%s%s"),
      { value: [Unknown, "a"], type: list(string) },
      { value: ["x", "y"], type: list(string) },
    ];
    expect(callFunction(formatList, args).value).toEqual([new RefinedUnknown({ notNull: true }), "ax"]);
    await expectSameAsGo(oracle, "formatList", formatList, args, unlessGoNfcHazard);
  });

  it("refuses sequences of different lengths and reports the failing iteration", () => {
    expect(() =>
      call("%s%s", { value: ["a"], type: list(string) }, { value: ["a", "b"], type: list(string) }),
    ).toThrow("argument 2 has length 2, which is inconsistent with argument 1 of length 1");
    expect(() => call("%d", { value: ["1", "x"], type: list(string) })).toThrow(
      'error on format iteration 1: unsupported value for "%d" at 0: a number is required',
    );
  });
});
