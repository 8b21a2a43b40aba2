/**
 * The `tsvider_wait_for_file` action: waits until a path exists, reporting progress, up to a
 * timeout.
 *
 * @packageDocumentation
 */
// An action that waits until a path exists: a deploy step that must not go on before another
// process has written its marker, a socket, a lock released by removal of another file. It
// polls every `poll_interval_seconds`, reports progress while it waits (so a long wait shows
// movement, not silence), fails with a diagnostic at `timeout_seconds`, and stops at once when
// Terraform cancels the invocation. It only ever reads.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { attr, defineAction, isUnknown, TsviderError, ValidationError } from "@tsvider/framework";

const defaultTimeoutSeconds = 60;
const defaultPollSeconds = 1;
/** A day: longer waits belong to a scheduler, not to an apply. */
const maxTimeoutSeconds = 86_400;
const minPollSeconds = 0.01;
/** How often a wait reports that it is still waiting. */
const reportEverySeconds = 5;

const schema = {
  path: attr.string({
    required: true,
    description:
      "The path to wait for: a file, a directory, anything that exists. Relative paths start at the directory Terraform runs in. Must not be empty.",
  }),
  timeout_seconds: attr.number({
    optional: true,
    description: `How long to wait before failing, in seconds: more than 0, at most ${maxTimeoutSeconds} (a day). ${defaultTimeoutSeconds} when unset.`,
  }),
  poll_interval_seconds: attr.number({
    optional: true,
    description: `How long to sleep between looks, in seconds: at least ${minPollSeconds}, and not longer than the timeout. ${defaultPollSeconds} when unset.`,
  }),
};

/** Options of `waitForFileAction`: the type name to register it under. */
export interface WaitForFileOptions {
  /** Defaults to `tsvider_wait_for_file`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

const seconds = (n: number) => `${Number(n.toFixed(2))}s`;

/**
 * An action that waits until a path exists, polling with a timeout and reporting progress
 * (`tsvider_wait_for_file` unless `options.typeName` says otherwise).
 */
export function waitForFileAction(options: WaitForFileOptions = {}) {
  const typeName = options.typeName ?? "tsvider_wait_for_file";
  return defineAction({
    typeName,
    description: "Waits until a path exists, polling, with a timeout; reports progress while it waits.",
    schema,
    validateConfig({ config }) {
      if (config.path === "") {
        throw new ValidationError("path is empty", {
          detail: 'Give the path to wait for, such as "ready/marker.txt".',
          path: [{ attribute: "path" }],
        });
      }
      const timeoutValue = numberOf(config.timeout_seconds);
      if (timeoutValue !== undefined && (timeoutValue <= 0 || timeoutValue > maxTimeoutSeconds)) {
        throw new ValidationError(`timeout_seconds must be more than 0 and at most ${maxTimeoutSeconds}`, {
          detail: `It is ${timeoutValue}.`,
          path: [{ attribute: "timeout_seconds" }],
        });
      }
      const poll = numberOf(config.poll_interval_seconds);
      if (poll !== undefined && poll < minPollSeconds) {
        throw new ValidationError(`poll_interval_seconds must be at least ${minPollSeconds}`, {
          detail: `It is ${poll}.`,
          path: [{ attribute: "poll_interval_seconds" }],
        });
      }
      const effectiveTimeout = config.timeout_seconds === null ? defaultTimeoutSeconds : timeoutValue;
      if (poll !== undefined && effectiveTimeout !== undefined && poll > effectiveTimeout) {
        throw new ValidationError("poll_interval_seconds is longer than timeout_seconds", {
          detail: `It is ${poll}, and the wait gives up after ${effectiveTimeout}; poll at most as often as that.`,
          path: [{ attribute: "poll_interval_seconds" }],
        });
      }
    },
    async plan({ config, diagnostics }) {
      if (typeof config.path !== "string") return;
      if (!(await exists(config.path))) {
        const timeout = numberOf(config.timeout_seconds) ?? defaultTimeoutSeconds;
        diagnostics.addWarning(
          `${config.path} does not exist yet`,
          `${typeName} will wait for it for up to ${seconds(timeout)} when invoked.`,
          [{ attribute: "path" }],
        );
      }
    },
    async invoke({ config, progress, signal }) {
      const path = resolve(config.path);
      const timeout = numberOf(config.timeout_seconds) ?? defaultTimeoutSeconds;
      const poll = numberOf(config.poll_interval_seconds) ?? defaultPollSeconds;
      const started = performance.now();
      const elapsed = () => (performance.now() - started) / 1000;
      let reported = -1;
      for (;;) {
        let found: boolean;
        try {
          found = await exists(path);
        } catch (err) {
          throw new TsviderError(`Cannot look at ${config.path}`, {
            detail: `${typeName} could not check whether ${path} exists: ${(err as Error).message}.`,
            path: [{ attribute: "path" }],
            cause: err,
          });
        }
        if (found) {
          progress(`${config.path} exists${reported >= 0 ? ` after ${seconds(elapsed())}` : ""}`);
          return;
        }
        const waited = elapsed();
        if (waited >= timeout) {
          throw new TsviderError(`${config.path} did not appear within ${seconds(timeout)}`, {
            detail: `${typeName} looked for ${path} every ${seconds(poll)} for ${seconds(timeout)}. Raise timeout_seconds if it needs longer, or check what should create it.`,
            path: [{ attribute: "path" }],
          });
        }
        // Once at the start, then every few seconds: movement without a line per poll.
        const slot = Math.floor(waited / reportEverySeconds);
        if (slot > reported) {
          progress(
            reported < 0
              ? `waiting for ${config.path} (up to ${seconds(timeout)}, looking every ${seconds(poll)})`
              : `still waiting for ${config.path} after ${seconds(waited)}`,
          );
          reported = slot;
        }
        try {
          await sleep(Math.min(poll, Math.max(timeout - waited, 0)) * 1000, undefined, { signal });
        } catch (err) {
          // Terraform cancelled: return quietly and the framework reports the invocation as
          // cancelled (a thrown AbortError would read as a provider bug).
          if (signal.aborted) return;
          throw err;
        }
      }
    },
  });
}

/** A configured number (a number, bigint or Decimal) as a JS number; null or unknown: none. */
function numberOf(value: unknown): number | undefined {
  if (value === null || value === undefined || isUnknown(value)) return undefined;
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  const n = Number(String(value));
  return Number.isNaN(n) ? undefined : n;
}
