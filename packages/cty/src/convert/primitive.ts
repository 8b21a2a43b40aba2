// Conversions between string, number and bool, as go-cty makes them. Safe: number and bool to
// string. Unsafe (they fail for some values): string to number, string to bool.
import type { TypedValue } from "../function.js";
import { parseNumberVal } from "../internal/numbers/go-number.js";
import type { Path } from "../path.js";
import { bool, type CtyType, string } from "../types.js";
import { type CtyNumber, numberText } from "../values.js";
import { ConversionError } from "./error.js";

export type PrimitiveConversion = (input: TypedValue, path: Path) => TypedValue;

/** The conversion between two primitive types, or undefined when there is none (or it is unsafe and `unsafe` is off). */
export function primitiveConversion(
  from: CtyType,
  to: CtyType,
  unsafe: boolean,
): PrimitiveConversion | undefined {
  if (to.kind === "string") {
    if (from.kind === "number")
      return (input) => ({ value: goNumberText(input.value as CtyNumber), type: string });
    if (from.kind === "bool") return (input) => ({ value: input.value ? "true" : "false", type: string });
    return undefined;
  }
  if (!unsafe || from.kind !== "string") return undefined;
  if (to.kind === "number") {
    return (input, path) => {
      const parsed = parseNumberVal(input.value as string);
      if (parsed === undefined) throw new ConversionError(path, "a number is required");
      return { value: parsed, type: to };
    };
  }
  if (to.kind === "bool")
    return (input, path) => ({ value: stringToBool(input.value as string, path), type: bool });
  return undefined;
}

/**
 * A number as go-cty writes it as a string (big.Float's Text('f', -1)): exact digits, the
 * shortest text for a double, and "+Inf" / "-Inf" for the infinities.
 */
export function goNumberText(n: CtyNumber): string {
  if (n === Number.POSITIVE_INFINITY) return "+Inf";
  if (n === Number.NEGATIVE_INFINITY) return "-Inf";
  return numberText(n);
}

function stringToBool(s: string, path: Path): boolean {
  switch (s) {
    case "true":
    case "1":
      return true;
    case "false":
    case "0":
      return false;
  }
  // Only ASCII letters lower-case to the letters of "true" and "false", in Go as in JS.
  const lower = s.toLowerCase();
  if (lower === "true" || lower === "false") {
    throw new ConversionError(path, `a bool is required; to convert from string, use lowercase "${lower}"`);
  }
  throw new ConversionError(path, "a bool is required");
}
