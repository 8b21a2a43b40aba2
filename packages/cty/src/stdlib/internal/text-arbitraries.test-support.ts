// Text for the string, regexp and format property tests: NFC strings (as cty holds them) drawn
// from alphabets where go-cty's rules bite (grapheme clusters, case mappings, Go's white
// space), plus random code points from the whole of Unicode.
import fc from "fast-check";
import { generalCategory } from "../../internal/text/unicode15.js";
import { refine } from "../../refinement.js";
import { string } from "../../types.js";
import { type CtyValue, Unknown } from "../../values.js";
import type { SameAsGoOptions } from "../go-oracle.test-support.js";

/**
 * Whether Go's NFC (x/text v0.11.0) and JS's agree on the text, as far as we know:
 *   - only code points Unicode 15.0 has assigned, or JS leaves unassigned too (those assigned
 *     since could normalize differently in JS, which knows a newer Unicode);
 *   - no code point beyond the BMP followed by marks that would compose with a BMP base of
 *     the same low 16 bits: x/text looks compositions up by the low 16 bits of both code
 *     points, so for go-cty U+E0061 (TAG LATIN SMALL LETTER A) + U+0308 is "ä".
 */
export const unicode15Only = (s: string): boolean => {
  if (/[\uD800-\uDFFF]/u.test(s)) return false;
  for (const ch of s) if (generalCategory(ch.codePointAt(0)!) === "Cn" && !/\p{Cn}/u.test(ch)) return false;
  return !goNfcHazard(s);
};

/**
 * Whether Go's NFC would compose something JS's leaves alone: a code point beyond the BMP
 * followed by marks that compose with the BMP character of the same low 16 bits. x/text
 * v0.11.0 looks compositions up by the low 16 bits of both code points, so for go-cty
 * U+E0061 (TAG LATIN SMALL LETTER A) + U+0301 is "á". Results made by joining or replacing
 * can bring such neighbours together from harmless parts.
 */
export function goNfcHazard(s: string): boolean {
  // Most text has no code point beyond the BMP right before a mark: nothing to look up then.
  if (!/[\u{10000}-\u{10FFFF}]\p{M}/u.test(s)) return false;
  const cps = Array.from(s, (ch) => ch.codePointAt(0)!);
  return cps.some((cp, i) => {
    if (cp <= 0xffff) return false;
    let marks = "";
    for (let j = i + 1; j < cps.length && /\p{M}/u.test(String.fromCodePoint(cps[j]!)); j++) {
      marks += String.fromCodePoint(cps[j]!);
    }
    if (marks === "") return false;
    const lookalike = String.fromCharCode(cp & 0xffff) + marks;
    return lookalike.normalize("NFC") !== lookalike;
  });
}

/** Whether a value holds a string goNfcHazard flags, anywhere inside it. */
export function holdsGoNfcHazard(value: unknown): boolean {
  if (typeof value === "string") return goNfcHazard(value);
  if (value !== null && typeof value === "object") return Object.values(value).some(holdsGoNfcHazard);
  return false;
}

/** For expectSameAsGo: compare nothing where our result holds text Go's NFC would change. */
export const unlessGoNfcHazard: SameAsGoOptions = {
  skipWhen: (ours) => ours.ok && holdsGoNfcHazard(ours.value),
};

const graphemeAlphabet = [
  "a",
  "b",
  "e",
  "\u0301", // combining acute (Extend)
  "\u0308",
  "\u200d", // ZWJ
  "\u200c",
  "\r",
  "\n",
  "\t",
  "\u0000",
  "\ufffd",
  "\u0600", // Prepend
  "\u0903", // SpacingMark
  "\u0915", // Devanagari KA
  "\u094d", // virama
  "\u0937",
  "\u1100", // Hangul L
  "\u1161", // V
  "\u11a8", // T
  "\uac00", // LV
  "\uac01", // LVT
  "\ud7cb", // a T that NFC does not compose
  "\ud7b0", // a V that NFC does not compose
  "\ua960", // an L that NFC does not compose
  "\u{1f1e6}", // regional indicators
  "\u{1f1fa}",
  "\u{1f600}", // emoji (Extended_Pictographic)
  "\u{1f468}",
  "\u{1f3fb}", // skin tone (Extend)
  "\u00a9", // © (Extended_Pictographic)
  "\u{e0061}", // tag (Extend)
  "\u{e00c0}", // in go-textseg's table gap
  "\u2028",
  "\u0e33", // Thai SARA AM (SpacingMark)
];

const caseAlphabet = [
  "a",
  "Z",
  "ß",
  "ẞ",
  "ǅ",
  "ǆ",
  "Ǆ",
  "İ",
  "ı",
  "Σ",
  "σ",
  "ς",
  "ſ",
  "K", // Kelvin sign
  "ﬀ",
  "ŉ",
  "ΐ",
  "ᾳ",
  "ᾼ",
  "Ω",
  "µ",
  "ÿ",
  "Ÿ",
  "ⓐ",
  "𐐨",
  "ꞵ",
  "Ա",
  "ǈ",
  "ᲀ",
  "1",
  "_",
  "-",
  " ",
  "'",
  "\u0301",
  "٣", // a digit, not ASCII
  "\u00a0",
];

const spaceAlphabet = [
  " ",
  "\t",
  "\n",
  "\v",
  "\f",
  "\r",
  "\u0085",
  "\u00a0",
  "\u1680",
  "\u2000",
  "\u200a",
  "\u200b", // zero width space: not a space to Go
  "\u2028",
  "\u2029",
  "\u202f",
  "\u205f",
  "\u3000",
  "\ufeff", // a space to JS's trim, not to Go
  "\u180e",
  "x",
];

const fromAlphabet = (alphabet: readonly string[], maxLength = 12) =>
  fc.array(fc.constantFrom(...alphabet), { maxLength }).map((parts) => parts.join(""));

/** Any NFC text: from the tricky alphabets, ASCII, or anywhere in Unicode. */
export const textArb: fc.Arbitrary<string> = fc
  .oneof(
    fromAlphabet(graphemeAlphabet),
    fromAlphabet(caseAlphabet),
    fromAlphabet(spaceAlphabet),
    fc.string({ maxLength: 12 }),
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.string({ unit: "binary", maxLength: 12 }),
  )
  .map((s) => s.normalize("NFC"))
  .filter(unicode15Only);

export const graphemeTextArb: fc.Arbitrary<string> = fc
  .oneof(fromAlphabet(graphemeAlphabet, 16), fc.string({ unit: "binary", maxLength: 8 }))
  .map((s) => s.normalize("NFC"))
  .filter(unicode15Only);

export const caseTextArb: fc.Arbitrary<string> = fromAlphabet(caseAlphabet, 16).map((s) =>
  s.normalize("NFC"),
);
export const spaceTextArb: fc.Arbitrary<string> = fromAlphabet(spaceAlphabet, 10);

/** A string value: known text mostly, sometimes null, unknown, or unknown with a prefix. */
export function stringValueArb(text: fc.Arbitrary<string> = textArb): fc.Arbitrary<CtyValue> {
  return fc.oneof(
    { weight: 10, arbitrary: text },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constant(Unknown) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(text, fc.boolean())
        .map(([prefix, notNull]) =>
          refine(string, { stringPrefix: prefix, ...(notNull ? { notNull } : {}) }),
        ),
    },
  );
}
