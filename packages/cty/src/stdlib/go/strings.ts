// Go standard library, package strings: ToUpper, ToLower, Title, TrimSpace, Trim, Split and
// ReplaceAll, reimplemented for go-cty's string functions and jsondecode.
//
// Go's strings functions that go-cty's string functions call, with Go's rules:
// case mapping one code point at a time with Unicode 15.0's simple mappings (JS's
// toUpperCase maps ß to SS and Σ to ς by context; Go does neither), Go's idea of a space,
// and splitting or replacing at code points where the separator is empty.
import { isDigit, isLetter, isSpace, toLower, toTitle, toUpper } from "../../internal/text/unicode15.js";

function mapCodePoints(s: string, f: (cp: number) => number): string {
  let out = "";
  for (const ch of s) out += String.fromCodePoint(f(ch.codePointAt(0)!));
  return out;
}

/** strings.ToUpper. */
export function goToUpper(s: string): string {
  return mapCodePoints(s, toUpper);
}

/** strings.ToLower. */
export function goToLower(s: string): string {
  return mapCodePoints(s, toLower);
}

/** strings.Title: each word's first letter in title case; words are separated as Go's isSeparator says. */
export function goTitle(s: string): string {
  let previous = 0x20;
  return mapCodePoints(s, (cp) => {
    const mapped = isSeparator(previous) ? toTitle(cp) : cp;
    previous = cp;
    return mapped;
  });
}

function isSeparator(cp: number): boolean {
  if (cp <= 0x7f) {
    const alphanumeric =
      (cp >= 0x30 && cp <= 0x39) || (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || cp === 0x5f;
    return !alphanumeric;
  }
  if (isLetter(cp) || isDigit(cp)) return false;
  return isSpace(cp);
}

/** strings.TrimFunc with a test on code points. */
function trimCodePoints(s: string, remove: (cp: number) => boolean): string {
  const cps = Array.from(s);
  let start = 0;
  let end = cps.length;
  while (start < end && remove(cps[start]!.codePointAt(0)!)) start++;
  while (end > start && remove(cps[end - 1]!.codePointAt(0)!)) end--;
  return cps.slice(start, end).join("");
}

/** strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  return trimCodePoints(s, isSpace);
}

/** strings.Trim: leading and trailing code points that appear in the cutset. */
export function goTrim(s: string, cutset: string): string {
  if (s === "" || cutset === "") return s;
  const cut = new Set(Array.from(cutset, (c) => c.codePointAt(0)!));
  return trimCodePoints(s, (cp) => cut.has(cp));
}

/** strings.Split (all parts): an empty separator splits between code points. */
export function goSplit(s: string, separator: string): string[] {
  if (separator === "") return Array.from(s);
  return s.split(separator);
}

/**
 * strings.Replace with n = -1: every non-overlapping occurrence, left to right. An empty
 * `old` matches before each code point and at the end.
 */
export function goReplaceAll(s: string, old: string, replacement: string): string {
  if (old === replacement) return s;
  if (old === "") return replacement + Array.from(s).join(replacement) + (s === "" ? "" : replacement);
  return s.split(old).join(replacement);
}
