// What an acceptance test needs from the machine it runs on before it can run at all: environment
// variables (a database's address, credentials) and, for tests that reach infrastructure that
// costs money, an explicit opt-in. A test that lacks one is skipped with the reason, not failed:
// a contributor without credentials still gets a green run of everything else, and sees why the
// rest did not run.
//
// There is no global switch like Go's TF_ACC=1, which every acceptance test needs there. Ours
// are hermetic unless the author makes them otherwise (the provider in-process, a fresh working
// directory, a destroy at the end), and this repository's own run them in every `pnpm test`; a
// global opt-in would hide all of them from every run that forgot it. What needs gating is the
// test that reaches something real, so that test says so: `requireEnv` for what it connects
// with, `optIn: true` (TSVIDER_ACC=1) for what must never run by accident, not even in a shell
// that happens to hold credentials.

/** What a test (or a whole suite, through unmetRequirements) needs. */
export interface AcceptanceRequirements {
  /** Environment variables that must be set and not empty, such as `["PGHOST", "PGPASSWORD"]`. */
  readonly requireEnv?: readonly string[];
  /**
   * Run only when TSVIDER_ACC=1 (or true), as Go runs acceptance tests only with TF_ACC=1: for
   * tests that create real, possibly billable objects. Default false.
   */
  readonly optIn?: boolean;
}

/** The environment variable `optIn` tests wait for. */
export const OPT_IN_VARIABLE = "TSVIDER_ACC";

/**
 * Why a test with these requirements cannot run in `env`, or undefined when it can. For a whole
 * vitest suite: `beforeEach((ctx) => ctx.skip(unmet !== undefined, unmet))`.
 */
export function unmetRequirements(
  requirements: AcceptanceRequirements,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const reasons: string[] = [];
  if (requirements.optIn && !/^(1|true)$/i.test(env[OPT_IN_VARIABLE] ?? "")) {
    reasons.push(
      `it is opt-in (optIn: true: it reaches real infrastructure); set ${OPT_IN_VARIABLE}=1 to run it`,
    );
  }
  const missing = (requirements.requireEnv ?? []).filter((name) => (env[name] ?? "") === "");
  if (missing.length) {
    const list = missing.join(", ");
    reasons.push(
      `${list} ${missing.length === 1 ? "is" : "are"} not set (requireEnv); set ${missing.length === 1 ? "it" : "them"} to run it`,
    );
  }
  return reasons.length ? reasons.join("; ") : undefined;
}
