// The secret note list resource under the real Terraform (`terraform query`, which OpenTofu does
// not have): notes applied by one provider process are found by a later one through the index,
// filtered by name_prefix, with their objects (the secret null) when asked; generated config
// names them; and an import block brings one into another configuration with nothing to change.
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  initAttachedProject,
  setUpTerraform,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

afterEach(() => stopAttachedProviders());

let terraform: TofuSetup;
beforeAll(async () => {
  terraform = await setUpTerraform("tsvider-note-list-");
});
afterAll(() => terraform.cleanup());

/** The JSON lines of `terraform query -json`, by message type. */
const messages = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { type: string; [key: string]: unknown });

interface Found {
  address: string;
  display_name: string;
  identity: Record<string, unknown>;
  resource_object?: Record<string, unknown>;
}

const notes = `provider "tsvider" {
  tsvider_testmode = true
}

resource "tsvider_secret_note" "note" {
  for_each       = toset(["deploy-a", "deploy-b", "other"])
  name           = each.key
  secret_value   = "secret of \${each.key}"
  secret_version = "1"
}
`;

describe("the secret note list on the real Terraform", () => {
  it("lists notes applied earlier, with objects and generated config, and an import block adopts one", async () => {
    const env = { TSVIDER_TESTMODE: "true", TSVIDER_SECRET_NOTE_INDEX: join(terraform.root, "notes.json") };
    const work = await initAttachedProject(terraform, "notes", notes, env);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const digests = JSON.parse(await readFile(env.TSVIDER_SECRET_NOTE_INDEX, "utf8")) as Record<
      string,
      { digest: string }
    >;
    expect(Object.keys(digests)).toEqual(["deploy-a", "deploy-b", "other"]);
    await stopAttachedProviders();

    // Another provider process, as a later `terraform query` gets.
    const query = await initAttachedProject(terraform, "query", 'provider "tsvider" {}\n', env);
    await writeFile(
      join(query.dir, "notes.tfquery.hcl"),
      `list "tsvider_secret_note" "deploy" {
  provider         = tsvider
  include_resource = true
  config {
    name_prefix      = "deploy-"
    include_archived = false
  }
}

list "tsvider_secret_note" "all" {
  provider = tsvider
}
`,
    );
    const listed = await query.run(["query", "-json"]);
    const found = messages(listed.stdout)
      .filter((m) => m.type === "list_resource_found")
      .map((m) => m.list_resource_found as Found);
    const deploy = found.filter((f) => f.address === "list.tsvider_secret_note.deploy");
    expect(deploy.map((f) => [f.display_name, f.identity, f.resource_object])).toEqual([
      [
        "deploy-a",
        { name: "deploy-a" },
        { name: "deploy-a", secret_value: null, secret_version: "1", digest: digests["deploy-a"]!.digest },
      ],
      [
        "deploy-b",
        { name: "deploy-b" },
        { name: "deploy-b", secret_value: null, secret_version: "1", digest: digests["deploy-b"]!.digest },
      ],
    ]);
    const all = found.filter((f) => f.address === "list.tsvider_secret_note.all");
    expect(all.map((f) => [f.display_name, f.resource_object])).toEqual([
      ["deploy-a", undefined],
      ["deploy-b", undefined],
      ["other", undefined],
    ]);

    await query.run(["query", "-no-color", "-generate-config-out=generated.tf"]);
    const generated = await readFile(join(query.dir, "generated.tf"), "utf8");
    expect(generated).toMatch(/resource "tsvider_secret_note" "deploy_0" \{[^}]*name\s+= "deploy-a"/);
    expect(generated).not.toMatch(/digest\s+=/);
    expect(generated).toMatch(
      /import \{\s+to\s+= tsvider_secret_note\.deploy_0[\s\S]*?identity = \{\s+name = "deploy-a"/,
    );
    await stopAttachedProviders();

    // The note adopted by identity, its secret given again: imported, nothing to change.
    const adopt = await initAttachedProject(
      terraform,
      "adopt",
      `provider "tsvider" {}

import {
  to       = tsvider_secret_note.adopted
  identity = { name = "deploy-b" }
}

resource "tsvider_secret_note" "adopted" {
  name           = "deploy-b"
  secret_value   = "secret of deploy-b"
  secret_version = "1"
}
`,
      env,
    );
    const applied = await adopt.run(["apply", "-auto-approve", "-no-color"]);
    expect(applied.stdout).toMatch(/1 imported, 0 added, 0 changed, 0 destroyed/);
    const plan = await adopt.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code, plan.stdout).toBe(0);
  });
});
