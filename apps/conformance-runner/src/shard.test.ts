import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findExamples } from "./examples.js";
import type { MatrixBinary } from "./matrix.js";
import { referenceProvider } from "./reference-provider.js";
import {
  loadDurations,
  matrixCells,
  median,
  parseShard,
  planShards,
  recordDurations,
  type WeightedCell,
  weighCells,
  writeDurations,
} from "./shard.js";

const APP_DIR = fileURLToPath(new URL("../", import.meta.url));

// The reference examples on a four-host matrix (the pinned pair and an older one of each), with
// the committed durations: the cells a CI fan-out of this repository really partitions.
const matrix: MatrixBinary[] = [
  { label: "tofu", kind: "tofu", path: "/bin/tofu", version: "1.12.6" },
  { label: "terraform", kind: "terraform", path: "/bin/terraform", version: "1.16.4" },
  { label: "tofu-1.6.3", kind: "tofu", path: "/opt/tofu-1.6.3", version: "1.6.3" },
  { label: "terraform-1.5.7", kind: "terraform", path: "/opt/terraform-1.5.7", version: "1.5.7" },
];

async function referenceCells(): Promise<WeightedCell[]> {
  const names = await findExamples(referenceProvider.examplesDir);
  const durations = await loadDurations(join(APP_DIR, "durations.json"));
  return weighCells(await matrixCells(referenceProvider.examplesDir, names, matrix), durations);
}

const key = (c: { example: string; binary: string }) => `${c.example} [${c.binary}]`;

describe("--shard", () => {
  it("reads i/n", () => {
    expect(parseShard("1/1")).toEqual({ index: 1, count: 1 });
    expect(parseShard(" 3/8 ")).toEqual({ index: 3, count: 8 });
    for (const bad of ["0/3", "4/3", "1/0", "2", "x/y", "1/2/3", "-1/2"])
      expect(() => parseShard(bad)).toThrow(`--shard takes i/n with 1 <= i <= n`);
  });

  it("puts every cell of the reference examples in exactly one shard, for several n", async () => {
    const cells = await referenceCells();
    expect(cells.length).toBeGreaterThan(400);
    for (const n of [1, 2, 3, 4, 7, 16]) {
      const shards = planShards(cells, n);
      expect(shards).toHaveLength(n);
      const placed = shards.flatMap((s) => s.cells.map(key));
      expect(new Set(placed).size).toBe(placed.length);
      expect(placed.sort()).toEqual(cells.map(key).sort());
    }
  });

  it("balances the recorded time: no shard is more than the longest cell over an even split", async () => {
    const cells = await referenceCells();
    const total = cells.reduce((t, c) => t + c.seconds, 0);
    const longest = Math.max(...cells.map((c) => c.seconds));
    for (const n of [2, 3, 4, 7]) {
      const shards = planShards(cells, n);
      // Greedy longest-first into the lightest shard: the heaviest shard exceeds the mean by at
      // most one cell (the last one it took, when it was the lightest).
      for (const s of shards) expect(s.seconds).toBeLessThanOrEqual(total / n + longest + 1e-9);
      const sum = shards.reduce((t, s) => t + s.seconds, 0);
      expect(sum).toBeCloseTo(total, 6);
    }
  });

  it("gives the same answer every time, whatever order the cells come in", async () => {
    const cells = await referenceCells();
    const once = planShards(cells, 4).map((s) => s.cells.map(key));
    expect(planShards(cells, 4).map((s) => s.cells.map(key))).toEqual(once);
    expect(planShards([...cells].reverse(), 4).map((s) => s.cells.map(key))).toEqual(once);
  });

  it("places longest first into the lightest shard, ties by name and the lowest shard", () => {
    const c = (example: string, seconds: number, binary = "tofu"): WeightedCell => ({
      example,
      binary,
      seconds,
    });
    const shards = planShards(
      [c("b", 2), c("a", 2), c("c", 5), c("d", 1), c("e", 1, "terraform"), c("e", 1)],
      2,
    );
    // c(5) → 1; a(2) → 2; b(2) → 2 (4); d(1) → 2 (5); e[terraform](1) → 1 (6); e[tofu](1) → 2 (6).
    expect(shards.map((s) => [s.seconds, s.cells.map(key)])).toEqual([
      [6, ["c [tofu]", "e [terraform]"]],
      [6, ["a [tofu]", "b [tofu]", "d [tofu]", "e [tofu]"]],
    ]);
    expect(planShards([], 3).map((s) => s.cells)).toEqual([[], [], []]);
    expect(() => planShards([], 0)).toThrow("a shard count is a whole number >= 1, not 0");
  });

  it("weighs a skipped cell 0 and an example not recorded yet the median", async () => {
    expect(median([])).toBe(1);
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const weighed = weighCells(
      [
        { example: "a", binary: "tofu", skipped: false },
        { example: "a", binary: "terraform", skipped: true },
        { example: "new", binary: "tofu", skipped: false },
      ],
      { a: 10, b: 2, c: 4 },
    );
    expect(weighed.map((w) => w.seconds)).toEqual([10, 0, 4]);
    // The reference matrix: an action is run by Terraform 1.16.4 only; an ephemeral resource
    // and a function are too new for OpenTofu 1.6.3 (and Terraform 1.5.7, where there is one).
    const cells = await matrixCells(
      referenceProvider.examplesDir,
      ["actions/tsvider_echo/basic", "ephemeral-resources/tsvider_lease/basic", "functions/add/basic"],
      matrix,
    );
    expect(cells.filter((c) => !c.skipped).map(key)).toEqual([
      "actions/tsvider_echo/basic [terraform]",
      "ephemeral-resources/tsvider_lease/basic [tofu]",
      "ephemeral-resources/tsvider_lease/basic [terraform]",
      "functions/add/basic [tofu]",
      "functions/add/basic [terraform]",
    ]);
  });

  it("records durations from runs' results: the mean of the cells that ran, sorted, gone examples dropped", async () => {
    const run = (rows: { example: string; status: string; durationMs: number }[]) => ({ results: rows });
    const next = recordDurations(
      { z: 9, gone: 3, kept: 4 },
      [
        run([
          { example: "z", status: "pass", durationMs: 2000 },
          { example: "z", status: "skip", durationMs: 1 },
          { example: "a", status: "fail", durationMs: 1234 },
        ]),
        run([{ example: "z", status: "expected-fail", durationMs: 3000 }]),
      ],
      ["a", "z", "kept"],
    );
    expect(next).toEqual({ a: 1.2, kept: 4, z: 2.5 });
    expect(Object.keys(next)).toEqual(["a", "kept", "z"]);
    expect(() => recordDurations({}, [{}])).toThrow(
      'results 1: no "results" array; pass a run\'s results.json',
    );

    const dir = await mkdtemp(join(tmpdir(), "tsvider-durations-"));
    const file = join(dir, "durations.json");
    expect(await loadDurations(file)).toEqual({});
    await writeDurations(file, next);
    expect(await readFile(file, "utf8")).toBe('{\n  "a": 1.2,\n  "kept": 4,\n  "z": 2.5\n}\n');
    expect(await loadDurations(file)).toEqual(next);
    await writeFile(file, '{ "a": "slow" }');
    await expect(loadDurations(file)).rejects.toThrow(
      `${file}: "a" is "slow", not a number of seconds; re-record it with --record-durations`,
    );
  });
});
