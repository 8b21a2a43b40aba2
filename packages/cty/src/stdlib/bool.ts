// go-cty stdlib, bool.go: logical not, and, or. Unknown arguments make an unknown (not null)
// result before these run, even where the other argument would decide it (`and(false, ?)`).
// Marks on the arguments pass to the result.
import { defineFunction, type FunctionSpec } from "../function.js";
import { unmark } from "../marks.js";
import { bool as boolType } from "../types.js";
import { type CtyValue, mark } from "../values.js";

const boolParam = (name: string) =>
  ({ name, type: boolType, allowDynamicType: true, allowMarked: true }) as const;

/** Applies `op` to the unmarked booleans and marks the result with every argument's marks. */
function logical(args: readonly { readonly value: CtyValue }[], op: (...bs: boolean[]) => boolean): CtyValue {
  const unmarked = args.map((a) => unmark(a.value));
  return mark(op(...unmarked.map((u) => u.value as boolean)), ...unmarked.flatMap((u) => [...u.marks]));
}

/**
 * The cty function `not`, a FunctionSpec to call with `callFunction`. Flips a boolean: false for
 * true and true for false.
 */
export const not: FunctionSpec = defineFunction({
  description: "Flips a boolean: false for true and true for false.",
  params: [boolParam("val")],
  returnType: boolType,
  refineResult: { notNull: true },
  impl: (args) => logical(args, (a) => !a),
});

/**
 * The cty function `and`, a FunctionSpec to call with `callFunction`. True only when a and b are
 * both true.
 */
export const and: FunctionSpec = defineFunction({
  description:
    "True only when a and b are both true. Both must be known: an unknown argument makes the result unknown even when the other is false.",
  params: [boolParam("a"), boolParam("b")],
  returnType: boolType,
  refineResult: { notNull: true },
  impl: (args) => logical(args, (a, b) => a && b!),
});

/**
 * The cty function `or`, a FunctionSpec to call with `callFunction`. True when a, b or both are
 * true.
 */
export const or: FunctionSpec = defineFunction({
  description:
    "True when a, b or both are true. Both must be known: an unknown argument makes the result unknown even when the other is true.",
  params: [boolParam("a"), boolParam("b")],
  returnType: boolType,
  refineResult: { notNull: true },
  impl: (args) => logical(args, (a, b) => a || b!),
});
