// The CLI loads a command's module only when that command runs or shows its help: the built
// `tsvider` executable is started with a hook that writes down every module Node loads, and
// each invocation is checked for what it pulled in. No timing here (start-up is measured in
// apps/bench); what is asserted is which files were read, which is what start-up pays for.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { commands } from "../commands/index.js";
import { runCli } from "./run.test-support.js";

const cliRoot = fileURLToPath(new URL("../../", import.meta.url));
const bin = join(cliRoot, "dist", "bin", "tsvider.js");
const commandModules = join(cliRoot, "dist", "commands") + sep;

/** The libraries only some commands need, as directories on this disk (pnpm links resolved). */
const heavy = [
  "openpgp",
  "esbuild",
  "postject",
  "@tsvider/conformance",
  "@tsvider/hcl",
  "@tsvider/rpcplugin",
].map((name) => ({ name, dir: realpathSync(join(cliRoot, "node_modules", name)) + sep }));

// The recorder: a preload that appends the path of every module Node loads to LOAD_LOG. Newer
// Node runs synchronous hooks in this thread (they also see require()); Node 20 has only the
// off-thread ones (ESM imports, and the entry of a CommonJS package imported from ESM), so there
// the CommonJS cache is added at exit for the requires those hooks do not see.
const hooksDir = mkdtempSync(join(tmpdir(), "tsvider-load-log-"));
afterAll(() => rmSync(hooksDir, { recursive: true, force: true }));
writeFileSync(
  join(hooksDir, "record.mjs"),
  `import { appendFileSync } from "node:fs";
import * as nodeModule from "node:module";
const log = process.env.LOAD_LOG;
const note = (url) => appendFileSync(log, url + "\\n");
if (typeof nodeModule.registerHooks === "function") {
  nodeModule.registerHooks({ load(url, context, next) { note(url); return next(url, context); } });
} else {
  nodeModule.register("./hooks.mjs", import.meta.url, { data: { log } });
}
const cache = nodeModule.createRequire(import.meta.url)("node:module")._cache;
process.on("exit", () => { for (const file of Object.keys(cache)) note(file); });
`,
);
writeFileSync(
  join(hooksDir, "hooks.mjs"),
  `import { appendFileSync } from "node:fs";
let log;
export function initialize(data) { log = data.log; }
export async function load(url, context, next) { appendFileSync(log, url + "\\n"); return next(url, context); }
`,
);

interface Loaded {
  readonly exitCode: number | null;
  readonly files: readonly string[];
}

let runs = 0;
function loadedBy(args: readonly string[]): Loaded {
  if (!existsSync(bin))
    throw new Error(`${bin} is missing: build the CLI first (pnpm --filter tsvider run build)`);
  const log = join(hooksDir, `run-${++runs}.log`);
  const run = spawnSync(process.execPath, ["--import", join(hooksDir, "record.mjs"), bin, ...args], {
    env: { ...process.env, LOAD_LOG: log },
    encoding: "utf8",
  });
  if (run.error !== undefined) throw run.error;
  const files = readFileSync(log, "utf8")
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("node:"))
    .map((line) => (line.startsWith("file:") ? fileURLToPath(line) : line));
  // The recorder itself saw the executable: an empty or broken log cannot pass as "nothing loaded".
  expect(files).toContain(bin);
  return { exitCode: run.status, files: [...new Set(files)] };
}

const commandModulesIn = (loaded: Loaded) =>
  loaded.files
    .filter((f) => f.startsWith(commandModules) && f.endsWith(".js"))
    .map((f) => f.slice(commandModules.length, -".js".length))
    .filter((name) => name !== "index")
    .sort();
const heavyIn = (loaded: Loaded) =>
  heavy.filter(({ dir }) => loaded.files.some((f) => f.startsWith(dir))).map(({ name }) => name);

describe("tsvider loads a command's modules only for that command", () => {
  it.each([
    [["--version"], 0],
    [["--help"], 0],
    [[], 2],
    [["help", "nosuch"], 2],
    [["nosuch"], 2],
  ])("`tsvider %j` loads no command and none of the libraries behind them", (args, exitCode) => {
    const loaded = loadedBy(args);
    expect(loaded.exitCode).toBe(exitCode);
    expect(commandModulesIn(loaded)).toEqual([]);
    expect(heavyIn(loaded)).toEqual([]);
  });

  it.each(commands.map((c) => c.name))(
    "`tsvider %s --help` loads that command's module and no other",
    (name) => {
      const loaded = loadedBy([name, "--help"]);
      expect(loaded.exitCode).toBe(0);
      expect(commandModulesIn(loaded)).toEqual([name]);
    },
  );

  it("`tsvider new --help` and `tsvider help new` load none of esbuild, openpgp, hcl, conformance", () => {
    for (const args of [
      ["new", "--help"],
      ["help", "new"],
    ]) {
      const loaded = loadedBy(args);
      expect(commandModulesIn(loaded)).toEqual(["new"]);
      expect(heavyIn(loaded)).toEqual([]);
    }
  });

  it("the recorder sees a library a command needs: `tsvider release --help` loads openpgp", () => {
    expect(heavyIn(loadedBy(["release", "--help"]))).toContain("openpgp");
  });
});

describe("the command list", () => {
  it("repeats each command's own name and summary, so --help lists what the command says of itself", async () => {
    for (const entry of commands) {
      const command = await entry.load();
      expect({ name: command.name, summary: command.summary }).toEqual({
        name: entry.name,
        summary: entry.summary,
      });
    }
  });

  it("is what the tsvider CLI runs: a listed command is loaded and run in-process", async () => {
    const empty = mkdtempSync(join(tmpdir(), "tsvider-no-project-"));
    try {
      const run = await runCli(["schema"], { cwd: empty, env: {} });
      expect(run.exitCode).toBe(1);
      expect(run.stderr).toMatch(/^tsvider schema: no package\.json in /);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
