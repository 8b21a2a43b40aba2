// Strings that are not valid UTF-8, held as go-cty holds them. A Go string is bytes, and
// go-cty's msgpack decoder keeps a str's bytes as they came (ff fe c3 28 is written back as
// ff fe c3 28; its JSON has U+FFFD for each of the three bad bytes). A JS string cannot hold
// such bytes, so each byte that does not start a valid UTF-8 sequence is held as a lone low
// surrogate, U+DC80 to U+DCFF for the bytes 80 to FF (the "surrogateescape" of other
// languages), and written back as that byte. Valid UTF-8 never yields a lone surrogate, so
// the two never mix, and everything that writes a lone surrogate as U+FFFD (JSON, Go's
// quoting) shows these bytes as go-cty does.
import { decodeRune, utf8Text } from "./go-utf8.js";

const encoder = new TextEncoder();

/** The first byte in start..end that does not begin a valid UTF-8 sequence, or -1. */
function firstInvalid(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  while (i < end) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    const { width } = decodeRune(bytes.subarray(0, end), i);
    if (width === 1) return i;
    i += width;
  }
  return -1;
}

/** The bytes as a string, invalid bytes held as U+DC80..U+DCFF; undefined when all are valid. */
export function escapedUtf8Text(bytes: Uint8Array, start: number, end: number): string | undefined {
  let bad = firstInvalid(bytes, start, end);
  if (bad < 0) return undefined;
  const window = bytes.subarray(0, end);
  let out = "";
  let from = start;
  while (bad >= 0) {
    out += utf8Text(bytes, from, bad) + String.fromCharCode(0xdc00 | bytes[bad]!);
    from = bad + 1;
    bad = from < end ? firstInvalid(window, from, end) : -1;
  }
  return out + utf8Text(bytes, from, end);
}

/** Whether the string holds a lone low surrogate for an escaped byte. */
function holdsEscapedByte(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      continue;
    }
    if (c >= 0xdc80 && c <= 0xdcff) return true;
  }
  return false;
}

/** The UTF-8 bytes of a string, each escaped byte (a lone U+DC80..U+DCFF) as the byte it holds. */
export function escapedUtf8Bytes(s: string): Uint8Array {
  if (!holdsEscapedByte(s)) return encoder.encode(s);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      continue;
    }
    if (c < 0xdc80 || c > 0xdcff) continue;
    parts.push(encoder.encode(s.slice(from, i)), Uint8Array.of(c & 0xff));
    from = i + 1;
  }
  parts.push(encoder.encode(s.slice(from)));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
