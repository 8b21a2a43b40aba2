// go-cty stdlib, string.go and the plain half of string_replace.go: case mapping, grapheme
// cluster counting and slicing, joining, sorting, splitting, trimming, indenting, replacing.
// Go's rules throughout, not JS's: Unicode 15.0 simple case mappings one code point at a time
// (so upper("ß") is "ß"), go-textseg's grapheme clusters, Go's white space, byte order for
// sorting. Every string result is NFC, as cty.StringVal makes it, by JS's normalization:
// go-cty's (golang.org/x/text v0.11.0) looks compositions up by the low 16 bits of the code
// points, so it composes, say, U+E0061 (a tag character) + U+0301 into "á", which we do not.

import { containsUnknown } from "../equality.js";
import { ArgumentError, defineFunction, type FunctionSpec } from "../function.js";
import { clusterLength, codePoints, fromCodePoints, graphemeClusters, graphemeCount } from "../graphemes.js";
import { refine } from "../refinement.js";
import { compareBytewise, list, number, string } from "../types.js";
import { type CtyNumber, type CtyValue, isUnknown, RefinedUnknown } from "../values.js";
import { goReplaceAll, goSplit, goTitle, goToLower, goToUpper, goTrim, goTrimSpace } from "./go/strings.js";
import { goInt } from "./internal/go-int.js";
import { goPanic } from "./internal/go-panic.js";

const nfc = (s: string): string => s.normalize("NFC");
const notNull = { notNull: true } as const;

/** A function of strings to a string: each parameter a string, the result NFC and never null. */
function stringFunction(
  description: string,
  params: readonly { name: string; description?: string; allowDynamicType?: boolean }[],
  f: (...strings: string[]) => string,
): FunctionSpec {
  return defineFunction({
    description,
    params: params.map((p) => ({ ...p, type: string })),
    returnType: string,
    refineResult: notNull,
    impl: (args) => nfc(f(...args.map((a) => a.value as string))),
  });
}

/**
 * The cty function `upper`, a FunctionSpec to call with `callFunction`. The string with each letter
 * in upper case (Unicode's simple case mappings, one character at a time).
 */
export const upper: FunctionSpec = stringFunction(
  'The string with each letter in upper case, mapped one character at a time by Unicode\'s simple case mappings (so "ß" stays "ß").',
  [{ name: "str", allowDynamicType: true }],
  goToUpper,
);

/**
 * The cty function `lower`, a FunctionSpec to call with `callFunction`. The string with each letter
 * in lower case (Unicode's simple case mappings, one character at a time).
 */
export const lower: FunctionSpec = stringFunction(
  "The string with each letter in lower case, mapped one character at a time by Unicode's simple case mappings.",
  [{ name: "str", allowDynamicType: true }],
  goToLower,
);

/**
 * The cty function `reverse`, a FunctionSpec to call with `callFunction`. The string with its
 * grapheme clusters in reverse order, combining marks kept with their letters.
 */
export const reverse: FunctionSpec = stringFunction(
  "The string with its grapheme clusters (user-perceived characters) in reverse order, so accents and other combining marks stay with their letters.",
  [{ name: "str", allowDynamicType: true }],
  (s) => graphemeClusters(s).reverse().join(""),
);

/**
 * The cty function `strlen`, a FunctionSpec to call with `callFunction`. How many grapheme clusters
 * (user-perceived characters) the string holds.
 */
export const strlen: FunctionSpec = defineFunction({
  description:
    "How many grapheme clusters (user-perceived characters) the string holds. For an unknown string, an unknown number no smaller than its known prefix's count.",
  params: [{ name: "str", type: string, allowUnknown: true, allowDynamicType: true }],
  returnType: number,
  // go-cty refines every unknown result as not null and at least 0, but an unknown string's
  // known prefix raises that bound. The implementation refines its own unknowns (a separate
  // refineResult would be applied over them and lower the bound again).
  impl: ([str]) => {
    const value = str!.value;
    if (!isUnknown(value)) return graphemeCount(value as string);
    const prefix =
      str!.type.kind === "string" && value instanceof RefinedUnknown ? value.stringPrefix : undefined;
    return refine(number, {
      notNull: true,
      numberLower: { value: graphemeCount(prefix ?? ""), inclusive: true },
    });
  },
});

/**
 * The cty function `substr`, a FunctionSpec to call with `callFunction`. Up to `length` grapheme
 * clusters of a string, starting `offset` clusters in.
 */
export const substr: FunctionSpec = defineFunction({
  description: "Up to length grapheme clusters of str, starting offset clusters in.",
  params: [
    { name: "str", description: "The text to take a piece of.", type: string, allowDynamicType: true },
    {
      name: "offset",
      description: "Where to start, in grapheme clusters; a negative offset counts back from the end.",
      type: number,
      allowDynamicType: true,
    },
    {
      name: "length",
      description: "How many grapheme clusters to take at most; a negative length takes the rest.",
      type: number,
      allowDynamicType: true,
    },
  ],
  returnType: string,
  refineResult: notNull,
  impl: ([str, offset, length]) =>
    nfc(goSubstr(str!.value as string, goInt(offset!.value as CtyNumber), goInt(length!.value as CtyNumber))),
});

/**
 * go-cty's substr walk, quirks and all: a negative offset counts from the end (and, past the
 * start, means the start); a length of 0 short-circuits only for an offset not below 0, so
 * substr("abc", -1, 0) is "c"; a negative length takes the rest.
 */
function goSubstr(s: string, offset: number, length: number): string {
  const cps = codePoints(s);
  if (offset < 0) offset += graphemeCount(s);
  else if (length === 0) return "";
  let start = 0;
  if (offset > 0) {
    let position = 0;
    let i = 0;
    while (i < cps.length) {
      i += clusterLength(cps, i);
      position++;
      if (position === offset) break;
      if (i >= cps.length) return "";
    }
    start = i;
  }
  if (length < 0) return fromCodePoints(cps, start);
  let position = 0;
  let end = start;
  while (end < cps.length) {
    end += clusterLength(cps, end);
    position++;
    if (position === length) break;
  }
  return fromCodePoints(cps, start, end);
}

/**
 * The cty function `join`, a FunctionSpec to call with `callFunction`. The strings of one or more
 * lists run together in order, with separator between neighbours.
 */
export const join: FunctionSpec = defineFunction({
  description:
    "The strings of one or more lists run together in order, with separator between neighbours. A null element is an error.",
  params: [{ name: "separator", description: "The text placed between each two strings.", type: string }],
  varParam: { name: "lists", description: "The lists of strings to run together.", type: list(string) },
  returnType: string,
  refineResult: notNull,
  impl: ([separator, ...lists]) => {
    if (lists.length === 0) throw new Error("at least one list is required");
    if (lists.some((l) => containsUnknown(l.value))) return refine(string, {});
    const items: string[] = [];
    lists.forEach((l, listIndex) => {
      (l.value as readonly CtyValue[]).forEach((element, elementIndex) => {
        if (element === null) {
          throw new ArgumentError(
            listIndex + 1,
            lists.length > 1
              ? `element ${elementIndex} of list ${listIndex + 1} is null; cannot concatenate null values`
              : `element ${elementIndex} is null; cannot concatenate null values`,
          );
        }
        items.push(element as string);
      });
    });
    return nfc(items.join(separator!.value as string));
  },
});

/**
 * The cty function `sort`, a FunctionSpec to call with `callFunction`. The strings of a list in
 * ascending order of their UTF-8 bytes (not by locale).
 */
export const sort: FunctionSpec = defineFunction({
  description:
    "The strings of a list in ascending order of their UTF-8 bytes (not by locale). A null element is an error; with unknown elements the result is unknown, though its length is known.",
  params: [{ name: "list", type: list(string), allowUnknown: true }],
  returnType: list(string),
  refineResult: notNull,
  impl: ([listArg]) => {
    const value = listArg!.value;
    if (containsUnknown(value)) {
      // The order is not known yet, but the length is as known as the list's.
      if (isUnknown(value)) {
        const known = value instanceof RefinedUnknown ? value : {};
        return refine(list(string), {
          ...(known.lengthLower !== undefined ? { lengthLower: known.lengthLower } : {}),
          ...(known.lengthUpper !== undefined ? { lengthUpper: known.lengthUpper } : {}),
        });
      }
      const length = (value as readonly CtyValue[]).length;
      return refine(list(string), { lengthLower: length, lengthUpper: length });
    }
    const elements = value as readonly CtyValue[];
    const nullAt = elements.indexOf(null);
    if (nullAt >= 0) throw new Error(`given list element ${nullAt} is null; a null string cannot be sorted`);
    return [...(elements as readonly string[])].sort(compareBytewise);
  },
});

/**
 * The cty function `split`, a FunctionSpec to call with `callFunction`. Cuts str at every
 * occurrence of separator and returns the pieces in order, so there is always at least one.
 */
export const split: FunctionSpec = defineFunction({
  description:
    "Cuts str at every occurrence of separator and returns the pieces in order, so there is always at least one. An empty separator cuts between characters (code points).",
  params: [
    { name: "separator", description: "The text to cut at.", type: string },
    { name: "str", description: "The text to cut up.", type: string },
  ],
  returnType: list(string),
  refineResult: notNull,
  impl: ([separator, str]) => goSplit(str!.value as string, separator!.value as string).map(nfc),
});

/**
 * The cty function `chomp`, a FunctionSpec to call with `callFunction`. The string without the run
 * of line breaks (`\n` and `\r`) at its end.
 */
export const chomp: FunctionSpec = stringFunction(
  "The string without the run of line breaks (\\n and \\r, in any mix) at its end.",
  [{ name: "str" }],
  (s) => s.replace(/[\r\n]+$/, ""),
);

/**
 * The cty function `indent`, a FunctionSpec to call with `callFunction`. Indents every line of a
 * string but the first by a number of spaces.
 */
export const indent: FunctionSpec = defineFunction({
  description:
    "Indents the lines of str after the first, putting the number of spaces given after every \\n. The first line is left alone, for the caller to place.",
  params: [
    { name: "spaces", description: "The indentation width, in spaces.", type: number },
    { name: "str", description: "The text to indent.", type: string },
  ],
  returnType: string,
  refineResult: notNull,
  impl: ([spaces, str]) => {
    const count = goInt(spaces!.value as CtyNumber);
    // Go's strings.Repeat panics on a negative count, and go-cty reports the panic.
    if (count < 0) throw goPanic("strings: negative Repeat count");
    return nfc(goReplaceAll(str!.value as string, "\n", `\n${" ".repeat(count)}`));
  },
});

/**
 * The cty function `title`, a FunctionSpec to call with `callFunction`. Puts each word's first
 * letter in title case.
 */
export const title: FunctionSpec = stringFunction(
  "Puts each word's first letter in title case. A word starts the string or follows white space or an ASCII character other than a letter, a digit or an underscore.",
  [{ name: "str" }],
  goTitle,
);

/**
 * The cty function `trimSpace`, a FunctionSpec to call with `callFunction`. The string without the
 * Unicode white space at either end.
 */
export const trimSpace: FunctionSpec = stringFunction(
  "The string without the Unicode white space at either end.",
  [{ name: "str" }],
  goTrimSpace,
);

/**
 * The cty function `trim`, a FunctionSpec to call with `callFunction`. Strips from both ends of a
 * string every character of a cutset.
 */
export const trim: FunctionSpec = stringFunction(
  "Strips from both ends of str every character that appears in cutset.",
  [
    { name: "str", description: "The text to strip." },
    {
      name: "cutset",
      description: "The characters to strip, each one on its own: their order does not matter.",
    },
  ],
  goTrim,
);

/**
 * The cty function `trimPrefix`, a FunctionSpec to call with `callFunction`. The string without a
 * prefix at its start (unchanged when it does not start with it).
 */
export const trimPrefix: FunctionSpec = stringFunction(
  "str without prefix at its start; str unchanged when it does not start with prefix.",
  [
    { name: "str", description: "The text to strip." },
    { name: "prefix", description: "The text to strip from the start." },
  ],
  (s, prefix) => (s.startsWith(prefix!) ? s.slice(prefix!.length) : s),
);

/**
 * The cty function `trimSuffix`, a FunctionSpec to call with `callFunction`. The string without a
 * suffix at its end (unchanged when it does not end with it).
 */
export const trimSuffix: FunctionSpec = stringFunction(
  "str without suffix at its end; str unchanged when it does not end with suffix.",
  [
    { name: "str", description: "The text to strip." },
    { name: "suffix", description: "The text to strip from the end." },
  ],
  (s, suffix) => (s.endsWith(suffix!) ? s.slice(0, s.length - suffix!.length) : s),
);

/**
 * The cty function `replace`, a FunctionSpec to call with `callFunction`. Replaces every occurrence
 * of a substring, matched literally (`regexReplace` takes a pattern).
 */
export const replace: FunctionSpec = stringFunction(
  "Puts replace in place of every occurrence of substr in str, scanning left to right without overlaps. The text is matched literally; regexReplace takes a pattern.",
  [
    { name: "str", description: "The text to search." },
    { name: "substr", description: "The exact text to look for." },
    { name: "replace", description: "The text that takes its place." },
  ],
  (s, old, replacement) => goReplaceAll(s, old!, replacement!),
);
