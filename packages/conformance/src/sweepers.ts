// Sweepers: functions that delete what acceptance tests left behind on real infrastructure (a
// test killed halfway never reaches its destroy), found by the name prefix the tests gave it
// (randomName). As Go's resource.AddTestSweepers, each may name sweepers that must run before
// it (subnets before their network). A provider exports them as `sweepers` from one module,
// which `tsvider sweep` loads and runs with runSweepers; a test setup may call runSweepers too.
//
// defineSweepers checks the set when the module loads; runSweepers checks it again, because the
// CLI may hold another copy of this package than the module that defined it, and takes any
// object of that shape.

/** What a sweeper is given: the name prefix tests use, and how to report what it deleted. */
export interface SweepContext {
  /** The prefix of the names tests give (defineSweepers' prefix, or `tsvider sweep --prefix`). */
  readonly prefix: string;
  /** Whether `name` is a test's: it starts with the prefix. */
  matches(name: string): boolean;
  /** Reports an object as deleted as soon as it is, so a sweeper that fails later still lists it. */
  deleted(name: string): void;
  /** The environment to read credentials from (the command's). */
  readonly env: NodeJS.ProcessEnv;
  /** Aborted when the run is stopped (Ctrl-C). */
  readonly signal: AbortSignal;
}

/** What a sweeper returns: the names it deleted, or nothing when it reported them through ctx.deleted. */
// biome-ignore lint/suspicious/noConfusingVoidType: an async sweeper that returns nothing returns Promise<void>.
export type SweepResult = Iterable<string> | undefined | void;

/**
 * Deletes the objects that failed or interrupted acceptance tests left behind, of one kind
 * (usually one resource type).
 */
export interface Sweeper {
  /** Sweepers to run before this one (by name): what must be gone before this can go. */
  readonly dependencies?: readonly string[];
  /**
   * Deletes the leftovers this sweeper knows about and returns their names (or reports each
   * through ctx.deleted; both are fine, a name given twice is listed once).
   */
  sweep(ctx: SweepContext): SweepResult | Promise<SweepResult>;
}

/**
 * A provider's sweepers by name, with the name prefix its tests use. Make one with
 * `defineSweepers`.
 */
export interface SweeperSet {
  /** The name prefix tests use, passed to each sweeper unless `tsvider sweep --prefix` overrides it. */
  readonly prefix: string;
  /** The sweepers by name, usually the resource type they clean up. */
  readonly sweepers: Readonly<Record<string, Sweeper>>;
}

/** Checks a set of sweepers (names, dependencies, no cycles) and returns it; throws TypeError naming the problem. */
export function defineSweepers<const S extends SweeperSet>(set: S): S {
  sweepOrder(set);
  return set;
}

/** What became of one sweeper in a run. */
export interface SweeperOutcome {
  readonly name: string;
  /** swept: it finished; failed: it threw; skipped: a sweeper it depends on failed, so it did not run. */
  readonly status: "swept" | "failed" | "skipped";
  /** What it deleted, in the order it said so. */
  readonly deleted: readonly string[];
  /** Why it failed or was skipped. */
  readonly error?: string;
}

/** What `runSweepers` did: each sweeper's outcome, and whether any failed. */
export interface SweepReport {
  readonly prefix: string;
  /** Each sweeper run (or skipped), in the order they ran. */
  readonly outcomes: readonly SweeperOutcome[];
  /** Whether any sweeper failed or was skipped. */
  readonly failed: boolean;
}

/** Options of `runSweepers`: another prefix, which sweepers to run, and the environment. */
export interface RunSweepersOptions {
  /** Instead of the set's prefix. */
  readonly prefix?: string;
  /** Only these sweepers (and those they depend on, which run first). Default: all. */
  readonly only?: readonly string[];
  /** Default: process.env. */
  readonly env?: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
  /** Called as each sweeper starts, for progress. */
  readonly onStart?: (name: string) => void;
}

/**
 * Runs the sweepers one after another, each after those it depends on. A sweeper that throws is
 * reported as failed and those depending on it (directly or not) are skipped; the others still
 * run, so one failure does not leave everything else in place.
 */
export async function runSweepers(set: SweeperSet, options: RunSweepersOptions = {}): Promise<SweepReport> {
  const order = sweepOrder(set);
  const prefix = options.prefix ?? set.prefix;
  checkPrefix(prefix, options.prefix === undefined ? "defineSweepers' prefix" : "the prefix given");
  let wanted = new Set(order);
  if (options.only !== undefined) {
    const unknown = options.only.filter((name) => !Object.hasOwn(set.sweepers, name));
    if (unknown.length) {
      throw new TypeError(
        `no sweeper named ${unknown.map((n) => `"${n}"`).join(", ")}; the sweepers are ${order.join(", ")}`,
      );
    }
    wanted = new Set();
    const add = (name: string) => {
      if (wanted.has(name)) return;
      wanted.add(name);
      for (const dependency of set.sweepers[name]!.dependencies ?? []) add(dependency);
    };
    for (const name of options.only) add(name);
  }
  const signal = options.signal ?? new AbortController().signal;
  const env = options.env ?? process.env;
  const failedOnes = new Set<string>();
  const outcomes: SweeperOutcome[] = [];
  for (const name of order.filter((n) => wanted.has(n))) {
    const sweeper = set.sweepers[name]!;
    const blocker = (sweeper.dependencies ?? []).find((d) => failedOnes.has(d));
    if (blocker !== undefined) {
      failedOnes.add(name);
      outcomes.push({
        name,
        status: "skipped",
        deleted: [],
        error: `not run: it runs after ${blocker}, which did not finish`,
      });
      continue;
    }
    signal.throwIfAborted();
    options.onStart?.(name);
    const deleted: string[] = [];
    const note = (item: string) => {
      if (!deleted.includes(item)) deleted.push(item);
    };
    try {
      const returned = await sweeper.sweep({
        prefix,
        matches: (item) => item.startsWith(prefix),
        deleted: (item) => note(String(item)),
        env,
        signal,
      });
      if (returned !== undefined && returned !== null) for (const item of returned) note(String(item));
      outcomes.push({ name, status: "swept", deleted });
    } catch (err) {
      if (signal.aborted) throw err;
      failedOnes.add(name);
      outcomes.push({
        name,
        status: "failed",
        deleted,
        error: err instanceof Error ? err.message : String(err),
      });
    }
  }
  return { prefix, outcomes, failed: failedOnes.size > 0 };
}

function checkPrefix(prefix: unknown, what: string): void {
  if (typeof prefix !== "string" || prefix.length === 0) {
    throw new TypeError(
      `${what} is ${JSON.stringify(prefix) ?? "missing"}; give the prefix of the names tests use (such as "tfacc"), which a sweeper must never match in anything else`,
    );
  }
}

/** The sweepers' names in an order that runs each after its dependencies (else in the order given). */
export function sweepOrder(set: SweeperSet): string[] {
  if (typeof set !== "object" || set === null || typeof set.sweepers !== "object" || set.sweepers === null) {
    throw new TypeError(
      "a sweeper set is { prefix, sweepers: { <name>: { dependencies?, sweep } } }, as defineSweepers takes it",
    );
  }
  checkPrefix(set.prefix, "defineSweepers' prefix");
  const names = Object.keys(set.sweepers);
  for (const name of names) {
    const sweeper = set.sweepers[name];
    if (typeof sweeper?.sweep !== "function") {
      throw new TypeError(
        `sweeper "${name}" has no sweep function; give it sweep(ctx), which deletes its leftovers`,
      );
    }
    for (const dependency of sweeper.dependencies ?? []) {
      if (!Object.hasOwn(set.sweepers, dependency)) {
        throw new TypeError(
          `sweeper "${name}" depends on "${dependency}", which is not a sweeper in the set (it has ${names.join(", ")})`,
        );
      }
    }
  }
  const order: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string, chain: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "visiting") {
      const cycle = [...chain.slice(chain.indexOf(name)), name];
      throw new TypeError(
        `sweepers depend on each other in a cycle: ${cycle.join(" -> ")}; remove one of these dependencies`,
      );
    }
    state.set(name, "visiting");
    for (const dependency of set.sweepers[name]!.dependencies ?? []) visit(dependency, [...chain, name]);
    state.set(name, "done");
    order.push(name);
  };
  for (const name of names) visit(name, []);
  return order;
}
