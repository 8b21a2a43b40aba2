// Canonical layout of a token sequence, as hclwrite.Format and `terraform fmt` lay HCL out:
// only the spaces before tokens change. Each line is cut into up to three cells (what leads,
// an attribute's `= value`, a trailing comment); lines are indented two spaces per open
// bracket level, tokens inside a cell are spaced by rules on the token types around them, and
// the `=` and comment cells of consecutive lines are aligned in columns.

import { clusterEnd } from "../native/scanner-graphemes.js";
import type { Token, TokenType } from "../native/token.js";

/** A token as the layout sees it: its type, its bytes, and the spaces to write before it. */
export interface LayoutToken {
  readonly type: TokenType;
  readonly bytes: Uint8Array;
  spacesBefore: number;
}

interface Line {
  lead: LayoutToken[];
  assign: LayoutToken[] | undefined;
  comment: LayoutToken[] | undefined;
}

/**
 * Scanned tokens as hclwrite holds them: their bytes, and the bytes between one token and the
 * previous one counted as spaces (a leading BOM too, which is how a BOM disappears from
 * formatted text).
 */
export function layoutTokens(src: Uint8Array, scanned: readonly Token[]): LayoutToken[] {
  const tokens: LayoutToken[] = [];
  let lastEnd = 0;
  for (const t of scanned) {
    tokens.push({
      type: t.type,
      bytes: src.subarray(t.start, t.end),
      spacesBefore: t.range.start.byte - lastEnd,
    });
    lastEnd = t.range.end.byte;
  }
  return tokens;
}

/** Rewrites the tokens' spacesBefore in place to the canonical layout. */
export function layOut(tokens: readonly LayoutToken[]): void {
  const lines = linesOf(tokens);
  indent(lines);
  spaceWithinCells(lines);
  alignCells(lines);
}

/** The tokens written out with their spaces. */
export function writeTokens(tokens: readonly LayoutToken[]): Uint8Array {
  let size = 0;
  for (const t of tokens) size += t.spacesBefore + t.bytes.length;
  const out = new Uint8Array(size);
  let p = 0;
  for (const t of tokens) {
    out.fill(0x20, p, p + t.spacesBefore);
    p += t.spacesBefore;
    out.set(t.bytes, p);
    p += t.bytes.length;
  }
  return out;
}

// A line comment (# or //) takes its newline with it, so it ends a line as a newline does.
function endsLine(t: LayoutToken): boolean {
  if (t.type === "Newline") return true;
  return t.type === "Comment" && t.bytes.length > 0 && t.bytes[t.bytes.length - 1] === 0x0a;
}

function bracketChange(t: LayoutToken): number {
  switch (t.type) {
    case "OBrace":
    case "OBrack":
    case "OParen":
    case "TemplateControl":
    case "TemplateInterp":
      return 1;
    case "CBrace":
    case "CBrack":
    case "CParen":
    case "TemplateSeqEnd":
      return -1;
    default:
      return 0;
  }
}

function linesOf(tokens: readonly LayoutToken[]): Line[] {
  const lines: Line[] = [];
  let start = 0;
  let ended = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.type === "EOF") {
      // EOF belongs to no line: the spaces before it (trailing spaces of a file with no final
      // newline) stay as they were.
      lines.push({ lead: tokens.slice(start, i), assign: undefined, comment: undefined });
      ended = true;
      break;
    }
    if (endsLine(t)) {
      lines.push({ lead: tokens.slice(start, i + 1), assign: undefined, comment: undefined });
      start = i + 1;
    }
  }
  if (!ended) lines.push({ lead: tokens.slice(start), assign: undefined, comment: undefined });

  for (const line of lines) {
    if (line.lead.length === 0) continue;
    if (line.lead.length > 1 && line.lead[line.lead.length - 1]!.type === "Comment") {
      line.comment = line.lead.slice(-1);
      line.lead = line.lead.slice(0, -1);
    }
    for (let i = 1; i < line.lead.length; i++) {
      if (line.lead[i]!.type !== "Equal") continue;
      // Only a right-hand side that closes all it opens on this line is a cell to align: one
      // that opens a multi-line value stays in the lead.
      let net = 0;
      for (let k = i; k < line.lead.length; k++) net += bracketChange(line.lead[k]!);
      if (net === 0) {
        line.assign = line.lead.slice(i);
        line.lead = line.lead.slice(0, i);
      }
      break;
    }
  }
  return lines;
}

function indent(lines: readonly Line[]): void {
  // How many brackets each indentation level opened: a line that closes several levels'
  // worth (or part of one) dedents as far as that, and unbalanced input cannot drift.
  const levels: number[] = [];
  for (const line of lines) {
    const first = line.lead[0];
    if (first === undefined) continue;
    if (first.type === "Newline") {
      first.spacesBefore = 0;
      continue;
    }
    let net = 0;
    for (const t of line.lead) {
      net += bracketChange(t);
      // A heredoc's content is not bracketing.
      if (t.type === "OHeredoc") break;
    }
    for (const t of line.assign ?? []) net += bracketChange(t);
    if (net > 0) {
      first.spacesBefore = 2 * levels.length;
      levels.push(net);
    } else {
      let closed = -net;
      while (closed > 0 && levels.length > 0) {
        const top = levels[levels.length - 1]!;
        if (closed > top) {
          closed -= top;
          levels.pop();
        } else if (closed < top) {
          levels[levels.length - 1] = top - closed;
          closed = 0;
        } else {
          levels.pop();
          closed = 0;
        }
      }
      first.spacesBefore = 2 * levels.length;
    }
  }
}

const nil: LayoutToken = { type: "Nil", bytes: new Uint8Array(0), spacesBefore: 0 };

function spaceWithinCells(lines: readonly Line[]): void {
  for (const line of lines) {
    spaceCell(line.lead);
    if (line.assign) {
      // One space separates `=` from what precedes it (alignment widens it later).
      line.assign[0]!.spacesBefore = 1;
      spaceCell(line.assign);
    }
  }
}

function spaceCell(cell: readonly LayoutToken[]): void {
  for (let i = 0; i + 1 < cell.length; i++) {
    const after = cell[i + 1]!;
    after.spacesBefore = spaceAfter(cell[i]!, i > 0 ? cell[i - 1]! : nil, after) ? 1 : 0;
  }
}

const isKeywordIn = (t: LayoutToken) =>
  t.type === "Ident" && t.bytes.length === 2 && t.bytes[0] === 0x69 && t.bytes[1] === 0x6e;

/** Whether one space goes between `subject` and `after`, given the token `before` the subject. */
function spaceAfter(subject: LayoutToken, before: LayoutToken, after: LayoutToken): boolean {
  const s = subject.type;
  const a = after.type;
  if (a === "Newline" || a === "Nil") return false;
  if (s === "Ident" && a === "OParen") return false; // a function call's name and its "("
  if ((s === "Ident" && a === "DoubleColon") || (s === "DoubleColon" && a === "Ident")) return false;
  if (s === "Dot" || a === "Dot") return false;
  if (a === "Comma" || a === "Ellipsis") return false;
  if (s === "Comma") return true;
  if (
    s === "QuotedLit" ||
    s === "StringLit" ||
    s === "OQuote" ||
    s === "OHeredoc" ||
    a === "QuotedLit" ||
    a === "StringLit" ||
    a === "CQuote" ||
    a === "CHeredoc"
  ) {
    return false; // template text keeps its own spacing
  }
  // `in` after a name is the for-expression keyword, even before a tuple: `in [x]`.
  if (isKeywordIn(subject) && before.type === "Ident") return true;
  if (a === "OBrack" && (s === "Ident" || s === "NumberLit" || bracketChange(subject) < 0)) return false;
  if (s === "Bang") return false;
  if (s === "Minus") return !minusIsNegation(before);
  if (s === "OBrace" || a === "CBrace") return !(s === "OBrace" && a === "CBrace");
  if ((s === "TemplateInterp" || s === "TemplateControl") && a === "OBrace") return true;
  if (s === "CBrace" && a === "TemplateSeqEnd") return true;
  if (s === "TemplateSeqEnd" && (a === "TemplateInterp" || a === "TemplateControl")) return false;
  if (bracketChange(subject) > 0) return false;
  if (bracketChange(after) < 0) return false;
  return true;
}

/** A minus is taken for negation (no space after) unless what precedes could end an operand. */
function minusIsNegation(before: LayoutToken): boolean {
  switch (before.type) {
    case "Nil":
    case "OParen":
    case "OBrace":
    case "OBrack":
    case "Equal":
    case "Colon":
    case "Comma":
    case "Question":
    case "Plus":
    case "Star":
    case "Slash":
    case "Percent":
    case "Minus":
    case "EqualOp":
    case "NotEqual":
    case "GreaterThan":
    case "GreaterThanEq":
    case "LessThan":
    case "LessThanEq":
    case "And":
    case "Or":
    case "Bang":
      return true;
    default:
      return false;
  }
}

/** Columns a cell takes: its spaces, and one column per grapheme cluster as go-textseg splits bytes. */
function columns(cell: readonly LayoutToken[]): number {
  let n = 0;
  for (const t of cell) {
    n += t.spacesBefore;
    for (let i = 0; i < t.bytes.length; n++) i = clusterEnd(t.bytes, i, t.bytes.length);
  }
  return n;
}

function alignCells(lines: readonly Line[]): void {
  alignRuns(
    lines,
    (l) => l.assign,
    (l) => columns(l.lead),
  );
  // After the `=` cells moved: comments align to what now precedes them.
  alignRuns(
    lines,
    (l) => l.comment,
    (l) => columns(l.lead) + (l.assign ? columns(l.assign) : 0),
  );
}

/** Aligns the chosen cell of each run of consecutive lines that have one, one column past the widest. */
function alignRuns(
  lines: readonly Line[],
  cell: (l: Line) => LayoutToken[] | undefined,
  width: (l: Line) => number,
): void {
  let runStart = -1;
  let widest = 0;
  const close = (end: number) => {
    for (let k = runStart; k < end; k++) {
      const l = lines[k]!;
      cell(l)![0]!.spacesBefore = widest - width(l) + 1;
    }
    runStart = -1;
    widest = 0;
  };
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (cell(l) === undefined) {
      if (runStart !== -1) close(i);
      continue;
    }
    if (runStart === -1) runStart = i;
    widest = Math.max(widest, width(l));
  }
  if (runStart !== -1) close(lines.length);
}
