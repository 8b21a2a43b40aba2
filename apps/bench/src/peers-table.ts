// The peers bench's table (peers.ts): rows of samples per peer, printed in Markdown as medians
// with their ratios to the Go framework's median and, in a last column, this tree's script over
// the previous commit's, so that a regression shows.
import { median } from "./timing.js";

/** The peers, in the table's order. */
export const COLUMNS = ["script", "snapshot", "baseline", "go", "pyvider"] as const;
export type Column = (typeof COLUMNS)[number];

/** One row: what each peer that takes part measured, in one unit. */
export class Row {
  readonly samples = new Map<Column, number[]>();
  constructor(
    readonly measure: string,
    /** "x" for a row of ratios (the start-up over `node -e 0`). */
    readonly unit: "ms" | "MiB" | "x" = "ms",
  ) {}

  add(column: Column, value: number): void {
    this.samples.set(column, [...(this.samples.get(column) ?? []), value]);
  }
}

/** The median of what `column` measured in `row`, if it took part. */
export function medianOf(row: Row | undefined, column: Column): number | undefined {
  const samples = row?.samples.get(column);
  return samples === undefined || samples.length === 0 ? undefined : median(samples);
}

export function formatValue(value: number, unit: Row["unit"]): string {
  if (unit === "MiB") return `${value.toFixed(0)} MiB`;
  if (unit === "x") return `${value.toFixed(2)}x`;
  if (value >= 10_000) return `${(value / 1000).toFixed(1)} s`;
  return `${value.toFixed(value < 10 ? 2 : 0)} ms`;
}

/**
 * The table's lines: a header of `titles`, one line per row (medians, "—" where a peer has no
 * sample), and the last column when the previous commit ("baseline") is among `columns`.
 */
export function markdownTable(
  rows: readonly Row[],
  columns: readonly Column[],
  titles: Readonly<Record<Column, string>>,
  previous: string,
): string[] {
  const withPrevious = columns.includes("baseline");
  const header = [
    "measure",
    ...columns.map((c) => titles[c]),
    ...(withPrevious ? [`script / ${previous}`] : []),
  ];
  const lines = rows.map((r) => {
    const medians = new Map(COLUMNS.map((c) => [c, medianOf(r, c)]));
    const go = medians.get("go");
    const ratio = (x: number | undefined, to: number | undefined) =>
      x === undefined || to === undefined || to <= 0 ? undefined : `${(x / to).toFixed(2)}x`;
    const cells = columns.map((c) => {
      const m = medians.get(c);
      if (m === undefined) return "—";
      const toGo = c === "go" ? undefined : ratio(m, go);
      return toGo === undefined ? formatValue(m, r.unit) : `${formatValue(m, r.unit)} (${toGo})`;
    });
    const regression = ratio(medians.get("script"), medians.get("baseline")) ?? "—";
    return [r.measure, ...cells, ...(withPrevious ? [regression] : [])];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(" | ")} |`;
  return [
    line(header),
    `| ${widths.map((w, i) => (i === 0 ? "-".repeat(w) : `${"-".repeat(w - 1)}:`)).join(" | ")} |`,
    ...lines.map(line),
  ];
}
