// Go's strconv quoting, which go-cty's messages (%q) and set hash bytes are written with: a
// double-quoted literal with printable characters as they are (printable by Go's Unicode
// 15.0 tables, not the JS engine's newer ones) and the rest escaped (\n, \x7f, \u00a0,
// \U000e0001). Three inputs: a JS string, raw bytes that may not be valid UTF-8 (a parser's
// slice of its input), and one rune. A JS string reaches Go as its UTF-8 bytes, so a lone
// surrogate in it is U+FFFD there, which Go prints as it is.
// (The time package quotes in a way of its own: see timeQuote in stdlib/go/duration.ts.)
import { decodeRune } from "./go-utf8.js";
import { isPrint } from "./unicode15.js";

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

// Printable ASCII but for the quote and the backslash: nothing in such a string is escaped.
const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** strconv.Quote (fmt's %q) of a string. */
export function goQuote(s: string): string {
  if (plainAscii.test(s)) return `"${s}"`;
  let out = '"';
  for (const ch of s) out += escapedRune(validRune(ch.codePointAt(0)!), 0x22);
  return `${out}"`;
}

/** strconv.Quote (fmt's %q) of bytes: a byte that starts no valid UTF-8 sequence is `\xNN`. */
export function goQuoteBytes(bytes: Uint8Array, start = 0, end = bytes.length): string {
  const window = bytes.subarray(0, end);
  let out = '"';
  for (let i = start; i < end; ) {
    const { rune, width } = decodeRune(window, i);
    out +=
      width === 1 && rune === 0xfffd && bytes[i]! >= 0x80
        ? `\\x${hex(bytes[i]!, 2)}`
        : escapedRune(rune, 0x22);
    i += width;
  }
  return `${out}"`;
}

/** strconv.QuoteRune (fmt's %q of a rune): `'x'`; a rune that is no code point is U+FFFD. */
export function goQuoteRune(rune: number): string {
  return `'${escapedRune(validRune(rune), 0x27)}'`;
}

/** The rune as Go holds it: surrogates and values beyond Unicode become U+FFFD. */
function validRune(rune: number): number {
  return rune < 0 || rune > 0x10ffff || (rune >= 0xd800 && rune <= 0xdfff) ? 0xfffd : rune;
}

/** One valid code point as strconv writes it inside a literal quoted with `quote`. */
function escapedRune(rune: number, quote: number): string {
  if (rune === quote || rune === 0x5c) return `\\${String.fromCharCode(rune)}`;
  if (isPrint(rune)) return String.fromCodePoint(rune);
  switch (rune) {
    case 0x07:
      return "\\a";
    case 0x08:
      return "\\b";
    case 0x0c:
      return "\\f";
    case 0x0a:
      return "\\n";
    case 0x0d:
      return "\\r";
    case 0x09:
      return "\\t";
    case 0x0b:
      return "\\v";
  }
  if (rune < 0x20 || rune === 0x7f) return `\\x${hex(rune, 2)}`;
  return rune < 0x10000 ? `\\u${hex(rune, 4)}` : `\\U${hex(rune, 8)}`;
}
