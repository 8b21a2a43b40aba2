// `tsvider serve --debug` with the real tofu: start it, read the reattach value it prints,
// `tofu apply` a configuration against it through TF_REATTACH_PROVIDERS (a failing handler's
// stack points into the TypeScript source), then stop it as Ctrl-C would, and see the provider
// process gone.
import { spawn } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Workdir } from "@tsvider/conformance";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { tofuOrUndefined } from "../cli/run.test-support.js";
import { serveCommand } from "../commands/serve.js";
import {
  type FixtureProvider,
  greetingConfig,
  runCommand,
  scratchDir,
  writeFixtureProject,
} from "../install/provider-fixture.test-support.js";

const tofu = tofuOrUndefined();

const root = scratchDir("tsvider-serve-");
const packagesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
afterAll(() => rmSync(root, { recursive: true, force: true }));

const fixture: FixtureProvider = {
  type: "debugme",
  namespace: "tsvider-test",
  version: "0.3.0",
  greeting: (name) => {
    if (name === "boom") throw new Error("the fixture refuses boom");
    return `debugging ${name}`;
  },
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves with what `stream` has carried once it matches `pattern`. */
function waitFor(stream: Readable, pattern: RegExp, seen: () => string): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = pattern.exec(seen());
      if (match !== null) {
        stream.off("data", check);
        clearTimeout(timer);
        resolve(match);
      }
    };
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern} in:\n${seen()}`)),
      60_000,
    );
    stream.on("data", check);
    check();
  });
}

describe("tsvider serve", () => {
  it("without --debug explains what it is for, with exit code 2", async () => {
    const project = writeFixtureProject(root, fixture);
    const result = await runCommand(serveCommand, [], { cwd: project });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /only runs a provider in debug mode \(`tsvider serve --debug`\).*start providers themselves/,
    );
  });

  it("says what to add when the entry point gives serve no address", async () => {
    const project = writeFixtureProject(root, fixture);
    writeFileSync(
      join(project, "src", "main.ts"),
      'import { defineProvider, serve } from "@tsvider/framework";\nserve(defineProvider({ name: "debugme", version: "0.3.0" })).catch((err: unknown) => {\n  process.stderr.write(String(err) + "\\n");\n  process.exitCode = 1;\n});\n',
    );
    const result = await runCommand(serveCommand, ["--debug"], { cwd: project });
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/debug mode needs the provider's source address/);
    expect(result.stderr).toMatch(
      /the provider exited with code 1 before serving .*serve\(provider, \{ address: "tsvider-test\/debugme" \}\)/,
    );
  });
});

describe.skipIf(tofu === undefined)("tsvider serve --debug with tofu (needs tofu: set TSVIDER_TOFU)", () => {
  it("serves until stopped, and tofu applies against it through TF_REATTACH_PROVIDERS", async () => {
    const project = writeFixtureProject(root, fixture);
    const stdout = new PassThrough();
    let seen = "";
    stdout.on("data", (c: Buffer) => (seen += c.toString()));
    const interrupt = new AbortController();
    const running = runCommand(serveCommand, ["--debug", "--inspect-port", "127.0.0.1:0"], {
      cwd: project,
      signal: interrupt.signal,
      stdout,
    });
    const [, quoted] = await waitFor(stdout, /export TF_REATTACH_PROVIDERS='([^']*)'/, () => seen);
    const reattach = JSON.parse(quoted!) as Record<string, { Pid: number }>;
    expect(Object.keys(reattach).sort()).toEqual([
      "registry.opentofu.org/tsvider-test/debugme",
      "registry.terraform.io/tsvider-test/debugme",
    ]);
    expect(seen).toContain("tsvider-test/debugme 0.3.0 is serving in debug mode from src/main.ts");
    // The provider's own instructions are replaced by ours, not repeated.
    expect(seen).not.toContain("The same value as raw JSON");
    const pid = Object.values(reattach)[0]!.Pid;
    expect(isRunning(pid)).toBe(true);

    const dir = join(root, "config");
    mkdirSync(dir);
    writeFileSync(join(dir, "main.tf"), greetingConfig(fixture));
    writeFileSync(join(dir, "cli.tfrc"), "");
    const work = new Workdir({
      dir,
      binary: tofu!,
      cliConfigFile: join(dir, "cli.tfrc"),
      extraEnv: { TF_REATTACH_PROVIDERS: quoted },
    });
    await work.run(["init", "-no-color"]);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(JSON.parse((await work.run(["output", "-json", "text"])).stdout)).toBe("debugging world");
    // A second command reaches the same process: it outlives each one.
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(isRunning(pid)).toBe(true);
    // A handler's exception: its stack, in the provider's log here, points into the TypeScript.
    writeFileSync(join(dir, "main.tf"), greetingConfig(fixture).replace('"world"', '"boom"'));
    const failed = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    expect(failed.stderr).toMatch(/the fixture refuses boom/);

    interrupt.abort();
    const result = await running;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("tsvider-test/debugme: stopped.");
    expect(result.stderr).toMatch(/Debugger listening on ws:\/\/127\.0\.0\.1:\d+\//);
    expect(result.stderr).toContain(`at greet (${join(project, "src", "main.ts")}:`);
    // The framework's frames too, through its own source maps, at their real place.
    expect(result.stderr).toMatch(
      new RegExp(`\\(${join(packagesDir, "framework", "src")}/server/[a-z-]+\\.ts:\\d+:\\d+\\)`),
    );
    expect(isRunning(pid)).toBe(false);
  });
});

describe("tsvider serve --debug --json", () => {
  it("writes a line with the reattach value when serving, and the result when stopped", async () => {
    const project = writeFixtureProject(root, fixture);
    const stdout = new PassThrough();
    let seen = "";
    stdout.on("data", (c: Buffer) => (seen += c.toString()));
    const interrupt = new AbortController();
    const running = runCommand(serveCommand, ["--debug", "--json"], {
      cwd: project,
      signal: interrupt.signal,
      stdout,
    });
    const [line] = await waitFor(stdout, /^\{"serving":.*\}$/m, () => seen);
    const { serving } = JSON.parse(line!) as {
      serving: { address: string; version: string; pid: number; addresses: string[]; reattach: string };
    };
    expect(serving).toMatchObject({ address: "tsvider-test/debugme", version: "0.3.0" });
    expect(Object.keys(JSON.parse(serving.reattach))).toEqual(serving.addresses);
    interrupt.abort();
    const result = await running;
    expect(result.exitCode, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.slice(line!.length))).toEqual({
      stopped: true,
      exitCode: 0,
      signal: null,
    });
    expect(isRunning(serving.pid)).toBe(false);
  });
});

describe("tsvider serve --debug from the tsvider executable", () => {
  it("stops the provider cleanly on Ctrl-C", async () => {
    const bin = await bundleTsviderExecutable(root);
    const project = writeFixtureProject(root, fixture);
    const tsvider = spawn(process.execPath, [bin, "serve", "--debug"], {
      cwd: project,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    tsvider.stdout.on("data", (c: Buffer) => (out += c.toString()));
    tsvider.stderr.on("data", (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => tsvider.once("exit", (code) => resolve(code)));
    const [, quoted] = await waitFor(tsvider.stdout, /export TF_REATTACH_PROVIDERS='([^']*)'/, () => out);
    const pid = Object.values(JSON.parse(quoted!) as Record<string, { Pid: number }>)[0]!.Pid;
    expect(isRunning(pid)).toBe(true);
    // What the terminal's Ctrl-C does to tsvider (the provider runs in a process group of its own).
    tsvider.kill("SIGINT");
    expect(await exited, err).toBe(0);
    expect(out).toContain("tsvider-test/debugme: stopped.");
    expect(isRunning(pid)).toBe(false);
  });
});

/**
 * The tsvider executable as one ES module, laid out as in the package (bin beside package.json
 * two levels up, node_modules linked), so it runs like the installed command.
 */
async function bundleTsviderExecutable(parent: string): Promise<string> {
  const cliDir = join(packagesDir, "cli");
  const dir = mkdtempSync(join(parent, "tsvider-bin-"));
  const outfile = join(dir, "dist", "bin", "tsvider.mjs");
  await build({
    entryPoints: [join(cliDir, "src", "bin", "tsvider.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile,
    logLevel: "silent",
  });
  copyFileSync(join(cliDir, "package.json"), join(dir, "package.json"));
  symlinkSync(join(cliDir, "node_modules"), join(dir, "node_modules"), "dir");
  return outfile;
}
