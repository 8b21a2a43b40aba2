import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { runCli } from "../cli/run.test-support.js";
import { newCommand } from "../commands/new.js";
import { loadProject } from "../project.js";
import { WORKFLOW_HOSTS } from "./template.js";
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

  it("writes a .gitignore that ignores what the build, the release and the hosts write, and no source", async () => {
    const cwd = fresh();
    expect((await tsviderNew(["widgets", "--namespace", "acme"], cwd)).exitCode).toBe(0);
    const root = join(cwd, "terraform-provider-widgets");
    // A repository of the project's own (in the scratch directory), so git reads its .gitignore.
    expect(spawnSync("git", ["init", "--quiet"], { cwd: root }).status).toBe(0);
    const ignored = (path: string) =>
      spawnSync("git", ["check-ignore", "--quiet", "--no-index", path], { cwd: root }).status === 0;
    for (const path of [
      // tsvider build's default --out (commands/build.ts), one directory per platform.
      "build/linux_amd64/terraform-provider-widgets",
      // tsvider release's default --out (commands/release.ts) and the directory it stages in.
      "dist/release/terraform-provider-widgets_0.1.0_SHA256SUMS",
      "dist/release.tmp-0a1b2c3d/mirror/x.zip",
      "node_modules/@tsvider/framework/package.json",
      ".terraform/providers/x",
      "terraform.tfstate",
      "terraform.tfstate.backup",
      ".terraform.lock.hcl",
    ]) {
      expect(ignored(path), path).toBe(true);
    }
    for (const path of [
      "src/main.ts",
      "src/provider.test.ts",
      "package.json",
      "docs/index.md",
      "examples/x/main.tf",
    ]) {
      expect(ignored(path), path).toBe(false);
    }
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

/**
 * actionlint, as built by tooling/actionlint/install (which `./dev test` runs before the tests):
 * TSVIDER_ACTIONLINT, else that script's cache entry for the pinned version, else one on PATH.
 * Never built here: a build inside a test would be slow and its time would count against the test.
 */
function findActionlint(): { readonly path?: string; readonly reason: string } {
  const runs = (path: string) => spawnSync(path, ["-version"], { encoding: "utf8" }).status === 0;
  const fromEnv = process.env.TSVIDER_ACTIONLINT;
  if (fromEnv) {
    return runs(fromEnv)
      ? { path: fromEnv, reason: "" }
      : { reason: `TSVIDER_ACTIONLINT=${fromEnv} does not run: unset it, or run tooling/actionlint/install` };
  }
  const repo = join(packageDir, "..", "..");
  const versionFile = join(repo, "tooling", "actionlint", "VERSION");
  if (existsSync(versionFile)) {
    const version = readFileSync(versionFile, "utf8").trim();
    const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
    const cached = join(cache, "tsvider", "actionlint", version, "actionlint");
    if (existsSync(cached) && runs(cached)) return { path: cached, reason: "" };
  }
  if (runs("actionlint")) return { path: "actionlint", reason: "" };
  return {
    reason:
      "actionlint is not built: run tooling/actionlint/install (./dev test does), or set TSVIDER_ACTIONLINT to an actionlint binary",
  };
}

describe("the acceptance workflow tsvider new writes", () => {
  const actionlint = findActionlint();

  async function workflowOf(type: string): Promise<{ root: string; text: string }> {
    const cwd = fresh();
    const result = await tsviderNew([type], cwd);
    expect(result.exitCode).toBe(0);
    const root = join(cwd, `terraform-provider-${type}`);
    return { root, text: readFileSync(join(root, ".github/workflows/acceptance.yml"), "utf8") };
  }

  it("runs npm test on every host in the matrix, pointing the tests at it, with actions pinned to commits", async () => {
    const { text } = await workflowOf("widgets");
    for (const { host, version } of WORKFLOW_HOSTS) {
      expect(text).toContain(`- host: ${host}\n            version: ${JSON.stringify(version)}\n`);
    }
    // The oldest lines a practitioner still pins, and the newest, of both hosts.
    expect(WORKFLOW_HOSTS.map((h) => `${h.host} ${h.version}`)).toEqual([
      "opentofu ~1.6.0",
      "opentofu latest",
      "terraform 1.5.7",
      "terraform latest",
    ]);
    expect(text).toContain('echo "TSVIDER_ACC_BINARY=$binary" >> "$GITHUB_ENV"');
    expect(text).toContain("fail-fast: false");
    expect(text).toContain("tofu_wrapper: false");
    expect(text).toContain("terraform_wrapper: false");
    expect(text).toContain("node-version: lts/*");
    expect(text).toMatch(/\n {6}- run: npm test\n$/);
    const uses = [...text.matchAll(/uses: (\S+)@(\S+) # (v[\d.]+)/g)].map((m) => [m[1], m[2]!.length]);
    expect(uses).toEqual([
      ["actions/checkout", 40],
      ["actions/setup-node", 40],
      ["opentofu/setup-opentofu", 40],
      ["hashicorp/setup-terraform", 40],
    ]);
  });

  it("is one the generated README tells of, and that the generated tests honour (TSVIDER_ACC_BINARY)", async () => {
    const { root } = await workflowOf("widgets");
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain(".github/workflows/acceptance.yml");
    const tests = readFileSync(join(root, "src/provider.test.ts"), "utf8");
    expect(tests).toContain("process.env.TSVIDER_ACC_BINARY || process.env.TSVIDER_TOFU");
    expect(tests).toContain("it.skipIf(!hasFunctions)");
  });

  it("passes actionlint, which refuses a broken copy of it", async (ctx) => {
    if (actionlint.path === undefined) ctx.skip(actionlint.reason);
    const lint = (root: string) =>
      spawnSync(actionlint.path!, ["-no-color", ".github/workflows/acceptance.yml"], {
        cwd: root,
        encoding: "utf8",
      });
    const { root, text } = await workflowOf("widgets");
    const result = lint(root);
    expect(result.stdout + result.stderr).toBe("");
    expect(result.status).toBe(0);
    // A checker that cannot fail would pass anything: a job needing one that does not exist.
    writeFileSync(
      join(root, ".github/workflows/acceptance.yml"),
      text.replace("    runs-on:", "    needs: nothing\n    runs-on:"),
    );
    const broken = lint(root);
    expect(broken.status).toBe(1);
    expect(broken.stdout).toMatch(/nothing/);
  });
});
