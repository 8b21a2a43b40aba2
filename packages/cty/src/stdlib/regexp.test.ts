import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { callFunction, type FunctionSpec } from "../function.js";
import { mark } from "../marks.js";
import { refine } from "../refinement.js";
import { dynamic, list, object, string, tuple, typeToJSONText } from "../types.js";
import { type CtyValue, Marked, RefinedUnknown, Unknown } from "../values.js";
import { GoRegexp } from "./go/regexp.js";
import { expectSameAsGo, str, useGoOracle } from "./go-oracle.test-support.js";
import { textArb, unicode15Only, unlessGoNfcHazard } from "./internal/text-arbitraries.test-support.js";
import { regex, regexAll, regexReplace } from "./regexp.js";

const oracle = useGoOracle();

// ---- Patterns from a small grammar of the RE2 constructs, and subjects they can match.

const literalChar = fc.constantFrom(
  "a",
  "b",
  "c",
  "é",
  "k",
  "K",
  "s",
  "S",
  "σ",
  "Σ",
  "1",
  "_",
  " ",
  "-",
  "x",
);
const escaped = fc.constantFrom(
  "\\.",
  "\\*",
  "\\$",
  "\\\\",
  "\\n",
  "\\t",
  "\\x41",
  "\\x{3c3}",
  "\\101",
  "\\0",
  "\\-",
);
const perlClass = fc.constantFrom("\\d", "\\D", "\\s", "\\S", "\\w", "\\W");
const unicodeClass = fc.constantFrom(
  "\\pL",
  "\\PL",
  "\\p{Greek}",
  "\\p{^Greek}",
  "\\P{Latin}",
  "\\pN",
  "\\p{Lu}",
  "\\p{Ll}",
  "\\p{Any}",
  "\\p{Assigned}",
  "\\p{ASCII}",
  "\\p{Letter}",
  "\\p{Zs}",
);
const bracketItem = fc.oneof(
  literalChar,
  fc.constantFrom("a-c", "A-Z", "0-9", "α-ω", "\\]", "\\-", "^", "-"),
  fc.constantFrom("[:alpha:]", "[:^digit:]", "[:space:]", "[:punct:]", "[:word:]", "[:upper:]"),
  perlClass,
  unicodeClass,
);
const bracket = fc
  .tuple(fc.boolean(), fc.array(bracketItem, { minLength: 1, maxLength: 3 }))
  .map(([negated, items]) => `[${negated ? "^" : ""}${items.join("")}]`);
const assertion = fc.constantFrom("^", "$", "\\A", "\\z", "\\b", "\\B");
const quantifier = fc.oneof(
  fc.constantFrom("*", "+", "?", "*?", "+?", "??"),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom("", ",", ",1", ",3"), fc.boolean())
    .map(([n, rest, lazy]) => `{${n}${rest}}${lazy ? "?" : ""}`),
);
const flags = fc.constantFrom("i", "s", "m", "U", "-i", "i-s", "im");

type GroupStyle = "unnamed" | "named" | "none" | "mixed";

function patternArb(style: GroupStyle): fc.Arbitrary<string> {
  let names = 0;
  const group = (inner: string) => {
    if (style === "none") return `(?:${inner})`;
    const named = style === "named" || (style === "mixed" && names % 2 === 0);
    names++;
    return named
      ? names % 3 === 0
        ? `(?<n${names % 2}>${inner})`
        : `(?P<g${names}>${inner})`
      : `(${inner})`;
  };
  const { expr } = fc.letrec<{ expr: string; atom: string; piece: string }>((tie) => ({
    atom: fc.oneof(
      { depthSize: "small" },
      { weight: 6, arbitrary: literalChar },
      { weight: 1, arbitrary: escaped },
      { weight: 1, arbitrary: fc.constant(".") },
      { weight: 1, arbitrary: perlClass },
      { weight: 1, arbitrary: unicodeClass },
      { weight: 2, arbitrary: bracket },
      { weight: 1, arbitrary: assertion },
      { weight: 1, arbitrary: fc.constantFrom("\\Qa.b\\E", "\\Q*\\E", "\\Q") },
      { weight: 2, arbitrary: tie("expr").map(group) },
      { weight: 1, arbitrary: fc.tuple(flags, tie("expr")).map(([f, e]) => `(?${f}:${e})`) },
      { weight: 1, arbitrary: flags.map((f) => `(?${f})`) },
    ),
    piece: fc
      .tuple(tie("atom"), fc.option(quantifier, { freq: 3 }))
      .map(([atom, q]) => (q === null ? atom : atom + q)),
    expr: fc.oneof(
      { depthSize: "small" },
      fc.array(tie("piece"), { minLength: 1, maxLength: 4 }).map((pieces) => pieces.join("")),
      fc.array(tie("piece"), { minLength: 2, maxLength: 3 }).map((alts) => alts.join("|")),
    ),
  }));
  return expr;
}

const anyPattern = fc.oneof(
  { weight: 3, arbitrary: patternArb("unnamed") },
  { weight: 2, arbitrary: patternArb("named") },
  { weight: 2, arbitrary: patternArb("none") },
  { weight: 1, arbitrary: patternArb("mixed") },
  // Raw metacharacter soup: mostly invalid patterns, for the error messages.
  {
    weight: 2,
    arbitrary: fc
      .array(
        fc.constantFrom(..."()[]{}*+?|\\^$.a1-:P<>=!pQExz,0^".split(""), "(?", "\\p{", "[:", ":]", "(?P<"),
        { maxLength: 8 },
      )
      .map((parts) => parts.join("")),
  },
);

const subjectArb = fc.oneof(
  fc
    .array(
      fc.constantFrom(
        "a",
        "b",
        "c",
        "é",
        "\n",
        "k",
        "K",
        "K",
        "s",
        "S",
        "ſ",
        "σ",
        "Σ",
        "ς",
        "α",
        "1",
        "_",
        " ",
        "-",
        "x",
        ".",
      ),
      {
        maxLength: 10,
      },
    )
    .map((p) => p.join("")),
  textArb,
);

const valueOrUnknown = (arb: fc.Arbitrary<string>): fc.Arbitrary<CtyValue> =>
  fc.oneof(
    { weight: 12, arbitrary: arb },
    { weight: 1, arbitrary: fc.constantFrom<CtyValue>(Unknown, null, refine(string, { stringPrefix: "a" })) },
  );

const asGoesToGo = (s: string) => s.normalize("NFC");

describe("regex and regexAll answer as go-cty's", () => {
  for (const [name, spec] of [
    ["regex", regex],
    ["regexAll", regexAll],
  ] as const) {
    it(`${name}: results, result types (from the pattern alone), errors`, async () => {
      await fc.assert(
        fc.asyncProperty(valueOrUnknown(anyPattern), valueOrUnknown(subjectArb), async (pattern, subject) => {
          const args = [str(pattern), str(subject)].map((a) =>
            typeof a.value === "string" ? str(asGoesToGo(a.value)) : a,
          );
          if (args.some((a) => typeof a.value === "string" && !unicode15Only(a.value))) return;
          await expectSameAsGo(oracle, name, spec as FunctionSpec, args, unlessGoNfcHazard);
        }),
        { numRuns: 400 },
      );
    });
  }
});

describe("regexReplace answers as go-cty's", () => {
  // Go's ${name} syntax, spelled so that it is not taken for a JS template placeholder.
  const braced = (name: string) => "$" + "{" + name;
  const template = fc.oneof(
    fc
      .array(
        fc.constantFrom(
          "$1",
          "$2",
          braced("1}"),
          "$1x",
          braced("1}x"),
          "$g1",
          braced("g2}"),
          "$n0",
          "$$",
          "$",
          braced(""),
          "$0",
          "$01",
          "x",
          "é",
          braced("x y}"),
        ),
        {
          maxLength: 4,
        },
      )
      .map((p) => p.join("")),
    textArb,
  );
  it("expands $1, $name, $$ and their braced forms as Go's ReplaceAllString", async () => {
    await fc.assert(
      fc.asyncProperty(
        valueOrUnknown(subjectArb),
        valueOrUnknown(anyPattern),
        valueOrUnknown(template),
        async (s, p, t) => {
          const args = ([s, p, t] as CtyValue[]).map((v) => str(typeof v === "string" ? asGoesToGo(v) : v));
          if (args.some((a) => typeof a.value === "string" && !unicode15Only(a.value))) return;
          await expectSameAsGo(oracle, "regexReplace", regexReplace, args, unlessGoNfcHazard);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("reads $1x as the group named 1x, as Go does", () => {
    const replaced = callFunction(regexReplace, [str("ab"), str("(a)"), str(`[$1x][${braced("1}x")}]`)]);
    expect(replaced.value).toBe("[][ax]b");
  });
});

describe("Go's semantics where JS's RegExp differs", () => {
  const first = (pattern: string, subject: string) =>
    callFunction(regex, [str(pattern), str(subject)]).value as readonly CtyValue[];

  it("keeps a capture from an earlier iteration of a repetition", () => {
    // JS: /(?:(a)|b)+/.exec("ab") gives group 1 undefined; Go keeps "a".
    expect(first("(?:(a)|b)+", "ab")).toEqual(["a"]);
  });

  it("lets a starred group match empty once", () => {
    // JS: /(a*)*/.exec("b") gives group 1 undefined; Go's (a*)* is ((a*)+)?, which sets it.
    expect(first("(a*)*", "b")).toEqual([""]);
  });

  it("takes RE2-only syntax and Go's Unicode 15.0 tables", () => {
    expect(callFunction(regex, [str("\\Aa\\Q.*\\E\\z"), str("a.*")]).value).toBe("a.*");
    expect(callFunction(regex, [str("(?U)a+"), str("aaa")]).value).toBe("a");
    expect(callFunction(regex, [str("(?i)s+"), str("sSſ")]).value).toBe("sSſ");
    expect(callFunction(regex, [str("[[:alpha:]]+"), str("é ab")]).value).toBe("ab");
    expect(callFunction(regex, [str("\\p{Greek}+"), str("xαβ")]).value).toBe("αβ");
    // A dot does not match a newline unless (?s); $ is the end of the text unless (?m).
    expect(() => callFunction(regex, [str("a.b"), str("a\nb")])).toThrow("pattern did not match any part");
    expect(callFunction(regexAll, [str("(?m)^\\w$"), str("a\nb")]).value).toEqual(["a", "b"]);
  });

  it("refuses what RE2 refuses, with go-cty's messages", () => {
    const refusal = (pattern: string) => () => callFunction(regex, [str(pattern), str("a")]);
    expect(refusal("(?=a)")).toThrow("invalid regexp pattern: invalid or unsupported Perl syntax in (?=");
    expect(refusal("(?<=a)b")).toThrow("invalid regexp pattern: invalid named capture in (?<=a)b");
    expect(refusal("(a)\\1")).toThrow("invalid regexp pattern: invalid escape sequence in \\1");
    expect(refusal("a**")).toThrow("invalid regexp pattern: invalid nested repetition operator in **");
    expect(refusal("(a)(?P<n>b)")).toThrow(
      "invalid regexp pattern: cannot mix both named and unnamed capture groups",
    );
    expect(() => callFunction(regexReplace, [str("a"), str("(?!a)"), str("")])).toThrow(
      "error parsing regexp: invalid or unsupported Perl syntax: `(?!`",
    );
  });
});

describe("result types, unknowns and marks", () => {
  const typeOf = (pattern: string) => typeToJSONText(callFunction(regex, [str(pattern), str(Unknown)]).type);

  it("knows the result type from the pattern while the string is unknown", () => {
    expect(typeOf("a")).toBe(typeToJSONText(string));
    expect(typeOf("(a)(b)")).toBe(typeToJSONText(tuple([string, string])));
    expect(typeOf("(?P<x>a)(?<y>b)")).toBe(typeToJSONText(object({ x: string, y: string })));
    const unknownPattern = callFunction(regexAll, [str(Unknown), str("a")]);
    expect(typeToJSONText(unknownPattern.type)).toBe(typeToJSONText(list(dynamic)));
    expect(unknownPattern.value).toEqual(new RefinedUnknown({ notNull: true }));
    expect(callFunction(regex, [str("(a)"), str(Unknown)]).value).toEqual(
      new RefinedUnknown({ notNull: true }),
    );
  });

  it("passes marks through", () => {
    const result = callFunction(regex, [str(mark("(a)", "p")), str(mark("xa", "s"))]);
    expect(result.value).toEqual(new Marked(["a"], new Set(["p", "s"])));
  });

  it("compiles patterns once per pattern text", () => {
    expect(GoRegexp.compile("a(b)").subexpNames).toEqual(["", ""]);
  });
});
