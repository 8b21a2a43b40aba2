import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ExampleResult } from "./examples.js";
import { judge, parseExpectedFailures } from "./expected-failures.js";
import { parseHostLines, type UnavailableHost } from "./hosts.js";
import type { MatrixBinary } from "./matrix.js";
import { toHtml, toMarkdown } from "./matrix-report.js";
import type { RunReport } from "./report.js";

// results.json of a real run: six reference examples on the pinned OpenTofu 1.12.6 and
// Terraform 1.16.4 and a built OpenTofu 1.6.3 (TSVIDER_EXTRA_BINARIES).
const recorded = JSON.parse(
  readFileSync(fileURLToPath(new URL("./testdata/recorded-run.json", import.meta.url)), "utf8"),
) as {
  provider: RunReport["provider"];
  startedAt: string;
  durationMs: number;
  jobs: number;
  binaries: MatrixBinary[];
  results: (Omit<ExampleResult, "name"> & { example: string })[];
};

const results: ExampleResult[] = recorded.results.map(({ example, ...r }) => ({ name: example, ...r }));
const names = [...new Set(results.map((r) => r.name))];

function report(overrides: Partial<RunReport> = {}, expected: unknown[] = []): RunReport {
  return {
    provider: recorded.provider,
    startedAt: recorded.startedAt,
    durationMs: recorded.durationMs,
    jobs: recorded.jobs,
    matrix: recorded.binaries,
    judgement: judge(results, parseExpectedFailures(expected, "expected-failures.json"), names),
    ...overrides,
  };
}

// What tooling/hosts/install printed for a host it could not build.
const unavailable = parseHostLines(
  "terraform 1.5.7 unavailable go build failed: module needs go >= 1.22 | see ~/.cache/tsvider/hosts/terraform-1.5.7.log\n",
  "install",
) as UnavailableHost[];

describe("matrix.md", () => {
  it("names the provider's source in the heading when the report has it", () => {
    const heading = (r: RunReport) => toMarkdown(r).split("\n")[2];
    expect(heading(report({ provider: { ...recorded.provider, source: "tsvider/postgresql" } }))).toMatch(
      /^provider tsvider\/postgresql 0\.1\.0 · 6 examples on 3 hosts · /,
    );
    // A report from before the source was kept: the version alone.
    expect(heading(report())).toMatch(/^provider 0\.1\.0 · 6 examples/);
  });

  it("is a table of examples × hosts, a row of totals and numbered notes for the skips", () => {
    expect(toMarkdown(report())).toBe(`# Conformance matrix

provider 0.1.0 · 6 examples on 3 hosts · started 2026-11-27T02:32:56.370Z · took 37.2s · result: ok

| example | tofu 1.12.6 | terraform 1.16.4 | tofu-1.6.3 |
| --- | --- | --- | --- |
| \`actions/tsvider_echo/basic\` | skip [1] | pass 3.8s | skip [1] |
| \`data-sources/tsvider_file/basic\` | pass 8.3s | skip [2] | pass 8.3s |
| \`ephemeral-resources/tsvider_lease/advanced\` | pass 7.7s | pass 7.9s | skip [3] |
| \`functions/add/basic\` | pass 7.1s | skip [2] | skip [4] |
| \`list-resources/tsvider_file_content/basic\` | skip [1] | pass 9.5s | skip [1] |
| \`resources/tsvider_file_content/basic\` | pass 9.4s | skip [2] | pass 6.8s |
| **total** | 4 passed, 0 failed, 2 skipped | 3 passed, 0 failed, 3 skipped | 2 passed, 0 failed, 4 skipped |

## Notes

1. written for terraform only (requirements.json "binaries")
2. written for tofu only (requirements.json "binaries")
3. needs tofu >= 1.11.0 for ephemeral resources, this is 1.6.3
4. needs tofu >= 1.7.0 for provider-defined functions, this is 1.6.3
`);
  });

  it("names the host set, the shard, a listed cell that passes, and the hosts not built", () => {
    const md = toMarkdown(
      report({ hosts: { set: "representative", unavailable }, shard: { index: 2, count: 3 } }, [
        { example: "functions/add/basic", binary: "tofu", reason: "was broken | once" },
      ]),
    );
    expect(md).toContain(
      "provider 0.1.0 · 6 examples on 3 hosts · host set: representative · shard 2/3 · started 2026-11-27T02:32:56.370Z · took 37.2s · result: FAILED",
    );
    expect(md).toContain("| `functions/add/basic` | FIXED 7.1s [4] | skip [2] | skip [5] |");
    expect(md).toContain("| **total** | 3 passed, 0 failed, 2 skipped, 1 fixed |");
    expect(md).toContain(
      "4. passes, though expected-failures.json lists it (was broken \\| once): remove the entry",
    );
    expect(md).toMatch(
      /## Hosts not built\n\n- terraform 1\.5\.7: go build failed: module needs go >= 1\.22 \\\| see ~\/\.cache\/tsvider\/hosts\/terraform-1\.5\.7\.log\n$/,
    );
  });

  it("gives a failure's step and first line, and an expected failure's reason", () => {
    const failing = results.map((r) =>
      r.name === "resources/tsvider_file_content/basic" && r.binary === "tofu-1.6.3"
        ? {
            ...r,
            status: "fail" as const,
            failure: { step: "apply", message: "\nError: Provider produced inconsistent result\n\nmore" },
          }
        : r.name === "data-sources/tsvider_file/basic" && r.binary === "tofu-1.6.3"
          ? { ...r, status: "fail" as const, failure: { step: "plan", message: "Error: x" } }
          : r,
    );
    const md = toMarkdown({
      ...report(),
      judgement: judge(
        failing,
        parseExpectedFailures(
          [{ example: "data-sources/tsvider_file/basic", binary: "tofu-1.6.3", reason: "1.6 reads it late" }],
          "f",
        ),
        names,
      ),
    });
    expect(md).toContain("| `resources/tsvider_file_content/basic` | pass 9.4s | skip [2] | FAIL 6.8s [6] |");
    expect(md).toContain("| `data-sources/tsvider_file/basic` | pass 8.3s | skip [2] | xfail 8.3s [3] |");
    expect(md).toContain("6. failed at apply: Error: Provider produced inconsistent result");
    expect(md).toContain("3. expected to fail (1.6 reads it late); failed at plan");
    expect(md).toContain("result: FAILED");
  });
});

describe("reattached columns", () => {
  it("are marked in the header, with a line saying what it means, in both documents", () => {
    const attached = results.map((r) =>
      r.binary === "terraform" && r.status !== "skip" ? { ...r, reattached: true as const } : r,
    );
    const run = { ...report(), judgement: judge(attached, [], names) };
    const md = toMarkdown(run);
    expect(md).toMatch(
      /^\| example \| tofu 1\.12\.6 \| terraform 1\.16\.4 \(reattached\) \| tofu-1\.6\.3 \|$/m,
    );
    expect(md).toContain("Columns marked (reattached): each cell started the provider once");
    expect(toHtml(run)).toContain("<th>terraform 1.16.4 (reattached)</th>");
    // Without such cells, neither the mark nor the line.
    expect(toMarkdown(report())).not.toContain("reattached");
  });
});

describe("matrix.html", () => {
  const page = toHtml(
    report({ hosts: { set: "all", unavailable } }, [
      { example: "functions/add/basic", binary: "tofu", reason: "<was> & broken" },
    ]),
  );

  it("is one self-contained page: nothing fetched, no script", () => {
    expect(page.startsWith('<!DOCTYPE html>\n<html lang="en">')).toBe(true);
    expect(page.endsWith("</html>\n")).toBe(true);
    expect(page).not.toMatch(/<script|<link|src=|href="(?!#note-)/);
    expect(page).toContain("<style>");
  });

  it("colours each cell by verdict and gives its reason as a tooltip and a note", () => {
    expect(page).toContain(
      "<thead><tr><th>example</th><th>tofu 1.12.6</th><th>terraform 1.16.4</th><th>tofu-1.6.3</th></tr></thead>",
    );
    expect(page).toContain(
      '<tr><th>ephemeral-resources/tsvider_lease/advanced</th><td class="pass">pass 7.7s</td><td class="pass">pass 7.9s</td><td class="skip" title="needs tofu &gt;= 1.11.0 for ephemeral resources, this is 1.6.3">skip<sup><a href="#note-3">3</a></sup></td></tr>',
    );
    expect(page).toContain(
      '<td class="fixed" title="passes, though expected-failures.json lists it (&lt;was&gt; &amp; broken): remove the entry">FIXED 7.1s<sup><a href="#note-4">4</a></sup></td>',
    );
    expect(page).toContain(
      '<li id="note-1">written for terraform only (requirements.json &quot;binaries&quot;)</li>',
    );
    expect(page).toContain("<tfoot><tr><th>total</th><td>3 passed, 0 failed, 2 skipped, 1 fixed</td>");
    expect(page).toContain(
      "<h2>Hosts not built</h2>\n<ul>\n<li>terraform 1.5.7: go build failed: module needs go &gt;= 1.22 | see ~/.cache/tsvider/hosts/terraform-1.5.7.log</li>\n</ul>",
    );
    expect(page).toContain("host set: all");
    // Every cell of the run is on the page, each once.
    expect(page.match(/<td class="/g)).toHaveLength(results.length);
  });
});
