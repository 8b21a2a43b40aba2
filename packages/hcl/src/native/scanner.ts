// The native syntax scanner: bytes to tokens, as hclsyntax's scanner splits them (same token
// boundaries, types and ranges), so the parser above can reproduce hcl's diagnostics. It is
// a loop over a stack of modes (normal, quoted string, heredoc, bare template), never a
// recursion, so nesting depth costs no stack; and it runs in time linear in the input.

import type { Pos, Range } from "../pos.js";
import { clusterEnd } from "./scanner-graphemes.js";
import { idContinueTable, idStartTable, tableCharAt } from "./scanner-ident-tables.js";
import type { Token, TokenType } from "./token.js";

export type ScanMode = "normal" | "template";

enum Mode {
  Main,
  String,
  Heredoc,
  Bare,
}

interface Heredoc {
  readonly marker: Uint8Array;
  startOfLine: boolean;
}

const selfTokens: Readonly<Record<number, TokenType>> = {
  91: "OBrack",
  93: "CBrack",
  40: "OParen",
  41: "CParen",
  46: "Dot",
  44: "Comma",
  42: "Star",
  47: "Slash",
  37: "Percent",
  43: "Plus",
  45: "Minus",
  61: "Equal",
  60: "LessThan",
  62: "GreaterThan",
  33: "Bang",
  63: "Question",
  58: "Colon",
  38: "BitwiseAnd",
  124: "BitwiseOr",
  126: "BitwiseNot",
  94: "BitwiseXor",
  59: "Semicolon",
  96: "Backtick",
  39: "Apostrophe",
};

/**
 * The length of the UTF-8 sequence at i as hcl's scanner recognizes one (a lead byte and the
 * right number of continuation bytes, nothing more), or 0 when the byte starts none.
 */
export function utf8SeqLength(b: Uint8Array, i: number): number {
  const c = b[i]!;
  const n = c < 0x80 ? 1 : c < 0xc0 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : 0;
  if (n === 0 || i + n > b.length) return 0;
  for (let k = 1; k < n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return 0;
  return n;
}

function codePointAt(b: Uint8Array, i: number, n: number): number {
  switch (n) {
    case 1:
      return b[i]!;
    case 2:
      return ((b[i]! & 0x1f) << 6) | (b[i + 1]! & 0x3f);
    case 3:
      return ((b[i]! & 0x0f) << 12) | ((b[i + 1]! & 0x3f) << 6) | (b[i + 2]! & 0x3f);
    default:
      return (
        ((b[i]! & 0x07) << 18) | ((b[i + 1]! & 0x3f) << 12) | ((b[i + 2]! & 0x3f) << 6) | (b[i + 3]! & 0x3f)
      );
  }
}

function isIdStartAt(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f ? 1 : 0;
  return tableCharAt(b, i, idStartTable);
}

function isIdContinueAt(b: Uint8Array, i: number): number {
  const c = b[i]!;
  if (c < 0x80) {
    return (c >= 0x61 && c <= 0x7a) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x30 && c <= 0x39) ||
      c === 0x5f ||
      c === 0x2d
      ? 1
      : 0;
  }
  return tableCharAt(b, i, idContinueTable);
}

/** The end of an identifier starting at i, or i when none starts there. */
export function identEnd(b: Uint8Array, i: number, end = b.length): number {
  if (i >= end) return i;
  const first = isIdStartAt(b, i);
  if (first === 0) return i;
  let p = i + first;
  while (p < end) {
    const n = isIdContinueAt(b, p);
    if (n === 0) break;
    p += n;
  }
  return p;
}

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= 0x30 && c <= 0x39;

/** The end of a number literal starting with the digit at i (hcl's NumberLit). */
function numberEnd(b: Uint8Array, i: number): number {
  let p = i + 1;
  let lastGood = p;
  for (;;) {
    const c = b[p];
    if (isDigit(c)) {
      p++;
      lastGood = p;
    } else if (c === 0x2e) {
      p++;
    } else if (c === 0x65 || c === 0x45) {
      let q = p + 1;
      if (b[q] === 0x2b || b[q] === 0x2d) q++;
      if (!isDigit(b[q])) break;
      p = q + 1;
      lastGood = p;
    } else {
      break;
    }
  }
  // A number never ends with a dot: "1." is the number 1 and then a dot.
  return lastGood;
}

/** Scans to tokens; the list always ends with an EOF token. */
export function scanTokens(src: Uint8Array, filename: string, start: Pos, mode: ScanMode): Token[] {
  let data = src;
  let startByte = start.byte;
  let bom = 0;
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) {
    data = data.subarray(3);
    startByte += 3;
    bom = 3;
  }
  const tokens: Token[] = [];
  let pos: Pos = { line: start.line, column: start.column, byte: startByte };

  const emit = (type: TokenType, ts: number, te: number): void => {
    const s: Pos = { line: pos.line, column: pos.column + (ts + startByte - pos.byte), byte: ts + startByte };
    let line = s.line;
    let column = s.column;
    let ascii = true;
    for (let k = ts; k < te; k++) {
      if (data[k]! >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (ascii) {
      for (let k = ts; k < te; k++) {
        const c = data[k]!;
        if (c === 0x0a) {
          line++;
          column = 1;
        } else if (c === 0x0d && data[k + 1] === 0x0a && k + 1 < te) {
          line++;
          column = 1;
          k++;
        } else {
          column++;
        }
      }
    } else {
      const r = advanceOver(data, ts, te, line, column);
      line = r.line;
      column = r.column;
    }
    const e: Pos = { line, column, byte: te + startByte };
    pos = e;
    const range: Range = { filename, start: s, end: e };
    tokens.push({ type, start: ts + bom, end: te + bom, range });
  };

  /** A character no token starts with: BadUTF8 for a byte that is not UTF-8, else Invalid. Returns where the next token starts. */
  const emitUnexpected = (at: number): number => {
    const len = utf8SeqLength(data, at);
    if (len === 0) {
      emit("BadUTF8", at, at + 1);
      return at + 1;
    }
    emit("Invalid", at, at + len);
    return at + len;
  };

  const modes: Mode[] = [mode === "normal" ? Mode.Main : Mode.Bare];
  let braces = 0;
  const retBraces: number[] = [];
  const heredocs: Heredoc[] = [];
  const n = data.length;
  let p = 0;

  const beginSequence = (type: TokenType, te: number): void => {
    emit(type, p, te);
    braces++;
    retBraces.push(braces);
    const top = heredocs[heredocs.length - 1];
    if (top && modes[modes.length - 1] === Mode.Heredoc) top.startOfLine = false;
    modes.push(Mode.Main);
    p = te;
  };

  /** "${", "${~", "%{" or "%{~" at p: the end of the introducer, or -1. */
  const sequenceAt = (q: number): number => {
    const c = data[q];
    if ((c === 0x24 || c === 0x25) && data[q + 1] === 0x7b) return data[q + 2] === 0x7e ? q + 3 : q + 2;
    return -1;
  };

  /**
   * A lone "$" or "%" (not starting a sequence) at q, as a literal token of its own: the end,
   * or -1. "$${" and "%%{" (with an optional "~") are escapes, one token each. At the end of
   * input there is no next character to decide with: -2.
   */
  const notSequenceAt = (q: number): number => {
    const c = data[q];
    if (c !== 0x24 && c !== 0x25) return -1;
    if (q + 1 >= n) return -2;
    if (data[q + 1] === c) {
      const seq = sequenceAt(q + 1);
      if (seq >= 0) return seq;
    }
    return q + 1;
  };

  while (p < n) {
    const m = modes[modes.length - 1]!;
    const c = data[p]!;
    if (m === Mode.Main) {
      if (c === 0x20 || c === 0x09) {
        p++;
        while (p < n && (data[p] === 0x20 || data[p] === 0x09)) p++;
        continue;
      }
      if (isDigit(c)) {
        const te = numberEnd(data, p);
        emit("NumberLit", p, te);
        p = te;
        continue;
      }
      const id = identEnd(data, p);
      if (id > p) {
        emit("Ident", p, id);
        p = id;
        continue;
      }
      const c1 = data[p + 1];
      switch (c) {
        case 0x23: // #
          p = lineCommentEnd(data, p, emit);
          continue;
        case 0x2f: // /
          if (c1 === 0x2f) {
            p = lineCommentEnd(data, p, emit);
            continue;
          }
          if (c1 === 0x2a) {
            const close = findBlockCommentEnd(data, p + 2);
            if (close >= 0) {
              emit("Comment", p, close);
              p = close;
              continue;
            }
          }
          break;
        case 0x0a:
          emit("Newline", p, p + 1);
          p++;
          continue;
        case 0x0d:
          if (c1 === 0x0a) {
            emit("Newline", p, p + 2);
            p += 2;
            continue;
          }
          emit("Invalid", p, p + 1);
          p++;
          continue;
        case 0x3d: // =
          if (c1 === 0x3d || c1 === 0x3e) {
            emit(c1 === 0x3d ? "EqualOp" : "FatArrow", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x21: // !
          if (c1 === 0x3d) {
            emit("NotEqual", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x3e: // >
          if (c1 === 0x3d) {
            emit("GreaterThanEq", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x3c: {
          // <
          if (c1 === 0x3d) {
            emit("LessThanEq", p, p + 2);
            p += 2;
            continue;
          }
          if (c1 === 0x3c) {
            const heredocEnd = heredocIntroducerEnd(data, p);
            if (heredocEnd > 0) {
              emit("OHeredoc", p, heredocEnd);
              let ms = p + 2;
              if (data[ms] === 0x2d) ms++;
              let me = heredocEnd - 1;
              if (data[me - 1] === 0x0d) me--;
              heredocs.push({ marker: data.subarray(ms, me), startOfLine: true });
              modes.push(Mode.Heredoc);
              p = heredocEnd;
              continue;
            }
          }
          break;
        }
        case 0x26: // &
          if (c1 === 0x26) {
            emit("And", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x7c: // |
          if (c1 === 0x7c) {
            emit("Or", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x3a: // :
          if (c1 === 0x3a) {
            emit("DoubleColon", p, p + 2);
            p += 2;
            continue;
          }
          break;
        case 0x2e: // .
          if (c1 === 0x2e && data[p + 2] === 0x2e) {
            emit("Ellipsis", p, p + 3);
            p += 3;
            continue;
          }
          break;
        case 0x7b: // {
          emit("OBrace", p, p + 1);
          braces++;
          p++;
          continue;
        case 0x7d: // }
          if (retBraces.length > 0 && retBraces[retBraces.length - 1] === braces) {
            emit("TemplateSeqEnd", p, p + 1);
            braces--;
            retBraces.pop();
            modes.pop();
          } else {
            emit("CBrace", p, p + 1);
            braces--;
          }
          p++;
          continue;
        case 0x7e: // ~
          if (c1 === 0x7d) {
            emit("TemplateSeqEnd", p, p + 2);
            if (retBraces.length > 0 && retBraces[retBraces.length - 1] === braces) {
              retBraces.pop();
              modes.pop();
            }
            braces--;
            p += 2;
            continue;
          }
          break;
        case 0x22: // "
          emit("OQuote", p, p + 1);
          modes.push(Mode.String);
          p++;
          continue;
        default:
          break;
      }
      const self = selfTokens[c];
      if (self !== undefined) {
        emit(self, p, p + 1);
        p++;
        continue;
      }
      p = emitUnexpected(p);
      continue;
    }

    // The template modes.
    const seq = sequenceAt(p);
    if (seq >= 0) {
      beginSequence(c === 0x24 ? "TemplateInterp" : "TemplateControl", seq);
      continue;
    }

    if (m === Mode.String) {
      if (c === 0x22) {
        emit("CQuote", p, p + 1);
        modes.pop();
        p++;
        continue;
      }
      if (c === 0x0a || c === 0x0d) {
        let q = p + 1;
        while (q < n && (data[q] === 0x0a || data[q] === 0x0d)) q++;
        emit("QuotedNewline", p, q);
        p = q;
        continue;
      }
      const lone = notSequenceAt(p);
      if (lone >= 0) {
        emit("QuotedLit", p, lone);
        p = lone;
        continue;
      }
      if (lone === -2) break; // a "$" or "%" at the very end: see the end of input below
      const q = quotedLiteralEnd(data, p);
      if (q > p) {
        emit("QuotedLit", p, q);
        p = q;
        continue;
      }
      p = emitUnexpected(p);
      continue;
    }

    // Heredoc and bare template: a literal runs to the end of the line (inclusive).
    let q = notSequenceAt(p);
    if (q === -2) break;
    let eol = -1;
    if (q === p + 1) {
      // hcl's scanner reads a lone "$" or "%" with the byte after it: when a newline follows
      // that byte, the two are a line-ending literal of their own (the newline comes next).
      // (A carriage return alone after it still makes the pair, but ends no line.)
      const after = data[p + 2];
      if (p + 2 < n && (after === 0x0a || after === 0x0d)) {
        q = p + 2;
        if (after === 0x0a || data[p + 3] === 0x0a) eol = p + 2;
      }
    } else {
      if (q < 0) q = plainLiteralEnd(data, p);
      if (data[q] === 0x0a) eol = q + 1;
      else if (data[q] === 0x0d && data[q + 1] === 0x0a) eol = q + 2;
    }
    if (m === Mode.Heredoc) {
      const top = heredocs[heredocs.length - 1]!;
      if (eol >= 0) {
        if (top.startOfLine && bytesEqual(trimSpace(data, p, eol), top.marker)) {
          const nls = data[eol - 2] === 0x0d ? eol - 2 : eol - 1;
          emit("CHeredoc", p, nls);
          emit("Newline", nls, eol);
          heredocs.pop();
          modes.pop();
          p = eol;
          continue;
        }
        top.startOfLine = true;
        emit("StringLit", p, eol);
        p = eol;
        continue;
      }
      if (q > p) {
        top.startOfLine = false;
        emit("StringLit", p, q);
        p = q;
        continue;
      }
    } else {
      const te = eol >= 0 ? eol : q;
      if (te > p) {
        emit("StringLit", p, te);
        p = te;
        continue;
      }
    }
    // Nothing literal here: a byte that is not UTF-8, or a carriage return on its own.
    if (utf8SeqLength(data, p) === 0) {
      emit("BadUTF8", p, p + 1);
      p++;
      continue;
    }
    break;
  }

  if (p < n) {
    // Input the scanner could not finish (a trailing "$" in a template, a stray carriage
    // return in a heredoc): literal text at the top level of a bare template, else invalid.
    const bareTop = modes.length === 1 && modes[0] === Mode.Bare;
    emit(bareTop ? "StringLit" : "Invalid", p, n);
  }
  emit("EOF", n, n);
  return tokens;
}

function lineCommentEnd(
  data: Uint8Array,
  p: number,
  emit: (t: TokenType, s: number, e: number) => void,
): number {
  const nl = data.indexOf(0x0a, p);
  const end = nl < 0 ? data.length : nl + 1;
  emit("Comment", p, end);
  return end;
}

function findBlockCommentEnd(data: Uint8Array, from: number): number {
  for (let i = data.indexOf(0x2a, from); i >= 0; i = data.indexOf(0x2a, i + 1)) {
    if (data[i + 1] === 0x2f) return i + 2;
  }
  return -1;
}

/** "<<EOT\n" or "<<-EOT\r\n" at p: the end (after the newline), or -1. */
function heredocIntroducerEnd(data: Uint8Array, p: number): number {
  let q = p + 2;
  if (data[q] === 0x2d) q++;
  const id = identEnd(data, q);
  if (id === q) return -1;
  if (data[id] === 0x0a) return id + 1;
  if (data[id] === 0x0d && data[id + 1] === 0x0a) return id + 2;
  return -1;
}

/** The end of a run of quoted-string characters (escapes included) from p. */
function quotedLiteralEnd(data: Uint8Array, p: number): number {
  const n = data.length;
  let q = p;
  while (q < n) {
    const c = data[q]!;
    if (c === 0x24 || c === 0x25 || c === 0x22 || c === 0x0a || c === 0x0d) break;
    if (c === 0x5c) {
      if (q + 1 >= n) break;
      const next = data[q + 1]!;
      if (next === 0x0a || next === 0x0d) break;
      const len = utf8SeqLength(data, q + 1);
      if (len === 0) break;
      q += 1 + len;
      continue;
    }
    const len = utf8SeqLength(data, q);
    if (len === 0) break;
    q += len;
  }
  return q;
}

/** The end of a run of heredoc or bare-template characters from p (not $, %, CR, LF). */
function plainLiteralEnd(data: Uint8Array, p: number): number {
  const n = data.length;
  let q = p;
  while (q < n) {
    const c = data[q]!;
    if (c === 0x24 || c === 0x25 || c === 0x0a || c === 0x0d) break;
    if (c < 0x80) {
      q++;
      continue;
    }
    const len = utf8SeqLength(data, q);
    if (len === 0) break;
    q += len;
  }
  return q;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const spaceRe = /^\s$/u;

/** The bytes without leading and trailing white space (Go's bytes.TrimSpace). */
function trimSpace(data: Uint8Array, s: number, e: number): Uint8Array {
  let a = s;
  let b = e;
  while (a < b) {
    const n = utf8SeqLength(data, a);
    if (n === 0 || !isGoSpace(codePointAt(data, a, n))) break;
    a += n;
  }
  while (b > a) {
    let k = b - 1;
    while (k > a && (data[k]! & 0xc0) === 0x80) k--;
    const n = utf8SeqLength(data, k);
    if (n === 0 || k + n !== b || !isGoSpace(codePointAt(data, k, n))) break;
    b = k;
  }
  return data.subarray(a, b);
}

/** Go's unicode.IsSpace. */
export function isGoSpace(cp: number): boolean {
  if (cp < 0x80) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d);
  if (cp === 0x85 || cp === 0xa0) return true;
  return spaceRe.test(String.fromCodePoint(cp)) && cp !== 0xfeff;
}

/**
 * Line and column after the bytes [s, e): one column per grapheme cluster as go-textseg
 * splits the bytes, a new line after a cluster that is "\n" or "\r\n" (as hcl counts them).
 */
export function advanceOver(
  data: Uint8Array,
  s: number,
  e: number,
  line: number,
  column: number,
): { line: number; column: number } {
  let l = line;
  let c = column;
  for (let i = s; i < e; ) {
    const next = clusterEnd(data, i, e);
    const n = next - i;
    if ((n === 1 && data[i] === 0x0a) || (n === 2 && data[i] === 0x0d && data[i + 1] === 0x0a)) {
      l++;
      c = 1;
    } else {
      c++;
    }
    i = next;
  }
  return { line: l, column: c };
}
