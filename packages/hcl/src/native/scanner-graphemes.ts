// Grapheme clusters as go-textseg (v15) splits bytes, which is how hcl counts columns: one
// column per cluster, a new line after a cluster that is "\n" or "\r\n". On valid UTF-8 this is
// Unicode's segmentation; on other bytes it follows textseg's byte tables (scanner-grapheme-
// tables.ts), whose loose ranges take some invalid sequences as characters of a class.
//
// textseg's scanner takes the longest prefix that one of its cluster patterns matches; where
// none matches, one UTF-8 sequence (or one byte, when there is none). Here the patterns run as
// a small NFA over byte positions, since a loose sequence may belong to several classes.

import { type GraphemeClass, graphemeTables } from "./scanner-grapheme-tables.js";
import { tableCharAt } from "./scanner-ident-tables.js";

const bit = {
  CR: 1 << 0,
  LF: 1 << 1,
  Control: 1 << 2,
  Replacement: 1 << 3,
  Extend: 1 << 4,
  ZWJ: 1 << 5,
  SpacingMark: 1 << 6,
  Prepend: 1 << 7,
  Regional_Indicator: 1 << 8,
  L: 1 << 9,
  V: 1 << 10,
  T: 1 << 11,
  LV: 1 << 12,
  LVT: 1 << 13,
  Extended_Pictographic: 1 << 14,
  Other: 1 << 15,
} as const;

// The classes a character of textseg's "other" kind must be none of.
const notOther =
  bit.CR |
  bit.LF |
  bit.Control |
  bit.Replacement |
  bit.L |
  bit.LV |
  bit.V |
  bit.LVT |
  bit.T |
  bit.Extended_Pictographic |
  bit.ZWJ |
  bit.Regional_Indicator |
  bit.Prepend;

const classNames = Object.keys(graphemeTables) as GraphemeClass[];

/** The length a lead byte gives a character (textseg's AnyUTF8 shapes), 0 for no lead byte. */
function leadLength(c: number): number {
  return c < 0x80 ? 1 : c < 0xc0 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : 0;
}

/** A UTF-8-shaped sequence of that length (lead byte, continuation bytes), by `end`. */
function shaped(b: Uint8Array, p: number, len: number, end: number): boolean {
  if (p + len > end) return false;
  for (let k = 1; k < len; k++) if ((b[p + k]! & 0xc0) !== 0x80) return false;
  return true;
}

/** The classes of the character at p (a bit mask; 0 where no pattern takes it) and its length. */
function charAt(b: Uint8Array, p: number, end: number): { mask: number; len: number } {
  const len = leadLength(b[p]!);
  if (len === 0 || p + len > end) return { mask: 0, len: 1 };
  let mask = 0;
  for (const name of classNames) {
    if (tableCharAt(b, p, graphemeTables[name], end) === len) mask |= bit[name];
  }
  if (len === 3 && b[p] === 0xef && b[p + 1] === 0xbf && b[p + 2] === 0xbd) mask |= bit.Replacement;
  if (shaped(b, p, len, end) && (mask & notOther) === 0) mask |= bit.Other;
  return { mask, len };
}

/** The bytes a match runs over, with the characters read so far (each is read once). */
interface Input {
  readonly b: Uint8Array;
  readonly end: number;
  readonly chars: Map<number, { mask: number; len: number }>;
}

/** A pattern: from a set of start positions, the set of positions where a match can end. */
type Pattern = (from: ReadonlySet<number>, input: Input) => Set<number>;

const cls =
  (mask: number): Pattern =>
  (from, input) => {
    const out = new Set<number>();
    for (const p of from) {
      if (p >= input.end) continue;
      let c = input.chars.get(p);
      if (c === undefined) {
        c = charAt(input.b, p, input.end);
        input.chars.set(p, c);
      }
      if ((c.mask & mask) !== 0) out.add(p + c.len);
    }
    return out;
  };

const seq =
  (...ps: Pattern[]): Pattern =>
  (from, input) => {
    let cur = new Set(from);
    for (const p of ps) {
      if (cur.size === 0) break;
      cur = p(cur, input);
    }
    return cur;
  };

const alt =
  (...ps: Pattern[]): Pattern =>
  (from, input) => {
    const out = new Set<number>();
    for (const p of ps) for (const q of p(from, input)) out.add(q);
    return out;
  };

const star =
  (p: Pattern): Pattern =>
  (from, input) => {
    const out = new Set(from);
    let frontier: Set<number> = new Set(from);
    while (frontier.size > 0) {
      const next = new Set<number>();
      for (const q of p(frontier, input)) if (!out.has(q)) next.add(q);
      for (const q of next) out.add(q);
      frontier = next;
    }
    return out;
  };

const plus = (p: Pattern): Pattern => seq(p, star(p));
const empty: Pattern = (from) => new Set(from);
const opt = (p: Pattern): Pattern => alt(empty, p);

const L = cls(bit.L);
const V = cls(bit.V);
const T = cls(bit.T);
const LV = cls(bit.LV);
const LVT = cls(bit.LVT);
const extend = cls(bit.Extend);
const pictographic = cls(bit.Extended_Pictographic);

const zwjGlue = seq(cls(bit.ZWJ), opt(seq(pictographic, star(extend))));
const extension = star(alt(extend, zwjGlue, cls(bit.SpacingMark)));
const hangul = seq(
  alt(
    seq(plus(L), alt(opt(seq(alt(seq(opt(LV), plus(V)), LVT), star(T))), opt(LV))),
    seq(LV, star(V), star(T)),
    seq(plus(V), star(T)),
    seq(LVT, star(T)),
    plus(T),
  ),
  extension,
);
const emoji = seq(pictographic, star(extend), extension);
const zwjSeq = seq(cls(bit.ZWJ), star(cls(bit.ZWJ | bit.Extend | bit.SpacingMark)));
const flag = seq(cls(bit.Regional_Indicator), opt(cls(bit.Regional_Indicator)), extension);
const other = seq(cls(bit.Other), star(cls(bit.Extend | bit.ZWJ | bit.SpacingMark)));
const prepended = seq(plus(cls(bit.Prepend)), opt(alt(hangul, emoji, zwjSeq, flag, other)));
const cluster = alt(
  seq(cls(bit.CR), cls(bit.LF)),
  cls(bit.Control | bit.Replacement),
  hangul,
  emoji,
  zwjSeq,
  flag,
  prepended,
  other,
);

/** The end of the grapheme cluster starting at p (p < end), as textseg finds it. */
export function clusterEnd(b: Uint8Array, p: number, end: number): number {
  const c = b[p]!;
  // ASCII before ASCII: a cluster of its own (only CR LF joins two ASCII characters).
  if (c < 0x80 && c !== 0x0d && (p + 1 >= end || b[p + 1]! < 0x80)) return p + 1;
  let longest = p;
  for (const q of cluster(new Set([p]), { b, end, chars: new Map() })) if (q > longest) longest = q;
  if (longest > p) return longest;
  // No pattern: one valid UTF-8 sequence, else one byte (Go's utf8.DecodeRune).
  const len = leadLength(c);
  return len > 1 && shaped(b, p, len, end) && validScalar(b, p, len) ? p + len : p + 1;
}

function validScalar(b: Uint8Array, p: number, len: number): boolean {
  const c0 = b[p]!;
  const cp =
    len === 2
      ? ((c0 & 0x1f) << 6) | (b[p + 1]! & 0x3f)
      : len === 3
        ? ((c0 & 0x0f) << 12) | ((b[p + 1]! & 0x3f) << 6) | (b[p + 2]! & 0x3f)
        : ((c0 & 0x07) << 18) | ((b[p + 1]! & 0x3f) << 12) | ((b[p + 2]! & 0x3f) << 6) | (b[p + 3]! & 0x3f);
  if (len === 2) return cp >= 0x80;
  if (len === 3) return cp >= 0x800 && (cp < 0xd800 || cp > 0xdfff);
  return cp >= 0x10000 && cp <= 0x10ffff;
}

/** The number of grapheme clusters in bytes [start, end), as textseg counts them. */
export function clusterCount(b: Uint8Array, start = 0, end = b.length): number {
  let n = 0;
  for (let p = start; p < end; p = clusterEnd(b, p, end)) n++;
  return n;
}

/**
 * The first `n` grapheme clusters of a text, as textseg splits them: their length in UTF-16
 * code units and in UTF-8 bytes (fewer when the text has fewer clusters).
 */
export function leadingClusters(text: string, n: number): { units: number; bytes: number } {
  const b = Buffer.from(text, "utf8");
  let p = 0;
  for (let i = 0; i < n && p < b.length; i++) p = clusterEnd(b, p, b.length);
  return { units: b.subarray(0, p).toString("utf8").length, bytes: p };
}
