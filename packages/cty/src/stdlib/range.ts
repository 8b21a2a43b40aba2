// go-cty stdlib: RangeFunc (sequence.go), exported as `range`. The sequence is built as
// go-cty builds it: repeated big.Float additions at the operands' precision, so a decimal
// step accumulates exactly the rounding go-cty's does.
import { ArgumentError, defineFunction } from "../function.js";
import { BigFloat } from "../internal/numbers/bigfloat.js";
import { bigFloatOf, ctyNumberOf, equalAsGoCty } from "../internal/numbers/go-number.js";
import { list, number } from "../types.js";
import type { CtyNumber } from "../values.js";
import { panicOnNaN } from "./internal/go-panic.js";

/** go-cty's artificial cap on the length of the list. */
const MAX_ELEMENTS = 1024;

// cty.Zero and cty.NumberIntVal(±1): 64-bit integers.
const zero = BigFloat.fromBigInt(0n, 64);
const one = BigFloat.fromBigInt(1n, 64);
const minusOne = BigFloat.fromBigInt(-1n, 64);

/**
 * The cty function `range`, a FunctionSpec to call with `callFunction`. Counts from start toward
 * end (not included) by step, as a list of at most 1024 numbers.
 */
export const range = defineFunction({
  description:
    "Counts from start toward end (not included) by step, as a list of at most 1024 numbers. One argument is the end, counting from 0; two are start and end; with fewer than three the step is 1, or -1 when counting down.",
  params: [],
  varParam: { name: "params", type: number },
  returnType: list(number),
  refineResult: { notNull: true },
  impl: (args) => {
    const given = args.map((a) => bigFloatOf(a.value as CtyNumber));
    let start: BigFloat;
    let end: BigFloat;
    let step: BigFloat;
    if (given.length === 1) {
      [start, end, step] = [zero, given[0]!, given[0]!.cmp(zero) < 0 ? minusOne : one];
    } else if (given.length === 2) {
      [start, end, step] = [given[0]!, given[1]!, given[1]!.cmp(given[0]!) < 0 ? minusOne : one];
    } else if (given.length === 3) {
      [start, end, step] = [given[0]!, given[1]!, given[2]!];
    } else {
      throw new Error("must have one, two, or three arguments");
    }
    // go-cty's "step must not be zero" check compares with its own Zero value by identity,
    // which an argument never is: a zero step runs into the length cap instead.
    const down = step.cmp(zero) < 0;
    if (down && end.cmp(start) > 0) {
      throw new ArgumentError(1, "end must be less than start when step is negative");
    }
    if (!down && end.cmp(start) < 0) {
      throw new ArgumentError(1, "end must be greater than start when step is positive");
    }
    const values: BigFloat[] = [];
    let current = start;
    for (;;) {
      // "Or equal" is go-cty's Equals, which compares fractions by their printed text.
      const order = current.cmp(end);
      const done = down ? order < 0 || equalAsGoCty(current, end) : order > 0 || equalAsGoCty(current, end);
      if (done) break;
      if (values.length >= MAX_ELEMENTS) {
        throw new Error(
          "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
        );
      }
      values.push(current);
      // go-cty does not expect ∞ - ∞ here: the panic reaches the caller as such.
      current = panicOnNaN(() => current.add(step));
    }
    return values.map(ctyNumberOf);
  },
});
