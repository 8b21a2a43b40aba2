// The `examples` command's arguments.
import { resolve } from "node:path";
import { type HostSet, parseHostSet } from "./hosts.js";
import { providerLists } from "./provider-app.js";
import { parseShard, type Shard } from "./shard.js";

/** A mistake on the command line: printed without a stack. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}

export interface ExamplesOptions {
  /** `--provider DIR`: the provider app whose examples run (absolute). */
  readonly provider: string;
  readonly jobs: number;
  readonly reportDir: string;
  /** The expected-failures list to judge the run by. */
  readonly expectedFailures: string;
  readonly filters: readonly string[];
  /** The hosts besides the pinned pair (`--hosts`, default "pinned": none). */
  readonly hosts: HostSet;
  /** `--shard i/n`: run only this shard's cells. */
  readonly shard?: Shard;
  /** The recorded durations the shards are balanced by. */
  readonly durations: string;
  /** `--record-durations`: update the durations file from this run. */
  readonly recordDurations: boolean;
  /**
   * `--reattach`: each cell starts the provider once and attaches every command after `init`
   * to it, instead of every command starting it as a practitioner's run does (the default).
   */
  readonly reattach: boolean;
  /**
   * `--one-cell-per-example`: the cells of one example run one after the other, never two at a
   * time, for examples that make fixed names on one shared server (a database's roles): the
   * same example on two binaries at once would collide with itself.
   */
  readonly oneCellPerExample: boolean;
  /**
   * `--batch`: the examples that only evaluate (provider functions and outputs) run on each
   * binary as modules of one configuration instead of a cell each (batch.ts says which).
   */
  readonly batch: boolean;
}

/**
 * `--provider DIR`, `--jobs N` (`-j N`), `--report-dir DIR`, `--expected-failures FILE`,
 * `--hosts SET`, `--shard i/n`, `--durations FILE`, `--record-durations`, `--reattach`,
 * `--one-cell-per-example`, `--batch` (or `--flag=value`) and filters, in any order. The expected failures
 * and durations default to the provider's own (providerLists).
 */
export function parseExamplesArgs(
  args: readonly string[],
  defaults: Pick<ExamplesOptions, "jobs" | "reportDir" | "provider">,
): ExamplesOptions {
  let provider = defaults.provider;
  let jobs = defaults.jobs;
  let reportDir = defaults.reportDir;
  let expectedFailures: string | undefined;
  let durations: string | undefined;
  let hosts: HostSet = "pinned";
  let shard: Shard | undefined;
  let recordDurations = false;
  let reattach = false;
  let oneCellPerExample = false;
  let batch = false;
  const filters: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith("--") ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--provider") provider = resolve(value());
    else if (flag === "--jobs" || flag === "-j") {
      const v = value();
      jobs = Number(v);
      if (!Number.isInteger(jobs) || jobs < 1)
        throw new UsageError(`--jobs takes a whole number of at least 1, not ${JSON.stringify(v)}`);
    } else if (flag === "--report-dir") reportDir = resolve(value());
    else if (flag === "--expected-failures") expectedFailures = resolve(value());
    else if (flag === "--hosts") hosts = parseHostSet(value());
    else if (flag === "--shard") shard = parseShard(value());
    else if (flag === "--durations") durations = resolve(value());
    else if (flag === "--record-durations" && inline === undefined) recordDurations = true;
    else if (flag === "--reattach" && inline === undefined) reattach = true;
    else if (flag === "--one-cell-per-example" && inline === undefined) oneCellPerExample = true;
    else if (flag === "--batch" && inline === undefined) batch = true;
    else if (arg.startsWith("-"))
      throw new UsageError(
        `unknown option ${arg}; the runner takes --provider DIR, --jobs N, --report-dir DIR, --expected-failures FILE, --hosts pinned|representative|all, --shard i/n, --durations FILE, --record-durations, --reattach, --one-cell-per-example and --batch`,
      );
    else filters.push(arg);
  }
  if (shard && recordDurations)
    throw new UsageError(
      "--record-durations records a whole run; with --shard, record every shard's results.json with the record-durations command instead",
    );
  const lists = providerLists(provider);
  return {
    provider,
    jobs,
    reportDir,
    expectedFailures: expectedFailures ?? lists.expectedFailures,
    filters,
    hosts,
    durations: durations ?? lists.durations,
    recordDurations,
    reattach,
    oneCellPerExample,
    batch,
    ...(shard ? { shard } : {}),
  };
}
