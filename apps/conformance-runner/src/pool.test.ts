import { describe, expect, it } from "vitest";
import { mapLimit } from "./pool.js";

// Counts the calls in flight, with each call held until the test releases it: the bound is
// checked by counting, not by timing.
function gate() {
  let inFlight = 0;
  let most = 0;
  const waiting: Array<() => void> = [];
  return {
    get most() {
      return most;
    },
    get waiting() {
      return waiting.length;
    },
    async enter<T>(value: T): Promise<T> {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      return value;
    },
    releaseOne() {
      waiting.shift()?.();
    },
  };
}

async function drain(g: ReturnType<typeof gate>, done: () => boolean): Promise<void> {
  while (!done()) {
    await new Promise((r) => setImmediate(r));
    g.releaseOne();
  }
}

describe("mapLimit", () => {
  it("never has more than the limit in flight, uses all of it, and keeps the order", async () => {
    for (const limit of [1, 2, 3, 7]) {
      const g = gate();
      let finished = false;
      const items = Array.from({ length: 10 }, (_, i) => i);
      const run = mapLimit(items, limit, (i) => g.enter(i * 10)).then((r) => {
        finished = true;
        return r;
      });
      await new Promise((r) => setImmediate(r));
      expect(g.waiting).toBe(limit);
      await drain(g, () => finished);
      expect(await run).toEqual(items.map((i) => i * 10));
      expect(g.most).toBe(limit);
    }
  });

  it("starts no more workers than items", async () => {
    const g = gate();
    let finished = false;
    const run = mapLimit([1, 2], 8, (i) => g.enter(i)).then(() => {
      finished = true;
    });
    await new Promise((r) => setImmediate(r));
    expect(g.waiting).toBe(2);
    await drain(g, () => finished);
    await run;
    expect(await mapLimit([], 4, async () => 1)).toEqual([]);
  });

  it("refuses a limit below 1, and passes on the first error", async () => {
    await expect(mapLimit([1], 0, async (x) => x)).rejects.toThrow(
      "the number of parallel jobs must be a whole number of at least 1, not 0",
    );
    await expect(mapLimit([1], 1.5, async (x) => x)).rejects.toThrow("not 1.5");
    const started: number[] = [];
    await expect(
      mapLimit([1, 2, 3, 4], 1, async (x) => {
        started.push(x);
        if (x === 2) throw new Error("two");
        return x;
      }),
    ).rejects.toThrow("two");
    // Nothing new starts after the error.
    expect(started).toEqual([1, 2]);
  });
});
