// go-cty recovers from a panic in a function and reports it as an error: "panic in function
// implementation: " and the panic's value, then a Go stack trace (which we leave out). Some
// go-cty functions panic on arguments they let through; ours fail with the same first line.
import { GoNaNError } from "../../internal/numbers/bigfloat.js";

export function goPanic(what: string): Error {
  return new Error(`panic in function implementation: ${what}`);
}

/** The panic of a Go program that dereferences a nil pointer. */
export function goNilDereference(): Error {
  return goPanic("runtime error: invalid memory address or nil pointer dereference");
}

/**
 * Runs big.Float arithmetic where go-cty does not expect a NaN (∞ - ∞, 0 × ∞, a NaN float64):
 * math/big's panic reaches the caller as a panic in the function.
 */
export function panicOnNaN<T>(operation: () => T): T {
  try {
    return operation();
  } catch (err) {
    if (err instanceof GoNaNError) throw goPanic(err.message);
    throw err;
  }
}
