// go-cty stdlib, conversion.go: explicit conversion to a type (MakeToFunc, which makes a
// function per target type, such as Terraform's tostring) and assertNotNull.
import { getConversion, mismatchMessage } from "../convert/index.js";
import { ArgumentError, defineFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { goQuote } from "../internal/text/go-quote.js";
import { type CtyType, dynamic, friendlyName, friendlyNameForConstraint, typeEquals } from "../types.js";
import { goConvert } from "./internal/go-convert.js";
import { goTyped, returnedAs } from "./internal/go-typed.js";
import { conformingResult } from "./internal/result-check.js";

/**
 * A function converting its argument to `want` (go-cty's MakeToFunc), with messages worded
 * for an explicit conversion. `want` may be a constraint: a list of `dynamic` accepts a tuple
 * whose elements unify. A factory, not a function itself, so not among `stdlibFunctions`.
 */
export function makeToFunction(want: CtyType): FunctionSpec {
  return defineFunction({
    description: `Turns its argument into a value of type ${friendlyName(want)}, allowing the conversions that depend on the value (a string to a number, say); an error when this value has no such form.`,
    // Any type is let through so that the messages can speak of an explicit conversion.
    params: [{ name: "v", type: dynamic, allowNull: true, allowDynamicType: true }],
    returnType: ([arg]) => {
      const got = goTyped(arg!).type;
      if (typeEquals(got, want)) return want;
      if (getConversion(got, want, { unsafe: true }) === undefined) {
        if (got.kind === "tuple" && want.kind === "tuple") {
          throw new ArgumentError(0, `incompatible tuple type for conversion: ${mismatchMessage(got, want)}`);
        }
        if (got.kind === "object" && want.kind === "object") {
          throw new ArgumentError(
            0,
            `incompatible object type for conversion: ${mismatchMessage(got, want)}`,
          );
        }
        throw new ArgumentError(
          0,
          `cannot convert ${friendlyName(got)} to ${friendlyNameForConstraint(want)}`,
        );
      }
      return want;
    },
    impl: ([arg], returnType) => {
      const typed = goTyped(arg!);
      let converted: TypedValue;
      try {
        converted = goConvert(typed, returnType);
      } catch (err) {
        if (err instanceof ArgumentError || !(err instanceof Error)) throw err;
        // The conversion was possible for the type but not for this value.
        const what = () => (typed.value === null ? "string" : goQuote(typed.value as string));
        if (typed.type.kind === "string" && want.kind === "bool") {
          throw new ArgumentError(
            0,
            `cannot convert ${what()} to bool; only the strings "true" or "false" are allowed`,
          );
        }
        if (typed.type.kind === "string" && want.kind === "number") {
          throw new ArgumentError(
            0,
            `cannot convert ${what()} to number; given string must be a decimal representation of a number`,
          );
        }
        throw new ArgumentError(
          0,
          `cannot convert ${friendlyName(typed.type)} to ${friendlyNameForConstraint(want)}`,
        );
      }
      return conformingResult(converted, returnType);
    },
  });
}

/**
 * The cty function `assertNotNull`, a FunctionSpec to call with `callFunction`. Passes its argument
 * through untouched, failing when it is null.
 */
export const assertNotNull: FunctionSpec = defineFunction({
  description:
    "Passes its argument through untouched, failing when it is null. An unknown argument gives an unknown result known not to be null.",
  // Not allowNull: callFunction refuses a null before the implementation runs.
  params: [{ name: "v", type: dynamic }],
  returnType: ([arg]) => goTyped(arg!).type,
  refineResult: { notNull: true },
  impl: ([arg], returnType) => returnedAs(goTyped(arg!), returnType),
});
