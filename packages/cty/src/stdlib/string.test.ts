import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { graphemeClusters } from "../graphemes.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { dynamic, list, string } from "../types.js";
import { type CtyValue, Decimal, Marked, RefinedUnknown, Unknown } from "../values.js";
import { callGo, expectSameAsGo, num, str, useGoOracle } from "./go-oracle.test-support.js";
import {
  caseTextArb,
  graphemeTextArb,
  spaceTextArb,
  stringValueArb,
  textArb,
  unicode15Only,
  unlessGoNfcHazard,
} from "./internal/text-arbitraries.test-support.js";
import {
  chomp,
  indent,
  join,
  lower,
  replace,
  reverse,
  sort,
  split,
  strlen,
  substr,
  title,
  trim,
  trimPrefix,
  trimSpace,
  trimSuffix,
  upper,
} from "./string.js";

const oracle = useGoOracle();

const runs = (numRuns: number) => ({ numRuns });

/** Arguments to send as they are, or (for a string) as a string inside a `dynamic` slot. */
const sometimesOfUnknownType = (arb: fc.Arbitrary<CtyValue>): fc.Arbitrary<TypedValue> =>
  fc.oneof(
    { weight: 8, arbitrary: arb.map(str) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<TypedValue>(
        { value: Unknown, type: dynamic },
        { value: null, type: dynamic },
      ),
    },
  );

describe("one string in, one string out: as go-cty's", () => {
  const cases: [string, FunctionSpec, fc.Arbitrary<string>][] = [
    ["upper", upper, fc.oneof(caseTextArb, textArb)],
    ["lower", lower, fc.oneof(caseTextArb, textArb)],
    ["title", title, fc.oneof(caseTextArb, textArb)],
    ["reverse", reverse, fc.oneof(graphemeTextArb, textArb)],
    ["trimSpace", trimSpace, fc.oneof(spaceTextArb, textArb)],
    ["chomp", chomp, fc.oneof(fc.constantFrom("a\n", "a\r\n\r\n", "\n\r", "a\rb\n\n\r", "\r", ""), textArb)],
  ];
  for (const [name, spec, text] of cases) {
    it(name, async () => {
      await fc.assert(
        fc.asyncProperty(sometimesOfUnknownType(stringValueArb(text)), async (arg) => {
          await expectSameAsGo(oracle, name, spec, [arg], unlessGoNfcHazard);
        }),
        runs(200),
      );
    });
  }
});

describe("case mapping goes one code point at a time, with Unicode 15.0's simple mappings", () => {
  it("keeps ß and maps final sigma as any other", () => {
    expect(callFunction(upper, [str("straße")]).value).toBe("STRAßE");
    expect(callFunction(lower, [str("ΟΔΟΣ")]).value).toBe("οδοσ");
    expect(callFunction(lower, [str("İ")]).value).toBe("i");
    expect(callFunction(title, [str("ǆemal ﬀ_x o'neil")]).value).toBe("ǅemal ﬀ_x O'Neil");
  });

  // Every code point, in chunks: each is upper-, lower- and title-cased as Go does it.
  it("maps every code point as go-cty does", async () => {
    const chunk = 0x8000;
    for (let start = 0; start <= 0x10ffff; start += chunk) {
      let text = "";
      for (let cp = start; cp < Math.min(start + chunk, 0x110000); cp++) {
        if (cp >= 0xd800 && cp <= 0xdfff) continue;
        // A space before each makes each the first letter of a word for title.
        text += ` ${String.fromCodePoint(cp)}`;
      }
      text = text.normalize("NFC");
      if (!unicode15Only(text)) text = Array.from(text).filter(unicode15Only).join("");
      for (const [name, spec] of [
        ["upper", upper],
        ["lower", lower],
        ["title", title],
      ] as const) {
        await expectSameAsGo(oracle, name, spec, [str(text)], unlessGoNfcHazard);
      }
    }
  }, 60_000);
});

describe("grapheme clusters: strlen, reverse, substr", () => {
  it("strlen answers as go-cty's, refinements of unknowns included", async () => {
    await fc.assert(
      fc.asyncProperty(
        sometimesOfUnknownType(stringValueArb(fc.oneof(graphemeTextArb, textArb))),
        async (arg) => {
          await expectSameAsGo(oracle, "strlen", strlen, [arg], unlessGoNfcHazard);
        },
      ),
      runs(300),
    );
  });

  it("substr answers as go-cty's", async () => {
    const offset = fc.oneof(
      fc.integer({ min: -12, max: 12 }),
      fc.constantFrom<CtyValue>(
        0.5,
        new Decimal("1.5"),
        2n ** 63n,
        -(2n ** 63n),
        2n ** 63n - 1n,
        Number.POSITIVE_INFINITY,
        // Not an integer, but go-cty's 512-bit reading of it is: 1.
        new Decimal(`1.${"0".repeat(200)}1`),
      ),
      fc.constantFrom<CtyValue>(null, Unknown),
    );
    await fc.assert(
      fc.asyncProperty(
        stringValueArb(fc.oneof(graphemeTextArb, textArb)),
        offset,
        offset,
        async (s, o, l) => {
          await expectSameAsGo(oracle, "substr", substr, [str(s), num(o), num(l)], unlessGoNfcHazard);
        },
      ),
      runs(300),
    );
  });

  it("counts as go-textseg v15 does, not as Unicode 15.1's Indic conjunct rule would", () => {
    // क्ष: KA, VIRAMA, SSA. Unicode 15.1 (and Intl.Segmenter in Node 20+) joins them; go-cty
    // (go-textseg v15, Unicode 15.0) breaks before SSA.
    expect(graphemeClusters("\u0915\u094d\u0937")).toEqual(["\u0915\u094d", "\u0937"]);
    expect(callFunction(strlen, [str("\u0915\u094d\u0937")]).value).toBe(2);
    // go-textseg's own departures from UAX #29 (see graphemes.ts).
    expect(graphemeClusters("\ufffd\u0301")).toEqual(["\ufffd", "\u0301"]);
    expect(graphemeClusters("\u{1f1e6}\u200d\u{1f600}")).toEqual(["\u{1f1e6}\u200d\u{1f600}"]);
    expect(graphemeClusters("\u1100\uac00\ud7cb")).toEqual(["\u1100\uac00", "\ud7cb"]);
    // Emoji sequences, flags, CRLF as a reader sees them.
    expect(graphemeClusters("👨‍👩‍👧🇫🇷🇩🇪\r\ne\u0301")).toEqual(["👨‍👩‍👧", "🇫🇷", "🇩🇪", "\r\n", "e\u0301"]);
  });

  it("differs from Intl.Segmenter where go-textseg departs from UAX #29", () => {
    // Whatever Unicode version Node's ICU has, UAX #29 attaches a mark to U+FFFD and joins a
    // ZWJ to an emoji only after an emoji; go-textseg does neither.
    const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
    const intl = (s: string) => Array.from(segmenter.segment(s), (x) => x.segment);
    for (const s of ["\ufffd\u0301", "\uac00\u200d\u{1f600}"]) {
      expect(graphemeClusters(s)).not.toEqual(intl(s));
    }
  });

  it("refines strlen of an unknown by the clusters of its known prefix", () => {
    const prefixed = refine(string, { stringPrefix: "ab\u0301c" });
    expect(callFunction(strlen, [str(prefixed)]).value).toEqual(
      new RefinedUnknown({ notNull: true, numberLower: { value: 3, inclusive: true } }),
    );
    expect(callFunction(strlen, [str(Unknown)]).value).toEqual(
      new RefinedUnknown({ notNull: true, numberLower: { value: 0, inclusive: true } }),
    );
  });
});

describe("join, sort, split", () => {
  const stringList = fc.oneof(
    { weight: 6, arbitrary: fc.array(stringValueArb(), { maxLength: 5 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<CtyValue>(
        null,
        Unknown,
        refine(list(string), { lengthLower: 2, lengthUpper: 4 }),
      ),
    },
  );
  const listArg = (value: CtyValue): TypedValue => ({ value, type: list(string) });

  it("join answers as go-cty's", async () => {
    await fc.assert(
      fc.asyncProperty(stringValueArb(), fc.array(stringList, { maxLength: 3 }), async (sep, lists) => {
        await expectSameAsGo(oracle, "join", join, [str(sep), ...lists.map(listArg)], unlessGoNfcHazard);
      }),
      runs(300),
    );
  });

  it("sort answers as go-cty's, in byte order", async () => {
    await fc.assert(
      fc.asyncProperty(stringList, async (l) => {
        await expectSameAsGo(oracle, "sort", sort, [listArg(l)], unlessGoNfcHazard);
      }),
      runs(300),
    );
    expect(callFunction(sort, [listArg(["b", "\u{1f600}", "\uff5e", "a"])]).value).toEqual([
      "a",
      "b",
      "\uff5e",
      "\u{1f600}",
    ]);
  });

  it("split answers as go-cty's", async () => {
    const separator = fc.oneof(fc.constantFrom("", ",", "a", "\u0301", "aa", "😀"), textArb);
    await fc.assert(
      fc.asyncProperty(stringValueArb(separator), stringValueArb(), async (sep, s) => {
        await expectSameAsGo(oracle, "split", split, [str(sep), str(s)], unlessGoNfcHazard);
      }),
      runs(300),
    );
  });
});

describe("trimming, indenting, replacing", () => {
  const cutset = fc.oneof(fc.constantFrom("", " ", "ab", "\u0301", "😀x"), textArb);

  for (const [name, spec] of [
    ["trim", trim],
    ["trimPrefix", trimPrefix],
    ["trimSuffix", trimSuffix],
  ] as const) {
    it(`${name} answers as go-cty's`, async () => {
      await fc.assert(
        fc.asyncProperty(stringValueArb(), stringValueArb(cutset), async (s, c) => {
          await expectSameAsGo(oracle, name, spec, [str(s), str(c)], unlessGoNfcHazard);
        }),
        runs(200),
      );
    });
  }

  it("replace answers as go-cty's", async () => {
    const needle = fc.oneof(fc.constantFrom("", "a", "aa", "\u0301", "$1", "e"), textArb);
    await fc.assert(
      fc.asyncProperty(
        stringValueArb(),
        stringValueArb(needle),
        stringValueArb(needle),
        async (s, old, rep) => {
          await expectSameAsGo(oracle, "replace", replace, [str(s), str(old), str(rep)], unlessGoNfcHazard);
        },
      ),
      runs(300),
    );
    expect(callFunction(replace, [str("abc"), str(""), str("-")]).value).toBe("-a-b-c-");
  });

  it("indent answers as go-cty's", async () => {
    const spaces = fc.oneof(
      fc.integer({ min: 0, max: 8 }),
      fc.constantFrom<CtyValue>(1.5, new Decimal("0.1"), 2n ** 64n, null, Unknown),
    );
    await fc.assert(
      fc.asyncProperty(
        spaces,
        stringValueArb(fc.oneof(textArb, fc.constantFrom("a\nb", "\n\n", "x\r\ny"))),
        async (n, s) => {
          await expectSameAsGo(oracle, "indent", indent, [num(n), str(s)], unlessGoNfcHazard);
        },
      ),
      runs(200),
    );
  });

  it("reports go-cty's panic for a negative indent", async () => {
    const ours = () => callFunction(indent, [num(-1), str("a\nb")]);
    expect(ours).toThrow("panic in function implementation: strings: negative Repeat count");
    const reply = await oracle.request({
      op: "call",
      name: "indent",
      args: [
        { type: "number", hex: "ff" },
        { type: "string", hex: "a3610a62" },
      ],
    });
    expect(reply.error).toMatch(/^panic in function implementation: strings: negative Repeat count\n/);
  });
});

describe("where go-cty's NFC differs from JS's", () => {
  it("composes a character beyond the BMP with marks as if it were the BMP character of its low 16 bits", async () => {
    // golang.org/x/text v0.11.0 keys its composition table by the low 16 bits of both code
    // points, so for go-cty U+E0061 (TAG LATIN SMALL LETTER A) + U+0301 is "á". Every string
    // go-cty makes goes through that normalization; ours goes through JS's, which is right.
    const args = [str(""), { value: ["\u{e0061}", "\u0301"], type: list(string) }];
    expect(callFunction(join, args).value).toBe("\u{e0061}\u0301");
    const go = await callGo(oracle, "join", args);
    expect(go.ok && go.value).toBe("á");
  });
});

describe("marks and unknowns", () => {
  it("passes marks on the arguments to the result", () => {
    const result = callFunction(upper, [str(mark("abc", "sensitive"))]);
    expect(result.value).toEqual(new Marked("ABC", new Set(["sensitive"])));
    const joined = callFunction(join, [str(","), { value: [mark("a", 1), "b"], type: list(string) }]);
    expect(joined.value).toEqual(new Marked("a,b", new Set([1])));
  });

  it("makes unknown, not-null results from unknown arguments", () => {
    expect(callFunction(upper, [str(Unknown)]).value).toEqual(new RefinedUnknown({ notNull: true }));
    expect(callFunction(join, [str(","), { value: ["a", Unknown], type: list(string) }]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
    // sort keeps the length it knows: a known list of unknowns stays that many unknowns.
    expect(callFunction(sort, [{ value: ["b", Unknown], type: list(string) }]).value).toEqual([
      Unknown,
      Unknown,
    ]);
  });
});
