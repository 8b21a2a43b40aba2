// Numeric provider functions: `provider::tsvider::add(1, 2)` and the rest. Numbers stay exact:
// add, subtract, multiply and divide give what Terraform's own operators give for the same
// operands (cty's arithmetic, 512-bit where a quotient never ends), and round works on the
// exact decimal value. A null operand gives null, as pyvider's functions do.
import type { CtyNumber } from "@tsvider/cty";
import { defineProviderFunction, FunctionError, type ProviderFunction, t } from "@tsvider/framework";
import {
  addExact,
  compareNumbers,
  divideExact,
  fromScaled,
  isZero,
  multiplyExact,
  roundScaled,
  safeInteger,
  subtractExact,
  toScaled,
} from "./internal/exact.js";

const operand = (name: string, description: string) =>
  ({ name, type: t.number, allowNullValue: true, description }) as const;

/** Runs a cty operation, blaming `argument` for what cty refuses (an infinity, say). */
function blame<T>(argument: number, run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof FunctionError) throw err;
    throw new FunctionError(err instanceof Error ? err.message : String(err), { argument, cause: err });
  }
}

export const addFunction: ProviderFunction = defineProviderFunction({
  name: "add",
  summary: "Adds two numbers",
  description: "Returns a + b, exactly as Terraform's + operator gives it. Null if either number is null.",
  params: [operand("a", "The first number."), operand("b", "The number to add.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : blame(1, () => addExact(a, b))),
});

export const subtractFunction: ProviderFunction = defineProviderFunction({
  name: "subtract",
  summary: "Subtracts one number from another",
  description: "Returns a - b, exactly as Terraform's - operator gives it. Null if either number is null.",
  params: [operand("a", "The number to subtract from."), operand("b", "The number to subtract.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : blame(1, () => subtractExact(a, b))),
});

export const multiplyFunction: ProviderFunction = defineProviderFunction({
  name: "multiply",
  summary: "Multiplies two numbers",
  description: "Returns a × b, exactly as Terraform's * operator gives it. Null if either number is null.",
  params: [operand("a", "The first factor."), operand("b", "The second factor.")],
  returns: t.number,
  run: (a, b) => (a === null || b === null ? null : blame(1, () => multiplyExact(a, b))),
});

export const divideFunction: ProviderFunction = defineProviderFunction({
  name: "divide",
  summary: "Divides one number by another",
  description:
    "Returns a / b as Terraform's / operator gives it. Dividing by zero is an error on b. Null if either number is null.",
  params: [operand("a", "The dividend."), operand("b", "The divisor; not zero.")],
  returns: t.number,
  run: (a, b) => {
    if (a === null || b === null) return null;
    if (isZero(b)) throw new FunctionError("division by zero: give a divisor other than 0", { argument: 1 });
    return blame(1, () => divideExact(a, b));
  },
});

const numbersParam = {
  name: "numbers",
  type: t.list(t.number),
  allowNullValue: true,
  description: "The numbers; at least one.",
} as const;

export const sumFunction: ProviderFunction = defineProviderFunction({
  name: "sum",
  summary: "Adds up a list of numbers",
  description:
    "Returns the sum of the numbers in the list, exactly; 0 for an empty list, null for a null list.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) =>
    numbers === null ? null : blame(0, () => numbers.reduce<CtyNumber>((total, n) => addExact(total, n), 0)),
});

function extreme(numbers: readonly CtyNumber[] | null, wanted: -1 | 1, what: string): CtyNumber | null {
  if (numbers === null) return null;
  const [first, ...rest] = numbers;
  if (first === undefined) {
    throw new FunctionError(`the list is empty, so it has no ${what}: give at least one number`, {
      argument: 0,
    });
  }
  return rest.reduce((best, n) => (compareNumbers(n, best) === wanted ? n : best), first);
}

export const minFunction: ProviderFunction = defineProviderFunction({
  name: "min",
  summary: "The smallest number of a list",
  description: "Returns the smallest number in the list; an empty list is an error, a null list gives null.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) => extreme(numbers, -1, "smallest number"),
});

export const maxFunction: ProviderFunction = defineProviderFunction({
  name: "max",
  summary: "The largest number of a list",
  description: "Returns the largest number in the list; an empty list is an error, a null list gives null.",
  params: [numbersParam],
  returns: t.number,
  run: (numbers) => extreme(numbers, 1, "largest number"),
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
    throw new FunctionError(`only one ${what} may be given, but there are ${options.length}`, {
      argument: index + 1,
    });
  }
  const given = options[0];
  if (given === undefined) return fallback;
  const places = safeInteger(given);
  if (places === undefined || Math.abs(places) > MAX_PLACES) {
    throw new FunctionError(`the ${what} must be a whole number from -${MAX_PLACES} to ${MAX_PLACES}`, {
      argument: index,
    });
  }
  return places;
}

export const roundFunction: ProviderFunction = defineProviderFunction({
  name: "round",
  summary: "Rounds a number to a number of decimal places",
  markdownDescription:
    "Returns `number` rounded to `precision` decimal places (default 0; a negative precision rounds to tens, hundreds, ...). Ties go to the even neighbour, as Python's `round` does: `round(2.5)` is 2, `round(3.5)` is 4. The exact decimal value is rounded, so `round(2.675, 2)` is 2.68.",
  params: [{ name: "number", type: t.number, allowNullValue: true, description: "The number to round." }],
  variadic: {
    name: "precision",
    type: t.number,
    description: "Optional: the decimal places to keep, a whole number from -1000 to 1000 (default 0).",
  },
  returns: t.number,
  run: (number, ...precision) => {
    const places = placesArgument(precision, 1, 0, "precision");
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
