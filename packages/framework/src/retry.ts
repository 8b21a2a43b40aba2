// Retrying and waiting, for APIs that are eventually consistent: an object just created that
// is not readable yet, a server that takes minutes to boot. `retry` calls a function until it
// succeeds; `waitFor` polls an object's state until it reaches a target state, the
// counterpart of the Go SDK's retry.StateChangeConf. Both wait longer between attempts each
// time (exponential backoff with jitter), stop at once when the handler's signal fires, and
// give up at a deadline with an error that says what was waited for, how long, how many
// attempts were made and how the last one ended.
//
// The deadline is the earlier of `timeout`/`deadline` and the operation's own timeout: when a
// resource has timeouts (timeouts.ts), the handler's signal fires with an
// OperationTimeoutError once the operation's time is up, and a wait given that signal ends
// then with the same error it gives at its own deadline.
import { TsviderError } from "./diagnostics.js";
import { OperationTimeoutError, parseDuration } from "./timeouts.js";

/** How long to keep trying, how long to wait between attempts, and what stops the wait. */
export interface WaitOptions {
  /**
   * What is being waited for, for messages: `"server srv-1 to accept connections"`, read as
   * "Timed out after 5m waiting for server srv-1 to accept connections".
   */
  readonly what?: string;
  /** The handler's `signal`: stops waiting at once when Terraform asks the provider to stop, or the operation's timeout passes. */
  readonly signal?: AbortSignal;
  /** How long to keep trying, in milliseconds or as a Go duration (`"5m"`, `"90s"`). */
  readonly timeout?: number | string;
  /** When to give up, as a Date or epoch milliseconds; with `timeout`, the earlier counts. */
  readonly deadline?: Date | number;
  /** The wait before the second attempt, in milliseconds. Default 500. */
  readonly minDelayMs?: number;
  /** The longest wait between two attempts, in milliseconds. Default 10000. */
  readonly maxDelayMs?: number;
  /** How much longer each wait is than the one before. Default 2. */
  readonly factor?: number;
  /**
   * Waits vary at random between half and all of their length, so that many objects waiting
   * at once do not all call the API at the same moments. Default true.
   */
  readonly jitter?: boolean;
}

export interface RetryOptions extends WaitOptions {
  /** The most attempts to make, the first included. Default: no limit but the deadline. */
  readonly maxAttempts?: number;
  /**
   * Whether an error is worth another attempt. By default every error is, except a
   * TsviderError (ResourceError, ProviderError, ...), which the function throws to stop at
   * once with that diagnostic.
   */
  readonly isRetryable?: (error: unknown, attempt: number) => boolean;
}

/** A wait that ran out of time: its deadline, or its operation's timeout, passed. */
export class WaitTimeoutError extends TsviderError {
  constructor(
    summary: string,
    detail: string,
    /** What was waited for, as `what` said it. */
    readonly what: string,
    /** How many attempts (or state checks) were made. */
    readonly attempts: number,
    /** How long the wait took, in milliseconds. */
    readonly elapsedMs: number,
    /** The last attempt's error (retry) or the last state seen (waitFor), if any. */
    readonly last: { readonly error: unknown } | { readonly state: string | undefined } | undefined,
  ) {
    super(summary, {
      detail,
      ...(last && "error" in last && last.error !== undefined ? { cause: last.error } : {}),
    });
  }
}

/**
 * Calls `fn` until it returns without throwing, and returns what it returned. An error
 * `isRetryable` refuses is thrown as it is; others lead to another attempt after a wait, until
 * `maxAttempts` or the deadline, when a WaitTimeoutError (or, for `maxAttempts`, the last
 * error) is thrown. `fn` gets the attempt's number (from 1) and a signal that fires when the
 * wait is stopped or its deadline passes, to hand on to `fetch` and the like.
 *
 * ```ts
 * const server = await retry((attempt, signal) => api.getServer(id, { signal }), {
 *   what: `server ${id} to be readable`,
 *   signal: ctx.signal,
 *   timeout: "2m",
 *   isRetryable: (err) => err instanceof ApiError && err.status === 404,
 * });
 * ```
 */
export async function retry<T>(
  fn: (attempt: number, signal: AbortSignal) => T | Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const maxAttempts = options.maxAttempts ?? Number.POSITIVE_INFINITY;
  if (!(maxAttempts >= 1)) {
    throw new TypeError(`retry needs maxAttempts of 1 or more; it was given ${String(options.maxAttempts)}`);
  }
  const isRetryable = options.isRetryable ?? ((error: unknown) => !(error instanceof TsviderError));
  let lastError: { error: unknown } | undefined;
  return poll(options, "attempt", async (attempt, signal) => {
    try {
      return { done: true, value: await fn(attempt, signal) };
    } catch (error) {
      // An attempt cut short by the wait's own end is reported as that end, not as its error.
      if (signal.aborted) return { done: false, last: lastError };
      if (!isRetryable(error, attempt) || attempt >= maxAttempts) throw error;
      lastError = { error };
      return { done: false, last: lastError };
    }
  });
}

/** One look at the object waited for: its state and the object, or null or undefined when it is not found. */
export type Refreshed<T> = { readonly state: string; readonly value: T } | null | undefined;

export interface WaitForOptions<T> extends WaitOptions {
  /** Looks the object up: its state, or undefined when the API does not find it (yet). */
  readonly refresh: (attempt: number, signal: AbortSignal) => Refreshed<T> | Promise<Refreshed<T>>;
  /** The states that end the wait. */
  readonly target: readonly string[];
  /** The states that mean "not yet": the wait goes on. Any other state is an error. */
  readonly pending?: readonly string[];
  /**
   * How many checks in a row may find nothing before the object counts as gone (an API that
   * lists a new object only after a while). Default 20; 0 when the object must exist.
   */
  readonly notFoundChecks?: number;
  /**
   * How many checks in a row must see a target state: an eventually consistent API may show
   * it once and then an older state again. Default 1.
   */
  readonly targetOccurrences?: number;
}

/** A wait for a state that met a state neither pending nor a target, or lost the object. */
export class UnexpectedStateError extends TsviderError {
  constructor(
    summary: string,
    detail: string,
    /** The state met, or undefined when the object was not found. */
    readonly state: string | undefined,
    /** The object as the last check returned it. */
    readonly value: unknown,
  ) {
    super(summary, { detail });
  }
}

/**
 * Checks an object's state with `refresh` until it is one of `target` (as many times in a row
 * as `targetOccurrences`), and returns the last check's state and object. A state in
 * `pending` keeps waiting; any other state, or the object not found more than
 * `notFoundChecks` times in a row, throws an UnexpectedStateError naming it; an error
 * `refresh` throws ends the wait as it is. Checks are spaced as `retry`'s attempts are, and
 * the deadline and signal end the wait as they end a retry.
 *
 * ```ts
 * const { value: server } = await waitFor({
 *   what: `server ${id} to be running`,
 *   refresh: async (_, signal) => {
 *     const s = await api.findServer(id, { signal });
 *     return s && { state: s.status, value: s };
 *   },
 *   pending: ["provisioning", "starting"],
 *   target: ["running"],
 *   signal: ctx.signal,
 *   timeout: "10m",
 * });
 * ```
 */
export async function waitFor<T>(options: WaitForOptions<T>): Promise<{ state: string; value: T }> {
  const { target, pending = [] } = options;
  if (target.length === 0) throw new TypeError("waitFor needs at least one target state");
  const notFoundChecks = options.notFoundChecks ?? 20;
  const occurrences = options.targetOccurrences ?? 1;
  const what = options.what ?? `a state of ${quoted(target, "or")}`;
  let notFound = 0;
  let inTarget = 0;
  let last: { state: string | undefined } | undefined;
  return poll(options, "check", async (attempt, signal) => {
    const seen = await options.refresh(attempt, signal);
    if (seen === undefined || seen === null) {
      inTarget = 0;
      last = { state: undefined };
      if (++notFound > notFoundChecks) {
        throw new UnexpectedStateError(
          `The object was not found while waiting for ${what}`,
          `${notFound} checks in a row found nothing${notFoundChecks > 0 ? `, more than the ${notFoundChecks} allowed while the API catches up` : ""}. It may have been deleted, or never created; check it outside Terraform.`,
          undefined,
          undefined,
        );
      }
      return { done: false, last };
    }
    notFound = 0;
    last = { state: seen.state };
    if (target.includes(seen.state)) {
      if (++inTarget >= occurrences) return { done: true, value: { state: seen.state, value: seen.value } };
      return { done: false, last };
    }
    inTarget = 0;
    if (pending.includes(seen.state)) return { done: false, last };
    throw new UnexpectedStateError(
      `Unexpected state "${seen.state}" while waiting for ${what}`,
      `The wait ends at ${quoted(target, "or")}${pending.length > 0 ? ` and goes on through ${quoted(pending, "and")}` : ""}; "${seen.state}" is neither. Check the object outside Terraform: it may have failed.`,
      seen.state,
      seen.value,
    );
  });
}

type Step<T> =
  | { readonly done: true; readonly value: T }
  | {
      readonly done: false;
      readonly last: { readonly error: unknown } | { readonly state: string | undefined } | undefined;
    };

/**
 * The loop both share: `step` until it is done, waiting between steps, ending at the
 * deadline or the signal. The signal handed to `step` fires when either ends the wait.
 */
async function poll<T>(
  options: WaitOptions,
  noun: "attempt" | "check",
  step: (attempt: number, signal: AbortSignal) => Promise<Step<T>>,
): Promise<T> {
  const what = options.what ?? "the operation to succeed";
  const minDelay = nonNegative(options.minDelayMs, 500, "minDelayMs");
  const maxDelay = Math.max(minDelay, nonNegative(options.maxDelayMs, 10_000, "maxDelayMs"));
  const factor = options.factor ?? 2;
  if (!(factor >= 1))
    throw new TypeError(`A wait's factor must be 1 or more; it was given ${String(factor)}`);
  const started = Date.now();
  const deadline = deadlineOf(options, started);

  // One controller ends the wait, whichever of the signal and the deadline comes first.
  const ended = new AbortController();
  const parent = options.signal;
  const onAbort = () => ended.abort(parent?.reason);
  if (parent?.aborted) onAbort();
  else parent?.addEventListener("abort", onAbort, { once: true });
  const timer =
    deadline === undefined
      ? undefined
      : setLongTimeout(() => ended.abort(deadlineReached), deadline - started);
  const stopped = new Promise<never>((_, reject) => {
    const fail = () => reject(ended.signal.reason);
    if (ended.signal.aborted) fail();
    else ended.signal.addEventListener("abort", fail, { once: true });
  });
  stopped.catch(() => {});

  let attempt = 0;
  let last: Step<T> & { done: false } = { done: false, last: undefined };
  try {
    for (;;) {
      attempt++;
      const result = await Promise.race([step(attempt, ended.signal), stopped]);
      if (result.done) return result.value;
      last = result;
      const base = Math.min(maxDelay, minDelay * factor ** (attempt - 1));
      const delay = options.jitter === false ? base : base * (0.5 + Math.random() / 2);
      await Promise.race([sleep(delay, ended.signal), stopped]);
      if (ended.signal.aborted) throw ended.signal.reason;
    }
  } catch (error) {
    if (!ended.signal.aborted || error !== ended.signal.reason) throw error;
    const reason: unknown = ended.signal.reason;
    const timedOut = reason === deadlineReached || reason instanceof OperationTimeoutError;
    // Stopped by Terraform: the signal's own reason, which the framework reports as a stop.
    if (!timedOut) throw reason;
    const elapsed = Date.now() - started;
    const limit =
      reason instanceof OperationTimeoutError
        ? `the ${reason.operation} timeout of ${reason.timeout.text} passed`
        : `its deadline passed after ${formatMs(elapsed)}`;
    const count = `${attempt} ${noun}${attempt === 1 ? "" : "s"}`;
    throw new WaitTimeoutError(
      `Timed out after ${formatMs(elapsed)} waiting for ${what}`,
      `The wait ended because ${limit}, after ${count}; ${lastText(last.last, noun)}. If the API is only slow, raise the timeout; otherwise check the object outside Terraform.`,
      what,
      attempt,
      elapsed,
      last.last,
    );
  } finally {
    if (timer !== undefined) timer.clear();
    parent?.removeEventListener("abort", onAbort);
  }
}

/** The reason the wait's own deadline gives its signal. */
const deadlineReached = new Error("the wait's deadline passed");

function lastText(
  last: { readonly error: unknown } | { readonly state: string | undefined } | undefined,
  noun: string,
): string {
  if (last === undefined) return `the first ${noun} had not finished`;
  if ("state" in last)
    return last.state === undefined ? "the last found nothing" : `the last state was "${last.state}"`;
  const message = last.error instanceof Error ? last.error.message : String(last.error);
  return `the last failed with: ${message}`;
}

function deadlineOf(options: WaitOptions, now: number): number | undefined {
  let deadline: number | undefined;
  if (options.timeout !== undefined) {
    const ms = typeof options.timeout === "number" ? options.timeout : parseDuration(options.timeout);
    if (typeof ms === "string" || !(ms >= 0)) {
      throw new TypeError(
        `A wait's timeout is milliseconds or a duration such as "5m"; ${typeof ms === "string" ? ms : `${String(options.timeout)} is not one`}`,
      );
    }
    deadline = now + ms;
  }
  if (options.deadline !== undefined) {
    const at = typeof options.deadline === "number" ? options.deadline : options.deadline.getTime();
    if (Number.isNaN(at)) throw new TypeError("A wait's deadline is a valid Date or epoch milliseconds");
    deadline = deadline === undefined ? at : Math.min(deadline, at);
  }
  return deadline;
}

function nonNegative(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!(value >= 0) || !Number.isFinite(value)) {
    throw new TypeError(
      `A wait's ${name} must be a number of milliseconds, 0 or more; it was given ${value}`,
    );
  }
  return value;
}

// setTimeout holds at most this (about 24.8 days); longer waits are made of several.
const longestTimer = 2 ** 31 - 1;

function setLongTimeout(fn: () => void, ms: number): { clear(): void } {
  let timer: ReturnType<typeof setTimeout>;
  const arm = (left: number) => {
    timer = setTimeout(
      () => (left > longestTimer ? arm(left - longestTimer) : fn()),
      Math.max(0, Math.min(left, longestTimer)),
    );
  };
  arm(ms);
  return { clear: () => clearTimeout(timer) };
}

/** Resolves after `ms`, or as soon as `signal` fires, leaving no timer behind. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done, { once: true });
  });
}

function formatMs(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)}ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number(s.toFixed(1))}s`;
  const m = Math.floor(s / 60);
  const rest = Math.round(s - m * 60);
  return rest === 0 ? `${m}m` : `${m}m${rest}s`;
}

function quoted(states: readonly string[], conjunction: string): string {
  const q = states.map((s) => `"${s}"`);
  return q.length <= 1 ? (q[0] ?? "") : `${q.slice(0, -1).join(", ")} ${conjunction} ${q.at(-1)}`;
}
