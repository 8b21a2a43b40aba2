// A start-up snapshot of a bundle made with bundleProvider's `snapshot`, built and restored by
// Node itself (`--build-snapshot`, then `--snapshot-blob`): what the main script put off runs in
// each started process with that process's environment; random values drawn after the restore
// differ from process to process although the build filled Node's entropy caches; and the
// built-in modules Node cannot snapshot are there once the process runs.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleProvider } from "../bundle.js";
import { CliError } from "../cli/command.js";
import { newestNodeLts, nodeBinaryFor } from "./node-binary.js";
import { hostPlatform } from "./platform.js";
import { makeSingleExecutable } from "./sea.js";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "tsvider-snapshot-test-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

interface Report {
  builtInSnapshot: boolean;
  atBuild: string;
  uuids: string[];
  int: number;
  env: string | null;
  status: string;
  loaded: string[];
}

function node(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: dir,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

describe("a bundle for a start-up snapshot", () => {
  it("runs what it put off in each restored process, with fresh random values and the built-ins Node cannot snapshot", async () => {
    const script = join(dir, "main.cjs");
    await bundleProvider({
      entry: fileURLToPath(new URL("../../test/snapshot-entry.ts", import.meta.url)),
      outfile: script,
      snapshot: true,
    });
    const blob = join(dir, "snapshot.blob");
    // Nothing is printed at build time: the main script's work waits for the restore.
    expect(node(["--no-warnings", "--snapshot-blob", blob, "--build-snapshot", script])).toBe("");

    const runs = ["one", "two"].map(
      (name) => JSON.parse(node(["--snapshot-blob", blob], { SNAPSHOT_FIXTURE: name })) as Report,
    );
    for (const [i, run] of runs.entries()) {
      expect(run).toMatchObject({
        builtInSnapshot: true,
        env: ["one", "two"][i],
        status: ":status",
        loaded: ["function", "function", "function"],
      });
    }
    // Computed while the modules were evaluated: kept in the snapshot, the same in both.
    expect(runs[0]!.atBuild).toBe(runs[1]!.atBuild);
    // Drawn after the restore: never the build's cached entropy, never the other process's.
    const uuids = runs.flatMap((run) => run.uuids);
    expect(new Set(uuids).size).toBe(4);
    expect(runs[0]!.int).not.toBe(runs[1]!.int);
  }, 120_000);

  it("is plain code without the compile-cache launcher", async () => {
    const script = join(dir, "plain.cjs");
    await bundleProvider({
      entry: fileURLToPath(new URL("../../test/snapshot-entry.ts", import.meta.url)),
      outfile: script,
      snapshot: true,
    });
    const text = await readFile(script, "utf8");
    expect(text.startsWith("#!")).toBe(false);
    expect(text).not.toContain("compile-cache");
  });
});

describe("making a single executable's start-up snapshot", () => {
  const make = async (name: string, main: string, snapshotTimeoutMs?: number) => {
    const work = join(dir, name);
    await mkdir(join(work, "src"), { recursive: true });
    await writeFile(join(work, "src", "main.ts"), main);
    const script = join(work, "provider.cjs");
    await bundleProvider({ entry: join(work, "src", "main.ts"), outfile: script, snapshot: true });
    const lts = await newestNodeLts();
    const node = await nodeBinaryFor({ platform: hostPlatform(), version: lts.version });
    const error = await makeSingleExecutable({
      script,
      workDir: work,
      output: join(work, "provider"),
      target: node,
      maker: node,
      useSnapshot: true,
      ...(snapshotTimeoutMs === undefined ? {} : { snapshotTimeoutMs }),
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CliError);
    expect(existsSync(join(work, "provider"))).toBe(false);
    return (error as CliError).message;
  };

  it("stops a main script whose event loop never empties, and says what keeps it busy", async () => {
    const message = await make("busy", "setInterval(() => {}, 1000);\n", 5_000);
    expect(message).toContain("did not finish within 5 s");
    expect(message).toContain("keeps Node's event loop alive (an interval timer, a server");
  }, 120_000);

  it("explains a main script whose modules hold what a snapshot cannot keep", async () => {
    const message = await make(
      "server",
      'import { globalAgent } from "node:http";\nconsole.log(globalAgent.maxSockets);\n',
    );
    expect(message).toContain("Node could not make the start-up snapshot");
    expect(message).toContain("build without --snapshot");
  }, 120_000);
});
