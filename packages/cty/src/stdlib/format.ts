// go-cty stdlib, format.go and format_fsm.rl: format and formatList, printf-style formatting
// with go-cty's own verbs. The format string is scanned as go-cty's Ragel machine scans it
// (offsets in messages are byte offsets into its UTF-8 form); %v, %s and %q pad to a width
// counted in grapheme clusters; numbers for %b %d %o %x %X %e %E %f %g %G go through Go's
// fmt as *big.Int or *big.Float (see go/format-verbs.ts); %v of anything but a string
// or a number, and %#v of anything, is cty JSON.
//
// Known differences: go-cty counts a padded value's clusters with a bufio.Scanner, whose
// 4096-byte buffer can split a cluster that straddles its edge, so for values longer than
// 4 KB a width may pad one character differently; numbers inside a collection under %v are
// written as our JSON codec writes them (exact, where go-cty rounds beyond 2^512).
import { convert } from "../convert/index.js";
import { elementsOf as ownElementsOf, ownTyped } from "../convert/typed-values.js";
import { containsUnknown } from "../equality.js";
import {
  ArgumentError,
  callFunction,
  defineFunction,
  type FunctionSpec,
  type TypedValue,
} from "../function.js";
import { clusterLength, codePoints, fromCodePoints, graphemeCount, safeKnownPrefix } from "../graphemes.js";
import { BigFloat } from "../internal/numbers/bigfloat.js";
import { floatText } from "../internal/numbers/bigfloat-text.js";
import { bigFloatOf, DECIMAL_TEXT_PRECISION } from "../internal/numbers/go-number.js";
import { goJsonString } from "../internal/text/go-json.js";
import { goQuote, goQuoteRune } from "../internal/text/go-quote.js";
import { decodeRune, utf8Bytes, utf8Text } from "../internal/text/go-utf8.js";
import { encodeJson } from "../json.js";
import { CtyValueError } from "../path.js";
import { refine } from "../refinement.js";
import { bool, type CtyType, dynamic, list, number, string } from "../types.js";
import { type CtyNumber, type CtyValue, isUnknown } from "../values.js";
import { walk } from "../walk.js";
import { sprintfFloat, sprintfInteger } from "./go/format-verbs.js";

const nfc = (s: string): string => s.normalize("NFC");

/** One % sequence of a format string, as go-cty's scanner reads it. */
interface Verb {
  /** The sequence as written, from % to the verb letter. */
  raw: string;
  /** Byte offset of the % in the format string. */
  offset: number;
  /** 1-based argument number. */
  argNum: number;
  mode: string;
  zero: boolean;
  sharp: boolean;
  plus: boolean;
  minus: boolean;
  space: boolean;
  /** -1 when not given. */
  width: number;
  /** -1 when not given. */
  prec: number;
}

/**
 * go-cty's formatFSM: the format string with each verb replaced by its argument formatted.
 * Errors carry go-cty's messages; "too many arguments" blames the first unused argument.
 */
function formatWith(format: string, args: readonly TypedValue[]): string {
  const bytes = utf8Bytes(format);
  const n = bytes.length;
  let out = "";
  let literalStart = 0;
  let nextArg = 1;
  let highestArgIdx = 0;
  const isDigit = (b: number | undefined) => b !== undefined && b >= 0x30 && b <= 0x39;
  const isLetter = (b: number | undefined) =>
    b !== undefined && ((b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a));
  const unrecognized = (p: number) =>
    new Error(`unrecognized format character ${goQuoteRune(decodeRune(bytes, p).rune)} at offset ${p}`);
  const unfinished = () => new Error(`invalid format string starting at offset ${n}`);
  const flushLiteral = (end: number) => {
    out += utf8Text(bytes, literalStart, end);
  };

  let p = 0;
  while (p < n) {
    if (bytes[p] !== 0x25) {
      p++;
      continue;
    }
    flushLiteral(p);
    const start = p;
    p++;
    if (p >= n) throw unfinished();
    if (bytes[p] === 0x25) {
      out += "%";
      p++;
      literalStart = p;
      continue;
    }
    const verb: Verb = {
      raw: "",
      offset: start,
      argNum: nextArg,
      mode: "",
      zero: false,
      sharp: false,
      plus: false,
      minus: false,
      space: false,
      width: -1,
      prec: -1,
    };
    // Flags, then a width, a precision, an argument index, and the verb letter: each part
    // optional but in this order.
    for (; p < n; p++) {
      const b = bytes[p];
      if (b === 0x30) verb.zero = true;
      else if (b === 0x23) verb.sharp = true;
      else if (b === 0x2d) verb.minus = true;
      else if (b === 0x2b) verb.plus = true;
      else if (b === 0x20) verb.space = true;
      else break;
    }
    if (p < n && isDigit(bytes[p])) {
      verb.width = 0;
      while (p < n && isDigit(bytes[p])) verb.width = verb.width * 10 + (bytes[p++]! - 0x30);
    }
    if (p < n && bytes[p] === 0x2e) {
      p++;
      verb.prec = 0;
      while (p < n && isDigit(bytes[p])) verb.prec = verb.prec * 10 + (bytes[p++]! - 0x30);
    }
    if (p < n && bytes[p] === 0x5b) {
      p++;
      if (p >= n) throw unfinished();
      if (!isDigit(bytes[p]) || bytes[p] === 0x30) throw unrecognized(p);
      verb.argNum = 0;
      while (p < n && isDigit(bytes[p])) verb.argNum = verb.argNum * 10 + (bytes[p++]! - 0x30);
      if (p >= n) throw unfinished();
      if (bytes[p] !== 0x5d) throw unrecognized(p);
      p++;
    }
    if (p >= n) throw unfinished();
    if (!isLetter(bytes[p])) throw unrecognized(p);
    verb.mode = String.fromCharCode(bytes[p]!);
    p++;
    verb.raw = utf8Text(bytes, start, p);
    if (verb.argNum > highestArgIdx) highestArgIdx = verb.argNum;
    out += formatVerb(verb, args);
    nextArg = verb.argNum + 1;
    literalStart = p;
  }
  flushLiteral(n);

  if (highestArgIdx < args.length) {
    const firstBad = highestArgIdx + 1;
    throw new ArgumentError(
      firstBad,
      highestArgIdx === 0
        ? "too many arguments; no verbs in format string"
        : `too many arguments; only ${highestArgIdx} used by format string`,
    );
  }
  return out;
}

/** go-cty's formatAppend: one verb applied to its argument. */
function formatVerb(verb: Verb, args: readonly TypedValue[]): string {
  const arg = args[verb.argNum - 1];
  if (arg === undefined) {
    throw new Error(
      `not enough arguments for ${goQuote(verb.raw)} at ${verb.offset}: need index ${verb.argNum} but have ${args.length} total`,
    );
  }
  const where = `${goQuote(verb.raw)} at ${verb.offset}`;
  if (verb.mode !== "v" && arg.value === null) {
    throw new Error(`unsupported value for ${where}: null value cannot be formatted`);
  }
  switch (verb.mode) {
    case "v":
      return formatAsIs(verb, arg, where);
    case "t":
      return converted(arg, bool, where) ? "true" : "false";
    case "b":
    case "d":
    case "o":
    case "x":
    case "X":
    case "e":
    case "E":
    case "f":
    case "g":
    case "G":
      return formatNumber(verb, arg, where);
    case "s":
    case "q":
      return formatString(verb, arg, where);
    default:
      throw new Error(
        `unsupported format verb ${goQuoteRune(verb.mode.codePointAt(0)!)} in ${goQuote(verb.raw)} at offset ${verb.offset}`,
      );
  }
}

/** The argument converted as go-cty's convert.Convert would, or go-cty's error for the verb. */
function converted(arg: TypedValue, to: CtyType, where: string): CtyValue {
  if (arg.type.kind === to.kind) return arg.value;
  try {
    return convert(arg.value, arg.type, to);
  } catch (err) {
    if (err instanceof CtyValueError) throw new Error(`unsupported value for ${where}: ${err.reason}`);
    throw err;
  }
}

function formatAsIs(verb: Verb, arg: TypedValue, where: string): string {
  if (!verb.sharp && arg.value !== null) {
    if (arg.type.kind === "string") return padWidth(verb, arg.value as string);
    if (arg.type.kind === "number") {
      return padWidth(verb, floatText(bigFloatOf(arg.value as CtyNumber), "g", -1));
    }
  }
  if (holdsInfinity(arg))
    throw new Error(`unsupported value for ${where}: cannot serialize infinity as JSON`);
  // A number on its own is written as big.Float writes it (exact to 512 bits); inside a
  // collection, as the JSON codec writes it.
  if (arg.type.kind === "number" && arg.value !== null)
    return padWidth(verb, numberString(arg.value as CtyNumber));
  return padWidth(verb, encodeJson(arg.value, arg.type));
}

/** A number as go-cty's conversion to string writes it: big.Float's Text('f', -1). */
function numberString(n: CtyNumber): string {
  return bigFloatOf(n).text();
}

function holdsInfinity(arg: TypedValue): boolean {
  let found = false;
  walk(arg.value, arg.type, (_path, value) => {
    if (typeof value === "number" && !Number.isFinite(value)) found = true;
    return !found;
  });
  return found;
}

function formatNumber(verb: Verb, arg: TypedValue, where: string): string {
  const value = converted(arg, number, where) as CtyNumber;
  // A number converted from a string is the big.Float go-cty parsed from it, at 512 bits
  // whatever its value, its sign kept where it is a zero.
  const x =
    arg.type.kind === "string"
      ? BigFloat.parse(arg.value as string, DECIMAL_TEXT_PRECISION)
      : bigFloatOf(value);
  // The [n] index is go-cty's, not fmt's: it is cut out before the verb goes to Go's fmt.
  const goVerb = withoutArgumentIndex(verb.raw);
  if ("bdoxX".includes(verb.mode)) {
    const { value: integer, accuracy } = x.int();
    if (integer === undefined || accuracy !== 0)
      throw new Error(`unsupported value for ${where}: an integer is required`);
    return sprintfInteger(goVerb, integer);
  }
  return sprintfFloat(goVerb, x);
}

function withoutArgumentIndex(raw: string): string {
  const start = raw.indexOf("[");
  const end = raw.indexOf("]");
  return start < 0 || end < 0 ? raw : raw.slice(0, start) + raw.slice(end + 1);
}

function formatString(verb: Verb, arg: TypedValue, where: string): string {
  let s =
    arg.type.kind === "number"
      ? numberString(arg.value as CtyNumber)
      : (converted(arg, string, where) as string);
  // A precision limits the grapheme clusters taken from the string (0 means no limit).
  if (verb.prec > 0) {
    const cps = codePoints(s);
    let end = 0;
    for (let i = 0; i < verb.prec && end < cps.length; i++) end += clusterLength(cps, end);
    s = fromCodePoints(cps, 0, end);
  }
  if (verb.mode === "s") return padWidth(verb, s);
  return padWidth(verb, goJsonString(nfc(s)));
}

/** Pads to the verb's width in grapheme clusters: spaces or zeros, on the left unless '-'. */
function padWidth(verb: Verb, formatted: string): string {
  if (verb.width < 0) return formatted;
  const length = graphemeCount(formatted);
  if (length >= verb.width) return formatted;
  const pads = (verb.zero ? "0" : " ").repeat(verb.width - length);
  return verb.minus ? formatted + pads : pads + formatted;
}

/** Each argument with go-cty's own type (Dynamic wrappers inside it opened). */
const ownTypedArgs = (args: readonly TypedValue[]) => args.map((a) => ownTyped(a.value, a.type));

const argsParam = {
  name: "args",
  type: dynamic,
  allowNull: true,
  allowUnknown: true,
  allowDynamicType: true,
} as const;

/**
 * The cty function `format`, a FunctionSpec to call with `callFunction`. Fills a printf-style
 * template with its arguments, as Terraform's `format` does.
 */
export const format: FunctionSpec = defineFunction({
  description:
    "Fills a printf-style template with its arguments. Verbs: %v (any value; JSON for all but strings and numbers), %#v (JSON), %t, %d, %b, %o, %x, %X, %e, %E, %f, %g, %G, %s, %q and %%, with flags, width, precision and %[n] argument numbers. Unknown if any argument is not wholly known.",
  params: [{ name: "format", type: string }],
  varParam: argsParam,
  returnType: string,
  refineResult: { notNull: true },
  impl: ([formatArg, ...args]) => {
    const f = formatArg!.value as string;
    if (args.some((a) => containsUnknown(a.value))) {
      // Every argument must be known, nested values too (JSON needs them). What comes before
      // the first verb is known though, as far as later text cannot change it.
      const idx = f.indexOf("%");
      return idx > 0
        ? refine(string, { stringPrefix: safeKnownPrefix(f.slice(0, idx)) })
        : refine(string, {});
    }
    return nfc(formatWith(f, ownTypedArgs(args)));
  },
});

/**
 * The cty function `formatList`, a FunctionSpec to call with `callFunction`. Like format, but gives
 * a list: list, set and tuple arguments are walked in step (they must be equally long), making one
 * string per position, while any other argument is reused in every string.
 */
export const formatList: FunctionSpec = defineFunction({
  description:
    "Like format, but gives a list: list, set and tuple arguments are walked in step (they must be equally long), making one string per position, while any other argument is reused in every string.",
  params: [{ name: "format", type: string }],
  varParam: argsParam,
  returnType: list(string),
  refineResult: { notNull: true },
  impl: ([formatArg, ...given]) => {
    if (given.length === 0) {
      // Without arguments this is format in a list of one, errors and all.
      return [callFunction(format, [formatArg!]).value];
    }
    const f = formatArg!.value as string;
    const args = ownTypedArgs(given);

    // Lists, sets and tuples are iterated, all to the same length; other values repeat.
    let iterLen = -1;
    let lenChooser = -1;
    const sequences: (readonly TypedValue[] | undefined)[] = [];
    let anyUnknown = false;
    args.forEach((arg, i) => {
      const kind = arg.type.kind;
      if ((kind === "list" || kind === "set" || kind === "tuple") && arg.value !== null) {
        const value = arg.value;
        // A set holding unknowns has an unknown length: they may turn out equal to others.
        const lengthKnown =
          kind === "tuple" ||
          (!isUnknown(value) &&
            (kind === "list" || !containsUnknown(value) || (value as CtyValue[]).length === 1));
        if (!lengthKnown) {
          anyUnknown = true;
          return;
        }
        const thisLen = kind === "tuple" ? arg.type.elements.length : (value as CtyValue[]).length;
        if (iterLen === -1) {
          iterLen = thisLen;
          lenChooser = i;
        } else if (thisLen !== iterLen) {
          throw new ArgumentError(
            i + 1,
            `argument ${i + 1} has length ${thisLen}, which is inconsistent with argument ${lenChooser + 1} of length ${iterLen}`,
          );
        }
        if (isUnknown(value)) {
          anyUnknown = true;
          return;
        }
        sequences[i] = elementsOf(arg);
      } else if (isUnknown(arg.value) && arg.type.kind === "dynamic") {
        anyUnknown = true;
      }
    });
    if (anyUnknown) return refine(list(string), {});
    if (iterLen === 0) return [];
    if (iterLen === -1) iterLen = 1;

    const results: CtyValue[] = [];
    // Each sequence's own position: go-cty gives up on an iteration at its first unknown
    // argument, before stepping the sequences after it, which then lag one element behind.
    const positions = args.map(() => 0);
    iterations: for (let iteration = 0; iteration < iterLen; iteration++) {
      const callArgs: TypedValue[] = [];
      for (const [i, arg] of args.entries()) {
        const sequence = sequences[i];
        const callArg = sequence ? sequence[positions[i]!++]! : arg;
        if (containsUnknown(callArg.value)) {
          results.push(refine(string, { notNull: true }));
          continue iterations;
        }
        callArgs.push(callArg);
      }
      try {
        results.push(nfc(formatWith(f, callArgs)));
      } catch (err) {
        if (!(err instanceof Error) || err instanceof TypeError || err instanceof RangeError) throw err;
        throw new Error(`error on format iteration ${iteration}: ${err.message}`);
      }
    }
    return results;
  },
});

/** The elements of a known list, set (in go-cty's order) or tuple, with their own types. */
function elementsOf(arg: TypedValue): readonly TypedValue[] {
  return ownElementsOf(arg).map(({ element }) => element);
}
