// hashicorp's HCL specification suite (hcl v2.24.0's specsuite/tests, run by its own
// hclspecsuite runner through tooling/hcl-specsuite/run) against our tsvider-hcldec, bundled
// from src/bin/hcldec.ts so the test always runs the current source. Every test file must pass;
// a failure prints hclspecsuite's own account of each problem. The runner is a Go build made
// before the tests start (tooling/hcl-specsuite/install, which `./dev test` runs); this test
// never builds it, and says so when it is missing.

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
const install = fileURLToPath(new URL("../../../../tooling/hcl-specsuite/install", import.meta.url));

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
  let dir: string | undefined;

  beforeAll(async () => {
    // Looks, never builds: a missing runner fails here with the install script's own sentence
    // (what is missing, and the command that builds it).
    try {
      await run(install, ["--check"]);
    } catch (e) {
      const said = ((e as { stderr?: string }).stderr ?? "").trim() || String(e);
      throw new Error(`the HCL specsuite cannot run: ${said}`);
    }
    dir = mkdtempSync(join(tmpdir(), "tsvider-hcldec-"));
  });

  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  // The limit guards against a hang, not a timing: the suite starts our hcldec once per test
  // file, and a loaded machine may take many times the usual ten seconds or so.
  it("passes every test file", { timeout: 600_000 }, async () => {
    // Our hcldec from the current source (esbuild, about a second): the code under test.
    const bin = join(dir!, "hcldec.mjs");
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
    let output: string;
    try {
      const env = { ...process.env, TSVIDER_HCL_SPECSUITE_CHECK: "1" };
      output = (await run(runner, [bin], { maxBuffer: 64 << 20, env })).stdout;
    } catch (e) {
      // Exit status 2: some test failed; its output says which.
      output = (e as { stdout?: string }).stdout ?? String(e);
    }
    const got = results(output);
    expect(got.size, output).toBe(15);
    const failing = [...got].filter(([, problems]) => problems !== "");
    expect(failing.map(([name, problems]) => `${name}:\n${problems}`)).toEqual([]);
  });
});
