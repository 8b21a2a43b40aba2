// `moved` blocks between resource types through the real tofu, and the real Terraform
// (MoveResourceState): a tsvider_file_content object taken over by tsvider_secret_file, its
// content leaving state while the file stays as it is; and a move from a type
// tsvider_secret_file cannot take over, refused with the provider's error and nothing changed.
// Terraform also checks the move_resource_state capability before it asks; OpenTofu does not.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import {
  initAttachedProject,
  setUpTerraform,
  setUpTofu,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

const CONTENT = "moved-content-7f3a\n";
const header = `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
`;

interface StoredResource {
  type: string;
  name: string;
  instances: { schema_version: number; attributes: Record<string, unknown>; private?: string }[];
}

async function stored(work: Workdir): Promise<StoredResource[]> {
  const text = await readFile(join(work.dir, "terraform.tfstate"), "utf8");
  return (JSON.parse(text) as { resources: StoredResource[] }).resources;
}

describe.each([
  // OpenTofu points the error at the target resource's block; Terraform gives no location.
  { host: "OpenTofu", setUp: setUpTofu, registry: "registry.opentofu.org", located: true },
  { host: "Terraform", setUp: setUpTerraform, registry: "registry.terraform.io", located: false },
])("moved blocks between resource types on $host", ({ setUp, registry, located }) => {
  let tofu: TofuSetup;
  beforeAll(async () => {
    tofu = await setUp("tsvider-move-");
  }, 60_000);
  afterAll(() => tofu.cleanup());

  it("moves a tsvider_file_content object to tsvider_secret_file: plan shows the move, apply, then no change", async () => {
    const work = await initAttachedProject(
      tofu,
      "file-to-secret",
      `resource "tsvider_file_content" "x" {
  filename = "f.txt"
  content  = ${JSON.stringify(CONTENT)}
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await stored(work)).map((r) => r.type)).toEqual(["tsvider_file_content"]);

    await writeFile(
      join(work.dir, "main.tf"),
      `${header}
resource "tsvider_secret_file" "x" {
  filename        = "f.txt"
  content_wo      = ${JSON.stringify(CONTENT)}
  file_permission = "0644"
}

moved {
  from = tsvider_file_content.x
  to   = tsvider_secret_file.x
}
`,
    );
    const plan = await work.run(["plan", "-out=move.tfplan", "-no-color"]);
    expect(plan.stdout).toContain("# tsvider_file_content.x has moved to tsvider_secret_file.x");
    expect(plan.stdout).toContain("Plan: 0 to add, 0 to change, 0 to destroy.");
    const shown = JSON.parse((await work.run(["show", "-json", "move.tfplan"])).stdout) as {
      resource_changes: { address: string; previous_address?: string; change: { actions: string[] } }[];
    };
    expect(shown.resource_changes).toEqual([
      expect.objectContaining({
        address: "tsvider_secret_file.x",
        previous_address: "tsvider_file_content.x",
        change: expect.objectContaining({ actions: ["no-op"] }),
      }),
    ]);

    await work.run(["apply", "-no-color", "move.tfplan"]);
    const after = await stored(work);
    expect(after.map((r) => `${r.type}.${r.name}`)).toEqual(["tsvider_secret_file.x"]);
    expect(after[0]!.instances[0]!.attributes).toEqual({
      filename: "f.txt",
      content_wo: null,
      content_wo_version: null,
      file_permission: "0644",
    });
    // The content left the state; the file stayed as it was.
    expect(await readFile(join(work.dir, "terraform.tfstate"), "utf8")).not.toContain("moved-content-7f3a");
    expect(await readFile(join(work.dir, "f.txt"), "utf8")).toBe(CONTENT);

    const again = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(again.code, `the moved object should plan no change:\n${again.stdout}`).toBe(0);
  });

  it("refuses a move from a type the target cannot take over, naming both, and changes nothing", async () => {
    const work = await initAttachedProject(
      tofu,
      "directory-to-secret",
      `resource "tsvider_local_directory" "d" {
  path = "dir"
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const before = await readFile(join(work.dir, "terraform.tfstate"), "utf8");

    await writeFile(
      join(work.dir, "main.tf"),
      `${header}
resource "tsvider_secret_file" "d" {
  filename   = "dir/secret.txt"
  content_wo = "x"
}

moved {
  from = tsvider_local_directory.d
  to   = tsvider_secret_file.d
}
`,
    );
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    // tofu wraps the detail to its terminal width.
    const output = plan.stderr.replace(/\s+/g, " ");
    expect(output).toContain("tsvider_secret_file cannot take over tsvider_local_directory objects");
    expect(output).toContain(
      `moves a tsvider_local_directory object (provider ${registry}/tsvider/tsvider, schema version 0) to tsvider_secret_file`,
    );
    expect(output).toContain(
      "takes over objects of: tsvider_file_content (any provider, any schema version)",
    );
    expect(output).toContain("Nothing was moved.");
    if (located) expect(output).toContain('on main.tf line 7, in resource "tsvider_secret_file" "d"');
    expect(await readFile(join(work.dir, "terraform.tfstate"), "utf8")).toBe(before);
  });
});
