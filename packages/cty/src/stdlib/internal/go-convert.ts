// go-cty's convert.Convert as its stdlib functions call it: the value unchanged when it has
// the wanted type already, else converted with the unsafe conversions (string to number and
// the like, which fail for some values). Failures are plain Errors with go-cty's message,
// which (a cty.PathError's) does not say where in the value it failed.
import { ConversionError, convertTyped } from "../../convert/index.js";
import type { TypedValue } from "../../function.js";
import type { CtyType } from "../../types.js";

/** The value (of its own type) converted to `want`, with the type go-cty gives the result. */
export function goConvert(arg: TypedValue, want: CtyType): TypedValue {
  try {
    return convertTyped(arg.value, arg.type, want);
  } catch (err) {
    if (err instanceof ConversionError) throw new Error(err.reason);
    throw err;
  }
}
