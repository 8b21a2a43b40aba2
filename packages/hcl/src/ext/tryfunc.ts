/**
 * The `try` and `can` functions, which turn their arguments' errors into a fallback value or
 * `false`.
 *
 * @packageDocumentation
 */
// `try` and `can` (hcl's ext/tryfunc): functions that evaluate their arguments themselves,
// through expressionClosureType parameters, so that an argument's errors become a fallback
// (`try(var.a.b, "default")`) or `false` (`can(tonumber(x))`) instead of failing the call.
//
// What counts as failing is an evaluation with error diagnostics; warnings do not. A value
// with an unknown anywhere in it is not a success yet: `try` gives an unknown of unknown type
// and `can` an unknown bool, as hcl's do, since the value might still turn out to fail later.

import { bool, type CtyValue, containsUnknown, dynamic, Unknown } from "@tsvider/cty";
import { defineFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import { formatRange } from "../pos.js";
import { expressionClosureFromValue, expressionClosureType } from "./customdecode.js";

/** The first argument that evaluates without errors, or an error listing why none did. */
function tryArguments(args: readonly TypedValue[]): TypedValue {
  if (args.length === 0) throw new Error("at least one argument is required");
  const diagnostics: Diagnostic[] = [];
  for (const arg of args) {
    const r = expressionClosureFromValue(arg.value).value();
    diagnostics.push(...r.diagnostics);
    if (hasErrors(r.diagnostics)) continue;
    if (containsUnknown(r.value.value)) return { value: Unknown, type: dynamic };
    // A success ends the search; diagnostics gathered from earlier arguments are dropped.
    return r.value;
  }
  let text = "no expression succeeded:\n";
  for (const d of diagnostics) {
    text += d.subject
      ? `- ${d.summary} (at ${formatRange(d.subject)})\n  ${d.detail}\n`
      : `- ${d.summary}\n  ${d.detail}\n`;
  }
  text += "\nAt least one expression must produce a successful result";
  throw new Error(text);
}

/** try(expressions...): the value of the first expression that evaluates without errors. */
export const tryFunction: FunctionSpec = defineFunction({
  description:
    "Evaluates each argument in turn and returns the value of the first that has no errors; fails when none succeeds.",
  params: [],
  varParam: { name: "expressions", type: expressionClosureType },
  returnType: (args) => tryArguments(args).type,
  // The return type was taken from the same result, so its value is written for that type.
  impl: (args): CtyValue => tryArguments(args).value,
});

/** can(expression): whether the expression evaluates without errors. */
export const canFunction: FunctionSpec = defineFunction({
  description: "Whether the argument evaluates without errors.",
  params: [{ name: "expression", type: expressionClosureType }],
  returnType: bool,
  impl: (args): CtyValue => {
    const r = expressionClosureFromValue(args[0]!.value).value();
    if (hasErrors(r.diagnostics)) return false;
    if (containsUnknown(r.value.value)) return Unknown;
    return true;
  },
});

/** Both, under the names HCL applications give them: spread into an EvalContext's functions. */
export const tryFunctions: Readonly<Record<"try" | "can", FunctionSpec>> = Object.freeze({
  try: tryFunction,
  can: canFunction,
});
