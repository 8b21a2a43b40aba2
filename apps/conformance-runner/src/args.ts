// The `examples` command's arguments.
import { resolve } from "node:path";

/** A mistake on the command line: printed without a stack. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ExamplesOptions {
  readonly jobs: number;
  readonly reportDir: string;
  /** The expected-failures list to judge the run by. */
  readonly expectedFailures: string;
  readonly filters: readonly string[];
}

/**
 * `--jobs N` (`-j N`), `--report-dir DIR`, `--expected-failures FILE` (or `--flag=value`) and
 * filters, in any order.
 */
export function parseExamplesArgs(
  args: readonly string[],
  defaults: Omit<ExamplesOptions, "filters">,
): ExamplesOptions {
  let jobs = defaults.jobs;
  let reportDir = defaults.reportDir;
  let expectedFailures = defaults.expectedFailures;
  const filters: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith("--") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--jobs" || flag === "-j") {
      const v = value();
      jobs = Number(v);
      if (!Number.isInteger(jobs) || jobs < 1)
        throw new UsageError(`--jobs takes a whole number of at least 1, not ${JSON.stringify(v)}`);
    } else if (flag === "--report-dir") reportDir = resolve(value());
    else if (flag === "--expected-failures") expectedFailures = resolve(value());
    else if (arg.startsWith("-"))
      throw new UsageError(
        `unknown option ${arg}; the runner takes --jobs N, --report-dir DIR and --expected-failures FILE`,
      );
    else filters.push(arg);
  }
  return { jobs, reportDir, expectedFailures, filters };
}
