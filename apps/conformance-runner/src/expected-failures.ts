// The committed list of cells known to fail (example + binary + why), so progress shows as a
// diff of that list: a listed cell that fails does not fail the run; a listed cell that passes
// does ("fixed: remove it from the list"), and so does an entry naming no example, so the list
// never claims more than is true.
import type { ExampleResult } from "./examples.js";
import { readJsonFile } from "./json-file.js";

export interface ExpectedFailure {
  /** The example's directory relative to the examples root, such as "resources/x/basic". */
  readonly example: string;
  /** The binary's label: "tofu", "terraform", or "<kind>-<version>" for an extra binary. */
  readonly binary: string;
  /** Why it fails, and what would fix it. */
  readonly reason: string;
}

/**
 * - "expected-fail": failed, and the list says it does;
 * - "fixed": passed, though the list says it fails (the run fails until the entry is removed).
 */
export type Verdict = "pass" | "fail" | "skip" | "expected-fail" | "fixed";

export interface Outcome extends ExampleResult {
  readonly verdict: Verdict;
  /** The list's reason, for "expected-fail" and "fixed" (and a skipped cell the list names). */
  readonly expectedReason?: string;
}

const LABEL = /^(?:tofu|terraform)(?:-\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)?$/;

/** Checks a parsed expected-failures list; `where` names the file in the errors. */
export function parseExpectedFailures(value: unknown, where: string): ExpectedFailure[] {
  if (!Array.isArray(value))
    throw new Error(`${where}: must be a JSON array of { "example", "binary", "reason" }`);
  const seen = new Set<string>();
  return value.map((entry: unknown, i) => {
    const at = `${where}[${i}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry))
      throw new Error(`${at}: must be an object { "example", "binary", "reason" }`);
    const e = entry as Record<string, unknown>;
    const extra = Object.keys(e).filter((k) => !["example", "binary", "reason"].includes(k));
    if (extra.length > 0)
      throw new Error(`${at}: unknown key ${extra.join(", ")}; it holds example, binary, reason`);
    for (const k of ["example", "binary", "reason"] as const)
      if (typeof e[k] !== "string" || e[k].trim() === "")
        throw new Error(`${at}: "${k}" must be a non-empty string`);
    const { example, binary, reason } = e as { example: string; binary: string; reason: string };
    // A misspelt binary would match no cell and hide nothing, silently: refuse it.
    if (!LABEL.test(binary))
      throw new Error(
        `${at}: "binary" is ${JSON.stringify(binary)}; use "tofu", "terraform" or an extra binary's "<kind>-<version>" such as "tofu-1.11.0"`,
      );
    const key = `${example}\u0000${binary}`;
    if (seen.has(key)) throw new Error(`${at}: ${example} on ${binary} is listed twice`);
    seen.add(key);
    return { example, binary, reason };
  });
}

/** The list in `file`; none when there is no such file. */
export async function loadExpectedFailures(file: string): Promise<ExpectedFailure[]> {
  const parsed = await readJsonFile(file);
  if (parsed === undefined) return [];
  return parseExpectedFailures(parsed, file);
}

export interface Judgement {
  readonly outcomes: readonly Outcome[];
  /** Entries naming an example that does not exist, as messages saying to remove them. */
  readonly stale: readonly string[];
  /** No failure, nothing fixed that is still listed, nothing stale. */
  readonly ok: boolean;
}

/**
 * Applies the list to the results. `examples` is every example there is (filtered or not), to
 * find entries for examples that are gone; entries for a binary not in this run's matrix (an
 * extra binary) are left alone.
 */
export function judge(
  results: readonly ExampleResult[],
  expected: readonly ExpectedFailure[],
  examples: readonly string[],
  listFile = "expected-failures.json",
): Judgement {
  const byCell = new Map(expected.map((e) => [`${e.example}\u0000${e.binary}`, e]));
  const outcomes = results.map((r): Outcome => {
    const entry = byCell.get(`${r.name}\u0000${r.binary}`);
    if (!entry) return { ...r, verdict: r.status };
    const expectedReason = entry.reason;
    if (r.status === "fail") return { ...r, verdict: "expected-fail", expectedReason };
    if (r.status === "pass") return { ...r, verdict: "fixed", expectedReason };
    return { ...r, verdict: "skip", expectedReason };
  });
  const known = new Set(examples);
  const stale = expected
    .filter((e) => !known.has(e.example))
    .map((e) => `${listFile} lists ${e.example} on ${e.binary}, which is no example: remove the entry`);
  const ok = stale.length === 0 && outcomes.every((o) => o.verdict !== "fail" && o.verdict !== "fixed");
  return { outcomes, stale, ok };
}
