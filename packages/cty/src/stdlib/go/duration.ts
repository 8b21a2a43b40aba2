// Go standard library, package time: ParseDuration, and the quoting the time package uses in
// its error messages (timeQuote), reimplemented for go-cty's timeadd.
//
// Go's time.ParseDuration, giving int64 nanoseconds: an optional sign, then one or more
// number-and-unit pairs, where a number may have a fractional part ("1h30m", "-1.5h",
// "300ms", "2us", "2µs").
// Integer parts are exact; a fraction is scaled through float64 as Go does, and the total
// may not pass 2^63 - 1 (or below -2^63), checked as Go checks it (in a uint64 that can wrap).
import { utf8Bytes, utf8Text } from "../../internal/text/go-utf8.js";

const units: ReadonlyMap<string, bigint> = new Map([
  ["ns", 1n],
  ["us", 1_000n],
  ["µs", 1_000n], // U+00B5 micro sign
  ["μs", 1_000n], // U+03BC Greek small letter mu
  ["ms", 1_000_000n],
  ["s", 1_000_000_000n],
  ["m", 60_000_000_000n],
  ["h", 3_600_000_000_000n],
]);

const twoTo63 = 2n ** 63n;
const twoTo64 = 2n ** 64n;

const isDigitByte = (c: number | undefined) => c !== undefined && c >= 0x30 && c <= 0x39;

/** The duration in nanoseconds, or an Error with Go's message. */
export function parseGoDuration(text: string): bigint {
  const original = utf8Bytes(text);
  const invalid = () => new Error(`time: invalid duration ${timeQuote(original)}`);
  let s = original;
  let negative = false;
  if (s[0] === 0x2d || s[0] === 0x2b) {
    negative = s[0] === 0x2d;
    s = s.subarray(1);
  }
  if (s.length === 1 && s[0] === 0x30) return 0n;
  if (s.length === 0) throw invalid();
  let total = 0n;
  while (s.length > 0) {
    if (!(s[0] === 0x2e || isDigitByte(s[0]))) throw invalid();
    // The integer part: more than 2^63 is an error.
    let i = 0;
    let whole = 0n;
    for (; isDigitByte(s[i]); i++) {
      if (whole > twoTo63 / 10n) throw invalid();
      whole = whole * 10n + BigInt(s[i]! - 0x30);
      if (whole > twoTo63) throw invalid();
    }
    const hadWhole = i > 0;
    s = s.subarray(i);
    // The fraction: digits past what fits in 2^63 are read but ignored.
    let fraction = 0n;
    let scale = 1;
    let hadFraction = false;
    if (s[0] === 0x2e) {
      s = s.subarray(1);
      let overflow = false;
      let k = 0;
      for (; isDigitByte(s[k]); k++) {
        if (overflow) continue;
        if (fraction > (twoTo63 - 1n) / 10n) {
          overflow = true;
          continue;
        }
        const next = fraction * 10n + BigInt(s[k]! - 0x30);
        if (next > twoTo63) {
          overflow = true;
          continue;
        }
        fraction = next;
        scale *= 10;
      }
      hadFraction = k > 0;
      s = s.subarray(k);
    }
    if (!hadWhole && !hadFraction) throw invalid();
    // The unit runs to the next '.' or digit.
    let u = 0;
    while (u < s.length && !(s[u] === 0x2e || isDigitByte(s[u]))) u++;
    if (u === 0) throw new Error(`time: missing unit in duration ${timeQuote(original)}`);
    const unitText = utf8Text(s, 0, u);
    const unit = units.get(unitText);
    if (unit === undefined) {
      throw new Error(`time: unknown unit ${timeQuote(s.subarray(0, u))} in duration ${timeQuote(original)}`);
    }
    s = s.subarray(u);
    if (whole > twoTo63 / unit) throw invalid();
    let v = whole * unit;
    if (fraction > 0n) {
      // Go: v += uint64(float64(f) * (float64(unit) / scale)), in float64 arithmetic.
      v += BigInt(Math.trunc(Number(fraction) * (Number(unit) / scale)));
      if (v > twoTo63) throw invalid();
    }
    // Go adds in a uint64, which wraps: 2^63 + 2^63 (both allowed alone) is 0, and parsing
    // goes on from there.
    total = (total + v) % twoTo64;
    if (total > twoTo63) throw invalid();
  }
  if (negative) return -total;
  if (total > twoTo63 - 1n) throw invalid();
  return total;
}

/**
 * The time package's own quoting (not strconv's): '"' and '\\' escaped, and every byte
 * outside printable ASCII written as \xNN.
 */
export function timeQuote(bytes: Uint8Array): string {
  let out = '"';
  for (const c of bytes) {
    if (c < 0x20 || c >= 0x80) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else out += c === 0x22 || c === 0x5c ? `\\${String.fromCharCode(c)}` : String.fromCharCode(c);
  }
  return `${out}"`;
}
