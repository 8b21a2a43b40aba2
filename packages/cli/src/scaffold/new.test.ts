import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run.test-support.js";
import { newCommand } from "../commands/new.js";
import { loadProject } from "../project.js";
import { scaffoldVersions } from "./versions.js";

const scratch = mkdtempSync(join(tmpdir(), "tsvider-new-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

function tsviderNew(argv: readonly string[], cwd: string) {
  return runCli(["new", ...argv], { cwd, env: {}, commands: [newCommand] });
}

function fresh(): string {
  return mkdtempSync(join(scratch, "case-"));
}

describe("tsvider new", () => {
  it("writes a project that loadProject accepts, with the versions of this workspace's packages", async () => {
    const cwd = fresh();
    const result = await tsviderNew(["widgets", "--namespace", "acme"], cwd);
    expect(result.stderr).toBe("");
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Created acme/widgets in terraform-provider-widgets");
    const root = join(cwd, "terraform-provider-widgets");
    expect(loadProject(root)).toMatchObject({ namespace: "acme", type: "widgets", version: "0.1.0" });
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
    const framework = JSON.parse(readFileSync(join(packageDir, "../framework/package.json"), "utf8"));
    const cli = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    expect(pkg.dependencies).toEqual({ "@tsvider/framework": `^${framework.version}` });
    expect(pkg.devDependencies).toMatchObject({
      tsvider: `^${cli.version}`,
      typescript: cli.devDependencies.typescript,
      vitest: cli.devDependencies.vitest,
      "@types/node": cli.devDependencies["@types/node"],
    });
    expect(Object.keys(pkg.scripts).sort()).toEqual(["build", "test", "typecheck"]);
    expect(readFileSync(join(root, "src/main.ts"), "utf8")).toContain('address: "acme/widgets"');
    const provider = readFileSync(join(root, "src/provider.ts"), "utf8");
    expect(provider).toContain('typeName: "widgets_file"');
    expect(provider).toContain("defineDataSource");
    expect(provider).toContain("defineProviderFunction");
    expect(readdirSync(cwd)).toEqual(["terraform-provider-widgets"]);
  });

  it("answers --json with the root, address and files", async () => {
    const cwd = fresh();
    const result = await tsviderNew(["acmecloud", "--namespace", "acme-corp", "--dir", "p", "--json"], cwd);
    expect(result.exitCode).toBe(0);
    const data = JSON.parse(result.stdout);
    expect(data).toMatchObject({ root: join(cwd, "p"), address: "acme-corp/acmecloud" });
    expect(data.files).toContain("src/provider.test.ts");
  });

  it("fills an empty directory", async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, "here"));
    const result = await tsviderNew(["widgets", "--dir", "here"], cwd);
    expect(result.exitCode).toBe(0);
    expect(existsSync(join(cwd, "here", "package.json"))).toBe(true);
    expect(readdirSync(cwd)).toEqual(["here"]);
  });

  it.each([
    ["Widgets", /"Widgets" is not a valid provider type/],
    ["terraform-provider-widgets", /the provider type is what follows "terraform-provider-": "widgets"/],
    ["widgets-", /not a valid provider type/],
    ["acme_cloud", /not a valid provider type/],
    ["acme-cloud", /"acme-cloud" has a dash, .*such as "acmecloud"/],
  ])("refuses the type %s with one sentence and exit code 2, writing nothing", async (name, message) => {
    const cwd = fresh();
    const result = await tsviderNew([name], cwd);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("refuses a bad namespace", async () => {
    const cwd = fresh();
    const result = await tsviderNew(["widgets", "--namespace", "Acme Corp"], cwd);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/"Acme Corp" is not a valid registry namespace/);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it("refuses a directory that is not empty, and leaves it as it was", async () => {
    const cwd = fresh();
    mkdirSync(join(cwd, "taken"));
    writeFileSync(join(cwd, "taken", "notes.txt"), "mine");
    const result = await tsviderNew(["widgets", "--dir", "taken"], cwd);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/taken already exists and is not empty: choose a new directory with --dir/);
    expect(readdirSync(join(cwd, "taken"))).toEqual(["notes.txt"]);
    expect(readdirSync(cwd)).toEqual(["taken"]);
  });

  it("leaves nothing behind when interrupted, not even the parent directories it made", async () => {
    const cwd = fresh();
    const controller = new AbortController();
    controller.abort();
    const { exitCode } = await runCli(["new", "widgets", "--dir", "a/b/widgets"], {
      cwd,
      env: {},
      commands: [newCommand],
      signal: controller.signal,
    });
    expect(exitCode).toBe(130);
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe("scaffoldVersions", () => {
  it("reads every range from package.json files, none hard-coded", () => {
    const versions = scaffoldVersions();
    const conformance = JSON.parse(readFileSync(join(packageDir, "../conformance/package.json"), "utf8"));
    expect(versions.devDependencies["@tsvider/conformance"]).toBe(`^${conformance.version}`);
  });
});
