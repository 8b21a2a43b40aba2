// hashicorp's HCL specification suite (hcl v2.24.0's specsuite/tests, run by its own
// hclspecsuite runner through tooling/hcl-specsuite/run) against our tsvider-hcldec, bundled
// from src/bin/hcldec.ts so the test always runs the current source. Every test file must pass;
// a failure prints hclspecsuite's own account of each problem.

import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL("../..", import.meta.url));
const runner = fileURLToPath(new URL("../../../../tooling/hcl-specsuite/run", import.meta.url));

/** Each test's name with its problems: hclspecsuite prints a name before and after each test, problems between. */
function results(output: string): Map<string, string> {
  const out = new Map<string, string>();
  const lines = output.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^- (.+)$/.exec(lines[i]!);
    if (!m) continue;
    const name = m[1]!;
    const problems: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j] !== `- ${name}`; j++) problems.push(lines[j]!);
    out.set(name, problems.join("\n").trim());
    i = j;
  }
  return out;
}

describe("hashicorp's HCL specsuite", () => {
  let dir: string;
  let output: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tsvider-hcldec-"));
    const bin = join(dir, "hcldec.mjs");
    await build({
      entryPoints: [join(packageDir, "src/bin/hcldec.ts")],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      outfile: bin,
      logLevel: "error",
    });
    chmodSync(bin, 0o755);
    try {
      output = (await run(runner, [bin], { maxBuffer: 64 << 20 })).stdout;
    } catch (e) {
      // Exit status 2: some test failed; its output says which.
      output = (e as { stdout?: string }).stdout ?? String(e);
    }
  }, 300_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("passes every test file", () => {
    const got = results(output);
    expect(got.size).toBe(15);
    const failing = [...got].filter(([, problems]) => problems !== "");
    expect(failing.map(([name, problems]) => `${name}:\n${problems}`)).toEqual([]);
  });
});
