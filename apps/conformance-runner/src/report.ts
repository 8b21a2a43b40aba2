// The runner's reports: a table (example × binary) for people on stdout, and for machines a
// JSON file and a JUnit XML file (the format CI systems show as test results).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Judgement, Outcome, Verdict } from "./expected-failures.js";
import type { HostSet, UnavailableHost } from "./hosts.js";
import type { MatrixBinary, SkippedHost } from "./matrix.js";
import { toHtml, toMarkdown } from "./matrix-report.js";
import { BINARIES } from "./requirements.js";

export const REPORT_FILES = {
  json: "results.json",
  junit: "junit.xml",
  markdown: "matrix.md",
  html: "matrix.html",
} as const;

/** The columns: the matrix's labels, else the labels the outcomes carry (pinned ones first). */
function labelsOf(outcomes: readonly Outcome[], matrix?: readonly MatrixBinary[]): string[] {
  if (matrix) return matrix.map((m) => m.label);
  return [...new Set<string>([...BINARIES, ...outcomes.map((o) => o.binary)])];
}

function count(outcomes: readonly Outcome[], verdict: Verdict): number {
  return outcomes.filter((o) => o.verdict === verdict).length;
}

/**
 * The last line of a run, a count per binary:
 * `tofu: 80 passed, 0 failed, 25 skipped, 1 expected to fail; terraform: ...`, with
 * `, N fixed` added when listed failures passed.
 */
export function summarize(outcomes: readonly Outcome[], matrix?: readonly MatrixBinary[]): string {
  return labelsOf(outcomes, matrix)
    .map((label) => {
      const mine = outcomes.filter((o) => o.binary === label);
      const fixed = count(mine, "fixed");
      return `${label}: ${count(mine, "pass")} passed, ${count(mine, "fail")} failed, ${count(mine, "skip")} skipped, ${count(mine, "expected-fail")} expected to fail${fixed > 0 ? `, ${fixed} fixed` : ""}`;
    })
    .join("; ");
}

const CELL: Record<Verdict, string> = {
  pass: "pass",
  fail: "FAIL",
  skip: "skip",
  "expected-fail": "xfail",
  fixed: "FIXED",
};

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

/**
 * The table for people: a row per example, a column per binary, each cell the verdict and how
 * long it took (`pass 3.2s`, `FAIL 1.0s`, `skip`, `xfail 2.1s`, `FIXED 2.0s`).
 */
export function table(outcomes: readonly Outcome[], matrix?: readonly MatrixBinary[]): string {
  const labels = labelsOf(outcomes, matrix);
  const names = [...new Set(outcomes.map((o) => o.name))];
  const rows = names.map((name) => [
    name,
    ...labels.map((label) => {
      const o = outcomes.find((x) => x.name === name && x.binary === label);
      if (!o) return "";
      return o.verdict === "skip" ? "skip" : `${CELL[o.verdict]} ${seconds(o.durationMs)}`;
    }),
  ]);
  const reattached = new Set(outcomes.filter((o) => o.reattached === true).map((o) => o.binary));
  const header = ["example", ...labels.map((l) => (reattached.has(l) ? `${l} (reattached)` : l))];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...rows.map(line)].join("\n");
}

export interface RunReport {
  /** `source`: the provider's `<namespace>/<type>` (absent in reports written before it was kept). */
  readonly provider: { readonly source?: string; readonly version: string; readonly h1: string };
  readonly startedAt: string;
  readonly durationMs: number;
  readonly jobs: number;
  readonly matrix: readonly MatrixBinary[];
  readonly judgement: Judgement;
  /** The host set asked for, the hosts of it that could not be built and those that added no column. */
  readonly hosts?: {
    readonly set: HostSet;
    readonly unavailable: readonly UnavailableHost[];
    readonly skipped?: readonly SkippedHost[];
  };
  /** This run's shard, when it ran one (`--shard i/n`). */
  readonly shard?: { readonly index: number; readonly count: number };
}

/** The JSON report: the matrix, every cell, the stale list entries and the per-binary counts. */
export function toJson(report: RunReport): unknown {
  const { outcomes, stale, ok } = report.judgement;
  return {
    ok,
    provider: report.provider,
    startedAt: report.startedAt,
    durationMs: report.durationMs,
    jobs: report.jobs,
    ...(report.shard ? { shard: report.shard } : {}),
    ...(report.hosts
      ? {
          hosts: {
            set: report.hosts.set,
            unavailable: report.hosts.unavailable.map((h) => ({
              kind: h.kind,
              version: h.version,
              reason: h.unavailable,
            })),
            notAdded: (report.hosts.skipped ?? []).map((h) => ({
              kind: h.kind,
              version: h.version,
              path: h.path,
              reason: h.why,
            })),
          },
        }
      : {}),
    binaries: report.matrix.map((m) =>
      m.missing === undefined
        ? { label: m.label, kind: m.kind, path: m.path, version: m.version }
        : { label: m.label, kind: m.kind, path: m.path, missing: m.missing },
    ),
    summary: Object.fromEntries(
      labelsOf(outcomes, report.matrix).map((label) => {
        const mine = outcomes.filter((o) => o.binary === label);
        return [
          label,
          {
            passed: count(mine, "pass"),
            failed: count(mine, "fail"),
            skipped: count(mine, "skip"),
            expectedFailures: count(mine, "expected-fail"),
            fixed: count(mine, "fixed"),
          },
        ];
      }),
    ),
    staleExpectedFailures: stale,
    results: outcomes.map((o) => ({
      example: o.name,
      binary: o.binary,
      kind: o.kind,
      ...(o.version !== undefined ? { version: o.version } : {}),
      status: o.verdict,
      durationMs: o.durationMs,
      steps: o.steps,
      ...(o.reattached ? { reattached: true } : {}),
      ...(o.batched ? { batched: o.batched } : {}),
      ...(o.failure ? { failure: o.failure } : {}),
      ...(o.skipReason ? { skipReason: o.skipReason } : {}),
      ...(o.expectedReason ? { expectedReason: o.expectedReason } : {}),
      ...(o.dir && o.verdict === "fail" ? { dir: o.dir } : {}),
    })),
  };
}

function xml(text: string): string {
  return (
    text
      // Characters XML 1.0 cannot hold at all, which a binary's output may contain.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * JUnit XML: a `<testsuite>` per binary, a `<testcase>` per example (classname = binary
 * label). A failure is `<failure type="<step>">`; a skip and an expected failure are
 * `<skipped>` (JUnit has no expected failure; its message says which); a listed failure that
 * passed is `<failure type="fixed">`, since it fails the run. Stale list entries are failures
 * of a testcase of their own in a suite named "expected-failures".
 */
export function toJUnit(report: RunReport): string {
  const { outcomes, stale } = report.judgement;
  const suites: string[] = [];
  const totals = { tests: 0, failures: 0, skipped: 0 };
  for (const bin of report.matrix) {
    const mine = outcomes.filter((o) => o.binary === bin.label);
    const failures = count(mine, "fail") + count(mine, "fixed");
    const skipped = count(mine, "skip") + count(mine, "expected-fail");
    totals.tests += mine.length;
    totals.failures += failures;
    totals.skipped += skipped;
    const time = mine.reduce((t, o) => t + o.durationMs, 0) / 1000;
    const properties = [
      `      <property name="kind" value="${xml(bin.kind)}"/>`,
      `      <property name="path" value="${xml(bin.path)}"/>`,
      bin.missing === undefined
        ? `      <property name="version" value="${xml(bin.version)}"/>`
        : `      <property name="missing" value="${xml(bin.missing)}"/>`,
    ];
    const cases = mine.map((o) => {
      const open = `    <testcase classname="${xml(bin.label)}" name="${xml(o.name)}" time="${(o.durationMs / 1000).toFixed(3)}"`;
      const body = caseBody(o);
      return body === "" ? `${open}/>` : `${open}>\n${body}\n    </testcase>`;
    });
    suites.push(
      [
        `  <testsuite name="${xml(bin.label)}" tests="${mine.length}" failures="${failures}" errors="0" skipped="${skipped}" time="${time.toFixed(3)}" timestamp="${xml(report.startedAt)}">`,
        "    <properties>",
        ...properties,
        "    </properties>",
        ...cases,
        "  </testsuite>",
      ].join("\n"),
    );
  }
  if (stale.length > 0) {
    totals.tests += stale.length;
    totals.failures += stale.length;
    suites.push(
      [
        `  <testsuite name="expected-failures" tests="${stale.length}" failures="${stale.length}" errors="0" skipped="0" time="0">`,
        ...stale.map(
          (s, i) =>
            `    <testcase classname="expected-failures" name="stale entry ${i + 1}" time="0">\n      <failure type="stale" message="${xml(s)}"/>\n    </testcase>`,
        ),
        "  </testsuite>",
      ].join("\n"),
    );
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="tsvider conformance" tests="${totals.tests}" failures="${totals.failures}" errors="0" skipped="${totals.skipped}" time="${(report.durationMs / 1000).toFixed(3)}">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}

function caseBody(o: Outcome): string {
  switch (o.verdict) {
    case "pass":
      return `      <system-out>${xml(o.steps.join(" → "))}</system-out>`;
    case "skip":
      return `      <skipped message="${xml(o.skipReason ?? "skipped")}"/>`;
    case "expected-fail":
      return `      <skipped message="${xml(`expected failure (${o.expectedReason}): failed at ${o.failure?.step}`)}">${xml(o.failure?.message ?? "")}</skipped>`;
    case "fixed":
      return `      <failure type="fixed" message="${xml(`passes now, though expected-failures.json lists it (${o.expectedReason}): remove the entry`)}"/>`;
    case "fail":
      return `      <failure type="${xml(o.failure?.step ?? "unknown")}" message="${xml(`failed at ${o.failure?.step}`)}">${xml(o.failure?.message ?? "")}</failure>`;
  }
}

/**
 * Writes results.json, junit.xml, matrix.md and matrix.html into `dir` (made when missing);
 * resolves to their paths.
 */
export async function writeReports(
  dir: string,
  report: RunReport,
): Promise<{ json: string; junit: string; markdown: string; html: string }> {
  await mkdir(dir, { recursive: true });
  const paths = {
    json: join(dir, REPORT_FILES.json),
    junit: join(dir, REPORT_FILES.junit),
    markdown: join(dir, REPORT_FILES.markdown),
    html: join(dir, REPORT_FILES.html),
  };
  await writeFile(paths.json, `${JSON.stringify(toJson(report), null, 2)}\n`);
  await writeFile(paths.junit, toJUnit(report));
  await writeFile(paths.markdown, toMarkdown(report));
  await writeFile(paths.html, toHtml(report));
  return paths;
}
