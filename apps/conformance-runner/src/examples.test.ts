import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { BinaryNotFoundError } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Environment,
  filterExamples,
  findExamples,
  loadChecks,
  NOTHING_TO_DESTROY,
  PROVIDER_STARTED,
  PROVIDER_STOPPED,
  prepareEnvironment,
  runExample,
  runExampleOn,
  runExamples,
} from "./examples.js";
import { type AvailableBinary, type MatrixBinary, probeBinary, resolveMatrix } from "./matrix.js";
import { referenceProvider } from "./reference-provider.js";
import { loadRequirements } from "./requirements.js";

describe("findExamples", () => {
  it("finds every directory holding a .tf file, sorted, and skips hidden ones", async () => {
    const root = await mkdtemp(join(tmpdir(), "tsvider-examples-"));
    for (const d of ["resources/b", "resources/a", "functions/f", "docs-only", ".terraform/x"]) {
      await mkdir(join(root, d), { recursive: true });
    }
    await writeFile(join(root, "resources/b/main.tf"), "");
    await writeFile(join(root, "resources/a/main.tf"), "");
    await writeFile(join(root, "functions/f/x.tf"), "");
    await writeFile(join(root, "docs-only/README.md"), "");
    await writeFile(join(root, ".terraform/x/main.tf"), "");
    expect(await findExamples(root)).toEqual(["functions/f", "resources/a", "resources/b"]);
  });

  it("finds the reference provider's examples", async () => {
    const examples = await findExamples(referenceProvider.examplesDir);
    expect(examples.some((e) => e.startsWith("resources/tsvider_file_content"))).toBe(true);
    expect(examples.some((e) => e.startsWith("functions/"))).toBe(true);
    expect(examples.some((e) => e.startsWith("ephemeral-resources/tsvider_random_token"))).toBe(true);
  });
});

describe("filterExamples", () => {
  const names = [
    "actions/tsvider_echo/basic",
    "resources/tsvider_file_content/basic",
    "resources/x/advanced",
  ];
  it("keeps every example without a filter", () => {
    expect(filterExamples(names, [])).toEqual(names);
  });
  it("keeps the examples whose names contain any filter", () => {
    expect(filterExamples(names, ["echo", "advanced"])).toEqual([
      "actions/tsvider_echo/basic",
      "resources/x/advanced",
    ]);
    expect(filterExamples(names, ["nothing"])).toEqual([]);
  });
});

describe("checks.mjs", () => {
  it("refuses an export it does not know, so a misspelt hook does not pass silently", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-checks-"));
    await writeFile(join(dir, "checks.mjs"), "export function afterapply() {}\n");
    await expect(loadChecks(dir)).rejects.toThrow(/exports afterapply, which the runner does not know/);
    // No checks.mjs at all: the default cycle.
    await rm(join(dir, "checks.mjs"));
    expect(await loadChecks(dir)).toEqual({});
  });

  it("sends binary and testMode to requirements.json, the one place for them", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-checks-"));
    await writeFile(
      join(dir, "checks.mjs"),
      'export const binary = "terraform";\nexport const testMode = true;\n',
    );
    await expect(loadChecks(dir)).rejects.toThrow(
      `${join(dir, "checks.mjs")} exports binary, testMode, which moved to requirements.json beside it`,
    );
  });

  it("every reference example has valid requirements and checks", async () => {
    const root = referenceProvider.examplesDir;
    const names = await findExamples(root);
    const kinds = new Map<string, string[]>();
    for (const name of names) {
      const req = await loadRequirements(join(root, name));
      await loadChecks(join(root, name));
      kinds.set(name, [...req.binaries]);
    }
    // The kinds only Terraform calls are declared so, not left to the tofu default.
    for (const [name, binaries] of kinds)
      if (/^(actions|list-resources|state-stores)\//.test(name))
        expect([name, binaries]).toEqual([name, ["terraform"]]);
  });
});

describe("the matrix", () => {
  let fakeDir: string;
  let tofu: string;
  let terraform: string;
  beforeAll(async () => {
    tofu = resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: "" })[0]!.path;
    terraform = resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: "" })[1]!.path;
    fakeDir = await mkdtemp(join(tmpdir(), "tsvider-matrix-"));
  });
  afterAll(() => rm(fakeDir, { recursive: true, force: true }));

  it("asks each binary for its name and version", () => {
    expect(probeBinary(tofu)).toEqual({ kind: "tofu", version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    expect(probeBinary(terraform)).toEqual({
      kind: "terraform",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });

  it("is the pinned tofu and terraform, then the extra binaries named by kind and version", async () => {
    const older = await fakeTofu(fakeDir, tofu, "1.11.0");
    const matrix = resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: ` ${older}, ${tofu} ,` });
    // The pinned tofu listed again adds no column.
    expect(matrix.map((m) => [m.label, m.kind, m.missing === undefined ? m.version : "missing"])).toEqual([
      ["tofu", "tofu", probeBinary(tofu).version],
      ["terraform", "terraform", probeBinary(terraform).version],
      ["tofu-1.11.0", "tofu", "1.11.0"],
    ]);
    expect(matrix[2]!.path).toBe(older);
  });

  it("names a missing binary, the variable that named it, and what to do", async () => {
    const nowhere = join(fakeDir, "no-such-terraform");
    expect(() => resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: nowhere })).toThrow(
      BinaryNotFoundError,
    );
    expect(() => resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: nowhere })).toThrow(
      new RegExp(
        `TSVIDER_EXTRA_BINARIES lists ${nowhere}: cannot run "${nowhere} version" .*ENOENT.*Fix the path or remove it`,
      ),
    );
    const [, missing] = resolveMatrix({
      ...process.env,
      TSVIDER_TERRAFORM: nowhere,
      TSVIDER_EXTRA_BINARIES: "",
    });
    expect(missing).toMatchObject({ label: "terraform", path: nowhere });
    expect(missing!.missing).toContain(`cannot run "${nowhere} version"`);
    expect(missing!.missing).toContain("Set TSVIDER_TERRAFORM to a Terraform binary");
    const [wrong] = resolveMatrix({ ...process.env, TSVIDER_TOFU: terraform, TSVIDER_EXTRA_BINARIES: "" });
    expect(wrong!.missing).toMatch(
      /^TSVIDER_TOFU=.* is terraform .*, not tofu; point TSVIDER_TOFU at an OpenTofu binary$/,
    );
  });
});

/** A tofu that says it is `version` and otherwise is the real one: an older release's stand-in. */
async function fakeTofu(dir: string, real: string, version: string): Promise<string> {
  const path = join(dir, `tofu-${version}`);
  await writeFile(
    path,
    `#!/bin/sh\nif [ "$1" = version ]; then echo "OpenTofu v${version}"; echo "on linux_amd64"; exit 0; fi\nexec "${real}" "$@"\n`,
  );
  await chmod(path, 0o755);
  return path;
}

// Through the real binaries with the built reference provider: examples written for these
// tests in a root of their own.
describe("runExample", () => {
  let root: string;
  let examplesRoot: string;
  let env: Environment;
  const version = referenceProvider.version;
  const header = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${version}" }
  }
}
provider "tsvider" {}
`;
  const example = async (name: string, tf: string, checks: string, requirements?: unknown) => {
    await mkdir(join(examplesRoot, name), { recursive: true });
    await writeFile(join(examplesRoot, name, "main.tf"), header + tf);
    await writeFile(join(examplesRoot, name, "checks.mjs"), checks);
    if (requirements !== undefined)
      await writeFile(join(examplesRoot, name, "requirements.json"), JSON.stringify(requirements));
  };

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "tsvider-runner-"));
    examplesRoot = join(root, "examples");
    env = await prepareEnvironment({
      workRoot: join(root, "work"),
      namespace: referenceProvider.namespace,
      type: referenceProvider.type,
      version,
      executable: referenceProvider.executable,
      // The pinned pair only, whatever extras the machine lists.
      matrix: resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: "" }),
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("runs a test-only component in test mode, with before's env and after's cleanup", async () => {
    await example(
      "testmode",
      `variable "greeting" { type = string }
resource "tsvider_test_deferred" "d" { ready = true }
resource "tsvider_file_content" "f" {
  filename = "\${path.module}/greeting.txt"
  content  = var.greeting
}
output "id" { value = tsvider_test_deferred.d.id }
`,
      `import { writeFileSync } from "node:fs";
import { join } from "node:path";
export function before({ dir, binary, env }) {
  writeFileSync(join(dir, "before.json"), JSON.stringify({ binary, env }));
  return {
    env: { TF_VAR_greeting: "hello from before" },
    cleanup: () => writeFileSync(join(dir, "cleaned-up"), ""),
  };
}
export function afterApply({ dir, outputs, env, assert, binary, binaryVersion, atLeast }) {
  assert.equal(binary, "tofu");
  assert.equal(atLeast(binaryVersion), true);
  assert.equal(atLeast("1.0.0"), true);
  assert.equal(atLeast("99.0.0"), false);
  assert.equal(outputs.id, "deferred-test");
  assert.equal(env.TF_VAR_greeting, "hello from before");
}
export function after({ dir, passed }) {
  writeFileSync(join(dir, "after.json"), JSON.stringify({ passed }));
}
`,
      { binaries: ["tofu"], testMode: true },
    );
    const [result, ...rest] = await runExample(examplesRoot, "testmode", env, version);
    // Written for tofu only: the terraform column is a skip, with the reason.
    expect(rest).toEqual([
      expect.objectContaining({
        binary: "terraform",
        status: "skip",
        skipReason: 'written for tofu only (requirements.json "binaries")',
      }),
    ]);
    expect(result).toMatchObject({ name: "testmode", binary: "tofu", kind: "tofu", status: "pass" });
    expect(result!.steps).toEqual([
      "before",
      "init",
      "lock file",
      "plan",
      "apply",
      "checks after apply",
      "no-op plan",
      "destroy",
      "checks after destroy",
      "after",
    ]);
    const dir = result!.dir!;
    expect(JSON.parse(await readFile(join(dir, "before.json"), "utf8"))).toEqual({
      binary: "tofu",
      env: { TSVIDER_TESTMODE: "true" },
    });
    expect(JSON.parse(await readFile(join(dir, "after.json"), "utf8"))).toEqual({ passed: true });
    expect(existsSync(join(dir, "cleaned-up"))).toBe(true);
  });

  it("does not serve test-only components to an example without testMode", async () => {
    await example("not-testmode", 'resource "tsvider_test_deferred" "d" { ready = true }\n', "");
    const result = await runExampleOn(examplesRoot, "not-testmode", env, version, "tofu");
    expect(result).toMatchObject({ status: "fail", failure: { step: "plan" } });
    expect(result!.failure!.message).toContain("tsvider_test_deferred");
  });

  it("runs custom steps under each declared binary, with init args and per-command env", async () => {
    await example(
      "custom",
      `variable "word" {
  type    = string
  default = "default"
}
resource "tsvider_file_content" "f" {
  filename = "\${path.module}/word.txt"
  content  = var.word
}
output "word" { value = tsvider_file_content.f.content }
`,
      `import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
export const initArgs = ["-upgrade"];
export const env = { TF_VAR_word: "static" };
export async function steps(ctx) {
  await ctx.apply();
  ctx.assert.equal((await ctx.outputs()).word, "static");
  const version = await ctx.step("version", () => ctx.run(["version"]));
  ctx.assert.match(version.stdout, ctx.binary === "tofu" ? /OpenTofu/ : /Terraform/);
  // binaryVersion is the host's own: a check can differ by host version.
  ctx.assert.ok(version.stdout.includes(\`v\${ctx.binaryVersion}\`), version.stdout);
  await ctx.step("apply with another word", () =>
    ctx.run(["apply", "-auto-approve", "-no-color"], { env: { TF_VAR_word: "other" } }),
  );
  ctx.assert.equal(readFileSync(join(ctx.dir, "word.txt"), "utf8"), "other");
  await ctx.destroy();
}
export function afterApply({ dir, assert }) {
  assert.equal(readFileSync(join(dir, "word.txt"), "utf8"), "static");
}
export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "word.txt")), false);
}
`,
      { binaries: ["tofu", "terraform"] },
    );
    const results = await runExample(examplesRoot, "custom", env, version);
    expect(results.map((r) => [r.binary, r.status, r.failure])).toEqual([
      ["tofu", "pass", undefined],
      ["terraform", "pass", undefined],
    ]);
    expect(results[1]!.steps).toEqual([
      "init",
      "lock file",
      "plan",
      "apply",
      "checks after apply",
      "no-op plan",
      "version",
      "apply with another word",
      "destroy",
      "checks after destroy",
    ]);
    // Each binary records the provider under its own registry's address.
    const lock = await readFile(join(results[1]!.dir!, ".terraform.lock.hcl"), "utf8");
    expect(lock).toContain('provider "registry.terraform.io/tsvider/tsvider"');
  });

  it("skips destroy when the state manages nothing, unless afterDestroy wants to look", async () => {
    const outputsOnly = 'output "shout" {\n  value = provider::tsvider::upper("quiet")\n}\n';
    await example("outputs-only", outputsOnly, "", { binaries: ["tofu"] });
    await example(
      "outputs-only-checked",
      outputsOnly,
      "export function afterDestroy({ outputs, assert }) { assert.deepEqual(outputs, {}); }\n",
      { binaries: ["tofu"] },
    );
    // Attached to one provider process per cell: what is skipped is the runner's choice, the
    // same in either way of starting the provider (a process per command: the test-mode test).
    const attached: Environment = { ...env, reattach: true };
    const skipped = await runExampleOn(examplesRoot, "outputs-only", attached, version, "tofu");
    expect(skipped).toMatchObject({ status: "pass" });
    expect(skipped!.steps.slice(-3)).toEqual(["no-op plan", NOTHING_TO_DESTROY, PROVIDER_STOPPED]);
    const checked = await runExampleOn(examplesRoot, "outputs-only-checked", attached, version, "tofu");
    expect(checked).toMatchObject({ status: "pass" });
    expect(checked!.steps.slice(-3)).toEqual(["destroy", "checks after destroy", PROVIDER_STOPPED]);
  });

  it("names the failing step, and still runs after and the cleanup", async () => {
    await example(
      "failing",
      `resource "tsvider_file_content" "f" {\n  filename = "\${path.module}/x.txt"\n  content  = "x"\n}\n`,
      `import { writeFileSync } from "node:fs";
import { join } from "node:path";
export function before({ dir }) {
  return { cleanup: () => writeFileSync(join(dir, "cleaned-up"), "") };
}
export function afterApply({ assert }) {
  assert.equal(1, 2, "the check that fails");
}
export function after({ dir, passed }) {
  writeFileSync(join(dir, "after.json"), JSON.stringify({ passed }));
}
`,
    );
    const result = await runExampleOn(examplesRoot, "failing", env, version, "tofu");
    expect(result).toMatchObject({ status: "fail", failure: { step: "checks after apply" } });
    expect(result!.failure!.message).toContain("the check that fails");
    expect(result!.steps).toContain("after");
    expect(JSON.parse(await readFile(join(result!.dir!, "after.json"), "utf8"))).toEqual({ passed: false });
    expect(existsSync(join(result!.dir!, "cleaned-up"))).toBe(true);
  });

  it("attaches a cell's commands to one provider process, unless the example needs one per command", async () => {
    // Each provider process appends its pid to a file as it starts (NODE_OPTIONS reaches the
    // provider in both ways: tofu passes its environment on, and the runner starts the
    // reattached one with the example's). The count of processes is the check, not a time.
    const starts = join(root, "starts");
    await mkdir(starts, { recursive: true });
    const recorder = join(root, "record-start.cjs");
    await writeFile(
      recorder,
      `require("node:fs").appendFileSync(process.env.STARTS_LOG, process.pid + "\\n");\n`,
    );
    const counting = (name: string) =>
      `export const env = ${JSON.stringify({ NODE_OPTIONS: `--require ${recorder}`, STARTS_LOG: join(starts, name) })};\n`;
    const file = `resource "tsvider_file_content" "f" {\n  filename = "\${path.module}/x.txt"\n  content  = "x"\n}\n`;
    await example("attached", file, counting("attached"), { binaries: ["tofu"] });
    await example("per-command", file, counting("per-command"), {
      binaries: ["tofu"],
      providerPerCommand: "the test of the runner's own exception",
    });
    const reattaching: Environment = { ...env, reattach: true };
    const processes = async (name: string) =>
      new Set((await readFile(join(starts, name), "utf8")).trim().split("\n")).size;

    const attached = await runExampleOn(examplesRoot, "attached", reattaching, version, "tofu");
    expect(attached).toMatchObject({ status: "pass", reattached: true });
    expect(attached.steps).toEqual([
      "init",
      "lock file",
      PROVIDER_STARTED,
      "plan",
      "apply",
      "checks after apply",
      "no-op plan",
      "destroy",
      "checks after destroy",
      PROVIDER_STOPPED,
    ]);
    expect(await processes("attached")).toBe(1);

    const perCommand = await runExampleOn(examplesRoot, "per-command", reattaching, version, "tofu");
    expect(perCommand.status).toBe("pass");
    expect(perCommand.reattached).toBeUndefined();
    expect(perCommand.steps).not.toContain(PROVIDER_STARTED);
    // plan, apply, the no-op plan and destroy each start the provider at least once.
    expect(await processes("per-command")).toBeGreaterThanOrEqual(4);
  });

  it("fails a reattached cell whose provider does not serve, with its standard error", async () => {
    const reattaching: Environment = { ...env, reattach: true };
    await example(
      "no-serve",
      'output "x" { value = 1 }\n',
      // The provider dies at start in debug mode only: init (which does not start it) passes.
      `export const env = { TSVIDER_PROTOCOLS: "7" };\n`,
      { binaries: ["tofu"] },
    );
    const result = await runExampleOn(examplesRoot, "no-serve", reattaching, version, "tofu");
    expect(result).toMatchObject({ status: "fail", failure: { step: PROVIDER_STARTED } });
    expect(result.failure!.message).toMatch(/exited \(code \d+\) before serving in debug mode/);
    expect(result.failure!.message).toContain("TSVIDER_PROTOCOLS");
  });

  it("fails an example whose requirements.json is wrong on every binary, without running it", async () => {
    await example("bad-binary", "", "", { binaries: ["terraform-1.5"] });
    const results = await runExample(examplesRoot, "bad-binary", env, version);
    const message = `${join(examplesRoot, "bad-binary", "requirements.json")}: "binaries" holds "terraform-1.5"; use "tofu" or "terraform"`;
    expect(results.map((r) => [r.binary, r.status, r.failure, r.steps])).toEqual([
      ["tofu", "fail", { step: "requirements.json", message }, []],
      ["terraform", "fail", { step: "requirements.json", message }, []],
    ]);
  });

  it("fails the examples that need a missing binary, naming it, and skips the others", async () => {
    const nowhere = join(root, "no-terraform-here");
    const matrix = resolveMatrix({ ...process.env, TSVIDER_TERRAFORM: nowhere, TSVIDER_EXTRA_BINARIES: "" });
    const withoutTerraform: Environment = { ...env, matrix };
    await example("needs-terraform", "", "", { binaries: ["terraform"] });
    await example("tofu-only", "", "", { binaries: ["tofu"] });
    const [needs] = await runExample(examplesRoot, "needs-terraform", withoutTerraform, version).then((r) =>
      r.filter((x) => x.binary === "terraform"),
    );
    expect(needs).toMatchObject({ status: "fail", failure: { step: "binary" }, steps: [] });
    expect(needs!.failure!.message).toMatch(
      new RegExp(`^cannot run "${nowhere} version".*Set TSVIDER_TERRAFORM to a Terraform binary`, "s"),
    );
    const tofuOnly = await runExampleOn(examplesRoot, "tofu-only", withoutTerraform, version, "terraform");
    expect(tofuOnly).toMatchObject({ status: "skip", binary: "terraform" });
    expect(() => withoutTerraform.binary("terraform")).toThrow(BinaryNotFoundError);
  });

  it("runs examples in parallel up to the bound, each cell in its own copy, the mirror untouched", async () => {
    const tofu = env.binary("tofu");
    const older = await fakeTofu(root, tofu.path, "1.11.0");
    const olderEntry = resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: older })[2] as AvailableBinary;
    const matrix: MatrixBinary[] = [tofu, olderEntry];
    // Each cell attached to one provider process: the bound, the copies and the mirror are the
    // runner's, the same either way (the test-mode test runs a cell a process per command).
    const parallel: Environment = { ...env, matrix, reattach: true };
    const events = join(root, "events.log");
    // before and after log each cell's start and end to one file: the bound is checked by
    // counting cells between them, not by timing.
    const logging = `import { appendFileSync } from "node:fs";
export function before({ dir }) { appendFileSync(${JSON.stringify(events)}, "start " + dir + "\\n"); }
export function after({ dir }) { appendFileSync(${JSON.stringify(events)}, "end " + dir + "\\n"); }
`;
    const file = (n: string) =>
      `resource "tsvider_file_content" "f" {\n  filename = "\${path.module}/${n}.txt"\n  content  = "${n}"\n}\n`;
    await example("parallel/one", file("one"), logging);
    await example("parallel/two", file("two"), logging);
    await example("parallel/new-only", file("three"), logging, { minVersions: { tofu: "1.12.0" } });
    const mirrorHashes = async () => {
      const dir = join(env.workRoot, "mirror");
      const files = await readdir(dir, { recursive: true, withFileTypes: true });
      const hashes = await Promise.all(
        files
          .filter((f) => f.isFile())
          .map(async (f) => {
            const path = join(f.parentPath, f.name);
            return `${relative(dir, path)} ${createHash("sha256")
              .update(await readFile(path))
              .digest("hex")}`;
          }),
      );
      return hashes.sort();
    };
    const before = await mirrorHashes();
    const seen: string[] = [];
    const results = await runExamples({
      examplesRoot,
      names: ["parallel/new-only", "parallel/one", "parallel/two"],
      env: parallel,
      version,
      jobs: 2,
      onResult: (r) => seen.push(`${r.name} ${r.binary}`),
    });
    expect(results.map((r) => [r.name, r.binary, r.status, r.failure?.message])).toEqual([
      ["parallel/new-only", "tofu", "pass", undefined],
      ["parallel/new-only", "tofu-1.11.0", "skip", undefined],
      ["parallel/one", "tofu", "pass", undefined],
      ["parallel/one", "tofu-1.11.0", "pass", undefined],
      ["parallel/two", "tofu", "pass", undefined],
      ["parallel/two", "tofu-1.11.0", "pass", undefined],
    ]);
    expect(results[1]!.skipReason).toBe(
      'needs tofu >= 1.12.0, this is 1.11.0 (requirements.json "minVersions")',
    );
    expect(seen.sort()).toEqual(results.map((r) => `${r.name} ${r.binary}`).sort());
    const dirs = results.flatMap((r) => (r.dir ? [r.dir] : []));
    expect(new Set(dirs).size).toBe(5);

    const log = (await readFile(events, "utf8")).trim().split("\n");
    expect(log).toHaveLength(10);
    let inFlight = 0;
    let most = 0;
    for (const line of log) {
      inFlight += line.startsWith("start ") ? 1 : -1;
      most = Math.max(most, inFlight);
    }
    expect(inFlight).toBe(0);
    expect(most).toBeGreaterThanOrEqual(1);
    expect(most).toBeLessThanOrEqual(2);
    expect(await mirrorHashes()).toEqual(before);
  });

  it("runs one cell of an example at a time when asked, other examples beside it", async () => {
    const tofu = env.binary("tofu");
    const older = await fakeTofu(root, tofu.path, "1.11.0");
    const olderEntry = resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: older })[2] as AvailableBinary;
    // Attached, as in the test above: the order of the cells does not depend on it.
    const serial: Environment = { ...env, matrix: [tofu, olderEntry], reattach: true };
    const events = join(root, "one-cell-events.log");
    // Each cell logs its example's name as it starts and ends: the cells of an example that makes
    // a fixed name on a shared server must never overlap.
    const logging = (n: string) => `import { appendFileSync } from "node:fs";
export function before() { appendFileSync(${JSON.stringify(events)}, "start ${n}\\n"); }
export function after() { appendFileSync(${JSON.stringify(events)}, "end ${n}\\n"); }
`;
    await example("one-cell/a", `output "name" { value = "a" }\n`, logging("a"));
    await example("one-cell/b", `output "name" { value = "b" }\n`, logging("b"));
    const results = await runExamples({
      examplesRoot,
      names: ["one-cell/a", "one-cell/b"],
      env: serial,
      version,
      jobs: 2,
      oneCellPerExample: true,
    });
    expect(results.map((r) => [r.name, r.binary, r.status, r.failure?.message])).toEqual([
      ["one-cell/a", "tofu", "pass", undefined],
      ["one-cell/a", "tofu-1.11.0", "pass", undefined],
      ["one-cell/b", "tofu", "pass", undefined],
      ["one-cell/b", "tofu-1.11.0", "pass", undefined],
    ]);
    const log = (await readFile(events, "utf8")).trim().split("\n");
    expect(log).toHaveLength(8);
    const inFlight = new Map<string, number>();
    let most = 0;
    for (const line of log) {
      const [what, name] = line.split(" ") as [string, string];
      const now = (inFlight.get(name) ?? 0) + (what === "start" ? 1 : -1);
      expect(now, `two cells of ${name} at once:\n${log.join("\n")}`).toBeLessThanOrEqual(1);
      inFlight.set(name, now);
      most = Math.max(
        most,
        [...inFlight.values()].reduce((a, b) => a + b, 0),
      );
    }
    // The bound still counts: both examples started at once, each running one cell.
    expect(most).toBe(2);
  });
});
