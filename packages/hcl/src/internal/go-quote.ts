// Go's %q (strconv.Quote), which hcl's messages quote names and values with. Printable
// characters stay as they are, the rest is escaped as Go escapes it. "Printable" follows the
// JS engine's Unicode tables, which are newer than Go's: only characters assigned since
// Unicode 15 could be quoted differently.

const plainAscii = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

const hex = (n: number, width: number): string => n.toString(16).padStart(width, "0");

/** A string quoted as Go's `strconv.Quote` does, the form HCL's messages quote names and keys in. */
export function goQuote(s: string): string {
  if (plainAscii.test(s)) return `"${s}"`;
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      // A lone surrogate reaches Go as U+FFFD, which is printable.
      out += "\ufffd";
      continue;
    }
    switch (ch) {
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "\x07":
        out += "\\a";
        continue;
      case "\b":
        out += "\\b";
        continue;
      case "\f":
        out += "\\f";
        continue;
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case "\v":
        out += "\\v";
        continue;
    }
    if (printable.test(ch)) out += ch;
    else if (cp < 0x80) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x10000) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}

/** %q of raw bytes: a byte that starts no valid UTF-8 sequence is written `\xNN`. */
export function goQuoteBytes(bytes: Uint8Array): string {
  let out = '"';
  let i = 0;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  while (i < bytes.length) {
    const c = bytes[i]!;
    const n =
      c < 0x80 ? 1 : c >= 0xc2 && c < 0xe0 ? 2 : c >= 0xe0 && c < 0xf0 ? 3 : c >= 0xf0 && c < 0xf5 ? 4 : 0;
    let ch: string | undefined;
    if (n > 0 && i + n <= bytes.length) {
      try {
        ch = decoder.decode(bytes.subarray(i, i + n));
      } catch {
        ch = undefined;
      }
    }
    if (ch === undefined) {
      out += `\\x${c.toString(16).padStart(2, "0")}`;
      i++;
      continue;
    }
    out += goQuote(ch).slice(1, -1);
    i += n;
  }
  return `${out}"`;
}
