/**
 * Numeric provider functions (add, subtract, multiply, divide, sum, min, max, round) that give
 * what Terraform's own operators and functions give for the same numbers.
 *
 * @packageDocumentation
 */
// Numeric provider functions: `provider::tsvider::add(1, 2)` and the rest. Each gives what
// Terraform's own operator or function gives for the numbers written as literals: HCL parses a
// number literal into a 512-bit big.Float, and `+`, `-`, `*`, `/`, `min`, `max` and `sum` work
// on those with go-cty's rounding (`1000 / 1850` has about 155 significant digits). The wire
// does not carry that precision (go-cty writes 1000 as a msgpack int, which it reads back at 64
// bits), so every operand is first held at 512 bits, as the literal would be, and then handed
// to @tsvider/cty's operation, which rounds as go-cty does. round works on the exact decimal
// value. A null operand gives null, as pyvider's functions do.
import { type CtyNumber, number as ctyNumberType, Decimal } from "@tsvider/cty";
import { callFunction, type FunctionSpec } from "@tsvider/cty/function";
import {
  add as ctyAdd,
  divide as ctyDivide,
  max as ctyMax,
  min as ctyMin,
  multiply as ctyMultiply,
  subtract as ctySubtract,
} from "@tsvider/cty/stdlib";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import { fromScaled, isZero, roundScaled, safeInteger, scaledText, toScaled } from "./internal/exact.js";

const operand = (name: string, description: string) =>
  ({ name, type: t.number, allowNullValue: true, description }) as const;

/**
 * The number as Terraform holds the literal that writes it: a finite number as a Decimal,
 * which @tsvider/cty holds at 512 bits as go-cty's cty.ParseNumberVal does (exactly, for any
 * number the wire carries short of 155 digits); an infinity as it is.
 */
function asTerraformLiteral(n: CtyNumber): CtyNumber {
  const exact = toScaled(n);
  return exact === undefined ? n : new Decimal(scaledText(exact));
}

/**
 * The same value in the simplest form the framework gives numbers in (a JS number when it
 * holds the value exactly, else a bigint or Decimal): the wire writes all of them alike.
 */
function simplest(n: CtyNumber): CtyNumber {
  const exact = toScaled(n);
  return exact === undefined ? n : fromScaled(exact);
}

/**
 * `a op b` as Terraform's operator computes it on two literals. cty's refusals (opposing
 * infinities, zero over zero) blame `argument`, with `hint` saying what to give instead.
 */
function terraformArithmetic(
  spec: FunctionSpec,
  a: CtyNumber,
  b: CtyNumber,
  argument: number,
  hint: string,
): CtyNumber {
  try {
    const result = callFunction(spec, [
      { type: ctyNumberType, value: asTerraformLiteral(a) },
      { type: ctyNumberType, value: asTerraformLiteral(b) },
    ]).value as CtyNumber;
    return simplest(result);
  } catch (err) {
    if (err instanceof FunctionError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new FunctionError(`${reason}: ${hint}`, { argument, cause: err });
  }
}

const finiteHint = "give finite numbers";

/**
 * The provider function `add(a, b)`: a + b, as Terraform's `+` gives it for the same literals
 * (`provider::tsvider::add` in the reference provider). Null if either number is null.
 */
export const addFunction: ProviderFunction = defineProviderFunction({
  name: "add",
  summary: "Adds two numbers",
  description: "Returns a + b, exactly as Terraform's + operator gives it. Null if either number is null.",
  params: [operand("a", "The first number."), operand("b", "The number to add.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : terraformArithmetic(ctyAdd, a, b, 1, finiteHint)),
});

/**
 * The provider function `subtract(a, b)`: a - b, as Terraform's `-` gives it for the same
 * literals (`provider::tsvider::subtract` in the reference provider). Null if either is null.
 */
export const subtractFunction: ProviderFunction = defineProviderFunction({
  name: "subtract",
  summary: "Subtracts one number from another",
  description: "Returns a - b, exactly as Terraform's - operator gives it. Null if either number is null.",
  params: [operand("a", "The number to subtract from."), operand("b", "The number to subtract.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : terraformArithmetic(ctySubtract, a, b, 1, finiteHint)),
});

/**
 * The provider function `multiply(a, b)`: a × b, as Terraform's `*` gives it for the same
 * literals (`provider::tsvider::multiply` in the reference provider). Null if either is null.
 */
export const multiplyFunction: ProviderFunction = defineProviderFunction({
  name: "multiply",
  summary: "Multiplies two numbers",
  description: "Returns a × b, exactly as Terraform's * operator gives it. Null if either number is null.",
  params: [operand("a", "The first factor."), operand("b", "The second factor.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : terraformArithmetic(ctyMultiply, a, b, 1, finiteHint)),
});

/**
 * The provider function `divide(a, b)`: a / b, as Terraform's `/` gives it for the same literals
 * (`provider::tsvider::divide` in the reference provider). Division by zero is an error on `b`
 * rather than Terraform's infinity, which no plan or state can hold; null if either is null.
 */
export const divideFunction: ProviderFunction = defineProviderFunction({
  name: "divide",
  summary: "Divides one number by another",
  description:
    "Returns a / b exactly as Terraform's / operator gives it. Division by 0 is an error on b (Terraform's / gives an infinity there, which no state, plan or output can hold). Null if either number is null.",
  params: [operand("a", "The dividend."), operand("b", "The divisor.")],
  returns: t.number,
  run: (a, b) => {
    if (a === null || b === null) return null;
    // pyvider refuses it too; an infinity would only fail later, when Terraform writes the
    // plan ("cannot serialize infinity as JSON"), far from the call that made it.
    if (isZero(b)) throw new FunctionError("division by zero: give a divisor other than 0", { argument: 1 });
    return terraformArithmetic(ctyDivide, a, b, 1, "give a finite divisor or a finite dividend");
  },
});

const numbersParam = {
  name: "numbers",
  type: t.list(t.number),
  allowNullValue: true,
  description: "The numbers; at least one.",
} as const;

/** The list's numbers, refusing an empty list or a null element as Terraform's functions do. */
function someNumbers(numbers: readonly (CtyNumber | null)[], what: string): [CtyNumber, ...CtyNumber[]] {
  if (numbers.length === 0) {
    throw new FunctionError(`the list is empty, so it has no ${what}: give at least one number`, {
      argument: 0,
    });
  }
  const missing = numbers.indexOf(null);
  if (missing >= 0) {
    throw new FunctionError(`element ${missing} of the list is null: give a number for every element`, {
      argument: 0,
    });
  }
  return numbers as [CtyNumber, ...CtyNumber[]];
}

/**
 * The provider function `sum(numbers)`: the list's numbers added in order, as Terraform's `sum`
 * adds them (`provider::tsvider::sum` in the reference provider). An empty list or a null
 * element is an error; a null list gives null.
 */
export const sumFunction: ProviderFunction = defineProviderFunction({
  name: "sum",
  summary: "Adds up a list of numbers",
  description:
    "Returns the sum of the numbers in the list, added in order exactly as Terraform's sum function adds them. An empty list is an error, as it is for Terraform's sum; a null list gives null.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) => {
    if (numbers === null) return null;
    const [first, ...rest] = someNumbers(numbers, "sum");
    // Terraform's sum starts from the first element and adds the rest with +, one at a time.
    return rest.reduce<CtyNumber>(
      (total, n) => terraformArithmetic(ctyAdd, total, n, 0, finiteHint),
      simplest(first),
    );
  },
});

function extreme(
  numbers: readonly (CtyNumber | null)[] | null,
  spec: FunctionSpec,
  what: string,
): CtyNumber | null {
  if (numbers === null) return null;
  const given = someNumbers(numbers, what);
  // cty's min and max are Terraform's: the first of equal numbers wins.
  const result = callFunction(
    spec,
    given.map((n) => ({ type: ctyNumberType, value: asTerraformLiteral(n) })),
  ).value as CtyNumber;
  return simplest(result);
}

/**
 * The provider function `min(numbers)`: the smallest number of a list, as Terraform's `min`
 * gives it (`provider::tsvider::min` in the reference provider). An empty list is an error; a
 * null list gives null.
 */
export const minFunction: ProviderFunction = defineProviderFunction({
  name: "min",
  summary: "The smallest number of a list",
  description:
    "Returns the smallest number in the list, as Terraform's min function does; an empty list is an error, a null list gives null.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) => extreme(numbers, ctyMin, "smallest number"),
});

/**
 * The provider function `max(numbers)`: the largest number of a list, as Terraform's `max`
 * gives it (`provider::tsvider::max` in the reference provider). An empty list is an error; a
 * null list gives null.
 */
export const maxFunction: ProviderFunction = defineProviderFunction({
  name: "max",
  summary: "The largest number of a list",
  description:
    "Returns the largest number in the list, as Terraform's max function does; an empty list is an error, a null list gives null.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) => extreme(numbers, ctyMax, "largest number"),
});

/** Precision beyond this has no use and would only make huge numbers. */
const MAX_PLACES = 1000;

/** A whole number of places from an optional argument at `index`, or the default. */
export function placesArgument(
  options: readonly CtyNumber[],
  index: number,
  fallback: number,
  what: string,
): number {
  if (options.length > 1) {
    throw new FunctionError(
      `only one ${what} may be given, but there are ${options.length}: remove the extra arguments`,
      {
        argument: index + 1,
      },
    );
  }
  const given = options[0];
  if (given === undefined) return fallback;
  const places = safeInteger(given);
  if (places === undefined || Math.abs(places) > MAX_PLACES) {
    throw new FunctionError(
      `the ${what} must be a whole number from -${MAX_PLACES} to ${MAX_PLACES}, such as 2`,
      {
        argument: index,
      },
    );
  }
  return places;
}

/**
 * The provider function `round(number, precision?)`: the exact decimal value rounded to
 * `precision` decimal places (default 0, negative for tens, hundreds...), ties to even as
 * Python's `round` does (`provider::tsvider::round` in the reference provider). Null gives null.
 */
export const roundFunction: ProviderFunction = defineProviderFunction({
  name: "round",
  summary: "Rounds a number to a number of decimal places",
  markdownDescription:
    "Returns `number` rounded to the precision given as the second argument, in decimal places (default 0; a negative precision rounds to tens, hundreds, ...). Ties go to the even neighbour, as Python's `round` does: `round(2.5)` is 2, `round(3.5)` is 4. The exact decimal value is rounded, so `round(2.675, 2)` is 2.68.",
  params: [{ name: "number", type: t.number, allowNullValue: true, description: "The number to round." }],
  // Named "options" as pyvider names it: the name shows in the docs and in Terraform's errors.
  variadic: {
    name: "options",
    type: t.number,
    description:
      "Optional: the precision, the decimal places to keep: a whole number from -1000 to 1000 (default 0).",
  },
  returns: t.number,
  run: (number, ...options) => {
    const places = placesArgument(options, 1, 0, "precision");
    if (number === null) return null;
    const exact = toScaled(number);
    // The infinities round to themselves.
    if (exact === undefined) return number;
    return fromScaled(roundScaled(exact, places));
  },
});

/** Every numeric function, for `defineProvider({ functions })`. */
export const numericFunctions: readonly ProviderFunction[] = [
  addFunction,
  subtractFunction,
  multiplyFunction,
  divideFunction,
  sumFunction,
  minFunction,
  maxFunction,
  roundFunction,
];
