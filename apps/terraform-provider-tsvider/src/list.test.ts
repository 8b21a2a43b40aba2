// List resources and config generation under the real Terraform (`terraform query`, which
// OpenTofu does not have): the reference provider's `tsvider_file_content` list finds files
// (configured with pyvider's names, path, suffix and include_hidden, or the deprecated
// directory, which still works and warns), `-json` shows each result's identity and (with include_resource) its object, `limit` cuts
// the stream, and `-generate-config-out` writes resource and import blocks that `terraform
// apply` then imports with nothing left to change. A provider built for this test
// (list.test-support.ts) shows what goes wrong: an error after some results, a config refused
// by validateConfig (pointing at the attribute's line), and its generateConfig hook at work.
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { resolveTerraform, Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LIST_VERSION } from "./list.test-support.js";
import {
  attachedWorkdir,
  initAttachedProject,
  installTestProvider,
  setUpTerraform,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject, or attachedWorkdir
// for the provider built for this test).
afterEach(() => stopAttachedProviders());

/** The JSON lines of `terraform query -json`, by message type. */
function messages(stdout: string): { type: string; [key: string]: unknown }[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type: string });
}

interface Found {
  address: string;
  display_name: string;
  identity: Record<string, unknown>;
  resource_type: string;
  resource_object?: Record<string, unknown>;
  config?: string;
  import_config?: string;
}

const found = (stdout: string) =>
  messages(stdout)
    .filter((m) => m.type === "list_resource_found")
    .map((m) => m.list_resource_found as Found);

describe("the reference provider's file content list on the real Terraform", () => {
  let terraform: TofuSetup;
  beforeAll(async () => {
    terraform = await setUpTerraform("tsvider-list-");
  });
  afterAll(() => terraform.cleanup());

  it("lists matching files, honours limit and include_resource, and generates importable config", async () => {
    const work = await initAttachedProject(terraform, "files", 'provider "tsvider" {}\n');
    const files = join(work.dir, "files");
    await mkdir(join(files, "sub"), { recursive: true });
    await writeFile(join(files, "a.txt"), "alpha\n");
    await writeFile(join(files, "b.txt"), "bravo\n");
    await writeFile(join(files, "c.md"), "charlie\n");
    await writeFile(join(files, "sub", "d.txt"), "delta\n");
    await writeFile(join(files, ".hidden.txt"), "hidden\n");
    // The mode the files get does not hang on this process's umask.
    for (const f of ["a.txt", "b.txt", "c.md", "sub/d.txt"]) await chmod(join(files, f), 0o644);
    await writeFile(
      join(work.dir, "files.tfquery.hcl"),
      `list "tsvider_file_content" "txt" {
  provider = tsvider
  config {
    path      = "files"
    suffix    = ".txt"
    recursive = true
  }
}

list "tsvider_file_content" "first" {
  provider         = tsvider
  include_resource = true
  limit            = 1
  config {
    directory = "files"
  }
}
`,
    );
    const query = await work.run(["query", "-json"]);
    const results = found(query.stdout);
    const txt = results.filter((r) => r.address === "list.tsvider_file_content.txt");
    // Shown by the path below the listed directory, named by the whole path; .hidden.txt is
    // left out (include_hidden is unset).
    expect(txt.map((r) => [r.display_name, r.identity])).toEqual([
      ["a.txt", { filename: "files/a.txt" }],
      ["b.txt", { filename: "files/b.txt" }],
      ["sub/d.txt", { filename: "files/sub/d.txt" }],
    ]);
    expect(txt.every((r) => r.resource_object === undefined)).toBe(true);
    const first = results.filter((r) => r.address === "list.tsvider_file_content.first");
    expect(first).toHaveLength(1);
    expect(first[0]!.resource_object).toMatchObject({
      filename: "files/a.txt",
      content: "alpha\n",
      file_permission: "0644",
    });
    // The deprecated directory still lists, and Terraform shows why to write path instead.
    expect(messages(query.stdout).filter((m) => m.type === "diagnostic")).toEqual([
      expect.objectContaining({
        diagnostic: expect.objectContaining({
          severity: "warning",
          detail: expect.stringContaining('Use "path" instead'),
        }),
      }),
    ]);
    const complete = messages(query.stdout)
      .filter((m) => m.type === "list_complete")
      .map((m) => m.list_complete as { address: string; total: number });
    expect(complete).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ address: "list.tsvider_file_content.txt", total: 3 }),
        expect.objectContaining({ address: "list.tsvider_file_content.first", total: 1 }),
      ]),
    );

    // Generated config: required and optional values as found, nothing computed-only.
    await work.run(["query", "-no-color", "-generate-config-out=generated.tf"]);
    const generated = await readFile(join(work.dir, "generated.tf"), "utf8");
    expect(generated).toContain('resource "tsvider_file_content" "txt_0" {');
    expect(generated).toMatch(/filename\s+= "files\/a\.txt"/);
    expect(generated).toMatch(/content\s+= "alpha\\n"/);
    expect(generated).toMatch(/file_permission\s+= "0644"/);
    expect(generated).not.toContain("content_hash");
    expect(generated).toMatch(
      /import \{\s+to\s+= tsvider_file_content\.txt_0[\s\S]*?identity = \{\s+filename = "files\/a\.txt"/,
    );

    // The generated blocks import the files as they are: nothing to change afterwards.
    await rm(join(work.dir, "files.tfquery.hcl"));
    const apply = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toMatch(/4 imported, 0 added, 0 changed, 0 destroyed/);
    const plan = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code, plan.stdout).toBe(0);
  });
});

describe("a list resource that fails, under the real Terraform", () => {
  let root: string;
  let cliConfigFile: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "tsvider-list-fail-"));
    cliConfigFile = await installTestProvider(root, "list", {
      entry: fileURLToPath(new URL("./list.test-support.ts", import.meta.url)),
      version: LIST_VERSION,
    });
  }, 60_000);
  afterAll(() => rm(root, { recursive: true, force: true }));

  const project = async (name: string, query: string) => {
    const dir = join(root, name);
    await mkdir(dir);
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${LIST_VERSION}" }
  }
}
provider "tsvider" {}
`,
    );
    await writeFile(join(dir, "q.tfquery.hcl"), query);
    await new Workdir({ dir, binary: resolveTerraform(), cliConfigFile }).run(["init", "-no-color"]);
    return attachedWorkdir({ binary: resolveTerraform(), cliConfigFile }, dir, {}, { version: LIST_VERSION });
  };

  it("shows the error that ended a listing, and the other lists' results", async () => {
    const work = await project(
      "midstream",
      `list "tsvider_thing" "ok" {
  provider = tsvider
  limit    = 2
  config {
    prefix = "a"
    count  = 5
  }
}

list "tsvider_thing" "broken" {
  provider = tsvider
  config {
    prefix     = "b"
    fail_after = 1
  }
}
`,
    );
    const query = await work.run(["query", "-json"], { okCodes: [1] });
    expect(found(query.stdout).map((r) => [r.address, r.display_name])).toEqual([
      ["list.tsvider_thing.ok", "thing a-0"],
      ["list.tsvider_thing.ok", "thing a-1"],
    ]);
    const errors = messages(query.stdout).filter((m) => m.type === "diagnostic");
    expect(errors).toMatchObject([
      {
        diagnostic: {
          severity: "error",
          summary: "The thing service failed",
          detail: "It broke after 1 things.",
          address: "list.tsvider_thing.broken",
        },
      },
    ]);
  });

  it("points a validateConfig error at the attribute's line in the config block", async () => {
    const work = await project(
      "invalid",
      `list "tsvider_thing" "t" {
  provider = tsvider
  config {
    prefix = "!"
  }
}
`,
    );
    const query = await work.run(["query", "-no-color"], { okCodes: [1] });
    expect(query.stderr).toContain("Error: Invalid prefix");
    expect(query.stderr).toContain('on q.tfquery.hcl line 4, in list "tsvider_thing" "t":');
    expect(query.stderr).toContain('4:     prefix = "!"');
  });

  it("asks the provider for the generated config (its generateConfig hook)", async () => {
    const work = await project(
      "generate",
      `list "tsvider_thing" "t" {
  provider = tsvider
  config {
    prefix = "g"
    count  = 2
  }
}
`,
    );
    await work.run(["query", "-no-color", "-generate-config-out=generated.tf"]);
    const generated = await readFile(join(work.dir, "generated.tf"), "utf8");
    // The hook drops a size equal to the default (Terraform's own guess would keep it), and
    // Terraform leaves a null optional+computed attribute out.
    expect(generated).toMatch(/resource "tsvider_thing" "t_0" \{\s+provider = tsvider\s+name\s+= "g-0"\s*\}/);
    expect(generated).toMatch(/resource "tsvider_thing" "t_1" \{[^}]*name\s+= "g-1"\s+size\s+= 1\s*\}/);
    expect(generated).not.toMatch(/\bid\s+=/);
  });

  it("generates config for import blocks too (plan -generate-config-out), which then apply cleanly", async () => {
    const work = await project("import", "");
    await writeFile(
      join(work.dir, "imports.tf"),
      `import {
  to       = tsvider_thing.zero
  identity = { name = "zero-1" }
}

import {
  to       = tsvider_thing.one
  identity = { name = "one-1" }
}
`,
    );
    await work.run(["plan", "-no-color", "-generate-config-out=generated.tf"], { okCodes: [0, 2] });
    const generated = await readFile(join(work.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/resource "tsvider_thing" "zero" \{\s+name\s+= "zero-1"\s*\}/);
    expect(generated).toMatch(/resource "tsvider_thing" "one" \{[^}]*name\s+= "one-1"\s+size\s+= 1\s*\}/);
    const apply = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(apply.stdout).toMatch(/2 imported, 0 added, 0 changed, 0 destroyed/);
  });
});
