import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ExampleResult } from "./examples.js";
import { judge, loadExpectedFailures, parseExpectedFailures } from "./expected-failures.js";
import type { MatrixBinary } from "./matrix.js";
import { toHtml, toMarkdown } from "./matrix-report.js";
import { summarize, table, toJson, toJUnit, writeReports } from "./report.js";

const matrix: MatrixBinary[] = [
  { label: "tofu", kind: "tofu", path: "/bin/tofu", version: "1.12.6" },
  { label: "terraform", kind: "terraform", path: "/bin/terraform", version: "1.16.4" },
  { label: "tofu-1.11.0", kind: "tofu", path: "/opt/tofu-1.11", version: "1.11.0" },
];

const cell = (
  name: string,
  binary: string,
  status: ExampleResult["status"],
  extra: Partial<ExampleResult> = {},
): ExampleResult => ({
  name,
  binary,
  kind: binary.startsWith("tofu") ? "tofu" : "terraform",
  status,
  steps: status === "pass" ? ["init", "plan"] : [],
  durationMs: 1500,
  ...(status === "fail" ? { failure: { step: "apply", message: 'Error: <bad> & "worse"\u0001' } } : {}),
  ...(status === "skip" ? { skipReason: "written for tofu only" } : {}),
  ...extra,
});

const results: ExampleResult[] = [
  cell("a", "tofu", "pass"),
  cell("a", "terraform", "skip"),
  cell("a", "tofu-1.11.0", "fail"),
  cell("b", "tofu", "fail"),
  cell("b", "terraform", "pass"),
  cell("b", "tofu-1.11.0", "skip", { skipReason: "needs tofu >= 1.12.0, this is 1.11.0" }),
];

describe("expected failures", () => {
  it("reads the list, refusing malformed, misspelt and doubled entries", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-xfail-"));
    expect(await loadExpectedFailures(join(dir, "none.json"))).toEqual([]);
    const file = join(dir, "expected-failures.json");
    await writeFile(file, JSON.stringify([{ example: "a", binary: "tofu-1.11.0", reason: "old" }]));
    expect(await loadExpectedFailures(file)).toEqual([
      { example: "a", binary: "tofu-1.11.0", reason: "old" },
    ]);
    expect(() => parseExpectedFailures({}, "f")).toThrow("f: must be a JSON array");
    expect(() => parseExpectedFailures([{ example: "a", binary: "tofu" }], "f")).toThrow(
      'f[0]: "reason" must be a non-empty string',
    );
    expect(() => parseExpectedFailures([{ example: "a", binary: "tofuu", reason: "r" }], "f")).toThrow(
      'f[0]: "binary" is "tofuu"',
    );
    expect(() =>
      parseExpectedFailures(
        [
          { example: "a", binary: "tofu", reason: "r" },
          { example: "a", binary: "tofu", reason: "again" },
        ],
        "f",
      ),
    ).toThrow("f[1]: a on tofu is listed twice");
  });

  it("does not fail the run for a listed failure, and fails it for a listed cell that passes", () => {
    const expected = parseExpectedFailures(
      [
        { example: "a", binary: "tofu-1.11.0", reason: "1.11 lacks X" },
        { example: "b", binary: "terraform", reason: "was broken" },
      ],
      "f",
    );
    const j = judge(results, expected, ["a", "b"]);
    expect(j.outcomes.map((o) => [o.name, o.binary, o.verdict])).toEqual([
      ["a", "tofu", "pass"],
      ["a", "terraform", "skip"],
      ["a", "tofu-1.11.0", "expected-fail"],
      ["b", "tofu", "fail"],
      ["b", "terraform", "fixed"],
      ["b", "tofu-1.11.0", "skip"],
    ]);
    expect(j.ok).toBe(false);

    // Only the listed failure left: the run passes.
    const onlyExpected = judge(
      results.filter((r) => !(r.name === "b" && r.binary === "tofu")),
      [expected[0]!],
      ["a", "b"],
    );
    expect(onlyExpected.ok).toBe(true);
    expect(onlyExpected.outcomes.find((o) => o.verdict === "expected-fail")?.expectedReason).toBe(
      "1.11 lacks X",
    );

    // The fixed one alone still fails the run, so the list gets the entry removed.
    const fixedOnly = judge(
      results.filter((r) => r.status !== "fail"),
      [expected[1]!],
      ["a", "b"],
    );
    expect(fixedOnly.ok).toBe(false);
  });

  it("fails the run for an entry naming no example", () => {
    const j = judge(
      [cell("a", "tofu", "pass")],
      [{ example: "gone", binary: "tofu", reason: "r" }],
      ["a"],
      "expected-failures.json",
    );
    expect(j.stale).toEqual([
      "expected-failures.json lists gone on tofu, which is no example: remove the entry",
    ]);
    expect(j.ok).toBe(false);
  });
});

describe("reports", () => {
  const judgement = judge(
    results,
    [{ example: "a", binary: "tofu-1.11.0", reason: "1.11 lacks X" }],
    ["a", "b"],
  );
  const report = {
    provider: { version: "0.1.0", h1: "h1:abc" },
    startedAt: "2026-01-01T00:00:00.000Z",
    durationMs: 9000,
    jobs: 2,
    matrix,
    judgement,
  };

  it("ends with a count per binary", () => {
    expect(summarize(judgement.outcomes, matrix)).toBe(
      "tofu: 1 passed, 1 failed, 0 skipped, 0 expected to fail; terraform: 1 passed, 0 failed, 1 skipped, 0 expected to fail; tofu-1.11.0: 0 passed, 0 failed, 1 skipped, 1 expected to fail",
    );
    expect(summarize([])).toBe(
      "tofu: 0 passed, 0 failed, 0 skipped, 0 expected to fail; terraform: 0 passed, 0 failed, 0 skipped, 0 expected to fail",
    );
    const fixed = judge([cell("a", "tofu", "pass")], [{ example: "a", binary: "tofu", reason: "r" }], ["a"]);
    expect(summarize(fixed.outcomes)).toMatch(
      /^tofu: 0 passed, 0 failed, 0 skipped, 0 expected to fail, 1 fixed;/,
    );
  });

  it("shows a table of example × binary with verdicts and durations", () => {
    expect(table(judgement.outcomes, matrix)).toBe(
      [
        "example  tofu       terraform  tofu-1.11.0",
        "-------  ---------  ---------  -----------",
        "a        pass 1.5s  skip       xfail 1.5s",
        "b        FAIL 1.5s  pass 1.5s  skip",
      ].join("\n"),
    );
  });

  it("writes JUnit XML: a suite per binary, a case per example, skips and failures marked", () => {
    expect(toJUnit(report)).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="tsvider conformance" tests="6" failures="1" errors="0" skipped="3" time="9.000">
  <testsuite name="tofu" tests="2" failures="1" errors="0" skipped="0" time="3.000" timestamp="2026-01-01T00:00:00.000Z">
    <properties>
      <property name="kind" value="tofu"/>
      <property name="path" value="/bin/tofu"/>
      <property name="version" value="1.12.6"/>
    </properties>
    <testcase classname="tofu" name="a" time="1.500">
      <system-out>init → plan</system-out>
    </testcase>
    <testcase classname="tofu" name="b" time="1.500">
      <failure type="apply" message="failed at apply">Error: &lt;bad&gt; &amp; &quot;worse&quot;</failure>
    </testcase>
  </testsuite>
  <testsuite name="terraform" tests="2" failures="0" errors="0" skipped="1" time="3.000" timestamp="2026-01-01T00:00:00.000Z">
    <properties>
      <property name="kind" value="terraform"/>
      <property name="path" value="/bin/terraform"/>
      <property name="version" value="1.16.4"/>
    </properties>
    <testcase classname="terraform" name="a" time="1.500">
      <skipped message="written for tofu only"/>
    </testcase>
    <testcase classname="terraform" name="b" time="1.500">
      <system-out>init → plan</system-out>
    </testcase>
  </testsuite>
  <testsuite name="tofu-1.11.0" tests="2" failures="0" errors="0" skipped="2" time="3.000" timestamp="2026-01-01T00:00:00.000Z">
    <properties>
      <property name="kind" value="tofu"/>
      <property name="path" value="/opt/tofu-1.11"/>
      <property name="version" value="1.11.0"/>
    </properties>
    <testcase classname="tofu-1.11.0" name="a" time="1.500">
      <skipped message="expected failure (1.11 lacks X): failed at apply">Error: &lt;bad&gt; &amp; &quot;worse&quot;</skipped>
    </testcase>
    <testcase classname="tofu-1.11.0" name="b" time="1.500">
      <skipped message="needs tofu &gt;= 1.12.0, this is 1.11.0"/>
    </testcase>
  </testsuite>
</testsuites>
`,
    );
  });

  it("marks a fixed entry and a stale one as failures in JUnit", () => {
    const j = judge(
      [cell("a", "tofu", "pass")],
      [
        { example: "a", binary: "tofu", reason: "was broken" },
        { example: "gone", binary: "tofu", reason: "r" },
      ],
      ["a"],
    );
    const xml = toJUnit({ ...report, matrix: [matrix[0]!], judgement: j });
    expect(xml).toContain(
      '<testsuites name="tsvider conformance" tests="2" failures="2" errors="0" skipped="0" time="9.000">',
    );
    expect(xml).toContain(
      '<failure type="fixed" message="passes now, though expected-failures.json lists it (was broken): remove the entry"/>',
    );
    expect(xml).toContain(
      '<testsuite name="expected-failures" tests="1" failures="1" errors="0" skipped="0" time="0">',
    );
  });

  it("writes results.json, junit.xml, matrix.md and matrix.html into the report directory", async () => {
    const dir = join(await mkdtemp(join(tmpdir(), "tsvider-report-")), "nested", "reports");
    const written = await writeReports(dir, report);
    expect(written).toEqual({
      json: join(dir, "results.json"),
      junit: join(dir, "junit.xml"),
      markdown: join(dir, "matrix.md"),
      html: join(dir, "matrix.html"),
    });
    expect(await readFile(written.markdown, "utf8")).toBe(toMarkdown(report));
    expect(await readFile(written.html, "utf8")).toBe(toHtml(report));
    const json = JSON.parse(await readFile(written.json, "utf8")) as ReturnType<typeof toJson>;
    expect(json).toEqual(JSON.parse(JSON.stringify(toJson(report))));
    expect(json).toMatchObject({
      ok: false,
      jobs: 2,
      provider: { version: "0.1.0", h1: "h1:abc" },
      summary: {
        tofu: { passed: 1, failed: 1, skipped: 0, expectedFailures: 0, fixed: 0 },
        "tofu-1.11.0": { passed: 0, failed: 0, skipped: 1, expectedFailures: 1, fixed: 0 },
      },
      staleExpectedFailures: [],
    });
    expect((json as { results: unknown[] }).results[2]).toEqual({
      example: "a",
      binary: "tofu-1.11.0",
      kind: "tofu",
      status: "expected-fail",
      durationMs: 1500,
      steps: [],
      failure: { step: "apply", message: 'Error: <bad> & "worse"\u0001' },
      expectedReason: "1.11 lacks X",
    });
    expect(await readFile(written.junit, "utf8")).toBe(toJUnit(report));
  });
});
