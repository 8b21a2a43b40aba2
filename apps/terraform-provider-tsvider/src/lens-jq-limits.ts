// The time limit of the reference provider's jq: the lens_jq function and the tsvider_lens_jq
// data source stop a program at @tsvider/components' default (10 s) unless
// TSVIDER_LENS_JQ_TIME_LIMIT_MS in the provider's environment gives another. An environment
// variable rather than a provider block setting, because Terraform and OpenTofu call provider
// functions without the provider's configuration; the provider inherits it from tofu's or
// terraform's environment, as it does TSVIDER_TESTMODE.

import { LONGEST_JQ_TIME_LIMIT_MS } from "@tsvider/components/lens-jq";
import { FunctionError, type ProviderFunction } from "@tsvider/framework";

export const LENS_JQ_TIME_LIMIT_VARIABLE = "TSVIDER_LENS_JQ_TIME_LIMIT_MS";

/**
 * The limit the environment asks for: `timeLimitMs` (absent when the variable is unset or
 * empty, for the components' default), or `problem`, the error to report when it is not a
 * whole number of milliseconds from 1 to 2147483647.
 */
export type LensJqTimeLimit =
  | { readonly timeLimitMs?: number; readonly problem?: undefined }
  | { readonly problem: string };

export function lensJqTimeLimitFromEnv(env: NodeJS.ProcessEnv): LensJqTimeLimit {
  const text = env[LENS_JQ_TIME_LIMIT_VARIABLE]?.trim();
  if (!text) return {};
  const ms = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (ms >= 1 && ms <= LONGEST_JQ_TIME_LIMIT_MS) return { timeLimitMs: ms };
  return {
    problem: `${LENS_JQ_TIME_LIMIT_VARIABLE}=${JSON.stringify(text)} in the provider's environment is not a whole number of milliseconds from 1 to ${LONGEST_JQ_TIME_LIMIT_MS}. Set it in the environment of tofu or terraform to one, such as 30000 for 30 s, or unset it for the default of 10 s.`,
  };
}

/** `fn` refusing every call with `problem`: a limit the environment got wrong is never guessed. */
export function refusingFunction(fn: ProviderFunction, problem: string): ProviderFunction {
  return Object.freeze({
    ...fn,
    run: () => {
      throw new FunctionError(problem);
    },
  });
}
