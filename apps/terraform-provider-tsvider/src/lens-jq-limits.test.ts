// The reference provider's jq time limit, in process: the 10 s its lens_jq function ships with
// when TSVIDER_LENS_JQ_TIME_LIMIT_MS is unset, and how the variable is read. The limit is observed on
// a fake clock (vitest's fake setTimeout, the timer jq's worker is stopped by), so the looping
// program runs only until the test moves the clock, not for 10 s. src/lens-jq.test.ts drives
// the variable through tofu: a short limit reached, and a value that is not a limit refused.
import { Dynamic, t } from "@tsvider/framework";
import { callProviderFunction } from "@tsvider/framework/testing";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LENS_JQ_TIME_LIMIT_VARIABLE, lensJqTimeLimitFromEnv } from "./lens-jq-limits.js";
import { provider } from "./provider.js";

afterEach(() => {
  vi.useRealTimers();
});

const ENDLESS = "def f: f; f";

/**
 * Runs `call` (a jq program that never ends) on a fake clock: waits until the limit's timer is
 * set, moves the clock to 1 ms before `limitMs`, then to it. Resolves to what the call had
 * given by each of the two moments ("running" while it had given nothing).
 */
async function atTheLimit(call: () => Promise<unknown>, limitMs: number): Promise<[unknown, unknown]> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  const outcome = call().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  const now = () => Promise.race([outcome, "running"]);
  // The timer is set once jq's worker has started and taken the program.
  while (vi.getTimerCount() === 0) await new Promise((resolve) => setImmediate(resolve));
  await vi.advanceTimersByTimeAsync(limitMs - 1);
  const before = await now();
  await vi.advanceTimersByTimeAsync(1);
  return [before, await now()];
}

describe("the jq time limit the reference provider ships", () => {
  it("is 10 s for the lens_jq function when the variable is unset", async () => {
    expect(process.env[LENS_JQ_TIME_LIMIT_VARIABLE], "this test reads the shipped default").toBeUndefined();
    const fn = provider.functions?.find((f) => f.name === "lens_jq");
    if (fn === undefined) throw new Error("the provider has no lens_jq function");
    const [fnBefore, fnAt] = await atTheLimit(
      () => callProviderFunction(fn, [new Dynamic(t.number.type, 1), ENDLESS]),
      10_000,
    );
    expect(fnBefore).toBe("running");
    expect(fnAt).toMatchObject({
      error: { argument: 1, message: expect.stringContaining("stopped at its time limit of 10 s") },
    });
  });
});

describe("TSVIDER_LENS_JQ_TIME_LIMIT_MS", () => {
  const read = (value: string | undefined) =>
    lensJqTimeLimitFromEnv({ [LENS_JQ_TIME_LIMIT_VARIABLE]: value });

  it("leaves the default when unset or empty, and takes a whole number of milliseconds", () => {
    expect(read(undefined)).toEqual({});
    expect(read("")).toEqual({});
    expect(read("  ")).toEqual({});
    expect(read("300")).toEqual({ timeLimitMs: 300 });
    expect(read(" 30000 ")).toEqual({ timeLimitMs: 30_000 });
    expect(read("1")).toEqual({ timeLimitMs: 1 });
    expect(read("2147483647")).toEqual({ timeLimitMs: 2 ** 31 - 1 });
  });

  it("refuses anything else, naming the variable, the value and what to give", () => {
    for (const bad of ["0", "-5", "1.5", "10s", "1e3", "2147483648", "0x10"]) {
      expect(read(bad).problem, bad).toBe(
        `TSVIDER_LENS_JQ_TIME_LIMIT_MS=${JSON.stringify(bad)} in the provider's environment is not a whole number of milliseconds from 1 to 2147483647. Set it in the environment of tofu or terraform to one, such as 30000 for 30 s, or unset it for the default of 10 s.`,
      );
    }
  });
});
