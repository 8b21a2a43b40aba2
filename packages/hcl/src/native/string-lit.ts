// The text of a string literal token: escapes (\n, \u00e9, ...) in quoted strings and the
// template escapes $${ and %%{ in all literals, with hcl's diagnostics for bad escapes.

import type { Diagnostic } from "../diagnostic.js";
import { goQuoteBytes } from "../internal/go-quote.js";
import type { Pos, Range } from "../pos.js";
import { advanceOver } from "./scanner.js";

const utf8 = new TextDecoder("utf-8", { fatal: false });

const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46));

/** The length of the UTF-8 sequence at i as hcl's machines read one (structure only), or 0. */
function seqLength(b: Uint8Array, i: number, end: number): number {
  const c = b[i]!;
  const n = c < 0x80 ? 1 : c < 0xc0 ? 0 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : c < 0xf8 ? 4 : 0;
  if (n === 0 || i + n > end) return 0;
  for (let k = 1; k < n; k++) if ((b[i + k]! & 0xc0) !== 0x80) return 0;
  return n;
}

/** The slices hcl's string-literal scanner cuts a token into: escapes, newlines and runs of text. */
function slices(b: Uint8Array, start: number, end: number, quoted: boolean): [number, number][] {
  const out: [number, number][] = [];
  let textStart = start;
  let p = start;
  const token = (te: number): void => {
    if (textStart < p) out.push([textStart, p]);
    out.push([p, te]);
    p = te;
    textStart = te;
  };
  while (p < end) {
    const c = b[p]!;
    if (quoted && c === 0x5c) {
      const sel = b[p + 1];
      if (p + 1 < end && (sel === 0x75 || sel === 0x55)) {
        const max = sel === 0x75 ? 4 : 8;
        let q = p + 2;
        while (q < end && q - (p + 2) < max && isHex(b[q])) q++;
        token(q);
      } else if (p + 1 < end) {
        const n = seqLength(b, p + 1, end);
        token(p + 1 + n);
      } else {
        token(p + 1);
      }
      continue;
    }
    if (c === 0x24 || c === 0x25) {
      let q = p + 1;
      if (q < end && b[q] === c) {
        q++;
        if (q < end && b[q] === 0x7b) q++;
      }
      token(q);
      continue;
    }
    if (c === 0x0d) {
      token(p + 1 < end && b[p + 1] === 0x0a ? p + 2 : p + 1);
      continue;
    }
    if (c === 0x0a) {
      token(p + 1);
      continue;
    }
    p++;
  }
  if (textStart < end) out.push([textStart, end]);
  return out;
}

/**
 * The value of a QuotedLit (`quoted`) or StringLit token's bytes [start, end), whose range
 * begins at `startPos`. Invalid escapes give diagnostics (and are kept as written).
 */
export function parseStringLiteral(
  b: Uint8Array,
  start: number,
  end: number,
  quoted: boolean,
  filename: string,
  startPos: Pos,
): { value: string; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const out: number[] = [];
  const push = (s: number, e: number): void => {
    for (let i = s; i < e; i++) out.push(b[i]!);
  };
  let endPos: Pos = startPos;
  const invalid = (detail: string, subject: Range): void => {
    diagnostics.push({ severity: "error", summary: "Invalid escape sequence", detail, subject });
  };
  for (const [s, e] of slices(b, start, end, quoted)) {
    if (s === e) continue;
    const sliceStart = endPos;
    // hcl advances its range by grapheme clusters, a cluster starting with CR or LF ending a line.
    const { line, column } = advanceOver(b, s, e, sliceStart.line, sliceStart.column);
    endPos = { line, column, byte: sliceStart.byte + (e - s) };
    const rng: Range = { filename, start: sliceStart, end: endPos };
    const c = b[s]!;
    if (c === 0x5c && quoted) {
      if (e - s < 2) {
        invalid("Backslash must be followed by an escape sequence selector character.", rng);
        push(s, e);
        continue;
      }
      const sel = b[s + 1]!;
      const simple: Record<number, number> = { 110: 0x0a, 114: 0x0d, 116: 0x09, 34: 0x22, 92: 0x5c };
      if (simple[sel] !== undefined) {
        out.push(simple[sel]!);
        continue;
      }
      if (sel === 0x75 || sel === 0x55) {
        const want = sel === 0x75 ? 6 : 10;
        if (e - s !== want) {
          invalid(
            sel === 0x75
              ? "The \\u escape sequence must be followed by four hexadecimal digits."
              : "The \\U escape sequence must be followed by eight hexadecimal digits.",
            rng,
          );
          push(s, e);
          continue;
        }
        const cp = Number.parseInt(utf8.decode(b.subarray(s + 2, e)), 16);
        if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
          invalid(`Cannot encode character U+${cp.toString(16).padStart(4, "0")} in UTF-8.`, rng);
          push(s, e);
          continue;
        }
        out.push(...new TextEncoder().encode(String.fromCodePoint(cp)));
        continue;
      }
      invalid(
        `The symbol ${goQuoteBytes(b.subarray(s + 1, e))} is not a valid escape sequence selector.`,
        rng,
      );
      push(s + 1, e);
      continue;
    }
    if ((c === 0x24 || c === 0x25) && e - s === 3 && b[s + 1] === c && b[s + 2] === 0x7b) {
      out.push(c, 0x7b);
      continue;
    }
    push(s, e);
  }
  return { value: utf8.decode(new Uint8Array(out)), diagnostics };
}
