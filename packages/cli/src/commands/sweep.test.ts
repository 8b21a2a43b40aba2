// `tsvider sweep` on a fixture project whose src/sweepers.ts is the README's example, as
// written (so the example cannot drift from what the command runs): what it deletes and
// prints, a sweeper that fails and one that is then not run, --sweeper, --prefix, --json, and
// the projects it cannot sweep.
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ExitCode } from "../cli/command.js";
import { runCli } from "../cli/run.test-support.js";
import { sweepCommand } from "./sweep.js";

const cliRoot = fileURLToPath(new URL("../../", import.meta.url));
const conformance = fileURLToPath(new URL("../../../conformance", import.meta.url));

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "tsvider-sweep-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

/** The README's src/sweepers.ts. */
async function readmeSweepers(): Promise<string> {
  const readme = await readFile(join(cliRoot, "README.md"), "utf8");
  const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].find((m) => m[1]!.includes("defineSweepers"));
  if (!block) throw new Error("the CLI README has no ```ts example with defineSweepers");
  return block[1]!;
}

/** A provider project in the scratch directory, with @tsvider/conformance linked in as installed. */
async function project(name: string, files: Record<string, string>, tsvider?: object): Promise<string> {
  const dir = join(scratch, name);
  await mkdir(join(dir, "src"), { recursive: true });
  await mkdir(join(dir, "node_modules", "@tsvider"), { recursive: true });
  await symlink(conformance, join(dir, "node_modules", "@tsvider", "conformance"), "dir");
  await writeFile(
    join(dir, "package.json"),
    JSON.stringify({ name: "terraform-provider-acme", version: "0.1.0", ...(tsvider ? { tsvider } : {}) }),
  );
  await writeFile(join(dir, "src", "main.ts"), "// serve(provider) would be here\n");
  for (const [file, text] of Object.entries(files)) {
    await mkdir(join(dir, file, ".."), { recursive: true });
    await writeFile(join(dir, file), text);
  }
  return dir;
}

/** ACME_ROOT with folders, each holding the files given. */
async function acmeRoot(name: string, folders: Record<string, readonly string[]>): Promise<string> {
  const root = join(scratch, `${name}-objects`);
  for (const [folder, files] of Object.entries(folders)) {
    await mkdir(join(root, folder), { recursive: true });
    for (const file of files) await writeFile(join(root, folder, file), "");
  }
  return root;
}

/** The names a sweeper's line of output says it deleted, sorted. */
function deletedBy(name: string, line: string | undefined): string[] {
  const prefix = `  ${name}: deleted `;
  expect(line?.startsWith(prefix), line).toBe(true);
  return line!.slice(prefix.length).split(", ").sort();
}

const sweep = (argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv) =>
  runCli(["sweep", ...argv], { cwd, env: { ...process.env, ...env }, commands: [sweepCommand] });

describe("tsvider sweep", () => {
  it("runs the README's sweepers in dependency order and prints what each deleted", async () => {
    const dir = await project("readme", { "src/sweepers.ts": await readmeSweepers() });
    const root = await acmeRoot("readme", {
      "tfacc-aaa": ["tfacc-f1", "tfacc-f2"],
      "tfacc-bbb": [],
      "keep-me": ["notes.txt", "tfacc-f3"],
    });
    const run = await sweep([], dir, { ACME_ROOT: root });
    expect(run.stderr).toContain("Loading the sweepers from src/sweepers.ts");
    // Each sweeper's line lists what it deleted in the order it did, which is readdir's.
    const [heading, files, folders, ...rest] = run.stdout.split("\n");
    expect(heading).toBe('Sweepers of src/sweepers.ts, prefix "tfacc":');
    expect(deletedBy("acme_file", files)).toEqual([
      "keep-me/tfacc-f3",
      "tfacc-aaa/tfacc-f1",
      "tfacc-aaa/tfacc-f2",
    ]);
    expect(deletedBy("acme_folder", folders)).toEqual(["tfacc-aaa", "tfacc-bbb"]);
    expect(rest).toEqual([""]);
    expect(run.exitCode).toBe(ExitCode.ok);
    expect((await readdir(root)).sort()).toEqual(["keep-me"]);
    expect(await readdir(join(root, "keep-me"))).toEqual(["notes.txt"]);
    // The compiled module was removed once loaded.
    expect(await readdir(join(dir, "node_modules", ".cache", "tsvider"))).toEqual([]);

    // Nothing left: each says so.
    const again = await sweep([], dir, { ACME_ROOT: root });
    expect(again.stdout).toContain("  acme_file: nothing to delete\n  acme_folder: nothing to delete\n");
    expect(again.exitCode).toBe(ExitCode.ok);
  });

  it("reports a sweeper that fails with what it deleted first, and exits 1", async () => {
    const dir = await project("fails", { "src/sweepers.ts": await readmeSweepers() });
    // A folder holding a file no test made: the folder cannot go.
    const root = await acmeRoot("fails", { "tfacc-aaa": [], "tfacc-zzz": ["stray.txt"] });
    const run = await sweep([], dir, { ACME_ROOT: root });
    expect(run.exitCode).toBe(ExitCode.failed);
    const lines = run.stdout.trimEnd().split("\n");
    expect(lines[1]).toBe("  acme_file: nothing to delete");
    expect(lines[2]).toMatch(/^ {2}acme_folder: failed: ENOTEMPTY: .*tfacc-zzz/);
    expect(lines[3]).toBe("1 of 2 sweepers did not finish: fix what they say and run `tsvider sweep` again.");
  });

  it("lists what a failed sweeper reported before it failed, and runs the others", async () => {
    const dir = await project("partial", {
      "src/sweepers.ts": `export const sweepers = {
  prefix: "tfacc",
  sweepers: {
    acme_thing: {
      sweep({ deleted }) {
        deleted("tfacc-1");
        throw new Error("the API refused to delete tfacc-2: it is locked");
      },
    },
    acme_other: { sweep: () => ["tfacc-3"] },
  },
};
`,
    });
    const run = await sweep([], dir, {});
    expect(run.exitCode).toBe(ExitCode.failed);
    expect(run.stdout).toBe(
      [
        'Sweepers of src/sweepers.ts, prefix "tfacc":',
        "  acme_thing: failed: the API refused to delete tfacc-2: it is locked (it deleted tfacc-1 first)",
        "  acme_other: deleted tfacc-3",
        "1 of 2 sweepers did not finish: fix what they say and run `tsvider sweep` again.",
        "",
      ].join("\n"),
    );
  });

  it("does not run a sweeper whose dependency failed, and says why", async () => {
    const dir = await project("skips", { "src/sweepers.ts": await readmeSweepers() });
    const run = await sweep([], dir, { ACME_ROOT: join(scratch, "no-such-root") });
    expect(run.exitCode).toBe(ExitCode.failed);
    expect(run.stdout).toMatch(/\n {2}acme_file: failed: ENOENT: no such file or directory/);
    expect(run.stdout).toContain("\n  acme_folder: not run: it runs after acme_file, which did not finish\n");
    expect(run.stdout).toContain("2 of 2 sweepers did not finish");
  });

  it("--sweeper runs one with its dependencies, --prefix another prefix, --json the report", async () => {
    const dir = await project("options", { "src/sweepers.ts": await readmeSweepers() });
    const root = await acmeRoot("options", { "ci-1": ["ci-file"], "tfacc-1": [] });
    const run = await sweep(["--sweeper", "acme_file", "--prefix", "ci-", "--json"], dir, {
      ACME_ROOT: root,
    });
    expect(run.exitCode).toBe(ExitCode.ok);
    expect(JSON.parse(run.stdout)).toEqual({
      prefix: "ci-",
      failed: false,
      outcomes: [{ name: "acme_file", status: "swept", deleted: ["ci-1/ci-file"] }],
    });
    expect((await readdir(root)).sort()).toEqual(["ci-1", "tfacc-1"]);

    const unknown = await sweep(["--sweeper", "acme_bucket"], dir, { ACME_ROOT: root });
    expect(unknown.exitCode).toBe(ExitCode.usage);
    expect(unknown.stderr).toContain(
      'no sweeper named "acme_bucket"; the sweepers are acme_file, acme_folder (in src/sweepers.ts)',
    );
  });

  it("finds the module package.json names, and says what to do when there is none", async () => {
    const text = (await readmeSweepers()).replace('prefix: "tfacc"', 'prefix: "custom"');
    const dir = await project("custom", { "test/sweep.ts": text }, { sweepers: "test/sweep.ts" });
    const root = await acmeRoot("custom", { "custom-1": [] });
    const run = await sweep([], dir, { ACME_ROOT: root });
    expect(run.stdout).toContain('Sweepers of test/sweep.ts, prefix "custom":\n');
    expect(run.stdout).toContain("  acme_folder: deleted custom-1\n");
    expect(existsSync(join(root, "custom-1"))).toBe(false);

    const none = await project("none", {});
    const missing = await sweep([], none, {});
    expect(missing.exitCode).toBe(ExitCode.failed);
    expect(missing.stderr).toMatch(
      /the sweepers module .*src\/sweepers\.ts does not exist: write one that exports `sweepers` \(defineSweepers from @tsvider\/conformance\), or set "tsvider": \{ "sweepers": "<path>" \}/,
    );
  });

  it("names a module without a sweepers export, one that throws, and a set that is not one", async () => {
    const wrongExport = await project("wrong-export", { "src/sweepers.ts": "export const sweeper = {};\n" });
    expect((await sweep([], wrongExport, {})).stderr).toContain(
      "src/sweepers.ts exports no `sweepers` (it exports sweeper): add `export const sweepers = defineSweepers(",
    );
    const throws = await project("throws", {
      "src/sweepers.ts": 'throw new Error("ACME_TOKEN is not set");\nexport const sweepers = {};\n',
    });
    expect((await sweep([], throws, {})).stderr).toContain(
      "loading the sweepers in src/sweepers.ts failed: ACME_TOKEN is not set; fix the module",
    );
    const cycle = await project("cycle", {
      "src/sweepers.ts": `export const sweepers = {
  prefix: "tfacc",
  sweepers: {
    a: { dependencies: ["b"], sweep() {} },
    b: { dependencies: ["a"], sweep() {} },
  },
};
`,
    });
    const run = await sweep([], cycle, {});
    expect(run.exitCode).toBe(ExitCode.failed);
    expect(run.stderr).toContain(
      "sweepers depend on each other in a cycle: a -> b -> a; remove one of these dependencies (in src/sweepers.ts)",
    );
  });
});
