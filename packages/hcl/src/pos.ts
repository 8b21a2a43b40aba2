/**
 * Source positions and ranges, which every node and diagnostic carries.
 *
 * @packageDocumentation
 */
// Source positions and ranges, as hcl.Pos and hcl.Range: every node and diagnostic points
// at the bytes it came from so messages can quote the source.

/** A position in a source file: line and column 1-based, byte a 0-based offset. */
export interface Pos {
  readonly line: number;
  /** Counts grapheme clusters, not bytes or UTF-16 units, as hcl does. */
  readonly column: number;
  readonly byte: number;
}

/** A span of a source file; `end` is just past the last byte. */
export interface Range {
  readonly filename: string;
  readonly start: Pos;
  readonly end: Pos;
}

/** Where a file starts unless a caller says otherwise (hcl.InitialPos). */
export const initialPos: Pos = Object.freeze({ line: 1, column: 1, byte: 0 });

/** From the start of `a` to the end of `b` (hcl.RangeBetween). */
export function rangeBetween(a: Range, b: Range): Range {
  return { filename: a.filename, start: a.start, end: b.end };
}

/** The smallest range covering both; an empty range counts as absent (hcl.RangeOver). */
export function rangeOver(a: Range, b: Range): Range {
  if (a.start.byte === a.end.byte) return b;
  if (b.start.byte === b.end.byte) return a;
  return {
    filename: a.filename,
    start: a.start.byte < b.start.byte ? a.start : b.start,
    end: a.end.byte > b.end.byte ? a.end : b.end,
  };
}

/** Whether the position's byte lies inside the range (end exclusive). */
export function rangeContains(r: Range, p: Pos): boolean {
  return p.byte >= r.start.byte && p.byte < r.end.byte;
}

/** "file.hcl:1,3-7", or "file.hcl:1,3-2,4" across lines, as hcl.Range.String(). */
export function formatRange(r: Range): string {
  if (r.start.line === r.end.line) return `${r.filename}:${r.start.line},${r.start.column}-${r.end.column}`;
  return `${r.filename}:${r.start.line},${r.start.column}-${r.end.line},${r.end.column}`;
}

/** An empty range at a position. */
export function rangeAt(filename: string, p: Pos): Range {
  return { filename, start: p, end: p };
}
