// Values as Go's %#v prints go-cty's (their GoString), for go-cty's panic messages that show
// one, such as `cty.ListVal([]cty.Value{cty.StringVal("a"), cty.NullVal(cty.String)})`.

import { canonicalSet } from "../../equality.js";
import type { TypedValue } from "../../function.js";
import { goQuote } from "../../internal/text/go-quote.js";
import { type CtyType, compareBytewise } from "../../types.js";
import {
  type CtyNumber,
  type CtyValue,
  exactDecimalOfDouble,
  isUnknown,
  Marked,
  numberText,
  RefinedUnknown,
} from "../../values.js";
import { goTypeString } from "./go-type-string.js";
import { typedAt } from "./go-typed.js";

export function goValueString({ value, type }: TypedValue): string {
  if (value instanceof Marked) {
    const inner = goValueString({ value: value.value, type });
    const marks = [...value.marks].map((m) => goQuote(String(m)));
    return marks.length === 1 ? `${inner}.Mark(${marks[0]})` : `${inner}.WithMarks(${marks.join(", ")})`;
  }
  if (value === null) return `cty.NullVal(${goTypeString(type)})`;
  if (isUnknown(value)) {
    if (type.kind === "dynamic") return "cty.DynamicVal";
    const calls = value instanceof RefinedUnknown ? refinementCalls(value, type) : undefined;
    const suffix =
      calls === undefined ? "" : calls === ".NotNull()" ? ".RefineNotNull()" : `.Refine()${calls}.NewValue()`;
    return `cty.UnknownVal(${goTypeString(type)})${suffix}`;
  }
  const elements = (values: readonly string[]) => `[]cty.Value{${values.join(", ")}}`;
  const entries = (names: readonly string[], at: (n: string) => string) =>
    `map[string]cty.Value{${names.map((n) => `${goQuote(n)}:${at(n)}`).join(", ")}}`;
  switch (type.kind) {
    case "bool":
      return value ? "cty.True" : "cty.False";
    case "string":
      return `cty.StringVal(${goQuote(value as string)})`;
    case "number":
      return goNumberString(value as CtyNumber);
    case "dynamic":
      return goValueString(typedAt(value, type));
    case "list":
    case "set": {
      const items =
        type.kind === "set"
          ? canonicalSet(value as readonly CtyValue[], type.element)
          : (value as readonly CtyValue[]);
      if (items.length === 0)
        return `cty.${type.kind === "list" ? "List" : "Set"}ValEmpty(${goTypeString(type.element)})`;
      const shown = items.map((e) => goValueString(typedAt(e, type.element)));
      return `cty.${type.kind === "list" ? "List" : "Set"}Val(${elements(shown)})`;
    }
    case "tuple": {
      if (type.elements.length === 0) return "cty.EmptyTupleVal";
      const shown = (value as readonly CtyValue[]).map((e, i) =>
        goValueString(typedAt(e, type.elements[i]!)),
      );
      return `cty.TupleVal(${elements(shown)})`;
    }
    case "map": {
      const record = value as Record<string, CtyValue>;
      const keys = Object.keys(record).sort(compareBytewise);
      if (keys.length === 0) return `cty.MapValEmpty(${goTypeString(type.element)})`;
      return `cty.MapVal(${entries(keys, (k) => goValueString(typedAt(record[k]!, type.element)))})`;
    }
    case "object": {
      if (type.attributeNames.length === 0) return "cty.EmptyObjectVal";
      const record = value as Record<string, CtyValue>;
      return `cty.ObjectVal(${entries(type.attributeNames, (n) =>
        goValueString(typedAt(record[n] ?? null, type.attributes[n]!)),
      )})`;
    }
    case "capsule":
      return `cty.CapsuleVal(${goTypeString(type)}, ...)`;
  }
}

/** The RefinementBuilder calls that make an unknown's refinements, as go-cty writes them. */
function refinementCalls(r: RefinedUnknown, type: CtyType): string {
  let calls = r.notNull ? ".NotNull()" : "";
  if (type.kind === "string" && r.stringPrefix) calls += `.StringPrefixFull(${goQuote(r.stringPrefix)})`;
  if (type.kind === "number") {
    if (r.numberLower)
      calls += `.NumberLowerBound(${goNumberString(r.numberLower.value)}, ${r.numberLower.inclusive})`;
    if (r.numberUpper)
      calls += `.NumberUpperBound(${goNumberString(r.numberUpper.value)}, ${r.numberUpper.inclusive})`;
  }
  if (type.kind === "list" || type.kind === "set" || type.kind === "map") {
    if (r.lengthLower) calls += `.CollectionLengthLowerBound(${r.lengthLower})`;
    if (r.lengthUpper !== undefined) calls += `.CollectionLengthUpperBound(${r.lengthUpper})`;
  }
  return calls;
}

/**
 * A number as go-cty's GoString shows it: an integer as NumberIntVal, a number a double holds
 * exactly as NumberFloatVal (both printed as Go's %v prints them: shortest digits, with an
 * exponent from 10^6 up and below 10^-4), anything else as MustParseNumberVal of its text.
 */
export function goNumberString(n: CtyNumber): string {
  if (typeof n === "number" && !Number.isFinite(n)) return `cty.NumberFloatVal(${n > 0 ? "+Inf" : "-Inf"})`;
  const text = numberText(n);
  if (!text.includes(".")) return `cty.NumberIntVal(${goShortestG(text)})`;
  if (typeof n === "number" || exactDecimalOfDouble(Number(text)) === text) {
    return `cty.NumberFloatVal(${goShortestG(numberText(Number(text)))})`;
  }
  return `cty.MustParseNumberVal(${goQuote(text)})`;
}

/** Go's %v (shortest %g) of a number given as its shortest exact decimal text. */
function goShortestG(text: string): string {
  const negative = text.startsWith("-");
  const body = negative ? text.slice(1) : text;
  const [whole = "", fraction = ""] = body.split(".");
  let digits = (whole + fraction).replace(/^0+/, "");
  // The position of the decimal point relative to the first significant digit.
  const leadingZeros = (whole + fraction).length - digits.length;
  const pointAt = whole.length - leadingZeros;
  digits = digits.replace(/0+$/, "");
  if (digits === "") return negative ? "-0" : "0"; // big.Float prints a negative zero as -0
  const exponent = pointAt - 1;
  const sign = negative ? "-" : "";
  if (exponent < -4 || exponent >= 6) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    const e = Math.abs(exponent);
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${e < 10 ? "0" : ""}${e}`;
  }
  if (pointAt <= 0) return `${sign}0.${"0".repeat(-pointAt)}${digits}`;
  if (digits.length <= pointAt) return `${sign}${digits.padEnd(pointAt, "0")}`;
  return `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}
