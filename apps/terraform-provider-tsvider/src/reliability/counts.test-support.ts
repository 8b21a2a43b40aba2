// Counts for the reliability suite's summary: each scenario records what it threw at the
// provider and what came back (`record("malformed messages", { calls: 120, answered: 120,
// crashes: 0 })`), and the suite's global set-up (summary.setup.ts) prints them all as one
// table when the suite ends, so a run shows how much was tried, not only that tests passed.
import { appendFileSync } from "node:fs";

/** The file the global set-up named; unset when a scenario runs outside the suite. */
const file = process.env.TSVIDER_RELIABILITY_COUNTS;

export function record(scenario: string, counts: Readonly<Record<string, number>>): void {
  if (file) appendFileSync(file, `${JSON.stringify({ scenario, counts })}\n`);
}
