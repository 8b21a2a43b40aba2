// Go standard library, packages regexp and regexp/syntax: the parser, the compiler to an
// instruction program and the matcher, reimplemented for go-cty's regex, regexAll and
// regexReplace.
//
// Regular expressions as Go's regexp package has them (RE2 syntax). JS's RegExp differs
// from Go's in syntax (\A, \z, \Q…\E, (?U), POSIX classes, \p{Greek}), in Unicode tables
// (JS's are newer), and in matching: a JS quantifier resets the captures inside it on each
// iteration and refuses empty iterations, where Go keeps them. So this is an engine of its
// own, following Go's design: a parser with Go's syntax and error messages, a compiler to the
// same instruction program, and a Pike VM that runs it with Go's leftmost-first priorities,
// so captures land where Go's do.
//
// Positions are code point indexes into the subject (Go's are byte offsets; for valid UTF-8
// the two mark the same places).
//
// Where we may part from Go: Go's parser also rewrites the tree (merging one-character
// alternatives into classes, factoring common prefixes out of alternations), which does not
// change what matches but does change the size and depth it measures against its limits, so
// a pattern near "expression too large" (about 3.3 million instructions) or "expression
// nests too deeply" (depth 1000) can be refused by one and not the other; and Go's cap of
// 32 million code points held in classes is not checked.

import { categoryAliases as aliasTable } from "../../gen/unicode-tables.js";
import {
  categoryAlias,
  categoryRanges,
  foldRanges,
  isDigit,
  isLetter,
  maxRune,
  type RuneRanges,
  scriptRanges,
  simpleFold,
} from "../../internal/text/unicode15.js";

// ---- Errors

/** A pattern Go's regexp/syntax refuses: `code` is its ErrorCode text, `expr` the offending part. */
export class RegexpSyntaxError extends Error {
  override readonly name = "RegexpSyntaxError";
  constructor(
    readonly code: string,
    readonly expr: string,
  ) {
    super(`error parsing regexp: ${code}: \`${expr}\``);
  }
}

const ErrInvalidCharRange = "invalid character class range";
const ErrInvalidEscape = "invalid escape sequence";
const ErrInvalidNamedCapture = "invalid named capture";
const ErrInvalidPerlOp = "invalid or unsupported Perl syntax";
const ErrInvalidRepeatOp = "invalid nested repetition operator";
const ErrInvalidRepeatSize = "invalid repeat count";
const ErrMissingBracket = "missing closing ]";
const ErrMissingParen = "missing closing )";
const ErrMissingRepeatArgument = "missing argument to repetition operator";
const ErrTrailingBackslash = "trailing backslash at end of expression";
const ErrUnexpectedParen = "unexpected )";
const ErrNestingDepth = "expression nests too deeply";
const ErrLarge = "expression too large";

// ---- Syntax tree

const Op = {
  NoMatch: 1,
  EmptyMatch: 2,
  Literal: 3,
  CharClass: 4,
  AnyCharNotNL: 5,
  AnyChar: 6,
  BeginLine: 7,
  EndLine: 8,
  BeginText: 9,
  EndText: 10,
  WordBoundary: 11,
  NoWordBoundary: 12,
  Capture: 13,
  Star: 14,
  Plus: 15,
  Quest: 16,
  Repeat: 17,
  Concat: 18,
  Alternate: 19,
  // Parser stack markers.
  LeftParen: 128,
  VerticalBar: 129,
} as const;
type Op = (typeof Op)[keyof typeof Op];

const FoldCase = 1;
const ClassNL = 4;
const DotNL = 8;
const OneLine = 16;
const NonGreedy = 32;
const PerlX = 64;
const UnicodeGroups = 128;
const PerlFlags = ClassNL | OneLine | PerlX | UnicodeGroups;

interface Node {
  op: Op;
  flags: number;
  sub: Node[];
  /** Literal: one code point; CharClass: sorted, disjoint ranges. */
  runes: number[];
  min: number;
  max: number;
  cap: number;
  name: string;
  height: number;
}

function node(op: Op, flags: number, sub: Node[] = [], runes: number[] = []): Node {
  const height = 1 + sub.reduce((h, s) => Math.max(h, s.height), 0);
  return { op, flags, sub, runes, min: 0, max: 0, cap: 0, name: "", height };
}

// ---- Character classes (sorted pairs of inclusive ranges)

/** Sorts and merges ranges (Go's cleanClass). */
function cleanClass(r: number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < r.length; i += 2) pairs.push([r[i]!, r[i + 1]!]);
  pairs.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: number[] = [];
  for (const [lo, hi] of pairs) {
    if (out.length > 0 && lo <= out[out.length - 1]! + 1) {
      if (hi > out[out.length - 1]!) out[out.length - 1] = hi;
    } else {
      out.push(lo, hi);
    }
  }
  return out;
}

function appendRange(r: number[], lo: number, hi: number): number[] {
  // Extend the last or next-to-last range when they touch (as Go does; order is fixed later).
  const n = r.length;
  for (let i = 2; i <= 4; i += 2) {
    if (n >= i) {
      const rlo = r[n - i]!;
      const rhi = r[n - i + 1]!;
      if (lo <= rhi + 1 && rlo <= hi + 1) {
        if (lo < rlo) r[n - i] = lo;
        if (hi > rhi) r[n - i + 1] = hi;
        return r;
      }
    }
  }
  r.push(lo, hi);
  return r;
}

const minFold = 0x0041;
const maxFold = 0x1e943;

function appendFoldedRange(r: number[], lo: number, hi: number): number[] {
  if (lo <= minFold && hi >= maxFold) return appendRange(r, lo, hi);
  if (hi < minFold || lo > maxFold) return appendRange(r, lo, hi);
  if (lo < minFold) {
    appendRange(r, lo, minFold - 1);
    lo = minFold;
  }
  if (hi > maxFold) {
    appendRange(r, maxFold + 1, hi);
    hi = maxFold;
  }
  for (let c = lo; c <= hi; c++) {
    appendRange(r, c, c);
    for (let f = simpleFold(c); f !== c; f = simpleFold(f)) appendRange(r, f, f);
  }
  return r;
}

function appendClass(r: number[], x: RuneRanges): number[] {
  for (let i = 0; i < x.length; i += 2) appendRange(r, x[i]!, x[i + 1]!);
  return r;
}

function appendFoldedClass(r: number[], x: RuneRanges): number[] {
  for (let i = 0; i < x.length; i += 2) appendFoldedRange(r, x[i]!, x[i + 1]!);
  return r;
}

function appendNegatedClass(r: number[], x: RuneRanges): number[] {
  let nextLo = 0;
  for (let i = 0; i < x.length; i += 2) {
    const lo = x[i]!;
    const hi = x[i + 1]!;
    if (nextLo <= lo - 1) appendRange(r, nextLo, lo - 1);
    nextLo = hi + 1;
  }
  if (nextLo <= maxRune) appendRange(r, nextLo, maxRune);
  return r;
}

function negateClass(r: number[]): number[] {
  return appendNegatedClass([], r);
}

function minFoldRune(r: number): number {
  if (r < minFold || r > maxFold) return r;
  let m = r;
  for (let f = simpleFold(r); f !== r; f = simpleFold(f)) m = Math.min(m, f);
  return m;
}

const perlGroups: Readonly<Record<string, readonly [number, RuneRanges]>> = {
  "\\d": [1, [0x30, 0x39]],
  "\\D": [-1, [0x30, 0x39]],
  "\\s": [1, [0x9, 0xa, 0xc, 0xd, 0x20, 0x20]],
  "\\S": [-1, [0x9, 0xa, 0xc, 0xd, 0x20, 0x20]],
  "\\w": [1, [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]],
  "\\W": [-1, [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a]],
};

const posixClasses: Readonly<Record<string, RuneRanges>> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  ascii: [0x0, 0x7f],
  blank: [0x9, 0x9, 0x20, 0x20],
  cntrl: [0x0, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x7e],
  punct: [0x21, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x9, 0xd, 0x20, 0x20],
  upper: [0x41, 0x5a],
  word: [0x30, 0x39, 0x41, 0x5a, 0x5f, 0x5f, 0x61, 0x7a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

function posixGroup(name: string): readonly [number, RuneRanges] | undefined {
  const m = /^\[:(\^?)([a-z]+):\]$/.exec(name);
  if (!m || !Object.hasOwn(posixClasses, m[2]!)) return undefined;
  return [m[1] ? -1 : 1, posixClasses[m[2]!]!];
}

const anyTable: RuneRanges = [0, maxRune];
const asciiTable: RuneRanges = [0, 0x7f];
const asciiFoldTable: RuneRanges = [0, 0x7f, 0x17f, 0x17f, 0x212a, 0x212a];

/** Go's canonicalName: a leading capital, the rest lowercase, without _ - and spaces. */
function canonicalName(name: string): string {
  let out = "";
  let first = true;
  for (const ch of name) {
    if (ch === "_" || ch === "-" || ch === " ") continue;
    if (first) {
      out += ch >= "a" && ch <= "z" ? ch.toUpperCase() : ch;
      first = false;
    } else {
      out += ch >= "A" && ch <= "Z" ? ch.toLowerCase() : ch;
    }
  }
  return out;
}

const canonicalAliases = new Map<string, string>();

/** Go's unicodeTable: the ranges a \p name stands for, its fold additions, and its sign. */
function unicodeTable(
  name: string,
): { tab: RuneRanges; fold: RuneRanges | undefined; sign: number } | undefined {
  name = canonicalName(name);
  switch (name) {
    case "Any":
      return { tab: anyTable, fold: anyTable, sign: 1 };
    case "Assigned":
      return { tab: categoryRanges("Cn")!, fold: categoryRanges("Cn")!, sign: -1 };
    case "Ascii":
      return { tab: asciiTable, fold: asciiFoldTable, sign: 1 };
    case "Lc":
      return { tab: categoryRanges("LC")!, fold: foldRanges("category", "LC"), sign: 1 };
  }
  const category = categoryRanges(name);
  if (category) return { tab: category, fold: foldRanges("category", name), sign: 1 };
  const script = scriptRanges(name);
  if (script) return { tab: script, fold: foldRanges("script", name), sign: 1 };
  if (canonicalAliases.size === 0) {
    for (const alias of Object.keys(aliasTable))
      canonicalAliases.set(canonicalName(alias), categoryAlias(alias)!);
  }
  const actual = canonicalAliases.get(name);
  if (actual) return { tab: categoryRanges(actual)!, fold: foldRanges("category", actual), sign: 1 };
  return undefined;
}

// ---- Parser

const maxHeight = 1000;
const maxSize = Math.floor((128 << 20) / 40);

class Parser {
  flags = PerlFlags;
  readonly stack: Node[] = [];
  numCap = 0;
  private readonly sizes = new WeakMap<Node, number>();
  constructor(readonly whole: string) {}

  checkLimits(re: Node): void {
    if (this.size(re) > maxSize) throw new RegexpSyntaxError(ErrLarge, this.whole);
    if (re.height > maxHeight) throw new RegexpSyntaxError(ErrNestingDepth, this.whole);
  }

  /** The size of the compiled program for re, as Go's calcSize estimates it. */
  private size(re: Node): number {
    const known = this.sizes.get(re);
    if (known !== undefined) return known;
    let size = 0;
    switch (re.op) {
      case Op.Literal:
        size = re.runes.length;
        break;
      case Op.Capture:
      case Op.Star:
        size = 2 + this.size(re.sub[0]!);
        break;
      case Op.Plus:
      case Op.Quest:
        size = 1 + this.size(re.sub[0]!);
        break;
      case Op.Concat:
        for (const s of re.sub) size += this.size(s);
        break;
      case Op.Alternate:
        for (const s of re.sub) size += this.size(s);
        if (re.sub.length > 1) size += re.sub.length - 1;
        break;
      case Op.Repeat: {
        const sub = this.size(re.sub[0]!);
        if (re.max === -1) size = re.min === 0 ? 2 + sub : 1 + re.min * sub;
        else size = re.max * sub + (re.max - re.min);
        break;
      }
    }
    size = Math.max(1, size);
    this.sizes.set(re, size);
    return size;
  }

  push(re: Node): Node {
    this.mergeLiterals();
    this.stack.push(re);
    this.checkLimits(re);
    return re;
  }

  op(op: Op): Node {
    return this.push(node(op, this.flags));
  }

  literal(r: number): void {
    const re = node(Op.Literal, this.flags, [], [this.flags & FoldCase ? minFoldRune(r) : r]);
    this.push(re);
  }

  /** Replaces the top of the stack with its repetition; returns where parsing continues. */
  repeat(op: Op, min: number, max: number, before: number, after: number, lastRepeat: number): number {
    let flags = this.flags;
    const s = this.whole;
    if (s[after] === "?") {
      after++;
      flags ^= NonGreedy;
    }
    if (lastRepeat >= 0) throw new RegexpSyntaxError(ErrInvalidRepeatOp, s.slice(lastRepeat, after));
    const sub = this.stack[this.stack.length - 1];
    if (!sub || sub.op >= Op.LeftParen) {
      throw new RegexpSyntaxError(ErrMissingRepeatArgument, s.slice(before, after));
    }
    const re = node(op, flags, [sub]);
    re.min = min;
    re.max = max;
    this.stack[this.stack.length - 1] = re;
    this.checkLimits(re);
    if (op === Op.Repeat && (min >= 2 || max >= 2) && !repeatIsValid(re, 1000)) {
      throw new RegexpSyntaxError(ErrInvalidRepeatSize, s.slice(before, after));
    }
    return after;
  }

  /**
   * Joins the top two entries when both are literals of the same case sensitivity (Go's
   * maybeConcat). It runs before each push, so the newest literal stays apart for a
   * repetition operator to apply to it alone.
   */
  private mergeLiterals(): void {
    const n = this.stack.length;
    if (n < 2) return;
    const re1 = this.stack[n - 1]!;
    const re2 = this.stack[n - 2]!;
    if (re1.op !== Op.Literal || re2.op !== Op.Literal || (re1.flags & FoldCase) !== (re2.flags & FoldCase)) {
      return;
    }
    re2.runes.push(...re1.runes);
    this.sizes.delete(re2);
    this.stack.pop();
  }

  /** The entries above the topmost marker of the given kinds, removed from the stack. */
  private popAbove(isMarker: (op: Op) => boolean): Node[] {
    let i = this.stack.length;
    while (i > 0 && !isMarker(this.stack[i - 1]!.op)) i--;
    return this.stack.splice(i);
  }

  concat(): Node {
    this.mergeLiterals();
    const subs = this.popAbove((op) => op >= Op.LeftParen);
    if (subs.length === 0) return this.push(node(Op.EmptyMatch, this.flags));
    return this.push(collapse(subs, Op.Concat, this.flags));
  }

  alternate(): Node {
    const subs = this.popAbove((op) => op === Op.LeftParen);
    if (subs.length === 0) return this.push(node(Op.NoMatch, this.flags));
    return this.push(collapse(subs, Op.Alternate, this.flags));
  }

  /** If the top is an alternative above a `|` marker, moves it below the marker. */
  swapVerticalBar(): boolean {
    const n = this.stack.length;
    if (n >= 2 && this.stack[n - 2]!.op === Op.VerticalBar) {
      const top = this.stack[n - 1]!;
      this.stack[n - 1] = this.stack[n - 2]!;
      this.stack[n - 2] = top;
      return true;
    }
    return false;
  }

  parseVerticalBar(): void {
    this.concat();
    if (!this.swapVerticalBar()) this.op(Op.VerticalBar);
  }

  parseRightParen(): void {
    this.concat();
    if (this.swapVerticalBar()) this.stack.pop();
    this.alternate();
    const n = this.stack.length;
    if (n < 2) throw new RegexpSyntaxError(ErrUnexpectedParen, this.whole);
    const re1 = this.stack.pop()!;
    const re2 = this.stack.pop()!;
    if (re2.op !== Op.LeftParen) throw new RegexpSyntaxError(ErrUnexpectedParen, this.whole);
    this.flags = re2.flags;
    if (re2.cap === 0) {
      this.push(re1);
    } else {
      const capture = node(Op.Capture, re2.flags, [re1]);
      capture.cap = re2.cap;
      capture.name = re2.name;
      this.push(capture);
    }
  }

  appendGroup(r: number[], [sign, cls]: readonly [number, RuneRanges]): number[] {
    if ((this.flags & FoldCase) === 0) return sign < 0 ? appendNegatedClass(r, cls) : appendClass(r, cls);
    const folded = cleanClass(appendFoldedClass([], cls));
    return sign < 0 ? appendNegatedClass(r, folded) : appendClass(r, folded);
  }
}

function collapse(subs: Node[], op: Op, flags: number): Node {
  if (subs.length === 1) return subs[0]!;
  const flat = subs.flatMap((s) => (s.op === op ? s.sub : [s]));
  return node(op, flags, flat);
}

function repeatIsValid(re: Node, n: number): boolean {
  if (re.op === Op.Repeat) {
    let m = re.max;
    if (m === 0) return true;
    if (m < 0) m = re.min;
    if (m > n) return false;
    if (m > 0) n = Math.trunc(n / m);
  }
  return re.sub.every((s) => repeatIsValid(s, n));
}

const isAlnum = (c: number) =>
  (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

function unhex(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x66) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x46) return c - 0x41 + 10;
  return -1;
}

/** The code point at s[i] and the index after it (-1 and i at the end). */
function nextRune(s: string, i: number): [number, number] {
  if (i >= s.length) return [-1, i];
  const c = s.codePointAt(i)!;
  return [c, i + (c > 0xffff ? 2 : 1)];
}

/** Parses a pattern as Go's syntax.Parse(pattern, syntax.Perl) does. */
function parse(s: string): Node {
  const p = new Parser(s);
  let t = 0;
  let lastRepeat = -1;
  while (t < s.length) {
    let repeatStart = -1;
    const ch = s[t]!;
    switch (ch) {
      case "(":
        if (s[t + 1] === "?") {
          t = parsePerlFlags(p, s, t);
          break;
        }
        p.numCap++;
        p.op(Op.LeftParen).cap = p.numCap;
        t++;
        break;
      case "|":
        p.parseVerticalBar();
        t++;
        break;
      case ")":
        p.parseRightParen();
        t++;
        break;
      case "^":
        p.op(p.flags & OneLine ? Op.BeginText : Op.BeginLine);
        t++;
        break;
      case "$":
        p.op(p.flags & OneLine ? Op.EndText : Op.EndLine);
        t++;
        break;
      case ".":
        p.op(p.flags & DotNL ? Op.AnyChar : Op.AnyCharNotNL);
        t++;
        break;
      case "[":
        t = parseClass(p, s, t);
        break;
      case "*":
      case "+":
      case "?": {
        const op = ch === "*" ? Op.Star : ch === "+" ? Op.Plus : Op.Quest;
        const before = t;
        t = p.repeat(op, 0, 0, before, t + 1, lastRepeat);
        repeatStart = before;
        break;
      }
      case "{": {
        const before = t;
        const parsed = parseRepeat(s, t);
        if (!parsed) {
          p.literal(0x7b);
          t++;
          break;
        }
        const { min, max, after } = parsed;
        if (min < 0 || min > 1000 || max > 1000 || (max >= 0 && min > max)) {
          throw new RegexpSyntaxError(ErrInvalidRepeatSize, s.slice(before, after));
        }
        t = p.repeat(Op.Repeat, min, max, before, after, lastRepeat);
        repeatStart = before;
        break;
      }
      case "\\":
        t = parseBackslash(p, s, t);
        break;
      default: {
        const [c, next] = nextRune(s, t);
        p.literal(c);
        t = next;
      }
    }
    lastRepeat = repeatStart;
  }
  p.concat();
  if (p.swapVerticalBar()) p.stack.pop();
  p.alternate();
  if (p.stack.length !== 1) throw new RegexpSyntaxError(ErrMissingParen, s);
  return p.stack[0]!;
}

function parseBackslash(p: Parser, s: string, t: number): number {
  switch (s[t + 1]) {
    case "A":
      p.op(Op.BeginText);
      return t + 2;
    case "b":
      p.op(Op.WordBoundary);
      return t + 2;
    case "B":
      p.op(Op.NoWordBoundary);
      return t + 2;
    case "C":
      throw new RegexpSyntaxError(ErrInvalidEscape, s.slice(t, t + 2));
    case "Q": {
      const end = s.indexOf("\\E", t + 2);
      const literal = end < 0 ? s.slice(t + 2) : s.slice(t + 2, end);
      for (const c of literal) p.literal(c.codePointAt(0)!);
      return end < 0 ? s.length : end + 2;
    }
    case "z":
      p.op(Op.EndText);
      return t + 2;
  }
  if (s[t + 1] === "p" || s[t + 1] === "P") {
    const parsed = parseUnicodeClass(p, s, t, []);
    if (parsed) {
      p.push(node(Op.CharClass, p.flags, [], cleanClass(parsed.class)));
      return parsed.next;
    }
  }
  const group = perlGroups[s.slice(t, t + 2)];
  if (group) {
    p.push(node(Op.CharClass, p.flags, [], cleanClass(p.appendGroup([], group))));
    return t + 2;
  }
  const [c, next] = parseEscape(s, t);
  p.literal(c);
  return next;
}

/** {min}, {min,} or {min,max} at s[i]; min is -1 when a number is too big; undefined if not a repeat. */
function parseRepeat(s: string, i: number): { min: number; max: number; after: number } | undefined {
  if (s[i] !== "{") return undefined;
  i++;
  const first = parseDecimal(s, i);
  if (!first) return undefined;
  let min = first.n;
  let max: number;
  i = first.next;
  if (i >= s.length) return undefined;
  if (s[i] !== ",") {
    max = min;
  } else {
    i++;
    if (i >= s.length) return undefined;
    if (s[i] === "}") {
      max = -1;
    } else {
      const second = parseDecimal(s, i);
      if (!second) return undefined;
      max = second.n;
      i = second.next;
      if (max < 0) min = -1;
    }
  }
  if (s[i] !== "}") return undefined;
  return { min, max, after: i + 1 };
}

/** A decimal number without leading zeros at s[i]; n is -1 when it is 10^8 or more. */
function parseDecimal(s: string, i: number): { n: number; next: number } | undefined {
  const isDigitAt = (j: number) => s[j] !== undefined && s[j]! >= "0" && s[j]! <= "9";
  if (!isDigitAt(i)) return undefined;
  if (s[i] === "0" && isDigitAt(i + 1)) return undefined;
  let j = i;
  while (isDigitAt(j)) j++;
  let n = 0;
  for (let k = i; k < j; k++) {
    if (n >= 1e8) {
      n = -1;
      break;
    }
    n = n * 10 + (s.charCodeAt(k) - 0x30);
  }
  return { n, next: j };
}

/** (?flags), (?flags:, (?P<name> or (?<name> at s[t]; returns where parsing continues. */
function parsePerlFlags(p: Parser, s: string, t: number): number {
  const rest = s.slice(t);
  const startsWithP = rest.length > 4 && rest[2] === "P" && rest[3] === "<";
  const startsWithName = rest.length > 3 && rest[2] === "<";
  if (startsWithP || startsWithName) {
    const exprStart = startsWithP ? 4 : 3;
    const end = rest.indexOf(">");
    if (end < 0) throw new RegexpSyntaxError(ErrInvalidNamedCapture, rest);
    const capture = rest.slice(0, end + 1);
    const name = rest.slice(exprStart, end);
    if (!isValidCaptureName(name)) throw new RegexpSyntaxError(ErrInvalidNamedCapture, capture);
    p.numCap++;
    const re = p.op(Op.LeftParen);
    re.cap = p.numCap;
    re.name = name;
    return t + end + 1;
  }
  let i = t + 2;
  let flags = p.flags;
  let sign = 1;
  let sawFlag = false;
  while (i < s.length) {
    const [c, next] = nextRune(s, i);
    i = next;
    switch (c) {
      case 0x69: // i
        flags |= FoldCase;
        sawFlag = true;
        continue;
      case 0x6d: // m
        flags &= ~OneLine;
        sawFlag = true;
        continue;
      case 0x73: // s
        flags |= DotNL;
        sawFlag = true;
        continue;
      case 0x55: // U
        flags |= NonGreedy;
        sawFlag = true;
        continue;
      case 0x2d: // -
        if (sign < 0) break;
        sign = -1;
        // Invert so that setting a flag above clears it; inverted back at the end.
        flags = ~flags;
        sawFlag = false;
        continue;
      case 0x3a: // :
      case 0x29: // )
        if (sign < 0) {
          if (!sawFlag) break;
          flags = ~flags;
        }
        if (c === 0x3a) p.op(Op.LeftParen);
        p.flags = flags;
        return i;
    }
    break;
  }
  throw new RegexpSyntaxError(ErrInvalidPerlOp, s.slice(t, i));
}

function isValidCaptureName(name: string): boolean {
  if (name === "") return false;
  for (const ch of name) {
    const c = ch.codePointAt(0)!;
    if (c !== 0x5f && !isAlnum(c)) return false;
  }
  return true;
}

/** An escape sequence at s[t] (a backslash): its code point and the index after it. */
function parseEscape(s: string, t: number): [number, number] {
  let i = t + 1;
  if (i >= s.length) throw new RegexpSyntaxError(ErrTrailingBackslash, "");
  let c: number;
  [c, i] = nextRune(s, i);
  const invalid = () => new RegexpSyntaxError(ErrInvalidEscape, s.slice(t, i));
  const octalAt = (j: number) => s[j] !== undefined && s[j]! >= "0" && s[j]! <= "7";
  if (c >= 0x30 && c <= 0x37) {
    // A lone non-zero digit would be a backreference, which RE2 does not have; otherwise an
    // octal escape of up to three digits.
    if (c !== 0x30 && !octalAt(i)) throw invalid();
    let r = c - 0x30;
    for (let k = 1; k < 3 && octalAt(i); k++) {
      r = r * 8 + (s.charCodeAt(i) - 0x30);
      i++;
    }
    return [r, i];
  }
  switch (c) {
    case 0x78: {
      // x
      if (i >= s.length) throw invalid();
      let d: number;
      [d, i] = nextRune(s, i);
      if (d === 0x7b) {
        let r = 0;
        let digits = 0;
        for (;;) {
          if (i >= s.length) throw invalid();
          [d, i] = nextRune(s, i);
          if (d === 0x7d) break;
          const v = unhex(d);
          if (v < 0) throw invalid();
          r = r * 16 + v;
          if (r > maxRune) throw invalid();
          digits++;
        }
        if (digits === 0) throw invalid();
        return [r, i];
      }
      const x = unhex(d);
      let e: number;
      [e, i] = nextRune(s, i);
      const y = unhex(e);
      if (x < 0 || y < 0) throw invalid();
      return [x * 16 + y, i];
    }
    case 0x61:
      return [0x07, i];
    case 0x66:
      return [0x0c, i];
    case 0x6e:
      return [0x0a, i];
    case 0x72:
      return [0x0d, i];
    case 0x74:
      return [0x09, i];
    case 0x76:
      return [0x0b, i];
  }
  // Escaped punctuation stands for itself; escaped letters and digits are reserved.
  if (c < 0x80 && !isAlnum(c)) return [c, i];
  throw invalid();
}

/** \pX, \p{Name}, \PX, \P{^Name} at s[t]: the class appended to r, or undefined if not one. */
function parseUnicodeClass(
  p: Parser,
  s: string,
  t: number,
  r: number[],
): { class: number[]; next: number } | undefined {
  if (s[t] !== "\\" || (s[t + 1] !== "p" && s[t + 1] !== "P")) return undefined;
  let sign = s[t + 1] === "P" ? -1 : 1;
  const [c, afterLetter] = nextRune(s, t + 2);
  let seq: string;
  let name: string;
  let next: number;
  if (c !== 0x7b) {
    next = afterLetter;
    seq = s.slice(t, next);
    name = seq.slice(2);
  } else {
    const end = s.indexOf("}", t);
    if (end < 0) throw new RegexpSyntaxError(ErrInvalidCharRange, s.slice(t));
    seq = s.slice(t, end + 1);
    name = s.slice(t + 3, end);
    next = end + 1;
  }
  if (name.startsWith("^")) {
    sign = -sign;
    name = name.slice(1);
  }
  const table = unicodeTable(name);
  if (!table) throw new RegexpSyntaxError(ErrInvalidCharRange, seq);
  if (table.sign < 0) sign = -sign;
  if ((p.flags & FoldCase) === 0 || !table.fold) {
    return { class: sign > 0 ? appendClass(r, table.tab) : appendNegatedClass(r, table.tab), next };
  }
  const merged = cleanClass(appendClass(appendClass([], table.tab), table.fold));
  return { class: sign > 0 ? appendClass(r, merged) : appendNegatedClass(r, merged), next };
}

/** A bracketed class at s[t] ("["), pushed onto the stack; returns the index after it. */
function parseClass(p: Parser, s: string, start: number): number {
  let t = start + 1;
  let cls: number[] = [];
  let sign = 1;
  if (s[t] === "^") {
    sign = -1;
    t++;
    if ((p.flags & ClassNL) === 0) cls.push(0x0a, 0x0a);
  }
  let first = true;
  while (t >= s.length || s[t] !== "]" || first) {
    first = false;
    if (s[t] === "[" && s[t + 1] === ":" && t + 2 < s.length) {
      const close = s.indexOf(":]", t + 2);
      if (close >= 0) {
        const name = s.slice(t, close + 2);
        const group = posixGroup(name);
        if (!group) throw new RegexpSyntaxError(ErrInvalidCharRange, name);
        cls = p.appendGroup(cls, group);
        t = close + 2;
        continue;
      }
    }
    const unicode = t < s.length ? parseUnicodeClass(p, s, t, cls) : undefined;
    if (unicode) {
      cls = unicode.class;
      t = unicode.next;
      continue;
    }
    const group = perlGroups[s.slice(t, t + 2)];
    if (group) {
      cls = p.appendGroup(cls, group);
      t += 2;
      continue;
    }
    const rangeStart = t;
    let lo: number;
    [lo, t] = parseClassChar(s, t, start);
    let hi = lo;
    if (s[t] === "-" && t + 1 < s.length && s[t + 1] !== "]") {
      t++;
      [hi, t] = parseClassChar(s, t, start);
      if (hi < lo) throw new RegexpSyntaxError(ErrInvalidCharRange, s.slice(rangeStart, t));
    }
    cls = p.flags & FoldCase ? appendFoldedRange(cls, lo, hi) : appendRange(cls, lo, hi);
  }
  cls = cleanClass(cls);
  if (sign < 0) cls = negateClass(cls);
  p.push(node(Op.CharClass, p.flags, [], cls));
  return t + 1;
}

function parseClassChar(s: string, t: number, classStart: number): [number, number] {
  if (t >= s.length) throw new RegexpSyntaxError(ErrMissingBracket, s.slice(classStart));
  if (s[t] === "\\") return parseEscape(s, t);
  return nextRune(s, t);
}

// ---- Simplification (counted repetition to concatenations, as Go's Simplify)

function simplify(re: Node): Node {
  switch (re.op) {
    case Op.Capture:
    case Op.Concat:
    case Op.Alternate: {
      const subs = re.sub.map(simplify);
      if (subs.every((s, i) => s === re.sub[i])) return re;
      return { ...re, sub: subs };
    }
    case Op.Star:
    case Op.Plus:
    case Op.Quest:
      return simplify1(re.op, re.flags, simplify(re.sub[0]!), re);
    case Op.Repeat: {
      if (re.min === 0 && re.max === 0) return node(Op.EmptyMatch, 0);
      const sub = simplify(re.sub[0]!);
      if (re.max === -1) {
        if (re.min === 0) return simplify1(Op.Star, re.flags, sub);
        if (re.min === 1) return simplify1(Op.Plus, re.flags, sub);
        const parts: Node[] = [];
        for (let i = 0; i < re.min - 1; i++) parts.push(sub);
        parts.push(simplify1(Op.Plus, re.flags, sub));
        return node(Op.Concat, 0, parts);
      }
      if (re.min === 1 && re.max === 1) return sub;
      let prefix: Node | undefined;
      if (re.min > 0) {
        const parts: Node[] = [];
        for (let i = 0; i < re.min; i++) parts.push(sub);
        prefix = node(Op.Concat, 0, parts);
      }
      if (re.max > re.min) {
        let suffix = simplify1(Op.Quest, re.flags, sub);
        for (let i = re.min + 1; i < re.max; i++) {
          suffix = simplify1(Op.Quest, re.flags, node(Op.Concat, 0, [sub, suffix]));
        }
        if (!prefix) return suffix;
        prefix.sub.push(suffix);
      }
      return prefix ?? node(Op.NoMatch, 0);
    }
  }
  return re;
}

function simplify1(op: Op, flags: number, sub: Node, re?: Node): Node {
  if (sub.op === Op.EmptyMatch) return sub;
  if (op === sub.op && (flags & NonGreedy) === (sub.flags & NonGreedy)) return sub;
  if (re && re.op === op && (re.flags & NonGreedy) === (flags & NonGreedy) && sub === re.sub[0]) return re;
  return node(op, flags, [sub]);
}

// ---- Program

const Inst = {
  Alt: 0,
  Capture: 2,
  EmptyWidth: 3,
  Match: 4,
  Fail: 5,
  Nop: 6,
  Rune: 7,
  Rune1: 8,
  RuneAny: 9,
  RuneAnyNotNL: 10,
} as const;
type InstOp = (typeof Inst)[keyof typeof Inst];

interface Instruction {
  op: InstOp;
  out: number;
  arg: number;
  runes: readonly number[];
  fold: boolean;
}

const EmptyBeginLine = 1;
const EmptyEndLine = 2;
const EmptyBeginText = 4;
const EmptyEndText = 8;
const EmptyWordBoundary = 16;
const EmptyNoWordBoundary = 32;

/** A list of instruction slots to fill in: value >> 1 is the instruction, & 1 picks arg over out. */
interface PatchList {
  head: number;
  tail: number;
}

interface Frag {
  i: number;
  out: PatchList;
  nullable: boolean;
}

const noPatches: PatchList = { head: 0, tail: 0 };

class Compiler {
  readonly prog: Instruction[] = [];
  numCap = 2;

  constructor() {
    this.inst(Inst.Fail);
  }

  private inst(op: InstOp): Frag {
    this.prog.push({ op, out: 0, arg: 0, runes: [], fold: false });
    return { i: this.prog.length - 1, out: noPatches, nullable: true };
  }

  patch(l: PatchList, val: number): void {
    let head = l.head;
    while (head !== 0) {
      const inst = this.prog[head >> 1]!;
      if ((head & 1) === 0) {
        head = inst.out;
        inst.out = val;
      } else {
        head = inst.arg;
        inst.arg = val;
      }
    }
  }

  private append(l1: PatchList, l2: PatchList): PatchList {
    if (l1.head === 0) return l2;
    if (l2.head === 0) return l1;
    const inst = this.prog[l1.tail >> 1]!;
    if ((l1.tail & 1) === 0) inst.out = l2.head;
    else inst.arg = l2.head;
    return { head: l1.head, tail: l2.tail };
  }

  compile(re: Node): Frag {
    switch (re.op) {
      case Op.NoMatch:
        return this.fail();
      case Op.EmptyMatch:
        return this.nop();
      case Op.Literal: {
        let f: Frag | undefined;
        for (const r of re.runes) {
          const f1 = this.rune([r], re.flags);
          f = f ? this.cat(f, f1) : f1;
        }
        return f ?? this.nop();
      }
      case Op.CharClass:
        return this.rune(re.runes, re.flags);
      case Op.AnyCharNotNL:
        return this.rune([0, 0x09, 0x0b, maxRune], 0);
      case Op.AnyChar:
        return this.rune([0, maxRune], 0);
      case Op.BeginLine:
        return this.empty(EmptyBeginLine);
      case Op.EndLine:
        return this.empty(EmptyEndLine);
      case Op.BeginText:
        return this.empty(EmptyBeginText);
      case Op.EndText:
        return this.empty(EmptyEndText);
      case Op.WordBoundary:
        return this.empty(EmptyWordBoundary);
      case Op.NoWordBoundary:
        return this.empty(EmptyNoWordBoundary);
      case Op.Capture: {
        const bra = this.cap(re.cap << 1);
        const sub = this.compile(re.sub[0]!);
        const ket = this.cap((re.cap << 1) | 1);
        return this.cat(this.cat(bra, sub), ket);
      }
      case Op.Star:
        return this.star(this.compile(re.sub[0]!), (re.flags & NonGreedy) !== 0);
      case Op.Plus:
        return this.plus(this.compile(re.sub[0]!), (re.flags & NonGreedy) !== 0);
      case Op.Quest:
        return this.quest(this.compile(re.sub[0]!), (re.flags & NonGreedy) !== 0);
      case Op.Concat: {
        if (re.sub.length === 0) return this.nop();
        let f: Frag | undefined;
        for (const sub of re.sub) f = f ? this.cat(f, this.compile(sub)) : this.compile(sub);
        return f!;
      }
      case Op.Alternate: {
        let f: Frag = { i: 0, out: noPatches, nullable: false };
        for (const sub of re.sub) f = this.alt(f, this.compile(sub));
        return f;
      }
    }
    throw new Error(`regexp: cannot compile op ${re.op}`);
  }

  private nop(): Frag {
    const f = this.inst(Inst.Nop);
    return { ...f, out: { head: f.i << 1, tail: f.i << 1 } };
  }

  private fail(): Frag {
    return { i: 0, out: noPatches, nullable: false };
  }

  private cap(arg: number): Frag {
    const f = this.inst(Inst.Capture);
    this.prog[f.i]!.arg = arg;
    if (this.numCap < arg + 1) this.numCap = arg + 1;
    return { ...f, out: { head: f.i << 1, tail: f.i << 1 } };
  }

  private cat(f1: Frag, f2: Frag): Frag {
    if (f1.i === 0 || f2.i === 0) return this.fail();
    this.patch(f1.out, f2.i);
    return { i: f1.i, out: f2.out, nullable: f1.nullable && f2.nullable };
  }

  private alt(f1: Frag, f2: Frag): Frag {
    if (f1.i === 0) return f2;
    if (f2.i === 0) return f1;
    const f = this.inst(Inst.Alt);
    const inst = this.prog[f.i]!;
    inst.out = f1.i;
    inst.arg = f2.i;
    return { i: f.i, out: this.append(f1.out, f2.out), nullable: f1.nullable || f2.nullable };
  }

  /**
   * An Alt whose one branch enters f1, preferred unless non-greedy; the other branch is left
   * open, to be patched to what follows.
   */
  private altInto(f1: Frag, nongreedy: boolean): { i: number; open: PatchList } {
    const f = this.inst(Inst.Alt);
    const inst = this.prog[f.i]!;
    if (nongreedy) {
      inst.arg = f1.i;
      return { i: f.i, open: { head: f.i << 1, tail: f.i << 1 } };
    }
    inst.out = f1.i;
    return { i: f.i, open: { head: (f.i << 1) | 1, tail: (f.i << 1) | 1 } };
  }

  private quest(f1: Frag, nongreedy: boolean): Frag {
    const { i, open } = this.altInto(f1, nongreedy);
    return { i, out: this.append(open, f1.out), nullable: true };
  }

  /** The loop of a plus or star: f1 then back to an Alt that repeats or leaves. */
  private loop(f1: Frag, nongreedy: boolean): Frag {
    const { i, open } = this.altInto(f1, nongreedy);
    this.patch(f1.out, i);
    return { i, out: open, nullable: true };
  }

  private star(f1: Frag, nongreedy: boolean): Frag {
    // A star of something that can match empty is (x+)?, for Go's priorities (golang.org/issue/46123).
    if (f1.nullable) return this.quest(this.plus(f1, nongreedy), nongreedy);
    return this.loop(f1, nongreedy);
  }

  private plus(f1: Frag, nongreedy: boolean): Frag {
    return { i: f1.i, out: this.loop(f1, nongreedy).out, nullable: f1.nullable };
  }

  private empty(op: number): Frag {
    const f = this.inst(Inst.EmptyWidth);
    this.prog[f.i]!.arg = op;
    return { ...f, out: { head: f.i << 1, tail: f.i << 1 } };
  }

  private rune(runes: readonly number[], flags: number): Frag {
    const f = this.inst(Inst.Rune);
    const inst = this.prog[f.i]!;
    inst.runes = runes;
    inst.fold = (flags & FoldCase) !== 0 && runes.length === 1 && simpleFold(runes[0]!) !== runes[0];
    if (!inst.fold && (runes.length === 1 || (runes.length === 2 && runes[0] === runes[1]))) {
      inst.op = Inst.Rune1;
    } else if (runes.length === 2 && runes[0] === 0 && runes[1] === maxRune) {
      inst.op = Inst.RuneAny;
    } else if (
      runes.length === 4 &&
      runes[0] === 0 &&
      runes[1] === 0x09 &&
      runes[2] === 0x0b &&
      runes[3] === maxRune
    ) {
      inst.op = Inst.RuneAnyNotNL;
    }
    return { i: f.i, out: { head: f.i << 1, tail: f.i << 1 }, nullable: false };
  }
}

function matchRune(inst: Instruction, r: number): boolean {
  const runes = inst.runes;
  if (runes.length === 1) {
    const r0 = runes[0]!;
    if (r === r0) return true;
    if (inst.fold) {
      for (let f = simpleFold(r0); f !== r0; f = simpleFold(f)) if (r === f) return true;
    }
    return false;
  }
  let lo = 0;
  let hi = runes.length / 2;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (runes[2 * m]! <= r) {
      if (r <= runes[2 * m + 1]!) return true;
      lo = m + 1;
    } else {
      hi = m;
    }
  }
  return false;
}

const isWordChar = (r: number) =>
  (r >= 0x61 && r <= 0x7a) || (r >= 0x41 && r <= 0x5a) || (r >= 0x30 && r <= 0x39) || r === 0x5f;

/** Whether the zero-width assertions in `op` hold between code points r1 and r2 (-1: an end). */
function emptyOpMatches(op: number, r1: number, r2: number): boolean {
  if (op & EmptyBeginLine && r1 !== 0x0a && r1 >= 0) return false;
  if (op & EmptyBeginText && r1 >= 0) return false;
  if (op & EmptyEndLine && r2 !== 0x0a && r2 >= 0) return false;
  if (op & EmptyEndText && r2 >= 0) return false;
  const boundary = isWordChar(r1) !== isWordChar(r2);
  if (op & EmptyWordBoundary && !boundary) return false;
  if (op & EmptyNoWordBoundary && boundary) return false;
  return true;
}

// ---- Pike VM

interface Thread {
  inst: Instruction;
  cap: number[];
}

/** The threads at one position, in priority order, at most one per instruction. */
class Queue {
  readonly sparse: Int32Array;
  dense: { pc: number; t: Thread | undefined }[] = [];
  constructor(size: number) {
    this.sparse = new Int32Array(size);
  }
  has(pc: number): boolean {
    const j = this.sparse[pc]!;
    return j < this.dense.length && this.dense[j]!.pc === pc;
  }
  clear(): void {
    this.dense = [];
  }
}

/** A compiled regular expression with Go's semantics. */
export class GoRegexp {
  /** Capture group names by group number; "" for unnamed groups and for group 0. */
  readonly subexpNames: readonly string[];
  readonly numSubexp: number;
  private readonly prog: Instruction[];
  private readonly start: number;
  private readonly numCap: number;

  private constructor(tree: Node) {
    const names: string[] = [""];
    const walk = (re: Node) => {
      if (re.op === Op.Capture) names[re.cap] = re.name;
      re.sub.forEach(walk);
    };
    walk(tree);
    let maxCap = 0;
    const count = (re: Node) => {
      if (re.op === Op.Capture) maxCap = Math.max(maxCap, re.cap);
      re.sub.forEach(count);
    };
    count(tree);
    for (let i = 0; i <= maxCap; i++) names[i] ??= "";
    this.subexpNames = names;
    this.numSubexp = maxCap;
    const compiler = new Compiler();
    const f = compiler.compile(simplify(tree));
    const match = compiler.prog.length;
    compiler.prog.push({ op: Inst.Match, out: 0, arg: 0, runes: [], fold: false });
    compiler.patch(f.out, match);
    this.prog = compiler.prog;
    this.start = f.i;
    this.numCap = Math.max(compiler.numCap, 2 * (maxCap + 1));
  }

  /** regexp.Compile; throws a RegexpSyntaxError with Go's message for a pattern Go refuses. */
  static compile(pattern: string): GoRegexp {
    return new GoRegexp(parse(pattern));
  }

  /**
   * The leftmost-first match starting the search at code point `pos` of `input`: capture
   * positions as pairs (-1 for groups that did not take part), or undefined.
   */
  private execute(input: readonly number[], pos: number): number[] | undefined {
    const n = input.length;
    const at = (i: number) => (i < n ? input[i]! : -1);
    let matched = false;
    let matchcap: number[] = new Array<number>(this.numCap).fill(-1);
    let runq = new Queue(this.prog.length);
    let nextq = new Queue(this.prog.length);

    const add = (q: Queue, pc: number, p: number, cap: number[], before: number, after: number): void => {
      if (pc === 0 || q.has(pc)) return;
      q.sparse[pc] = q.dense.length;
      const entry: { pc: number; t: Thread | undefined } = { pc, t: undefined };
      q.dense.push(entry);
      const inst = this.prog[pc]!;
      switch (inst.op) {
        case Inst.Fail:
          return;
        case Inst.Alt:
          add(q, inst.out, p, cap, before, after);
          add(q, inst.arg, p, cap, before, after);
          return;
        case Inst.EmptyWidth:
          if (emptyOpMatches(inst.arg, before, after)) add(q, inst.out, p, cap, before, after);
          return;
        case Inst.Nop:
          add(q, inst.out, p, cap, before, after);
          return;
        case Inst.Capture:
          if (inst.arg < cap.length) {
            const old = cap[inst.arg]!;
            cap[inst.arg] = p;
            add(q, inst.out, p, cap, before, after);
            cap[inst.arg] = old;
          } else {
            add(q, inst.out, p, cap, before, after);
          }
          return;
        default:
          entry.t = { inst, cap: cap.slice() };
      }
    };

    for (;;) {
      if (runq.dense.length === 0 && matched) break;
      const r = at(pos);
      if (!matched) {
        matchcap[0] = pos;
        add(runq, this.start, pos, matchcap, pos > 0 ? at(pos - 1) : -1, r);
      }
      // Step: run each thread over r, queueing its successors at pos + 1.
      const nextPos = r === -1 ? pos : pos + 1;
      const afterNext = at(nextPos);
      for (let j = 0; j < runq.dense.length; j++) {
        const t = runq.dense[j]!.t;
        if (!t) continue;
        const inst = t.inst;
        let advance = false;
        switch (inst.op) {
          case Inst.Match:
            t.cap[1] = pos;
            matchcap = t.cap.slice();
            matched = true;
            // Leftmost-first: the threads after this one have lower priority; drop them.
            j = runq.dense.length;
            continue;
          case Inst.Rune:
            advance = r >= 0 && matchRune(inst, r);
            break;
          case Inst.Rune1:
            advance = r === inst.runes[0];
            break;
          case Inst.RuneAny:
            advance = true;
            break;
          case Inst.RuneAnyNotNL:
            advance = r !== 0x0a;
            break;
        }
        if (advance) add(nextq, inst.out, nextPos, t.cap, r, afterNext);
      }
      runq.clear();
      if (r === -1) break;
      pos = nextPos;
      [runq, nextq] = [nextq, runq];
    }
    return matched ? matchcap.slice(0, 2 * (this.numSubexp + 1)) : undefined;
  }

  /** regexp.FindStringSubmatchIndex, in code point indexes. */
  findSubmatchIndex(input: readonly number[]): number[] | undefined {
    return this.execute(input, 0);
  }

  /** regexp.FindAllStringSubmatchIndex(s, -1), in code point indexes. */
  findAllSubmatchIndex(input: readonly number[]): number[][] {
    const out: number[][] = [];
    let prevMatchEnd = -1;
    for (let pos = 0; pos <= input.length; ) {
      const m = this.execute(input, pos);
      if (!m) break;
      let accept = true;
      if (m[1] === pos) {
        // An empty match right after the previous match is not a match of its own.
        if (m[0] === prevMatchEnd) accept = false;
        pos = pos < input.length ? pos + 1 : input.length + 1;
      } else {
        pos = m[1]!;
      }
      prevMatchEnd = m[1]!;
      if (accept) out.push(m);
    }
    return out;
  }

  /** regexp.ReplaceAllString: each match replaced by the template, with $n and ${name} expanded. */
  replaceAll(input: readonly number[], template: string): number[] {
    const out: number[] = [];
    let lastMatchEnd = 0;
    let searchPos = 0;
    const templateCps = Array.from(template, (c) => c.codePointAt(0)!);
    while (searchPos <= input.length) {
      const m = this.execute(input, searchPos);
      if (!m) break;
      for (let i = lastMatchEnd; i < m[0]!; i++) out.push(input[i]!);
      // No replacement for an empty match right after another match.
      if (m[1]! > lastMatchEnd || m[0] === 0) this.expand(out, templateCps, input, m);
      lastMatchEnd = m[1]!;
      if (searchPos + 1 > m[1]!) searchPos++;
      else searchPos = m[1]!;
    }
    for (let i = lastMatchEnd; i < input.length; i++) out.push(input[i]!);
    return out;
  }

  /** regexp.Expand: $$ is $; $name, ${name}, $1, ${1} are groups; anything else after $ is text. */
  private expand(
    out: number[],
    template: readonly number[],
    input: readonly number[],
    m: readonly number[],
  ): void {
    const DOLLAR = 0x24;
    let i = 0;
    while (i < template.length) {
      const c = template[i]!;
      if (c !== DOLLAR) {
        out.push(c);
        i++;
        continue;
      }
      i++;
      if (template[i] === DOLLAR) {
        out.push(DOLLAR);
        i++;
        continue;
      }
      const ref = extractReference(template, i);
      if (!ref) {
        out.push(DOLLAR);
        continue;
      }
      i = ref.next;
      const copyGroup = (g: number) => {
        for (let k = m[2 * g]!; k < m[2 * g + 1]!; k++) out.push(input[k]!);
      };
      if (ref.num >= 0) {
        if (2 * ref.num + 1 < m.length && m[2 * ref.num]! >= 0) copyGroup(ref.num);
      } else {
        for (let g = 0; g < this.subexpNames.length; g++) {
          if (ref.name === this.subexpNames[g] && 2 * g + 1 < m.length && m[2 * g]! >= 0) {
            copyGroup(g);
            break;
          }
        }
      }
    }
  }
}

/** Go's extract: the group a template names after a $ ("1", "name", "{name}"). */
function extractReference(
  template: readonly number[],
  start: number,
): { name: string; num: number; next: number } | undefined {
  let i = start;
  if (i >= template.length) return undefined;
  const brace = template[i] === 0x7b;
  if (brace) i++;
  const nameStart = i;
  while (i < template.length) {
    const c = template[i]!;
    if (!isLetter(c) && !isDigit(c) && c !== 0x5f) break;
    i++;
  }
  if (i === nameStart) return undefined;
  const nameCps = template.slice(nameStart, i);
  if (brace) {
    if (i >= template.length || template[i] !== 0x7d) return undefined;
    i++;
  }
  let num = 0;
  for (const c of nameCps) {
    // Go reads the name byte by byte, so any non-ASCII character makes it a name.
    if (c < 0x30 || c > 0x39 || num >= 1e8) {
      num = -1;
      break;
    }
    num = num * 10 + (c - 0x30);
  }
  if (nameCps[0] === 0x30 && nameCps.length > 1) num = -1;
  return { name: String.fromCodePoint(...nameCps), num, next: i };
}
