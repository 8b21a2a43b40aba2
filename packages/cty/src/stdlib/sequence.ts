// go-cty stdlib, sequence.go: concat. (range, also in sequence.go, is in range.ts.)
import { unify } from "../convert/index.js";
import { ArgumentError, defineFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { unmark, unmarkDeep } from "../marks.js";
import { type CollectionType, type CtyType, dynamic, friendlyName, tuple } from "../types.js";
import { type CtyValue, isUnknown, mark } from "../values.js";
import { goCollection } from "./internal/go-collections.js";
import { goConvert } from "./internal/go-convert.js";
import { goTyped, sequenceElements } from "./internal/go-typed.js";
import { conformingResult } from "./internal/result-check.js";

/**
 * The result type of concatenating these sequences: a list when all are lists whose types
 * unify, else a tuple of all their element types, which needs every list's length.
 */
function concatType(args: readonly TypedValue[]): CtyType {
  if (args.length === 0) throw new Error("at least one argument is required");
  const typed = args.map(goTyped);
  if (typed.every((a) => a.type.kind === "list")) {
    const unified = unify(
      typed.map((a) => a.type),
      { unsafe: true },
    );
    if (unified !== undefined) return unified.type;
  }
  const elementTypes: CtyType[] = [];
  for (const [i, arg] of typed.entries()) {
    // Nested marks are no matter here: only types and lengths are.
    const value = unmarkDeep(arg.value, arg.type).value;
    const t = arg.type;
    if (t.kind === "tuple") elementTypes.push(...t.elements);
    else if (t.kind === "list") {
      // A tuple type lists every element, so an unknown list's length must be known first.
      if (isUnknown(value)) return dynamic;
      for (let j = 0; j < (value as readonly CtyValue[]).length; j++) elementTypes.push(t.element);
    } else {
      throw new ArgumentError(i, `all arguments must be lists or tuples; got ${friendlyName(t)}`);
    }
  }
  return tuple(elementTypes);
}

/**
 * The cty function `concat`, a FunctionSpec to call with `callFunction`. Joins lists and tuples end
 * to end, in argument order.
 */
export const concat: FunctionSpec = defineFunction({
  description:
    "Joins lists and tuples end to end, in argument order. Lists whose types unify give a list; any other mix gives a tuple.",
  params: [],
  varParam: { name: "seqs", type: dynamic, allowMarked: true },
  returnType: concatType,
  refineResult: { notNull: true },
  impl: (args, returnType) => {
    const elements: TypedValue[] = [];
    const marks: unknown[] = [];
    for (const [i, arg] of args.entries()) {
      const { value, marks: own } = unmark(arg.value);
      let seq = goTyped({ value, type: arg.type });
      if (returnType.kind === "list") {
        // The list type came from unsafe unification, so a conversion can still fail.
        try {
          seq = goConvert(seq, returnType);
        } catch (err) {
          throw new ArgumentError(i, (err as Error).message);
        }
      }
      marks.push(...own);
      elements.push(...sequenceElements(seq.value, seq.type));
    }
    if (returnType.kind !== "list")
      return mark(
        elements.map((e) => e.value),
        ...marks,
      );
    const result = goCollection("list", elements, (returnType as CollectionType).element);
    return mark(conformingResult(result, returnType), ...marks);
  },
});
