// Calling a provider function in a test as Terraform would: the arguments checked against the
// parameters (count, null, unknown, what the TypeScript types promise), the result against the
// return type, errors as the FunctionError the host would show.
import type { CtyValue } from "@tsvider/cty";
import { type ProviderFunction, runProviderFunction } from "../function.js";

/**
 * The function's result for these arguments (the Unknown marker when an argument is not wholly
 * known where the parameter takes no unknowns). Throws the `FunctionError` Terraform would show,
 * its `argument` naming the argument it blames.
 */
export async function callProviderFunction(
  fn: ProviderFunction,
  args: readonly CtyValue[],
): Promise<CtyValue> {
  return (await runProviderFunction(fn, args)).value;
}
