import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BatchFailure,
  batchableExample,
  batchableExamples,
  batchesFor,
  batchFor,
  runBatch,
} from "./batch.js";
import {
  type Environment,
  NOTHING_TO_DESTROY,
  PROVIDER_STARTED,
  PROVIDER_STOPPED,
  prepareEnvironment,
} from "./examples.js";
import { type AvailableBinary, resolveMatrix } from "./matrix.js";
import { referenceProvider } from "./reference-provider.js";

const version = referenceProvider.version;
const header = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${version}" }
  }
}

provider "tsvider" {}
`;

let root: string;
let examplesRoot: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "tsvider-batch-"));
  examplesRoot = join(root, "examples");
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function example(
  name: string,
  tf: string,
  files: Record<string, string> = {},
  withHeader = true,
): Promise<string> {
  const dir = join(examplesRoot, name);
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, "main.tf"), (withHeader ? header : "") + tf);
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  return name;
}

describe("batchableExample", () => {
  it("takes an example of locals and outputs, without its empty provider block", async () => {
    const name = await example(
      "functions/upper/ok",
      `locals {\n  x = provider::tsvider::upper("a")\n}\noutput "x" {\n  value = local.x\n}\nvariable "v" {\n  default = 1\n}\n`,
      { "checks.mjs": "export function afterApply() {}\n", "requirements.json": "{}" },
    );
    const found = await batchableExample(examplesRoot, name, "tsvider");
    expect(found?.name).toBe(name);
    const text = found!.files.get("main.tf")!;
    expect(text).not.toContain('provider "tsvider"');
    expect(text).toContain("required_providers");
    expect(text).toContain('output "x"');
  });

  it("takes a data source example with a file it names through path.module, and a test-mode one", async () => {
    const name = await example(
      "data-sources/tsvider_file_info/notes",
      `data "tsvider_file_info" "notes" {\n  path = "\${path.module}/NOTES.md"\n}\noutput "size" {\n  value = data.tsvider_file_info.notes.size\n}\n`,
      { "NOTES.md": "# notes\n", "requirements.json": '{ "testMode": true }' },
    );
    const found = await batchableExample(examplesRoot, name, "tsvider");
    expect(found?.dataFiles).toEqual(["NOTES.md"]);
    expect(found?.source).toBe(join(examplesRoot, name));
    expect(found?.requirements.testMode).toBe(true);
  });

  it.each([
    ["a resource", `resource "tsvider_file_content" "f" {\n  filename = "x"\n  content = "y"\n}\n`, {}],
    ["another provider's data source", `data "http" "f" {\n  url = "x"\n}\n`, {}],
    [
      "a data source on another configuration",
      `data "tsvider_file" "f" {\n  provider = tsvider.other\n  path = "x"\n}\n`,
      {},
    ],
    ["a provider block with settings", `provider "tsvider" {\n  alias = "b"\n}\n`, {}],
    ["a variable without a default", `variable "v" {\n  type = string\n}\n`, {}],
    ["an ephemeral output", `output "o" {\n  value = 1\n  ephemeral = true\n}\n`, {}],
    ["a check block", `check "c" {\n  assert {\n    condition = true\n    error_message = "x"\n  }\n}\n`, {}],
    [
      "a file read relative to the working directory",
      `output "o" {\n  value = file("data.txt")\n}\n`,
      { "data.txt": "x" },
    ],
    [
      "a file named both ways",
      `output "o" {\n  value = file("\${path.module}/data.txt")\n}\noutput "p" {\n  value = abspath("data.txt")\n}\n`,
      { "data.txt": "x" },
    ],
    [
      "a file whose name is inside a longer one",
      `output "o" {\n  value = file("\${path.module}/more/data.txt")\n}\n`,
      { "data.txt": "x" },
    ],
    [
      "a hook besides afterApply",
      `output "o" {\n  value = 1\n}\n`,
      { "checks.mjs": "export function afterDestroy() {}\n" },
    ],
    [
      "a provider per command",
      `output "o" {\n  value = 1\n}\n`,
      { "requirements.json": '{ "providerPerCommand": "why" }' },
    ],
    ["a syntax error", `output "o" {\n`, {}],
  ])("leaves an example with %s to a cell of its own", async (what, tf, files) => {
    const name = await example(`functions/upper/${what.replace(/\W+/g, "_")}`, tf, files);
    expect(await batchableExample(examplesRoot, name, "tsvider")).toBeUndefined();
  });

  it("leaves an example whose configuration the runner refuses to its own cell, which names the problem", async () => {
    // Under functions/sha256_hex but never calls it: checkConfiguration refuses it.
    const name = await example("functions/sha256_hex/wrong", `output "o" {\n  value = 1\n}\n`);
    expect(await batchableExample(examplesRoot, name, "tsvider")).toBeDefined();
    expect(await batchableExamples(examplesRoot, [name], { namespace: "tsvider", type: "tsvider" })).toEqual(
      [],
    );
  });
});

describe("batchFor", () => {
  it("keeps the examples the binary is new enough for and written for", async () => {
    const a = await example(
      "functions/lower/a",
      `output "o" {\n  value = provider::tsvider::lower("A")\n}\n`,
      {
        "requirements.json": '{ "minVersions": { "tofu": "1.7.0" } }',
      },
    );
    const b = await example(
      "functions/lower/b",
      `output "o" {\n  value = provider::tsvider::lower("B")\n}\n`,
      {
        "requirements.json": '{ "binaries": ["terraform"] }',
      },
    );
    const examples = await batchableExamples(examplesRoot, [a, b], { namespace: "tsvider", type: "tsvider" });
    const tofu = (v: string): AvailableBinary => ({ label: "tofu", kind: "tofu", path: "tofu", version: v });
    expect(batchFor(examples, tofu("1.12.6")).map((e) => e.name)).toEqual([a]);
    expect(batchFor(examples, tofu("1.6.3")).map((e) => e.name)).toEqual([]);
  });

  it("makes one configuration of the ordinary examples and one of the test-mode ones, each of two or more", async () => {
    const fn = (dir: string, requirements: string) =>
      example(`functions/upper/${dir}`, `output "o" {\n  value = provider::tsvider::upper("${dir}")\n}\n`, {
        "requirements.json": requirements,
      });
    const plain = [await fn("plain-1", "{}"), await fn("plain-2", "{}")];
    const testMode = [await fn("test-1", '{ "testMode": true }'), await fn("test-2", '{ "testMode": true }')];
    const examples = await batchableExamples(examplesRoot, [...plain, ...testMode], {
      namespace: "tsvider",
      type: "tsvider",
    });
    const tofu: AvailableBinary = { label: "tofu", kind: "tofu", path: "tofu", version: "1.12.6" };
    const names = (batches: { name: string }[][]) => batches.map((b) => b.map((e) => e.name));
    expect(names(batchesFor(examples, tofu))).toEqual([plain, testMode]);
    // A test-mode example alone runs in its own cell.
    expect(names(batchesFor(examples.slice(0, 3), tofu))).toEqual([plain]);
  });
});

// Through the real tofu with the built reference provider.
describe("runBatch", () => {
  let env: Environment;
  let tofu: AvailableBinary;
  beforeAll(async () => {
    env = await prepareEnvironment({
      workRoot: join(root, "work"),
      namespace: referenceProvider.namespace,
      type: referenceProvider.type,
      version,
      executable: referenceProvider.executable,
      matrix: resolveMatrix({ ...process.env, TSVIDER_EXTRA_BINARIES: "" }),
      reattach: true,
    });
    const found = env.matrix.find((b) => b.label === "tofu");
    if (found === undefined || found.missing !== undefined) throw new Error("these tests need TSVIDER_TOFU");
    tofu = found;
  });

  it("runs each example as a module of one configuration, its checks on its own outputs", async () => {
    const names = [
      await example(
        "functions/upper/one",
        `output "shout" {\n  value = provider::tsvider::upper("hello")\n}\n`,
        {
          "checks.mjs":
            'export function afterApply({ outputs, assert }) { assert.deepEqual(outputs, { shout: "HELLO" }); }\n',
        },
      ),
      await example(
        "functions/sum/two",
        `locals {\n  n = [1, 2, 3.5]\n}\noutput "total" {\n  value     = provider::tsvider::sum(local.n)\n  sensitive = true\n}\n`,
        {
          "checks.mjs":
            "export function afterApply({ outputs, assert }) { assert.deepEqual(outputs, { total: 6.5 }); }\n",
        },
      ),
      // A data source reading a file beside its example, named through path.module: the
      // module's copy, with the example's bytes.
      await example(
        "data-sources/tsvider_file_info/beside",
        `data "tsvider_file_info" "notes" {\n  path = "\${path.module}/NOTES.md"\n}\noutput "notes" {\n  value = { exists = data.tsvider_file_info.notes.exists, size = data.tsvider_file_info.notes.size }\n}\n`,
        {
          "NOTES.md": "# eight\n",
          "checks.mjs":
            "export function afterApply({ outputs, assert }) { assert.deepEqual(outputs, { notes: { exists: true, size: 8 } }); }\n",
        },
      ),
      await example(
        "functions/lower/wrong-check",
        `output "quiet" {\n  value = provider::tsvider::lower("HELLO")\n}\n`,
        {
          "checks.mjs":
            'export function afterApply({ outputs, assert }) { assert.equal(outputs.quiet, "HELLO", "the check is wrong on purpose"); }\n',
        },
      ),
    ];
    const examples = await batchableExamples(examplesRoot, names, env);
    expect(examples.map((e) => e.name)).toEqual(names);
    const results = await runBatch({ examples, env, version, binary: tofu });
    expect(results.map((r) => [r.name, r.status, r.batched])).toEqual([
      [names[0], "pass", 4],
      [names[1], "pass", 4],
      [names[2], "pass", 4],
      [names[3], "fail", 4],
    ]);
    expect(results[0]!.steps).toEqual([
      "init (one configuration for 4 examples)",
      "lock file",
      PROVIDER_STARTED,
      "plan",
      "apply",
      "outputs",
      "no-op plan",
      NOTHING_TO_DESTROY,
      PROVIDER_STOPPED,
      "checks after apply",
    ]);
    expect(results[3]!.failure?.step).toBe("checks after apply");
    expect(results[3]!.failure?.message).toContain("the check is wrong on purpose");
    // One provider block in all: the root's, inherited by every module.
    const rootText = await readFile(join(env.workRoot, "work", "batch__tofu", "main.tf"), "utf8");
    expect(rootText.match(/module "/g)).toHaveLength(4);
  });

  it("serves test-only components to a configuration of test-mode examples", async () => {
    // tsvider_simple_map_test is test-only: without TSVIDER_TESTMODE=true the plan fails.
    const mapExample = (n: string, team: string) =>
      example(
        `data-sources/tsvider_simple_map_test/${n}`,
        `data "tsvider_simple_map_test" "m" {\n  input_data = { team = "${team}" }\n}\noutput "processed" {\n  value = data.tsvider_simple_map_test.m.processed_data\n}\n`,
        {
          "requirements.json": '{ "testMode": true }',
          "checks.mjs": `export function afterApply({ outputs, env, assert }) {\n  assert.deepEqual(outputs.processed, { team: "${team.toUpperCase()}" });\n  assert.deepEqual(env, { TSVIDER_TESTMODE: "true" });\n}\n`,
        },
      );
    const names = [await mapExample("one", "platform"), await mapExample("two", "data")];
    const examples = await batchableExamples(examplesRoot, names, env);
    expect(batchesFor(examples, tofu).map((b) => b.map((e) => e.name))).toEqual([names]);
    const results = await runBatch({ examples, env, version, binary: tofu });
    expect(results.map((r) => [r.name, r.status, r.failure?.message])).toEqual([
      [names[0], "pass", undefined],
      [names[1], "pass", undefined],
    ]);
    expect(results[0]!.dir).toBe(join(env.workRoot, "work", "batch__tofu__testmode", "example_0"));
    // Mixed with an ordinary example it is refused, not run half in the wrong mode.
    const ordinary = await batchableExamples(examplesRoot, ["functions/upper/one"], env);
    await expect(
      runBatch({ examples: [...examples, ...ordinary], env, version, binary: tofu }),
    ).rejects.toThrow("runBatch takes test-mode examples or other ones, not both");
  });

  it("throws BatchFailure naming the step when the configuration fails as a whole", async () => {
    const names = [
      await example("functions/upper/fine", `output "o" {\n  value = provider::tsvider::upper("x")\n}\n`),
      await example(
        "functions/upper/unknown-function",
        `output "o" {\n  value = provider::tsvider::upper(provider::tsvider::no_such_function("x"))\n}\n`,
      ),
    ];
    const examples = await batchableExamples(examplesRoot, names, env);
    expect(examples).toHaveLength(2);
    const failure = await runBatch({
      examples,
      env: { ...env, workRoot: join(root, "work-failing") },
      version,
      binary: tofu,
    }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(BatchFailure);
    expect((failure as Error).message).toMatch(/^plan: /);
    expect((failure as BatchFailure).step).toBe("plan");
    expect((failure as BatchFailure).error).toBe("Error: Function not found in provider");
    expect((failure as Error).message).toContain("no_such_function");
  });
});
