import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  binariesOf,
  type Environment,
  type ExampleResult,
  filterExamples,
  findExamples,
  loadChecks,
  prepareEnvironment,
  runExample,
  summarize,
} from "./examples.js";
import { referenceProvider } from "./reference-provider.js";

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
  it("defaults to tofu and takes one binary or several", () => {
    expect(binariesOf({})).toEqual(["tofu"]);
    expect(binariesOf({ binary: "terraform" })).toEqual(["terraform"]);
    expect(binariesOf({ binary: ["tofu", "terraform", "tofu"] })).toEqual(["tofu", "terraform"]);
  });

  it("refuses an unknown binary, naming it", () => {
    expect(() => binariesOf({ binary: "tf" as "tofu" })).toThrow(
      'checks.mjs: "binary" holds "tf"; use "tofu" or "terraform"',
    );
    expect(() => binariesOf({ binary: [] })).toThrow('"binary" names no binary');
  });

  it("refuses an export it does not know, so a misspelt hook does not pass silently", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tsvider-checks-"));
    await writeFile(
      join(dir, "checks.mjs"),
      "export function afterapply() {}\nexport const testMode = true;\n",
    );
    await expect(loadChecks(dir)).rejects.toThrow(/exports afterapply, which the runner does not know/);
    // Another directory: import() caches modules by URL.
    const other = join(dir, "other");
    await mkdir(other);
    await writeFile(join(other, "checks.mjs"), "export const testMode = 'yes';\n");
    await expect(loadChecks(other)).rejects.toThrow(/"testMode" must be true or false/);
    // No checks.mjs at all: the default cycle under tofu.
    await rm(join(dir, "checks.mjs"));
    expect(await loadChecks(dir)).toEqual({});
  });

  it("summarizes per binary", () => {
    const r = (binary: "tofu" | "terraform", passed: boolean): ExampleResult => ({
      name: "x",
      binary,
      passed,
      steps: [],
    });
    expect(summarize([r("tofu", true), r("tofu", false), r("terraform", true)])).toBe(
      "tofu: 1 passed, 1 failed; terraform: 1 passed, 0 failed",
    );
    expect(summarize([])).toBe("tofu: 0 passed, 0 failed; terraform: 0 passed, 0 failed");
  });
});

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
  const example = async (name: string, tf: string, checks: string) => {
    await mkdir(join(examplesRoot, name), { recursive: true });
    await writeFile(join(examplesRoot, name, "main.tf"), header + tf);
    await writeFile(join(examplesRoot, name, "checks.mjs"), checks);
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
export const testMode = true;
export function before({ dir, binary, env }) {
  writeFileSync(join(dir, "before.json"), JSON.stringify({ binary, env }));
  return {
    env: { TF_VAR_greeting: "hello from before" },
    cleanup: () => writeFileSync(join(dir, "cleaned-up"), ""),
  };
}
export function afterApply({ dir, outputs, env, assert, binary }) {
  assert.equal(binary, "tofu");
  assert.equal(outputs.id, "deferred-test");
  assert.equal(env.TF_VAR_greeting, "hello from before");
}
export function after({ dir, passed }) {
  writeFileSync(join(dir, "after.json"), JSON.stringify({ passed }));
}
`,
    );
    const [result, ...rest] = await runExample(examplesRoot, "testmode", env, version);
    expect(rest).toEqual([]);
    expect(result).toMatchObject({ name: "testmode", binary: "tofu", passed: true });
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
    const [result] = await runExample(examplesRoot, "not-testmode", env, version);
    expect(result).toMatchObject({ passed: false, failure: { step: "plan" } });
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
export const binary = ["tofu", "terraform"];
export const initArgs = ["-upgrade"];
export const env = { TF_VAR_word: "static" };
export async function steps(ctx) {
  await ctx.apply();
  ctx.assert.equal((await ctx.outputs()).word, "static");
  const version = await ctx.step("version", () => ctx.run(["version"]));
  ctx.assert.match(version.stdout, ctx.binary === "tofu" ? /OpenTofu/ : /Terraform/);
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
    );
    const results = await runExample(examplesRoot, "custom", env, version);
    expect(results.map((r) => [r.binary, r.passed, r.failure])).toEqual([
      ["tofu", true, undefined],
      ["terraform", true, undefined],
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
    const [result] = await runExample(examplesRoot, "failing", env, version);
    expect(result).toMatchObject({ passed: false, failure: { step: "checks after apply" } });
    expect(result!.failure!.message).toContain("the check that fails");
    expect(result!.steps).toContain("after");
    expect(JSON.parse(await readFile(join(result!.dir!, "after.json"), "utf8"))).toEqual({ passed: false });
    expect(existsSync(join(result!.dir!, "cleaned-up"))).toBe(true);
  });

  it("fails an example whose checks.mjs names an unknown binary, without running it", async () => {
    await example("bad-binary", "", 'export const binary = "terraform-1.5";\n');
    const results = await runExample(examplesRoot, "bad-binary", env, version);
    expect(results).toEqual([
      expect.objectContaining({
        passed: false,
        failure: {
          step: "checks.mjs",
          message: `${join(examplesRoot, "bad-binary", "checks.mjs")}: "binary" holds "terraform-1.5"; use "tofu" or "terraform"`,
        },
      }),
    ]);
  });
});
