// Calling a provider function in a test as Terraform would: the arguments checked against the
// parameters (count, null, unknown, what the TypeScript types promise), the result against the
// return type, errors as the FunctionError the host would show.
import type { CtyValue } from "@tsvider/cty";
import { type ProviderFunction, runProviderFunction } from "../function.js";

/**
 * Calls `fn` with `args` as Terraform and OpenTofu call it, without a host. `args` are what
 * the host would send: one value of each parameter's type, in order, then the variadic ones;
 * they are not converted first (give `"3"`, not `3`, to a `t.string` parameter).
 *
 * Resolves to the result alone (not an object around it), as `run` returned it, in the form
 * values of the declared `returns` type take everywhere in the framework:
 * - `t.string`: a string; `t.bool`: a boolean;
 * - `t.number`: a `number`, or a `bigint` or `Decimal` for a value a double cannot hold
 *   exactly; `t.int64`: a `number`, or a `bigint` beyond the safe integers;
 * - `t.list`, `t.set`, `t.tuple`: an array; `t.map`, `t.object`: a plain object;
 * - `t.dynamic`: a `Dynamic` holding the value and its concrete type;
 * - `null` when `run` returned null.
 *
 * When an argument is not wholly known and its parameter does not take unknown values
 * (`allowUnknownValues`), `run` is not called and the result is the `Unknown` marker, as the
 * host plans it.
 *
 * Rejects with the `FunctionError` the host would show: `message` is the text and `argument`
 * the zero-based index of the argument it blames (variadic arguments counted after the fixed
 * ones), undefined when it blames none. That is the error `run` threw, or one of the checks
 * made before it runs: the number of arguments (no `argument`), a null where the parameter
 * takes none (`argument must not be null`), a value beyond what the parameter's type promises
 * (an `int64` that is not whole).
 * Any other exception `run` throws arrives as a FunctionError with its message and no
 * `argument`, as the host shows it.
 */
export async function callProviderFunction(
  fn: ProviderFunction,
  args: readonly CtyValue[],
): Promise<CtyValue> {
  return (await runProviderFunction(fn, args)).value;
}
