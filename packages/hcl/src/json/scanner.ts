// The JSON tokenizer: marks out the tokens of the input with their ranges. It is lax about
// what a keyword, number or string holds (the parser checks them) so that a mistyped token
// stays one token and gets one clear diagnostic ("True" is one bad keyword, not five).

import { clusterCount } from "../native/scanner-graphemes.js";
import type { Pos, Range } from "../pos.js";

export type TokenType =
  | "{"
  | "}"
  | "["
  | "]"
  | ","
  | ":"
  | "="
  | "keyword"
  | "string"
  | "number"
  | "eof"
  | "invalid";

export interface Token {
  readonly type: TokenType;
  /** Byte offsets of the token in the input. */
  readonly start: number;
  readonly end: number;
  readonly range: Range;
}

const isAlpha = (b: number) => (b >= 0x61 && b <= 0x7a) || (b >= 0x41 && b <= 0x5a);
const isDigit = (b: number) => b >= 0x30 && b <= 0x39;

/** The tokens of `bytes`, always ending with an "eof" token (straight after an "invalid" one). */
export function scan(bytes: Uint8Array, filename: string, startPos: Pos): Token[] {
  const tokens: Token[] = [];
  let { line, column } = startPos;
  const base = startPos.byte;
  let i = 0;
  const pos = (): Pos => ({ line, column, byte: base + i });
  const push = (type: TokenType, from: number, fromPos: Pos) =>
    tokens.push({ type, start: from, end: i, range: { filename, start: fromPos, end: pos() } });

  for (;;) {
    // Whitespace: a tab counts as two columns and a carriage return as none (its newline
    // accounts for the line break), as hcl counts them.
    for (; i < bytes.length; i++) {
      const b = bytes[i]!;
      if (b === 0x20) column++;
      else if (b === 0x0a) {
        line++;
        column = 1;
      } else if (b === 0x09) column += 2;
      else if (b !== 0x0d) break;
    }
    const from = i;
    const fromPos = pos();
    if (i >= bytes.length) {
      push("eof", from, fromPos);
      return tokens;
    }
    const b = bytes[i]!;
    if (b === 0x7b || b === 0x7d || b === 0x5b || b === 0x5d || b === 0x2c || b === 0x3a || b === 0x3d) {
      i++;
      column++;
      push(String.fromCharCode(b) as TokenType, from, fromPos);
    } else if (b === 0x22) {
      scanString();
      push("string", from, fromPos);
    } else if (b === 0x2d || b === 0x2b || b === 0x2e || isDigit(b)) {
      // "e" cannot start a number, so "e5" reads as a (bad) keyword instead.
      while (i < bytes.length) {
        const c = bytes[i]!;
        if (!(isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65 || c === 0x45)) break;
        i++;
        column++;
      }
      push("number", from, fromPos);
    } else if (isAlpha(b)) {
      while (i < bytes.length && (isAlpha(bytes[i]!) || bytes[i] === 0x5f)) {
        i++;
        column++;
      }
      push("keyword", from, fromPos);
    } else {
      // Nothing valid can follow, so the parser stops here: end the tokens.
      i++;
      column++;
      push("invalid", from, fromPos);
      tokens.push({ type: "eof", start: i, end: i, range: { filename, start: pos(), end: pos() } });
      return tokens;
    }
  }

  // A string token runs to its closing quote, or stops before a control character or the
  // end of input (unterminated: the parser reports it). Escapes matter only for finding the
  // closing quote here.
  function scanString(): void {
    i++;
    column++;
    let escaping = false;
    while (i < bytes.length) {
      const c = bytes[i]!;
      if (c === 0x5c) {
        escaping = !escaping;
        i++;
        column++;
      } else if (c === 0x22) {
        i++;
        column++;
        if (!escaping) return;
        escaping = false;
      } else if (c < 0x20) {
        return;
      } else {
        let j = i;
        while (j < bytes.length && bytes[j]! >= 0x20 && bytes[j] !== 0x22 && bytes[j] !== 0x5c) j++;
        // A column per grapheme cluster, as hcl counts them with textseg (its Unicode tables).
        column += clusterCount(bytes, i, j);
        i = j;
        escaping = false;
      }
    }
  }
}
