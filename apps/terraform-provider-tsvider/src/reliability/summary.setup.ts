// The reliability suite's global set-up: a file for the scenarios' counts
// (counts.test-support.ts), printed as one table when the suite ends.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), "tsvider-reliability-"));
  const file = join(dir, "counts.jsonl");
  process.env.TSVIDER_RELIABILITY_COUNTS = file;
  return () => {
    let lines: string[] = [];
    try {
      lines = readFileSync(file, "utf8").split("\n").filter(Boolean);
    } catch {
      // No scenario recorded anything.
    }
    rmSync(dir, { recursive: true, force: true });
    const rows = lines.map(
      (line) => JSON.parse(line) as { scenario: string; counts: Record<string, number> },
    );
    const width = Math.max(0, ...rows.map((r) => r.scenario.length));
    const text = rows
      .map(
        (r) =>
          `  ${r.scenario.padEnd(width)}  ${Object.entries(r.counts)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ")}`,
      )
      .join("\n");
    console.log(`\nreliability suite: ${rows.length} scenario records\n${text}\n`);
  };
}
