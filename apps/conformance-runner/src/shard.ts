// Shards: `--shard i/n` runs one n-th of the matrix's cells (example × binary), so a CI system
// can spread a run over n parallel jobs. Every cell is in exactly one shard, and every job
// computes the same partition from the same inputs (the examples, the matrix, the committed
// durations), with no coordination. The shards are balanced by how long each cell took in a
// recorded run (`durations.json`): greedy, longest first, into the shard with the least work.
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { UsageError } from "./args.js";
import { readJsonFile } from "./json-file.js";
import type { MatrixBinary } from "./matrix.js";
import { kindSkipReason, loadRequirements, skipReason } from "./requirements.js";

export interface Shard {
  /** 1-based, as written on the command line. */
  readonly index: number;
  readonly count: number;
}

/** Reads `i/n` (1 <= i <= n). */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = match ? Number(match[1]) : Number.NaN;
  const count = match ? Number(match[2]) : Number.NaN;
  if (!match || count < 1 || index < 1 || index > count)
    throw new UsageError(
      `--shard takes i/n with 1 <= i <= n, such as 2/4 (the second of four shards), not ${JSON.stringify(text)}`,
    );
  return { index, count };
}

/** One cell to place, and the seconds it is expected to take. */
export interface WeightedCell {
  readonly example: string;
  readonly binary: string;
  readonly seconds: number;
}

/** Example path → seconds one cell of it took, as recorded. */
export type Durations = Readonly<Record<string, number>>;

/**
 * What a cell is expected to take: its example's recorded seconds, the median of the recorded
 * ones for an example not recorded yet (a new example is most likely an ordinary one), and 0
 * for a cell that will be skipped (it runs nothing).
 */
export function weighCells(
  cells: readonly { readonly example: string; readonly binary: string; readonly skipped: boolean }[],
  durations: Durations,
): WeightedCell[] {
  const fallback = median(Object.values(durations));
  return cells.map((c) => ({
    example: c.example,
    binary: c.binary,
    seconds: c.skipped ? 0 : (durations[c.example] ?? fallback),
  }));
}

/**
 * Every cell of the run (example × binary, in that order), and whether its requirements.json
 * will skip it. An example whose requirements.json cannot be read counts as run (it fails, on
 * every column, and the run says why).
 */
export async function matrixCells(
  examplesRoot: string,
  names: readonly string[],
  matrix: readonly MatrixBinary[],
): Promise<{ example: string; binary: string; skipped: boolean }[]> {
  const cells: { example: string; binary: string; skipped: boolean }[] = [];
  for (const example of names) {
    const requirements = await loadRequirements(join(examplesRoot, example)).catch(() => undefined);
    for (const b of matrix) {
      const skipped =
        requirements !== undefined &&
        (kindSkipReason(requirements, b.kind) !== undefined ||
          (b.missing === undefined && skipReason(requirements, b) !== undefined));
      cells.push({ example, binary: b.label, skipped });
    }
  }
  return cells;
}

/** The median of the values, 1 when there are none (every cell then weighs the same). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function byName(a: WeightedCell, b: WeightedCell): number {
  return a.example < b.example
    ? -1
    : a.example > b.example
      ? 1
      : a.binary < b.binary
        ? -1
        : a.binary > b.binary
          ? 1
          : 0;
}

/**
 * Splits the cells into `count` shards: longest first (ties by example, then binary), each
 * into the shard with the least expected time so far (ties: the lowest index). The answer
 * depends on the cells and their weights only, not on their order. Resolves to the shards,
 * each with its cells in name order and its expected seconds.
 */
export function planShards(
  cells: readonly WeightedCell[],
  count: number,
): { cells: WeightedCell[]; seconds: number }[] {
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`a shard count is a whole number >= 1, not ${count}`);
  const shards = Array.from({ length: count }, () => ({ cells: [] as WeightedCell[], seconds: 0 }));
  const order = [...cells].sort((a, b) => b.seconds - a.seconds || byName(a, b));
  for (const cell of order) {
    let lightest = shards[0]!;
    for (const s of shards) if (s.seconds < lightest.seconds) lightest = s;
    lightest.cells.push(cell);
    lightest.seconds += cell.seconds;
  }
  for (const s of shards) s.cells.sort(byName);
  return shards;
}

/** The committed durations: `{}` when the file does not exist. */
export async function loadDurations(file: string): Promise<Durations> {
  const parsed = await readJsonFile(file);
  if (parsed === undefined) return {};
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error(`${file}: must be an object of example path → seconds`);
  for (const [k, v] of Object.entries(parsed))
    if (typeof v !== "number" || !Number.isFinite(v) || v < 0)
      throw new Error(
        `${file}: "${k}" is ${JSON.stringify(v)}, not a number of seconds; re-record it with --record-durations`,
      );
  return parsed as Durations;
}

/** The part of a results.json the durations are read from. */
interface RecordedResult {
  readonly example: string;
  readonly status: string;
  readonly durationMs: number;
}

/**
 * Updates the durations from runs' results.json contents: an example's seconds become the mean
 * of its cells that ran (passed, failed or expected to fail; a skipped cell ran nothing),
 * rounded to a tenth; examples not in the runs keep their entry, and entries for examples that
 * no longer exist (`examples`, when given) are dropped. Keys come out sorted, so the committed
 * file changes only where a time did.
 */
export function recordDurations(
  previous: Durations,
  results: readonly unknown[],
  examples?: readonly string[],
): Record<string, number> {
  const times = new Map<string, number[]>();
  for (const [i, report] of results.entries()) {
    const rows = (report as { results?: unknown })?.results;
    if (!Array.isArray(rows))
      throw new Error(`results ${i + 1}: no "results" array; pass a run's results.json`);
    for (const r of rows as RecordedResult[]) {
      if (r.status === "skip" || typeof r.durationMs !== "number") continue;
      times.set(r.example, [...(times.get(r.example) ?? []), r.durationMs / 1000]);
    }
  }
  const next: Record<string, number> = { ...previous };
  for (const [example, secs] of times)
    next[example] = Math.round((secs.reduce((a, b) => a + b, 0) / secs.length) * 10) / 10;
  const known = examples ? new Set(examples) : undefined;
  return Object.fromEntries(
    Object.keys(next)
      .filter((k) => !known || known.has(k))
      .sort()
      .map((k) => [k, next[k]!]),
  );
}

export async function writeDurations(file: string, durations: Durations): Promise<void> {
  await writeFile(file, `${JSON.stringify(durations, null, 2)}\n`);
}
