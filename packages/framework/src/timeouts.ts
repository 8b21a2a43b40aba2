// Operation timeouts: how long create, read, update and delete may take. A resource declares
// defaults (`timeouts: { create: "20m" }`); with `timeoutsBlock()` in its schema the
// practitioner may set their own (`timeouts { create = "1h" }`), as SDKv2 and
// terraform-plugin-framework-timeouts providers let them. When the time is up the handler's
// signal fires; the operation then fails with "create timed out after 20m" and the prior state
// is kept.
import type { CtyValue } from "@tsvider/cty";
import { isRecord } from "@tsvider/cty";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { logError, providerLog } from "./internal/log.js";
import { type Attribute, attr } from "./schema/attributes.js";
import { type Block, block } from "./schema/blocks.js";
import type { Schema } from "./schema/schema.js";
import { addThrown, type HandlerSite, runHandler, siteText } from "./values/handler.js";

/** The operations a resource's `timeouts` block can set: create, read, update and delete. */
export type TimeoutOperation = "create" | "read" | "update" | "delete";
export const timeoutOperations: readonly TimeoutOperation[] = ["create", "read", "update", "delete"];

/**
 * The operations a resource may give a default timeout: those of the timeouts block, and
 * import, which has only a default (ImportResourceState carries no configuration to set one).
 */
export type DefaultTimeoutOperation = TimeoutOperation | "import";
const defaultTimeoutOperations: readonly DefaultTimeoutOperation[] = [...timeoutOperations, "import"];

/** A resource's default timeouts, as Go durations: `{ create: "20m", delete: "1h30m", import: "1m" }`. */
export type TimeoutDefaults = { readonly [K in DefaultTimeoutOperation]?: string };

/** A duration, in milliseconds, and as it was written (for messages). */
export interface Timeout {
  readonly ms: number;
  readonly text: string;
}

const units: Readonly<Record<string, number>> = {
  ns: 1e-6,
  us: 1e-3,
  "\u00b5s": 1e-3, // micro sign
  "\u03bcs": 1e-3, // Greek mu
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};
const term = /^(\d+\.?\d*|\.\d+)(ns|us|\u00b5s|\u03bcs|ms|s|m|h)/;

/**
 * A Go duration (`time.ParseDuration`: "90s", "1h30m", "1.5h", "250ms") in milliseconds, or a
 * sentence saying what is wrong with it. Timeouts must be positive, so a sign is refused.
 */
export function parseDuration(text: string): number | string {
  const explain = `"${text}" is not a duration: write a number with a unit, such as "30s", "20m" or "1h30m" (units ns, us, ms, s, m, h)`;
  if (text === "") return explain;
  if (/^[-+]/.test(text)) return `"${text}" is not a positive duration: leave out the sign`;
  if (text === "0") return `"0" is not a positive duration`;
  let rest = text;
  let ms = 0;
  while (rest !== "") {
    const match = term.exec(rest);
    if (!match) return explain;
    ms += Number(match[1]) * units[match[2]!]!;
    rest = rest.slice(match[0].length);
  }
  if (!(ms > 0)) return `"${text}" is not a positive duration`;
  if (!Number.isFinite(ms)) return `"${text}" is too long`;
  return ms;
}

/** The timeout a default or a configured string gives; throws nothing, returns undefined on bad text. */
export function timeoutOf(text: string): Timeout | undefined {
  const ms = parseDuration(text);
  return typeof ms === "number" ? { ms, text } : undefined;
}

// The blocks timeoutsBlock made: the framework reads them, and changes to them alone reach no
// handler (there is nothing remote to change).
const timeoutsBlocks = new WeakSet<Block>();

type TimeoutAttribute = Attribute<string, { readonly optional: true; readonly description: string }>;
type TimeoutsSchema<O> = {
  readonly [K in keyof O & TimeoutOperation as O[K] extends true ? K : never]: TimeoutAttribute;
};

/**
 * A `timeouts` block for a resource's schema, with an optional duration attribute per operation
 * given: `timeouts: timeoutsBlock({ create: true, delete: true })`. Practitioners then write
 * `timeouts { create = "1h" }`; what they set wins over the resource's `timeouts` defaults.
 * Durations are checked when config is validated.
 */
export function timeoutsBlock<const O extends { readonly [K in TimeoutOperation]?: boolean }>(
  operations: O,
): Block<"single", TimeoutsSchema<O>, { readonly description: string }> {
  const schema: Record<string, TimeoutAttribute> = {};
  for (const operation of timeoutOperations) {
    if (operations[operation] !== true) continue;
    schema[operation] = attr.string({
      optional: true,
      description: `How long ${operation === "read" ? "reading" : `${operation.replace(/e$/, "")}ing`} the object may take, such as "30s", "20m" or "1h30m".`,
    });
  }
  if (Object.keys(schema).length === 0) {
    throw new FrameworkConfigurationError("timeoutsBlock() needs at least one operation", {
      detail:
        "Name the operations practitioners may set a timeout for: timeoutsBlock({ create: true, delete: true }).",
    });
  }
  const made = block.single(schema as TimeoutsSchema<O>, {
    description: "How long each operation may take before it fails.",
  });
  timeoutsBlocks.add(made);
  return made;
}

/** The name of the schema's timeouts block (made by timeoutsBlock), if it has one. */
export function timeoutsBlockName(schema: Schema): string | undefined {
  for (const [name, entry] of Object.entries(schema)) {
    if (entry.kind === "block" && timeoutsBlocks.has(entry)) return name;
  }
  return undefined;
}

/**
 * The object with its timeouts block (if the schema has one) null: what comparisons see when a
 * change to the timeouts alone must count as no change.
 */
export function withoutTimeouts<O extends { readonly [k: string]: CtyValue } | null>(
  schema: Schema,
  object: O,
): O {
  const name = timeoutsBlockName(schema);
  if (name === undefined || object === null || (object[name] ?? null) === null) return object;
  return { ...object, [name]: null } as O;
}

/** Checks a resource's `timeouts` defaults at start-up. */
export function checkTimeoutDefaults(component: string, defaults: TimeoutDefaults | undefined): void {
  if (defaults === undefined) return;
  for (const [operation, text] of Object.entries(defaults) as [string, unknown][]) {
    if (!(defaultTimeoutOperations as readonly string[]).includes(operation)) {
      throw new FrameworkConfigurationError(
        `${component}: timeouts has an unknown operation "${operation}"`,
        {
          detail: `Timeouts can be set for ${defaultTimeoutOperations.join(", ")}.`,
        },
      );
    }
    if (text === undefined) continue;
    const ms = typeof text === "string" ? parseDuration(text) : `${String(text)} is not a string`;
    if (typeof ms === "string") {
      throw new FrameworkConfigurationError(`${component}: timeouts.${operation} is not valid`, {
        detail: `${ms}.`,
      });
    }
  }
}

/**
 * Checks the durations config sets in the timeouts block. Unknown values are left for later:
 * validation runs again once they are known.
 */
export function checkConfiguredTimeouts(
  schema: Schema,
  config: { readonly [k: string]: CtyValue },
  diagnostics: Diagnostics,
): void {
  const name = timeoutsBlockName(schema);
  if (name === undefined) return;
  const values = config[name] ?? null;
  if (!isRecord(values)) return;
  for (const [operation, text] of Object.entries(values)) {
    if (typeof text !== "string") continue;
    const ms = parseDuration(text);
    if (typeof ms === "string") {
      diagnostics.addError("Invalid timeout", `${ms}.`, [{ attribute: name }, { attribute: operation }]);
    }
  }
}

/**
 * The timeout for `operation`: what the object's timeouts block sets (config for create and
 * update, state for read and delete; import has neither), else the resource's default;
 * undefined for none.
 */
export function timeoutFor(
  resource: { readonly schema: Schema; readonly timeouts?: TimeoutDefaults },
  operation: DefaultTimeoutOperation,
  values: { readonly [k: string]: CtyValue } | null,
): Timeout | undefined {
  const name = timeoutsBlockName(resource.schema);
  const configured = name !== undefined && values !== null ? (values[name] ?? null) : null;
  const text = isRecord(configured) ? configured[operation] : undefined;
  if (typeof text === "string") {
    const timeout = timeoutOf(text);
    if (timeout) return timeout;
  }
  const fallback = resource.timeouts?.[operation];
  return fallback === undefined ? undefined : timeoutOf(fallback);
}

/** The reason a timed-out handler's signal carries, so code can tell it from Ctrl-C. */
export class OperationTimeoutError extends Error {
  constructor(
    readonly operation: string,
    readonly timeout: Timeout,
  ) {
    super(`${operation} timed out after ${timeout.text}`);
    this.name = "TimeoutError";
  }
}

// setTimeout holds at most this (about 24.8 days); longer waits are made of several.
const longestTimer = 2 ** 31 - 1;
/** After the signal fires, a handler gets as long again as its timeout, up to this, to stop. */
const longestGrace = 30_000;

/**
 * Runs `fn` as runHandler does, with a signal that fires on Ctrl-C (`parent`) and when
 * `timeout` passes. A handler that then fails, or does not stop within its grace, becomes the
 * error "create timed out after 20m" (undefined is returned, so the caller keeps the prior
 * state). One that finishes anyway is kept, with a warning: what it made exists, and dropping
 * its state would lose track of it. Nothing outlives the call but a handler that never stops,
 * whose end is logged.
 */
export async function runWithTimeout<T>(
  diagnostics: Diagnostics,
  site: string | HandlerSite,
  options: {
    readonly parent: AbortSignal;
    readonly operation: string;
    readonly timeout: Timeout | undefined;
  },
  fn: (signal: AbortSignal) => T | Promise<T>,
): Promise<T | undefined> {
  const { parent, timeout } = options;
  if (timeout === undefined) return runHandler(diagnostics, site, () => fn(parent));
  const where = siteText(site);

  const controller = new AbortController();
  const onStop = () => controller.abort(parent.reason);
  if (parent.aborted) onStop();
  else parent.addEventListener("abort", onStop, { once: true });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const wait = (ms: number) =>
    new Promise<"elapsed">((resolve) => {
      const arm = (left: number) => {
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            if (left > longestTimer) arm(left - longestTimer);
            else resolve("elapsed");
          },
          Math.min(left, longestTimer),
        );
        timers.add(timer);
      };
      arm(ms);
    });

  type Outcome = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };
  // Settled either way, so a handler that fails after we stopped waiting is no unhandled rejection.
  const run: Promise<Outcome> = Promise.resolve()
    .then(() => fn(controller.signal))
    .then(
      (value): Outcome => ({ ok: true, value }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
  try {
    const first = await Promise.race([run, wait(timeout.ms)]);
    if (first !== "elapsed") return settle(first);

    const reason = new OperationTimeoutError(options.operation, timeout);
    controller.abort(reason);
    const grace = Math.min(timeout.ms, longestGrace);
    const late = await Promise.race([run, wait(grace)]);
    if (late === "elapsed") {
      diagnostics.addError(
        `${where} timed out after ${timeout.text}`,
        `It did not stop within ${formatMs(grace)} of being told to, so it may still be running; nothing it does from now on is recorded in state. Check for a half-made or half-changed object before trying again, and raise the timeout if the operation needs longer.`,
      );
      void run.then((outcome) => {
        if (outcome.ok) providerLog().warn(`${where} finished after its timeout; its result was dropped`);
        else logError(`${where} failed after its timeout`, outcome.error);
      });
      return undefined;
    }
    if (late.ok) {
      diagnostics.addWarning(
        `${where} took longer than its ${timeout.text} timeout`,
        "It finished after its signal fired, so its result is kept.",
      );
      return late.value;
    }
    const message = late.error instanceof Error ? late.error.message : String(late.error);
    diagnostics.addError(
      `${where} timed out after ${timeout.text}`,
      `It stopped when its time ran out${message && message !== reason.message ? ` (${message})` : ""}. The state from before the operation is kept; raise the timeout if the operation needs longer.`,
    );
    return undefined;
  } finally {
    for (const timer of timers) clearTimeout(timer);
    parent.removeEventListener("abort", onStop);
  }

  function settle(outcome: Outcome): T | undefined {
    if (outcome.ok) return outcome.value;
    addThrown(diagnostics, site, outcome.error);
    return undefined;
  }
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${Number((ms / 1000).toFixed(1))}s` : `${Math.round(ms)}ms`;
}
