// go-cty stdlib, general.go: equal, notEqual, coalesce.
import { unify } from "../convert/index.js";
import { defineFunction, type FunctionSpec, type Parameter, type TypedValue } from "../function.js";
import { bool, dynamic } from "../types.js";
import { type CtyValue, isUnknown, Unknown } from "../values.js";
import { ctyEquals } from "./internal/equals.js";
import { goConvert } from "./internal/go-convert.js";
import { goTyped } from "./internal/go-typed.js";
import { conformingResult } from "./internal/result-check.js";

const anyValue = (name: string): Parameter => ({
  name,
  type: dynamic,
  allowUnknown: true,
  allowDynamicType: true,
  allowNull: true,
});

/** `a == b` as go-cty's Equals decides it: unknown when the unknowns in them leave it open. */
function equals(args: readonly TypedValue[]): CtyValue {
  return ctyEquals(goTyped(args[0]!), goTyped(args[1]!));
}

/**
 * The cty function `equal`, a FunctionSpec to call with `callFunction`. Whether a and b are equal:
 * of the same type with equal contents, where any two nulls are equal.
 */
export const equal: FunctionSpec = defineFunction({
  description:
    "Whether a and b are equal: of the same type with equal contents, where any two nulls are equal. Unknown while unknown parts could still go either way.",
  params: [anyValue("a"), anyValue("b")],
  returnType: bool,
  refineResult: { notNull: true },
  impl: equals,
});

/**
 * The cty function `notEqual`, a FunctionSpec to call with `callFunction`. The opposite of equal:
 * true when a and b differ.
 */
export const notEqual: FunctionSpec = defineFunction({
  description:
    "The opposite of equal: true when a and b differ. Unknown while unknown parts could still go either way.",
  params: [anyValue("a"), anyValue("b")],
  returnType: bool,
  refineResult: { notNull: true },
  impl: (args) => {
    const eq = equals(args);
    return isUnknown(eq) ? eq : !eq;
  },
});

/**
 * The cty function `coalesce`, a FunctionSpec to call with `callFunction`. The first argument that
 * is not null, converted to the type the arguments unify to; an error when all are null or their
 * types have nothing in common.
 */
export const coalesce: FunctionSpec = defineFunction({
  description:
    "The first argument that is not null, converted to the type the arguments unify to; an error when all are null or their types have nothing in common. Unknown when an unknown comes before the first non-null one.",
  params: [],
  varParam: anyValue("vals"),
  returnType: (args) => {
    const unified = unify(
      args.map((a) => goTyped(a).type),
      { unsafe: true },
    );
    if (unified === undefined) throw new Error("all arguments must have the same type");
    return unified.type;
  },
  refineResult: { notNull: true },
  impl: (args, returnType) => {
    for (const arg of args) {
      // Until it is known whether this one is null, which one wins is not known.
      if (isUnknown(arg.value)) return Unknown;
      if (arg.value === null) continue;
      return conformingResult(goConvert(goTyped(arg), returnType), returnType);
    }
    throw new Error("no non-null arguments");
  },
});
