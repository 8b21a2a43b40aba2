// Go standard library, packages fmt and math/big: Sprintf's reading of a verb's flags, width
// and precision, and the Format methods of *big.Float and *big.Int, reimplemented for
// go-cty's format and formatlist.
//
// Numbers formatted as go-cty's format function formats them: it hands each number to Go's
// fmt.Sprintf as a *big.Float (for %e %E %f %g %G) or a *big.Int (for %b %d %o %x %X). The
// digits are big.Float's own Text (internal/numbers/bigfloat-text.ts); this is the part of fmt's
// verb parsing those calls reach, flags, width and padding included.
import type { BigFloat } from "../../internal/numbers/bigfloat.js";
import { floatText, type TextFormat } from "../../internal/numbers/bigfloat-text.js";

// ---- fmt.Sprintf with one verb and one *big.Float or *big.Int argument

interface FmtState {
  minus: boolean;
  plus: boolean;
  sharp: boolean;
  space: boolean;
  zero: boolean;
  width?: number;
  precision?: number;
}

/** fmt's parsenum: digits at s[i] (up to 10^6 and a digit); `tooLarge` where fmt gives up. */
function parseNumber(s: string, i: number): { n?: number; next: number; tooLarge?: true } {
  let n = 0;
  let any = false;
  let j = i;
  for (; j < s.length && s[j]! >= "0" && s[j]! <= "9"; j++) {
    if (n > 1e6) return { next: s.length, tooLarge: true };
    n = n * 10 + (s.charCodeAt(j) - 48);
    any = true;
  }
  return any ? { n, next: j } : { next: j };
}

/**
 * fmt.Sprintf(verb, arg) where verb is "%" flags width? (.precision)? letter, as go-cty's
 * format hands it over, and `write` formats the argument for the parsed state (its Format
 * method). `describe` is how fmt prints the argument after a broken verb.
 */
function sprintf(
  verb: string,
  write: (state: FmtState, letter: string) => string,
  describe: () => string,
): string {
  const state: FmtState = { minus: false, plus: false, sharp: false, space: false, zero: false };
  let i = 1;
  for (; i < verb.length; i++) {
    const c = verb[i]!;
    if (c === "#") state.sharp = true;
    else if (c === "0") state.zero = true;
    else if (c === "+") state.plus = true;
    else if (c === "-") state.minus = true;
    else if (c === " ") state.space = true;
    else break;
  }
  const width = parseNumber(verb, i);
  i = width.next;
  if (width.n !== undefined) state.width = width.n;
  if (i + 1 < verb.length && verb[i] === ".") {
    const precision = parseNumber(verb, i + 1);
    i = precision.next;
    state.precision = precision.n ?? 0;
  }
  if (i >= verb.length) {
    // fmt found no verb (a number too large to read ate the rest), and says so, then
    // reports the argument it did not use.
    return `%!(NOVERB)%!(EXTRA ${describe()})`;
  }
  return write(state, verb[i]!);
}

function pad(n: number): string {
  return n > 0 ? " ".repeat(n) : "";
}

/** fmt.Sprintf(verb, x) for a *big.Float x and a verb ending in e, E, f, g or G. */
export function sprintfFloat(verb: string, x: BigFloat): string {
  return sprintf(
    verb,
    (state, letter) => {
      const format = letter as TextFormat;
      let prec = state.precision ?? 6;
      if ((format === "g" || format === "G") && state.precision === undefined) prec = -1;
      let body = floatText(x, format, prec);
      let sign = "";
      if (body[0] === "-") {
        sign = "-";
        body = body.slice(1);
      } else if (body[0] === "+") {
        sign = state.space ? " " : "+";
        body = body.slice(1);
      } else if (state.plus) {
        sign = "+";
      } else if (state.space) {
        sign = " ";
      }
      const padding =
        state.width !== undefined && state.width > sign.length + body.length
          ? state.width - sign.length - body.length
          : 0;
      if (state.zero && !x.isInf()) return sign + "0".repeat(padding) + body;
      if (state.minus) return sign + body + pad(padding);
      return pad(padding) + sign + body;
    },
    () => `*big.Float=${floatText(x, "g", -1)}`,
  );
}

/** fmt.Sprintf(verb, n) for a *big.Int n and a verb ending in b, d, o, x or X. */
export function sprintfInteger(verb: string, n: bigint): string {
  return sprintf(
    verb,
    (state, letter) => {
      const base = letter === "b" ? 2 : letter === "o" ? 8 : letter === "x" || letter === "X" ? 16 : 10;
      const sign = n < 0n ? "-" : state.plus ? "+" : state.space ? " " : "";
      let prefix = "";
      if (state.sharp) {
        prefix =
          letter === "b" ? "0b" : letter === "o" ? "0" : letter === "x" ? "0x" : letter === "X" ? "0X" : "";
      }
      let digits = (n < 0n ? -n : n).toString(base);
      if (letter === "X") digits = digits.toUpperCase();
      let zeros = 0;
      if (state.precision !== undefined) {
        if (digits.length < state.precision) zeros = state.precision - digits.length;
        else if (digits === "0" && state.precision === 0) return "";
      }
      const length = sign.length + prefix.length + zeros + digits.length;
      let left = 0;
      let right = 0;
      if (state.width !== undefined && length < state.width) {
        const d = state.width - length;
        if (state.minus) right = d;
        else if (state.zero && state.precision === undefined) zeros = d;
        else left = d;
      }
      return pad(left) + sign + prefix + "0".repeat(zeros) + digits + pad(right);
    },
    () => `*big.Int=${n.toString()}`,
  );
}
