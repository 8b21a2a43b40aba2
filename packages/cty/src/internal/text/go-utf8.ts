// Go strings are bytes. The Go code go-cty relies on (encoding/json, encoding/csv, time.Parse,
// strconv's quoting) slices its input by byte and decodes UTF-8 as Go's utf8 package does,
// one invalid byte at a time. These helpers let ours do the same on the UTF-8 bytes of a JS
// string.

const encoder = new TextEncoder();
// ignoreBOM: a leading U+FEFF is text to be kept (Go has no byte order marks), not one to drop.
const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

/** The UTF-8 bytes of a string (a lone surrogate becomes U+FFFD, as Go would hold it). */
export function utf8Bytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Bytes as text; invalid sequences become U+FFFD. */
export function utf8Text(bytes: Uint8Array, start = 0, end = bytes.length): string {
  return decoder.decode(bytes.subarray(start, end));
}

/**
 * Go's utf8.DecodeRune: the code point at `i` and its length in bytes, or U+FFFD of width 1
 * where the bytes there are not a valid, shortest, non-surrogate encoding.
 */
export function decodeRune(bytes: Uint8Array, i: number): { rune: number; width: number } {
  const invalid = { rune: 0xfffd, width: 1 };
  const b0 = bytes[i];
  if (b0 === undefined) return invalid;
  if (b0 < 0x80) return { rune: b0, width: 1 };
  const continuation = (k: number, lo = 0x80, hi = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi ? b & 0x3f : undefined;
  };
  if (b0 >= 0xc2 && b0 <= 0xdf) {
    const c1 = continuation(1);
    return c1 === undefined ? invalid : { rune: ((b0 & 0x1f) << 6) | c1, width: 2 };
  }
  if (b0 >= 0xe0 && b0 <= 0xef) {
    // E0 must not encode below U+0800; ED must not encode a surrogate.
    const c1 = continuation(1, b0 === 0xe0 ? 0xa0 : 0x80, b0 === 0xed ? 0x9f : 0xbf);
    const c2 = c1 === undefined ? undefined : continuation(2);
    if (c1 === undefined || c2 === undefined) return invalid;
    return { rune: ((b0 & 0x0f) << 12) | (c1 << 6) | c2, width: 3 };
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const c1 = continuation(1, b0 === 0xf0 ? 0x90 : 0x80, b0 === 0xf4 ? 0x8f : 0xbf);
    const c2 = c1 === undefined ? undefined : continuation(2);
    const c3 = c2 === undefined ? undefined : continuation(3);
    if (c1 === undefined || c2 === undefined || c3 === undefined) return invalid;
    return { rune: ((b0 & 0x07) << 18) | (c1 << 12) | (c2 << 6) | c3, width: 4 };
  }
  return invalid;
}
