// The tsvider_file data source and the provider's metrics through the real tofu: a missing
// file's diagnostic as a practitioner sees it, reads on every plan, and metrics files written
// by each provider process tofu starts and shuts down.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  initProject,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-file-data-source-");
});
afterAll(() => tofu.cleanup());
afterEach(() => stopAttachedProviders());

// The data source's tests attach each test's commands to one provider process
// (initAttachedProject): what it reads is the subject, not how tofu starts it. The metrics test
// keeps a provider per command, since the processes tofu starts and shuts down are its subject.
const attachedProject = (name: string, body: string) => initAttachedProject(tofu, name, body);

describe("tsvider_file on the real tofu", () => {
  it("a missing file fails the plan with a diagnostic at the filename line", async () => {
    const work = await attachedProject(
      "missing",
      `data "tsvider_file" "f" {
  filename = "nowhere.txt"
}
`,
    );
    const res = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(res.stderr).toContain('Error: File "nowhere.txt" does not exist');
    expect(res.stderr).toContain("with data.tsvider_file.f,");
    expect(res.stderr).toMatch(
      /on main\.tf line 7, in data "tsvider_file" "f":\s+7:\s+filename = "nowhere.txt"/,
    );
    expect(res.stderr).toContain("relative path is read from the directory tofu runs in");
  });

  it("reads the file again on each plan", async () => {
    const work = await attachedProject(
      "reread",
      `data "tsvider_file" "f" {
  filename = "in.txt"
}
output "content" {
  value = data.tsvider_file.f.content
}
`,
    );
    await writeFile(join(work.dir, "in.txt"), "one");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await work.run(["output", "-raw", "content"])).stdout).toBe("one");
    await writeFile(join(work.dir, "in.txt"), "two");
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [2] });
    expect(plan.stdout).toMatch(/~ content = "one" -> "two"/);
  });
});

describe("metrics through the real tofu", () => {
  it("each provider process writes its file when tofu shuts it down", async () => {
    const metricsDir = join(tofu.root, "metrics");
    const work = await initProject(
      tofu,
      "metrics",
      `resource "tsvider_file_content" "f" {
  filename = "out.txt"
  content  = "x"
}
data "tsvider_file" "f" {
  filename = tsvider_file_content.f.filename
}
`,
      { TSVIDER_METRICS_FILE: join(metricsDir, "tsvider-{pid}.prom") },
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const files = (await readdir(metricsDir)).filter((f) => /^tsvider-\d+\.prom$/.test(f));
    // At least one process per walk: schema, validate, plan, apply.
    expect(files.length).toBeGreaterThanOrEqual(2);
    const all = await Promise.all(files.map((f) => readFile(join(metricsDir, f), "utf8")));
    const sum = (pattern: RegExp) => all.reduce((n, text) => n + Number(pattern.exec(text)?.[1] ?? 0), 0);
    expect(
      sum(/^tsvider_resource_operations_total\{type="tsvider_file_content",operation="create"\} (\d+)$/m),
    ).toBe(1);
    expect(sum(/^tsvider_data_source_reads_total\{type="tsvider_file"\} (\d+)$/m)).toBe(1);
    expect(sum(/^tsvider_rpc_requests_total\{rpc="ApplyResourceChange"\} (\d+)$/m)).toBe(1);
    expect(sum(/^tsvider_rpc_errors_total\{rpc="[A-Za-z]+"\} (\d+)$/m)).toBe(0);
  });
});
