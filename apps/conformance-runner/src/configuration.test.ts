import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { MirrorInstall } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMPONENT_KINDS, CONFIGURATION_STEP, checkConfiguration } from "./configuration.js";
import { type Environment, findExamples, runExample } from "./examples.js";
import { judge } from "./expected-failures.js";
import type { MatrixBinary } from "./matrix.js";
import { referenceProvider } from "./reference-provider.js";
import { toJson, toJUnit } from "./report.js";

const provider = { namespace: referenceProvider.namespace, type: referenceProvider.type };

describe("the reference examples", () => {
  it("every one parses, requires the installed provider and uses the component it documents", async () => {
    const names = await findExamples(referenceProvider.examplesDir);
    expect(names.length).toBeGreaterThanOrEqual(100);
    // Every kind of component has examples, so every rule below meets a real one.
    expect(new Set(names.map((n) => n.split("/")[0]))).toEqual(new Set(Object.keys(COMPONENT_KINDS)));
    const problems = await Promise.all(
      names.map(
        async (n): Promise<[string, string[]]> => [
          n,
          await checkConfiguration(referenceProvider.examplesDir, n, provider),
        ],
      ),
    );
    expect(problems.filter(([, p]) => p.length > 0)).toEqual([]);
  });
});

// Examples written by the tests, each in a root of its own; `files` maps a path in the example
// to its text.
describe("refusals", () => {
  let root: string;
  let count = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "tsvider-configuration-"));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  const HEADER = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "0.1.0" }
  }
}
`;
  const check = async (name: string, files: Record<string, string>) => {
    const examplesRoot = join(root, String(count++));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(examplesRoot, name, path)), { recursive: true });
      await writeFile(join(examplesRoot, name, path), text);
    }
    return checkConfiguration(examplesRoot, name, provider);
  };

  it("passes a well-formed example of each kind", async () => {
    const cases: [string, Record<string, string>][] = [
      ["resources/tsvider_x/basic", { "main.tf": `${HEADER}resource "tsvider_x" "a" {}\n` }],
      ["data-sources/tsvider_x/basic", { "main.tf": `${HEADER}data "tsvider_x" "a" {}\n` }],
      ["ephemeral-resources/tsvider_x/basic", { "main.tf": `${HEADER}ephemeral "tsvider_x" "a" {}\n` }],
      ["actions/tsvider_x/basic", { "main.tf": `${HEADER}action "tsvider_x" "a" {}\n` }],
      [
        "list-resources/tsvider_x/basic",
        { "main.tf": HEADER, "q.tfquery.hcl": 'list "tsvider_x" "a" {\n  provider = tsvider\n}\n' },
      ],
      [
        "state-stores/tsvider_x/basic",
        {
          "main.tf": `${HEADER}terraform {\n  state_store "tsvider_x" {\n    provider "tsvider" {}\n  }\n}\n`,
        },
      ],
      // A call anywhere: in a heredoc template, inside a nested block.
      [
        "functions/upper/basic",
        {
          "main.tf": HEADER,
          "other.tf":
            'resource "terraform_data" "a" {\n  provisioner "local-exec" {\n    command = <<EOT\necho $' +
            '{provider::tsvider::upper("x")}\nEOT\n  }\n}\n',
        },
      ],
      // Under another local name, as long as its source is the installed provider.
      [
        "functions/lower/basic",
        {
          "main.tf":
            'terraform {\n  required_providers {\n    ts = { source = "tsvider/tsvider" }\n  }\n}\noutput "x" { value = provider::ts::lower("A") }\n',
        },
      ],
      // The source read alone (a version from a variable is not evaluated), case-insensitively.
      [
        "resources/tsvider_x/case",
        {
          "main.tf":
            'terraform {\n  required_providers {\n    tsvider = { source = "TSVider/tsvider", version = var.v }\n  }\n}\nresource "tsvider_x" "a" {}\n',
        },
      ],
      // Not under a kind's directory: only syntax and required_providers apply.
      ["custom", { "main.tf": `${HEADER}resource "tsvider_other" "a" {}\n` }],
    ];
    for (const [name, files] of cases) expect([name, await check(name, files)]).toEqual([name, []]);
  });

  it("refuses syntax errors in every configuration file, with hcl's diagnostics and positions", async () => {
    expect(
      await check("resources/tsvider_x/basic", {
        "main.tf": `${HEADER}resource "tsvider_x" "a" {\n  content = "a" "b"\n}\n`,
        "b.tfquery.hcl": 'list "tsvider_x" "a" {\n  config {\n    n = 1 +\n  }\n}\n',
        "tests/t.tftest.hcl": "run {\n",
        "notes.txt": "not configuration {",
      }),
    ).toEqual([
      "resources/tsvider_x/basic/b.tfquery.hcl:3:12: Invalid expression; Expected the start of an expression, but found an invalid expression token.",
      "resources/tsvider_x/basic/main.tf:7:17: Missing newline after argument; An argument definition must end with a newline.",
      "resources/tsvider_x/basic/tests/t.tftest.hcl:1:5: Unclosed configuration block; There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
    ]);
  });

  it("refuses a required_providers entry for another provider, naming what it found and what to set", async () => {
    const tf = (entry: string) =>
      `terraform {\n  required_providers {\n    ${entry}\n  }\n}\nresource "tsvider_x" "a" {}\n`;
    const fix =
      'set source = "tsvider/tsvider" (the runner installs tsvider/tsvider into a mirror that tofu reads as registry.opentofu.org/tsvider/tsvider and terraform as registry.terraform.io/tsvider/tsvider)';
    expect(
      await check("resources/tsvider_x/basic", {
        "main.tf": tf('tsvider = {\n      source  = "hashicorp/tsvider"\n      version = "0.1.0"\n    }'),
      }),
    ).toEqual([
      `resources/tsvider_x/basic/main.tf:4:17: required_providers entry "tsvider" has source "hashicorp/tsvider", but the runner installs "tsvider/tsvider"; ${fix}`,
    ]);
    // A version constraint alone (the old form): the source defaults to hashicorp's.
    expect(await check("resources/tsvider_x/basic", { "main.tf": tf('tsvider = "0.1.0"') })).toEqual([
      `resources/tsvider_x/basic/main.tf:3:5: required_providers entry "tsvider" has no source, so tofu and terraform would look for hashicorp/tsvider; ${fix}`,
    ]);
    expect(
      await check("resources/tsvider_x/basic", { "main.tf": tf('local = { source = "hashicorp/local" }') }),
    ).toEqual([
      'resources/tsvider_x/basic/main.tf:2:3: no required_providers entry has source = "tsvider/tsvider", the provider the runner installs; add terraform { required_providers { tsvider = { source = "tsvider/tsvider" } } } (found local = "hashicorp/local" at resources/tsvider_x/basic/main.tf:3:24)',
    ]);
    expect(
      await check("resources/tsvider_x/basic", {
        "main.tf": 'resource "tsvider_x" "a" {}\n',
        "versions.tf": 'terraform {\n  required_version = ">= 1.6"\n}\n',
      }),
    ).toEqual([
      'resources/tsvider_x/basic/versions.tf:1:1: no required_providers entry has source = "tsvider/tsvider", the provider the runner installs; add terraform { required_providers { tsvider = { source = "tsvider/tsvider" } } }',
    ]);
    // A hostname: one of the two binaries would look for it under the other's registry.
    expect(
      await check("resources/tsvider_x/basic", {
        "main.tf": tf('tsvider = { source = "registry.terraform.io/tsvider/tsvider" }'),
      }),
    ).toEqual([
      `resources/tsvider_x/basic/main.tf:3:26: required_providers entry "tsvider" has source "registry.terraform.io/tsvider/tsvider", but the runner installs "tsvider/tsvider"; ${fix}`,
    ]);
    expect(await check("custom", { "main.tf": 'provider "tsvider" {}\n' })).toEqual([
      'custom/main.tf:1:1: no required_providers entry has source = "tsvider/tsvider", the provider the runner installs; add terraform { required_providers { tsvider = { source = "tsvider/tsvider" } } }',
    ]);
  });

  it("refuses an example that does not use the component it documents", async () => {
    const move = (what: string) => `or move the example to the directory of the ${what} it uses`;
    expect(
      await check("resources/tsvider_x/basic", {
        "main.tf": `${HEADER}resource "tsvider_y" "a" {}\ndata "tsvider_x" "b" {}\n`,
      }),
    ).toEqual([
      `resources/tsvider_x/basic/main.tf:1:1: the example documents the resource tsvider_x but no .tf file has a resource "tsvider_x" block; add one (resource "tsvider_x" "example" { ... }), ${move("resource")} (found resource "tsvider_y" at resources/tsvider_x/basic/main.tf:6:1)`,
    ]);
    expect(
      await check("data-sources/tsvider_x/basic", { "main.tf": `${HEADER}resource "tsvider_x" "a" {}\n` }),
    ).toEqual([
      `data-sources/tsvider_x/basic/main.tf:1:1: the example documents the data source tsvider_x but no .tf file has a data "tsvider_x" block; add one (data "tsvider_x" "example" { ... }), ${move("data source")}`,
    ]);
    expect(
      await check("ephemeral-resources/tsvider_x/basic", { "main.tf": `${HEADER}data "tsvider_x" "a" {}\n` }),
    ).toEqual([
      `ephemeral-resources/tsvider_x/basic/main.tf:1:1: the example documents the ephemeral resource tsvider_x but no .tf file has an ephemeral "tsvider_x" block; add one (ephemeral "tsvider_x" "example" { ... }), ${move("ephemeral resource")}`,
    ]);
    expect(await check("actions/tsvider_x/basic", { "main.tf": HEADER })).toEqual([
      `actions/tsvider_x/basic/main.tf:1:1: the example documents the action tsvider_x but no .tf file has an action "tsvider_x" block; add one (action "tsvider_x" "example" { ... }), ${move("action")}`,
    ]);
    expect(
      await check("state-stores/tsvider_x/basic", {
        "main.tf": `${HEADER}terraform {\n  backend "local" {}\n}\nresource "tsvider_x" "a" {}\n`,
      }),
    ).toEqual([
      `state-stores/tsvider_x/basic/main.tf:1:1: the example documents the state store tsvider_x but no terraform {} block has a state_store "tsvider_x" block; add one (terraform { state_store "tsvider_x" { ... } }), ${move("state store")}`,
    ]);
  });

  it("refuses a list resource example without its list block in a .tfquery.hcl file", async () => {
    expect(
      await check("list-resources/tsvider_x/basic", {
        "main.tf": `${HEADER}resource "tsvider_x" "a" {}\n`,
      }),
    ).toEqual([
      'list-resources/tsvider_x/basic: the example documents the list resource tsvider_x but has no .tfquery.hcl file, where terraform query reads list blocks; add list-resources/tsvider_x/basic/main.tfquery.hcl with list "tsvider_x" "example" { provider = tsvider ... }',
    ]);
    expect(
      await check("list-resources/tsvider_x/basic", {
        "main.tf": HEADER,
        "a.tfquery.hcl": '# nothing listed\n\nlist "tsvider_y" "a" {\n  provider = tsvider\n}\n',
      }),
    ).toEqual([
      'list-resources/tsvider_x/basic/a.tfquery.hcl:1:1: the example documents the list resource tsvider_x but no .tfquery.hcl file has a list "tsvider_x" block; add one (list "tsvider_x" "example" { ... }), or move the example to the directory of the list resource it uses (found list "tsvider_y" at list-resources/tsvider_x/basic/a.tfquery.hcl:3:1)',
    ]);
  });

  it("refuses a function example that does not call its function through the provider's local name", async () => {
    expect(
      await check("functions/upper/basic", {
        "main.tf": `${HEADER}output "a" { value = upper("x") }\noutput "b" { value = provider::tsvider::lower("X") }\n`,
      }),
    ).toEqual([
      'functions/upper/basic/main.tf:1:1: the example documents the function upper but no .tf file calls provider::tsvider::upper(...); call it in an expression (output "result" { value = provider::tsvider::upper(...) }), or move the example to the directory of the function it calls (found provider::tsvider::lower at functions/upper/basic/main.tf:7:22)',
    ]);
    // A local name other than the one whose source is the installed provider.
    expect(
      await check("functions/upper/basic", {
        "main.tf":
          'terraform {\n  required_providers {\n    ts = { source = "tsvider/tsvider" }\n  }\n}\noutput "a" { value = provider::tsvider::upper("x") }\n',
      }),
    ).toEqual([
      'functions/upper/basic/main.tf:1:1: the example documents the function upper but no .tf file calls provider::ts::upper(...); call it in an expression (output "result" { value = provider::ts::upper(...) }), or move the example to the directory of the function it calls (found provider::tsvider::upper at functions/upper/basic/main.tf:6:22)',
    ]);
  });

  it("refuses what Terraform refuses too: a block without its labels, an example outside <kind>/<component>/<example>/, JSON syntax", async () => {
    expect(
      await check("resources/tsvider_x/basic", { "main.tf": `${HEADER}resource "tsvider_x" {}\n` }),
    ).toEqual([
      "resources/tsvider_x/basic/main.tf:6:22: Missing name for resource; All resource blocks must have 2 labels (type, name).",
      'resources/tsvider_x/basic/main.tf:1:1: the example documents the resource tsvider_x but no .tf file has a resource "tsvider_x" block; add one (resource "tsvider_x" "example" { ... }), or move the example to the directory of the resource it uses',
    ]);
    expect(
      await check("resources/tsvider_x", { "main.tf": `${HEADER}resource "tsvider_x" "a" {}\n` }),
    ).toEqual([
      "resources/tsvider_x: examples of resources live in resources/<resource name>/<example>/; move it there",
    ]);
    expect(await check("resources/tsvider_x/basic", { "main.tf": HEADER, "extra.tf.json": "{}" })).toEqual([
      "resources/tsvider_x/basic/extra.tf.json: the runner reads examples in the native syntax only (they are documentation); write it as extra.tf",
    ]);
  });
});

// The runner itself: a refused example fails at "configuration" on every binary it is written
// for, before anything is copied or run (the binaries here do not exist, so any `init` would
// fail at another step), and the reports carry it like any other failure.
describe("runExample", () => {
  it("fails a refused example at the configuration step, without init, and reports it", async () => {
    const examplesRoot = await mkdtemp(join(tmpdir(), "tsvider-configuration-run-"));
    const name = "resources/tsvider_x/basic";
    await mkdir(join(examplesRoot, name), { recursive: true });
    await writeFile(join(examplesRoot, name, "main.tf"), 'resource "tsvider_x" "a" {\n  content = \n}\n');
    await writeFile(join(examplesRoot, name, "requirements.json"), '{ "binaries": ["tofu", "terraform"] }');
    await mkdir(join(examplesRoot, "resources/tsvider_x/tofu-only"), { recursive: true });
    await writeFile(join(examplesRoot, "resources/tsvider_x/tofu-only/main.tf"), "oops {\n");
    await writeFile(
      join(examplesRoot, "resources/tsvider_x/tofu-only/requirements.json"),
      '{ "binaries": ["tofu"] }',
    );
    const matrix: MatrixBinary[] = [
      { label: "tofu", kind: "tofu", path: join(examplesRoot, "no-tofu-here"), version: "1.12.6" },
      {
        label: "terraform",
        kind: "terraform",
        path: join(examplesRoot, "no-terraform"),
        missing: "not installed",
      },
    ];
    const mirror: MirrorInstall = { zipPaths: [], h1: "h1:none", zh: "zh:none", platform: "linux_amd64" };
    const env: Environment = {
      workRoot: join(examplesRoot, "work"),
      mirror,
      cliConfigFile: join(examplesRoot, "cli.tfrc"),
      namespace: provider.namespace,
      type: provider.type,
      matrix,
      reattach: false,
      binary() {
        throw new Error("no binary is looked up for a refused example");
      },
      providerAddress: () => "registry.opentofu.org/tsvider/tsvider",
    };
    const message = `${name}/main.tf:2:13: Invalid expression; Expected the start of an expression, but found an invalid expression token.`;
    const results = [
      ...(await runExample(examplesRoot, name, env, "0.1.0")),
      ...(await runExample(examplesRoot, "resources/tsvider_x/tofu-only", env, "0.1.0")),
    ];
    expect(results.map((r) => [r.name, r.binary, r.status, r.failure, r.steps, r.dir])).toEqual([
      [name, "tofu", "fail", { step: CONFIGURATION_STEP, message }, [], undefined],
      // Broken whichever binary it is written for, even a missing one.
      [name, "terraform", "fail", { step: CONFIGURATION_STEP, message }, [], undefined],
      [
        "resources/tsvider_x/tofu-only",
        "tofu",
        "fail",
        {
          step: CONFIGURATION_STEP,
          message:
            "resources/tsvider_x/tofu-only/main.tf:1:6: Unclosed configuration block; There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
        },
        [],
        undefined,
      ],
      // Not written for terraform: skipped as before, the configuration unread.
      ["resources/tsvider_x/tofu-only", "terraform", "skip", undefined, [], undefined],
    ]);

    const judgement = judge(results, [], [name, "resources/tsvider_x/tofu-only"]);
    const report = {
      provider: { version: "0.1.0", h1: "h1:none" },
      startedAt: "2026-01-01T00:00:00.000Z",
      durationMs: 0,
      jobs: 1,
      matrix,
      judgement,
    };
    const json = toJson(report) as {
      ok: boolean;
      results: { example: string; binary: string; failure?: unknown }[];
    };
    expect(json.ok).toBe(false);
    expect(json.results[0]).toMatchObject({
      example: name,
      binary: "tofu",
      status: "fail",
      steps: [],
      failure: { step: "configuration", message },
    });
    expect(toJUnit(report)).toContain(
      `<failure type="configuration" message="failed at configuration">${name}/main.tf:2:13: Invalid expression; Expected the start of an expression, but found an invalid expression token.</failure>`,
    );
    await rm(examplesRoot, { recursive: true, force: true });
  });
});
