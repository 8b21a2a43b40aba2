// go-cty's Function.Call checks that an implementation's result conforms to the type the
// function said it would return, and panics when not. Our implementations agree with their
// return types by construction, except where a result comes from a conversion: go-cty's
// conversion of a set holding unknowns to a list gives a list of the set's own element type,
// whatever list was asked for, and go-cty then panics. This check lets those functions fail
// as go-cty does.
import type { TypedValue } from "../../function.js";
import { unmark } from "../../marks.js";
import { type CtyType, conformanceErrors } from "../../types.js";
import { type CtyValue, Dynamic, mark } from "../../values.js";
import { goPanic } from "./go-panic.js";
import { goTypeString } from "./go-type-string.js";
import { goValueString } from "./go-value-string.js";

/**
 * The result (of its own type) as a function returns it to say its own type (a Dynamic), when
 * that type conforms to `returnType`; else go-cty's panic.
 */
export function conformingResult(result: TypedValue, returnType: CtyType): CtyValue {
  const errors = conformanceErrors(result.type, returnType, "", false);
  if (errors.length > 0) {
    throw goPanic(
      `returned value ${goValueString(result)} does not conform to expected return type ${goTypeString(returnType)}: ${errors[0]}`,
    );
  }
  // Given with its own type, which may differ from the return type it conforms to (it has
  // no optional attributes, say); an unknown or null of unknown type is the same either way.
  if (result.type.kind === "dynamic") return result.value;
  const { value, marks } = unmark(result.value);
  return mark(new Dynamic(result.type, value), ...marks);
}
