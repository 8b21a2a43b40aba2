// go-cty stdlib: number.go. Arithmetic and comparisons give go-cty's results exactly, its
// big.Float rounding included (see stdlib/internal/number-ops.ts); log and pow compute in
// float64 with Go's own math.Log and math.Pow (go/math.ts).
import { ArgumentError, defineFunction, type TypedValue } from "../function.js";
import { BigFloat } from "../internal/numbers/bigfloat.js";
import { bigFloatOf, ctyNumberOf, equalAsGoCty } from "../internal/numbers/go-number.js";
import { goQuote } from "../internal/text/go-quote.js";
import { unmark } from "../marks.js";
import { refine } from "../refinement.js";
import { bool, dynamic, friendlyName, number } from "../types.js";
import {
  type CtyNumber,
  type CtyValue,
  exactDecimalOfDouble,
  isUnknown,
  mark,
  RefinedUnknown,
  type Unknown,
} from "../values.js";
import { goLog, goPow } from "./go/math.js";
import { goIntExact } from "./internal/go-int.js";
import { goNilDereference, panicOnNaN } from "./internal/go-panic.js";
import {
  absoluteNumber,
  addNumbers,
  asGoCtyWrites,
  compareNumbersAsGoCty,
  divideNumbers,
  moduloNumbers,
  multiplyNumbers,
  negateNumber,
  subtractNumbers,
} from "./internal/number-ops.js";

const notNull = { notNull: true } as const;

const numberParam = (name: string, more: { allowMarked?: boolean; allowUnknown?: boolean } = {}) => ({
  name,
  type: number,
  allowDynamicType: true,
  ...more,
});

/** The argument's number (callFunction hands known, non-null numbers to these functions). */
const num = (arg: TypedValue | undefined): CtyNumber => arg!.value as CtyNumber;

/** Applies a function to a number whose marks the function keeps itself (allowMarked). */
function keepingMarks(arg: TypedValue, apply: (n: CtyNumber) => CtyValue): CtyValue {
  const { value, marks } = unmark(arg.value);
  return mark(apply(value as CtyNumber), ...marks);
}

/**
 * The cty function `absolute`, a FunctionSpec to call with `callFunction`. The number's distance
 * from zero: a negative number loses its sign, any other comes back as it is.
 */
export const absolute = defineFunction({
  description:
    "The number's distance from zero: a negative number loses its sign, any other comes back as it is.",
  params: [numberParam("num", { allowMarked: true })],
  returnType: number,
  refineResult: notNull,
  impl: ([n]) => keepingMarks(n!, absoluteNumber),
});

/** The cty function `add`, a FunctionSpec to call with `callFunction`. The sum a + b. */
export const add = defineFunction({
  description: "The sum a + b. Adding two infinities of opposite sign is an error.",
  params: [numberParam("a"), numberParam("b")],
  returnType: number,
  refineResult: notNull,
  impl: ([a, b]) => addNumbers(num(a), num(b)),
});

/** The cty function `subtract`, a FunctionSpec to call with `callFunction`. The difference a - b. */
export const subtract = defineFunction({
  description: "The difference a - b. Taking an infinity from an infinity of the same sign is an error.",
  params: [numberParam("a"), numberParam("b")],
  returnType: number,
  refineResult: notNull,
  impl: ([a, b]) => subtractNumbers(num(a), num(b)),
});

/** The cty function `multiply`, a FunctionSpec to call with `callFunction`. The product a × b. */
export const multiply = defineFunction({
  description: "The product a × b. Multiplying zero by an infinity is an error.",
  params: [numberParam("a"), numberParam("b")],
  returnType: number,
  refineResult: notNull,
  impl: ([a, b]) => multiplyNumbers(num(a), num(b)),
});

/** The cty function `divide`, a FunctionSpec to call with `callFunction`. The quotient a / b. */
export const divide = defineFunction({
  description:
    "The quotient a / b. A non-zero number divided by zero gives an infinity; zero by zero, or an infinity by an infinity, is an error.",
  params: [numberParam("a"), numberParam("b")],
  returnType: number,
  refineResult: notNull,
  impl: ([a, b]) => divideNumbers(num(a), num(b)),
});

/**
 * The cty function `modulo`, a FunctionSpec to call with `callFunction`. The remainder of a / b
 * with the quotient cut toward zero, so it takes the sign of a.
 */
export const modulo = defineFunction({
  description:
    "The remainder of a / b with the quotient cut toward zero, so it takes the sign of a. Anything modulo zero is itself; otherwise an infinite operand is an error.",
  params: [numberParam("a"), numberParam("b")],
  returnType: number,
  refineResult: notNull,
  impl: ([a, b]) => moduloNumbers(num(a), num(b)),
});

// Comparisons take unknowns: go-cty answers from refined bounds when they settle it (and
// otherwise returns an unknown bool), and its "or equal to" forms are "less than" or "equal",
// where "equal" is go-cty's Equals: by value for whole numbers, by printed text otherwise.

/** A comparison operand: a known number, or an unknown (of type number, or of no type yet). */
interface Operand {
  readonly known?: BigFloat;
  readonly unknown?: Unknown;
  readonly numberTyped: boolean;
}

const unknownBool = "unknown";
type Truth = boolean | typeof unknownBool;

const positiveInfinity = BigFloat.infinity(false, 53);
const negativeInfinity = BigFloat.infinity(true, 53);

/** go-cty's Range bounds of an operand: the value itself when known, else its refinements. */
function lowerBound(o: Operand): { value: BigFloat; inclusive: boolean } {
  if (o.known) return { value: o.known, inclusive: true };
  const bound = o.unknown instanceof RefinedUnknown ? o.unknown.numberLower : undefined;
  return bound
    ? { value: bigFloatOf(bound.value), inclusive: bound.inclusive }
    : { value: negativeInfinity, inclusive: false };
}

function upperBound(o: Operand): { value: BigFloat; inclusive: boolean } {
  if (o.known) return { value: o.known, inclusive: true };
  const bound = o.unknown instanceof RefinedUnknown ? o.unknown.numberUpper : undefined;
  return bound
    ? { value: bigFloatOf(bound.value), inclusive: bound.inclusive }
    : { value: positiveInfinity, inclusive: false };
}

function isLess(a: Operand, b: Operand): Truth {
  if (a.known && b.known) return a.known.cmp(b.known) < 0;
  // go-cty treats every bound as exclusive here.
  if (a.numberTyped && b.numberTyped) {
    if (upperBound(a).value.cmp(lowerBound(b).value) < 0) return true;
    if (lowerBound(a).value.cmp(upperBound(b).value) > 0) return false;
  }
  return unknownBool;
}

function isGreater(a: Operand, b: Operand): Truth {
  if (a.known && b.known) return a.known.cmp(b.known) > 0;
  if (a.numberTyped && b.numberTyped) {
    if (lowerBound(a).value.cmp(upperBound(b).value) > 0) return true;
    if (upperBound(a).value.cmp(lowerBound(b).value) < 0) return false;
  }
  return unknownBool;
}

/** go-cty's Equals on numbers. */
function isEqual(a: Operand, b: Operand): Truth {
  if (a.known && b.known) return equalAsGoCty(a.known, b.known);
  if (a.known && !b.known && !mayInclude(b, a.known)) return false;
  if (b.known && !a.known && !mayInclude(a, b.known)) return false;
  return unknownBool;
}

/**
 * Whether an unknown's refined range may hold the value (go-cty's ValueRange.Includes, which
 * only a refined unknown number can answer, with bounds exclusive unless said otherwise).
 */
function mayInclude(u: Operand, v: BigFloat): boolean {
  if (!u.numberTyped || !(u.unknown instanceof RefinedUnknown)) return true;
  const lower = lowerBound(u);
  const upper = upperBound(u);
  const lowerOk = v.cmp(lower.value) > 0 || (lower.inclusive && equalAsGoCty(v, lower.value));
  const upperOk = v.cmp(upper.value) < 0 || (upper.inclusive && equalAsGoCty(v, upper.value));
  return lowerOk && upperOk;
}

function or(a: Truth, b: Truth): Truth {
  if (a === true || b === true) return true;
  return a === unknownBool || b === unknownBool ? unknownBool : false;
}

function comparison(compare: (a: Operand, b: Operand) => Truth) {
  return ([a, b]: readonly TypedValue[]): CtyValue => {
    const left = unmark(a!.value);
    const right = unmark(b!.value);
    const operand = (value: CtyValue, arg: TypedValue): Operand =>
      isUnknown(value)
        ? { unknown: value, numberTyped: arg.type.kind === "number" }
        : { known: bigFloatOf(value as CtyNumber), numberTyped: true };
    const truth = compare(operand(left.value, a!), operand(right.value, b!));
    const value = truth === unknownBool ? refine(bool, notNull) : truth;
    return mark(value, ...left.marks, ...right.marks);
  };
}

const comparisonParams = [
  numberParam("a", { allowUnknown: true, allowMarked: true }),
  numberParam("b", { allowUnknown: true, allowMarked: true }),
];

/** The cty function `greaterThan`, a FunctionSpec to call with `callFunction`. Whether a > b. */
export const greaterThan = defineFunction({
  description:
    "Whether a > b. For unknown operands, their known bounds may still decide it; otherwise the answer is unknown.",
  params: comparisonParams,
  returnType: bool,
  refineResult: notNull,
  impl: comparison(isGreater),
});

/**
 * The cty function `greaterThanOrEqualTo`, a FunctionSpec to call with `callFunction`. Whether a >=
 * b.
 */
export const greaterThanOrEqualTo = defineFunction({
  description:
    "Whether a >= b. For unknown operands, their known bounds may still decide it; otherwise the answer is unknown.",
  params: comparisonParams,
  returnType: bool,
  refineResult: notNull,
  impl: comparison((a, b) => or(isGreater(a, b), isEqual(a, b))),
});

/** The cty function `lessThan`, a FunctionSpec to call with `callFunction`. Whether a < b. */
export const lessThan = defineFunction({
  description:
    "Whether a < b. For unknown operands, their known bounds may still decide it; otherwise the answer is unknown.",
  params: comparisonParams,
  returnType: bool,
  refineResult: notNull,
  impl: comparison(isLess),
});

/** The cty function `lessThanOrEqualTo`, a FunctionSpec to call with `callFunction`. Whether a <= b. */
export const lessThanOrEqualTo = defineFunction({
  description:
    "Whether a <= b. For unknown operands, their known bounds may still decide it; otherwise the answer is unknown.",
  params: comparisonParams,
  returnType: bool,
  refineResult: notNull,
  impl: comparison((a, b) => or(isLess(a, b), isEqual(a, b))),
});

/**
 * The cty function `negate`, a FunctionSpec to call with `callFunction`. The number with its sign
 * flipped (-num); zero stays zero.
 */
export const negate = defineFunction({
  description: "The number with its sign flipped (-num); zero stays zero.",
  params: [numberParam("num", { allowMarked: true })],
  returnType: number,
  refineResult: notNull,
  impl: ([n]) => keepingMarks(n!, negateNumber),
});

/** The first of the numbers that none before it beats (go-cty starts from an infinity). */
function extreme(args: readonly TypedValue[], beats: (order: number) => boolean, start: number): CtyNumber {
  if (args.length === 0) throw new Error("must pass at least one number");
  let best: CtyNumber = start;
  for (const arg of args) {
    if (beats(compareNumbersAsGoCty(num(arg), best))) best = num(arg);
  }
  return asGoCtyWrites(best);
}

/**
 * The cty function `min`, a FunctionSpec to call with `callFunction`. The smallest of one or more
 * numbers.
 */
export const min = defineFunction({
  description: "The smallest of one or more numbers.",
  params: [],
  varParam: numberParam("numbers"),
  returnType: number,
  refineResult: notNull,
  impl: (args) => extreme(args, (order) => order < 0, Number.POSITIVE_INFINITY),
});

/**
 * The cty function `max`, a FunctionSpec to call with `callFunction`. The largest of one or more
 * numbers.
 */
export const max = defineFunction({
  description: "The largest of one or more numbers.",
  params: [],
  varParam: numberParam("numbers"),
  returnType: number,
  refineResult: notNull,
  impl: (args) => extreme(args, (order) => order > 0, Number.NEGATIVE_INFINITY),
});

/**
 * The cty function `int`, a FunctionSpec to call with `callFunction`. Drops the fraction, rounding
 * toward zero: 2.7 gives 2 and -2.7 gives -2.
 */
export const int = defineFunction({
  description:
    "Drops the fraction, rounding toward zero: 2.7 gives 2 and -2.7 gives -2. An infinity is an error.",
  params: [numberParam("num")],
  returnType: number,
  refineResult: notNull,
  impl: ([arg]) => {
    const n = num(arg);
    // A whole number comes back as it is (-0 included); a fraction truncates to an integer,
    // which go-cty makes with SetInt: never -0 (int(-0.5) is 0).
    if (typeof n === "number" && Number.isSafeInteger(n)) return n;
    if (typeof n === "number" && Number.isFinite(n) && !Number.isInteger(n)) return Math.trunc(n) + 0;
    const x = bigFloatOf(n);
    if (x.isInt()) return ctyNumberOf(x);
    // go-cty truncates with big.Float.Int, which has no integer for an infinity: its
    // SetInt(nil) then dereferences nil.
    const truncated = x.int().value;
    if (truncated === undefined) throw goNilDereference();
    return ctyNumberOf(BigFloat.fromBigIntExact(truncated));
  },
});

/** Ceil or floor: the integer next to the number on one side, at the number's own precision. */
function roundToInteger(n: CtyNumber, up: boolean): CtyNumber {
  // go-cty sets the integer into the argument's big.Float: a whole int comes back as it is
  // (-0 as 0: SetInt keeps no sign of zero), a double's integer at the double's 53 bits, so
  // that goes the general way.
  if (typeof n === "number" && (Number.isSafeInteger(n) || !Number.isFinite(n))) return n + 0;
  const x = bigFloatOf(n);
  if (x.isInf()) return ctyNumberOf(x);
  // A whole number is its own integer (-0 as 0), however large.
  if (x.isInt()) return ctyNumberOf(x.isZero() ? BigFloat.zero(x.precision) : x);
  const { value, accuracy } = x.int();
  // Truncation went towards zero: below a positive number, above a negative one.
  let integer = value!;
  if (up && accuracy < 0) integer += 1n;
  if (!up && accuracy > 0) integer -= 1n;
  return ctyNumberOf(BigFloat.fromBigInt(integer, x.precision));
}

/**
 * The cty function `ceil`, a FunctionSpec to call with `callFunction`. Rounds up to a whole number
 * (toward positive infinity); infinities stay as they are.
 */
export const ceil = defineFunction({
  description: "Rounds up to a whole number (toward positive infinity); infinities stay as they are.",
  params: [{ name: "num", type: number }],
  returnType: number,
  refineResult: notNull,
  impl: ([n]) => roundToInteger(num(n), true),
});

/**
 * The cty function `floor`, a FunctionSpec to call with `callFunction`. Rounds down to a whole
 * number (toward negative infinity); infinities stay as they are.
 */
export const floor = defineFunction({
  description: "Rounds down to a whole number (toward negative infinity); infinities stay as they are.",
  params: [{ name: "num", type: number }],
  returnType: number,
  refineResult: notNull,
  impl: ([n]) => roundToInteger(num(n), false),
});

const maxDoubleText = `${exactDecimalOfDouble(Number.MAX_VALUE)}.000000`;

/** The number as the float64 go-cty's gocty conversion gives, refusing values beyond its range. */
function float64Of(n: CtyNumber): number {
  // -0 stays -0 (Go's Float64 keeps the sign: pow(-0, -1) is -Inf).
  if (typeof n === "number" && (Number.isSafeInteger(n) || !Number.isInteger(n))) return n;
  const { value, accuracy } = bigFloatOf(n).float64();
  if (accuracy !== 0 && !Number.isFinite(value)) {
    throw new Error(`value must be between -${maxDoubleText} and ${maxDoubleText} inclusive`);
  }
  return value;
}

/** A float64 result as go-cty's NumberFloatVal takes it: NaN is a Go panic. */
function float64Result(x: number): CtyNumber {
  return ctyNumberOf(panicOnNaN(() => BigFloat.fromFloat64(x)));
}

/**
 * The cty function `log`, a FunctionSpec to call with `callFunction`. The logarithm of num to the
 * base given, worked out in 64-bit floating point: both must lie within its range, and a result
 * that is not a number (from a negative num, say) is an error.
 */
export const log = defineFunction({
  description:
    "The logarithm of num to the base given, worked out in 64-bit floating point: both must lie within its range, and a result that is not a number (from a negative num, say) is an error.",
  params: [
    { name: "num", type: number },
    { name: "base", type: number },
  ],
  returnType: number,
  refineResult: notNull,
  impl: ([n, base]) => {
    const x = float64Of(num(n));
    const b = float64Of(num(base));
    return float64Result(goLog(x) / goLog(b));
  },
});

/**
 * The cty function `pow`, a FunctionSpec to call with `callFunction`. num raised to the exponent
 * power, worked out in 64-bit floating point: both must lie within its range, and a result that is
 * not a number (a negative num to a fractional power, say) is an error.
 */
export const pow = defineFunction({
  description:
    "num raised to the exponent power, worked out in 64-bit floating point: both must lie within its range, and a result that is not a number (a negative num to a fractional power, say) is an error.",
  params: [
    { name: "num", type: number },
    { name: "power", type: number },
  ],
  returnType: number,
  refineResult: notNull,
  impl: ([n, power]) => {
    const x = float64Of(num(n));
    const y = float64Of(num(power));
    return float64Result(goPow(x, y));
  },
});

/**
 * The cty function `signum`, a FunctionSpec to call with `callFunction`. The sign of a whole
 * number: -1 below zero, 0 for zero, 1 above.
 */
export const signum = defineFunction({
  description:
    "The sign of a whole number: -1 below zero, 0 for zero, 1 above. A fraction, or a number outside the 64-bit integer range, is an error.",
  params: [{ name: "num", type: number }],
  returnType: number,
  refineResult: notNull,
  impl: ([n]) => {
    const integer = goIntExact(num(n));
    return integer < 0n ? -1 : integer > 0n ? 1 : 0;
  },
});

/** A digit's value as Go's big.Int parsing reads it: 0-9, then a-z, then A-Z above base 36. */
function digitValue(code: number, base: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 122) return code - 97 + 10;
  if (code >= 65 && code <= 90) return base <= 36 ? code - 65 + 10 : code - 65 + 36;
  return Number.POSITIVE_INFINITY;
}

/** Go's big.Int SetString(text, base) for a base from 2 to 62: an optional sign, then digits. */
function parseBigInt(text: string, base: number): bigint | undefined {
  let start = 0;
  if (text[0] === "+" || text[0] === "-") start = 1;
  if (start === text.length) return undefined;
  const radix = BigInt(base);
  // Digits go in chunks small enough to add up as JS numbers exactly.
  const chunk = Math.floor(Math.log(2 ** 53) / Math.log(base)) - 1;
  let value = 0n;
  for (let i = start; i < text.length; i += chunk) {
    const end = Math.min(i + chunk, text.length);
    let part = 0;
    for (let j = i; j < end; j++) {
      const digit = digitValue(text.charCodeAt(j), base);
      if (digit >= base) return undefined;
      part = part * base + digit;
    }
    value = value * radix ** BigInt(end - i) + BigInt(part);
  }
  return text[0] === "-" ? -value : value;
}

/**
 * The cty function `parseInt`, a FunctionSpec to call with `callFunction`. Reads a whole number
 * written in a base from 2 to 62, with an optional + or - sign.
 */
// biome-ignore lint/suspicious/noShadowRestrictedNames: go-cty's ParseIntFunc, under the stdlib's naming
export const parseInt = defineFunction({
  description:
    "Reads a whole number written in a base from 2 to 62, with an optional + or - sign. Digits are 0-9 then letters, case-insensitive up to base 36 and lower case before upper case above it; any other character is an error.",
  params: [
    { name: "number", type: dynamic },
    { name: "base", type: number },
  ],
  returnType: ([text]) => {
    if (text!.type.kind !== "string") {
      throw new ArgumentError(0, `first argument must be a string, not ${friendlyName(text!.type)}`);
    }
    return number;
  },
  refineResult: notNull,
  impl: ([text, baseArg]) => {
    let base: bigint;
    try {
      base = goIntExact(num(baseArg));
    } catch (err) {
      throw new ArgumentError(1, (err as Error).message);
    }
    if (base < 2n || base > 62n) {
      throw new ArgumentError(1, "base must be a whole number between 2 and 62 inclusive");
    }
    const s = text!.value as string;
    const parsed = parseBigInt(s, Number(base));
    if (parsed === undefined) {
      throw new ArgumentError(0, `cannot parse ${goQuote(s)} as a base ${base} integer`);
    }
    return Number.isSafeInteger(Number(parsed)) ? Number(parsed) : parsed;
  },
});
