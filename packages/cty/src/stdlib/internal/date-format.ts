// The tokens of a formatdate format string, as go-cty cuts them: a bufio.Scanner with its own
// split function over the format's bytes. A token is a run of one repeated ASCII letter (a
// verb such as "YYYY"), a quoted literal ('like this', with '' for a quote inside), or any
// other run of bytes (a literal as it is). The scanner is reproduced with its buffer: it reads
// 4096 bytes at first, doubles its buffer as a token needs, and gives up silently on a token
// longer than 64 KiB (go-cty ignores the scanner's error, so the output simply stops there).

const QUOTE = 0x27;
const startBufferSize = 4096;
const maxTokenSize = 64 * 1024;

export const startsVerb = (c: number) => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);

/** go-cty's splitDateFormat: how much to consume and the token, or 0 to ask for more data. */
function split(data: Uint8Array, atEOF: boolean): { advance: number; token?: Uint8Array } {
  if (data.length === 0) return { advance: 0 };
  const first = data[0]!;
  if (first === QUOTE) {
    if (data.length > 1 && data[1] === QUOTE) return { advance: 2, token: data.subarray(0, 2) };
    for (let i = 1; i < data.length; i++) {
      if (data[i] !== QUOTE) continue;
      if (i + 1 === data.length) {
        // A quote at the end of the data: the closing one, or the first half of ''.
        return atEOF ? { advance: data.length, token: data } : { advance: 0 };
      }
      if (data[i + 1] === QUOTE) {
        i++;
        continue;
      }
      return { advance: i + 1, token: data.subarray(0, i + 1) };
    }
    return atEOF ? { advance: data.length, token: data } : { advance: 0 };
  }
  if (startsVerb(first)) {
    for (let i = 1; i < data.length; i++) {
      if (data[i] !== first) return { advance: i, token: data.subarray(0, i) };
    }
    return atEOF ? { advance: data.length, token: data } : { advance: 0 };
  }
  for (let i = 1; i < data.length; i++) {
    if (data[i] === QUOTE || startsVerb(data[i]!)) return { advance: i, token: data.subarray(0, i) };
  }
  return { advance: data.length, token: data };
}

/** The tokens bufio.Scanner hands go-cty, in order, until the input ends or a token is too long. */
export function* dateFormatTokens(input: Uint8Array): Generator<Uint8Array> {
  // The scanner's buffer holds input[base + start, base + end); its size is bufferSize.
  let base = 0;
  let start = 0;
  let end = 0;
  let bufferSize = 0;
  let atEOF = false;
  for (;;) {
    if (end > start || atEOF) {
      const { advance, token } = split(input.subarray(base + start, base + end), atEOF);
      start += advance;
      if (token !== undefined) {
        yield token;
        continue;
      }
    }
    if (atEOF) return;
    if (start > 0 && (end === bufferSize || start > bufferSize / 2)) {
      base += start;
      end -= start;
      start = 0;
    }
    if (end === bufferSize) {
      if (bufferSize >= maxTokenSize) return; // bufio.ErrTooLong, which go-cty never looks at
      bufferSize = Math.min(bufferSize === 0 ? startBufferSize : bufferSize * 2, maxTokenSize);
      base += start;
      end -= start;
      start = 0;
    }
    const available = input.length - (base + end);
    if (available === 0) atEOF = true;
    else end += Math.min(bufferSize - end, available);
  }
}
