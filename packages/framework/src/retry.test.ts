// retry and waitFor: attempts and their spacing (on a fake clock, where the spacing is the
// behaviour under test), what stops them (isRetryable, maxAttempts, the deadline, the
// handler's signal), the errors they end with, and, through the in-process test kit, a
// create whose resource timeout ends a wait with the framework's own timeout diagnostic.
import { afterEach, describe, expect, it, vi } from "vitest";
import { TsviderError } from "./diagnostics.js";
import { ResourceError } from "./errors.js";
import { defineProvider } from "./provider.js";
import { defineResource } from "./resource.js";
import { retry, UnexpectedStateError, WaitTimeoutError, waitFor } from "./retry.js";
import { attr } from "./schema/attributes.js";
import { testProvider } from "./testing/index.js";
import { OperationTimeoutError } from "./timeouts.js";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A function that fails `failures` times, then returns "done", noting when each attempt came. */
function flaky(failures: number) {
  const at: number[] = [];
  const fn = vi.fn(async (attempt: number) => {
    at.push(Date.now());
    if (attempt <= failures) throw new Error(`not yet (${attempt})`);
    return "done";
  });
  return { fn, at };
}

const gaps = (times: number[]) => times.slice(1).map((t, i) => t - times[i]!);

/** Settles `promise` on the fake clock, returning how it settled. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

describe("retry", () => {
  it("retries until the function succeeds, waiting longer each time up to maxDelayMs", async () => {
    vi.useFakeTimers();
    const { fn, at } = flaky(5);
    const result = await settle(retry(fn, { minDelayMs: 100, maxDelayMs: 500, factor: 2, jitter: false }));
    expect(result.value).toBe("done");
    expect(fn.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(gaps(at)).toEqual([100, 200, 400, 500, 500]);
  });

  it("varies each wait between half and all of its length with jitter", async () => {
    vi.useFakeTimers();
    vi.spyOn(Math, "random").mockReturnValueOnce(0).mockReturnValueOnce(0.5).mockReturnValue(0.999);
    const { fn, at } = flaky(3);
    await settle(retry(fn, { minDelayMs: 1000, factor: 2 }));
    const [first, second, third] = gaps(at) as [number, number, number];
    expect(first).toBe(500);
    expect(second).toBe(1500);
    expect(third).toBeGreaterThan(3990);
    expect(third).toBeLessThanOrEqual(4000);
  });

  it("throws at once an error isRetryable refuses, and by default a TsviderError", async () => {
    const fn = vi.fn(async () => {
      throw new Error("403 Forbidden");
    });
    await expect(retry(fn, { isRetryable: (err) => !String(err).includes("403") })).rejects.toThrow(
      "403 Forbidden",
    );
    expect(fn).toHaveBeenCalledTimes(1);
    const refused = vi.fn(async () => {
      throw new ResourceError("Quota exceeded");
    });
    await expect(retry(refused, { timeout: "1m" })).rejects.toBeInstanceOf(ResourceError);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it("gives up after maxAttempts with the last error", async () => {
    vi.useFakeTimers();
    const { fn } = flaky(10);
    const result = await settle(retry(fn, { maxAttempts: 3, minDelayMs: 10 }));
    expect(fn).toHaveBeenCalledTimes(3);
    expect((result.error as Error).message).toBe("not yet (3)");
  });

  it("gives up at its timeout, saying what it waited for, how long, how many attempts and the last error", async () => {
    vi.useFakeTimers();
    const { fn } = flaky(1000);
    const result = await settle(
      retry(fn, {
        what: "server srv-1 to be readable",
        timeout: "1m",
        minDelayMs: 1000,
        maxDelayMs: 10_000,
        jitter: false,
      }),
    );
    const error = result.error as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error).toBeInstanceOf(TsviderError);
    expect(error.message).toBe("Timed out after 1m waiting for server srv-1 to be readable");
    // Attempts at 0, 1, 3, 7, 15, 25, 35, 45, 55 s; the deadline falls in the wait after the ninth.
    expect(error.attempts).toBe(9);
    expect(error.elapsedMs).toBe(60_000);
    expect(error.detail).toBe(
      "The wait ended because its deadline passed after 1m, after 9 attempts; the last failed with: not yet (9). If the API is only slow, raise the timeout; otherwise check the object outside Terraform.",
    );
    expect((error.cause as Error).message).toBe("not yet (9)");
    expect(error.toDiagnostic().detail).toContain("not yet (9)");
  });

  it("takes the earlier of timeout and deadline", async () => {
    vi.useFakeTimers();
    const { fn } = flaky(1000);
    const result = await settle(
      retry(fn, { timeout: 60_000, deadline: new Date(Date.now() + 5000), minDelayMs: 1000 }),
    );
    expect((result.error as WaitTimeoutError).elapsedMs).toBe(5000);
  });

  it("stops at once when the signal fires, mid-wait or mid-attempt, with the signal's reason", async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const { fn } = flaky(1000);
    const waiting = retry(fn, { signal: controller.signal, minDelayMs: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    const stop = new Error("Terraform asked the provider to stop");
    controller.abort(stop);
    expect(await waiting).toBe(stop);
    expect(fn).toHaveBeenCalledTimes(1);
    // No attempt after the stop, however long the clock runs.
    await vi.advanceTimersByTimeAsync(600_000);
    expect(fn).toHaveBeenCalledTimes(1);

    const hung = new AbortController();
    let attemptSignal: AbortSignal | undefined;
    const pending = retry(
      (_, signal) => {
        attemptSignal = signal;
        return new Promise<never>(() => {});
      },
      { signal: hung.signal },
    ).catch((e: unknown) => e);
    hung.abort(stop);
    expect(await pending).toBe(stop);
    expect(attemptSignal?.aborted).toBe(true);
  });

  it("reports the operation's timeout when the handler's signal fires for it", async () => {
    const controller = new AbortController();
    const waiting = retry(
      async () => {
        throw new Error("503 Service Unavailable");
      },
      { what: "the API to answer", signal: controller.signal, minDelayMs: 10 },
    ).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 30));
    controller.abort(new OperationTimeoutError("create", { ms: 1_200_000, text: "20m" }));
    const error = (await waiting) as WaitTimeoutError;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(error.message).toMatch(/^Timed out after \d+ms waiting for the API to answer$/);
    expect(error.detail).toMatch(
      /^The wait ended because the create timeout of 20m passed, after \d+ attempts; the last failed with: 503 Service Unavailable\./,
    );
  });

  it("refuses options that cannot bound or space a wait", async () => {
    await expect(retry(async () => 1, { timeout: "soon" })).rejects.toThrow('"soon" is not a duration');
    await expect(retry(async () => 1, { maxAttempts: 0 })).rejects.toThrow(
      "retry needs maxAttempts of 1 or more",
    );
    await expect(retry(async () => 1, { minDelayMs: -1 })).rejects.toThrow("minDelayMs must be a number");
  });
});

/** A refresh that returns the given states in turn (undefined: not found), then the last for ever. */
function states(...sequence: (string | undefined)[]) {
  const refresh = vi.fn(async (attempt: number) => {
    const state = sequence[Math.min(attempt, sequence.length) - 1];
    return state === undefined ? undefined : { state, value: { id: "srv-1", state, attempt } };
  });
  return refresh;
}

describe("waitFor", () => {
  it("polls through pending states and returns the object once it reaches a target", async () => {
    vi.useFakeTimers();
    const refresh = states("provisioning", "starting", "running");
    const result = await settle(
      waitFor({ refresh, pending: ["provisioning", "starting"], target: ["running"], minDelayMs: 10 }),
    );
    expect(result.value).toEqual({ state: "running", value: { id: "srv-1", state: "running", attempt: 3 } });
    expect(refresh).toHaveBeenCalledTimes(3);
  });

  it("fails on a state neither pending nor a target, naming it", async () => {
    vi.useFakeTimers();
    const result = await settle(
      waitFor({
        what: "server srv-1 to be running",
        refresh: states("starting", "failed"),
        pending: ["provisioning", "starting"],
        target: ["running"],
        minDelayMs: 10,
      }),
    );
    const error = result.error as UnexpectedStateError;
    expect(error).toBeInstanceOf(UnexpectedStateError);
    expect(error.message).toBe('Unexpected state "failed" while waiting for server srv-1 to be running');
    expect(error.detail).toBe(
      'The wait ends at "running" and goes on through "provisioning" and "starting"; "failed" is neither. Check the object outside Terraform: it may have failed.',
    );
    expect(error.state).toBe("failed");
    expect(error.value).toEqual({ id: "srv-1", state: "failed", attempt: 2 });
  });

  it("lets an object be missing for notFoundChecks checks in a row, then counts it gone", async () => {
    vi.useFakeTimers();
    const found = await settle(
      waitFor({
        refresh: states(undefined, undefined, "running"),
        target: ["running"],
        notFoundChecks: 2,
        minDelayMs: 10,
      }),
    );
    expect(found.value?.state).toBe("running");
    const gone = await settle(
      waitFor({
        what: "disk d-1 to attach",
        refresh: states(undefined),
        target: ["attached"],
        notFoundChecks: 2,
        minDelayMs: 10,
      }),
    );
    expect((gone.error as UnexpectedStateError).message).toBe(
      "The object was not found while waiting for disk d-1 to attach",
    );
    expect((gone.error as UnexpectedStateError).detail).toContain(
      "3 checks in a row found nothing, more than the 2 allowed",
    );
  });

  it("waits for targetOccurrences target states in a row", async () => {
    vi.useFakeTimers();
    const refresh = states("ready", "pending", "ready", "ready", "pending");
    const result = await settle(
      waitFor({ refresh, pending: ["pending"], target: ["ready"], targetOccurrences: 2, minDelayMs: 10 }),
    );
    expect(result.value?.value).toMatchObject({ attempt: 4 });
  });

  it("times out with the last state seen", async () => {
    vi.useFakeTimers();
    const result = await settle(
      waitFor({
        what: "server srv-1 to be running",
        refresh: states("starting"),
        pending: ["starting"],
        target: ["running"],
        timeout: "10s",
        minDelayMs: 1000,
        jitter: false,
      }),
    );
    const error = result.error as WaitTimeoutError;
    expect(error.message).toBe("Timed out after 10s waiting for server srv-1 to be running");
    expect(error.detail).toBe(
      'The wait ended because its deadline passed after 10s, after 4 checks; the last state was "starting". If the API is only slow, raise the timeout; otherwise check the object outside Terraform.',
    );
    expect(error.last).toEqual({ state: "starting" });
  });

  it("ends at once with what refresh throws", async () => {
    const refresh = vi.fn(async () => {
      throw new Error("401 Unauthorized");
    });
    await expect(waitFor({ refresh, target: ["running"] })).rejects.toThrow("401 Unauthorized");
    expect(refresh).toHaveBeenCalledTimes(1);
    await expect(waitFor({ refresh, target: [] })).rejects.toThrow("waitFor needs at least one target state");
  });
});

describe("a wait inside a resource with a timeout", () => {
  it("ends when the create timeout fires the handler's signal, and the diagnostic says what was waited for", async () => {
    const server = defineResource({
      typeName: "test_slow",
      schema: { name: attr.string({ required: true }) },
      timeouts: { create: "100ms" },
      async create({ plan, signal }) {
        await waitFor({
          what: `server ${plan.name} to be running`,
          refresh: async () => ({ state: "starting", value: null }),
          pending: ["starting"],
          target: ["running"],
          signal,
          minDelayMs: 5,
          maxDelayMs: 20,
        });
        return plan;
      },
      async read({ state }) {
        return state;
      },
      async update({ plan }) {
        return plan;
      },
      async delete() {},
    });
    const kit = testProvider(defineProvider({ name: "test", version: "1.0.0", resources: [server] }));
    const plan = await kit.plan("test_slow", { prior: null, config: { name: "web" } });
    expect(plan.diagnostics).toEqual([]);
    const applied = await kit.apply("test_slow", plan);
    expect(applied.state).toBeNull();
    expect(applied.diagnostics).toHaveLength(1);
    expect(applied.diagnostics[0]!.summary).toBe("test_slow create timed out after 100ms");
    expect(applied.diagnostics[0]!.detail).toMatch(
      /Timed out after \d+ms waiting for server web to be running/,
    );
  });
});
