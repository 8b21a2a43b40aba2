// Resource identity through the real tofu: tsvider_file_content's identity { filename } in
// state and in `tofu show -json`, stable across refresh; an `import {}` block that names the
// file by identity; an identity tofu refuses to import; and an identity stored at version 0
// by an earlier provider, upgraded by the current one through UpgradeResourceIdentity.
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V0_VERSION } from "./file-content-v0.test-support.js";
import {
  IDENTITY_V0_PROVIDER,
  IDENTITY_V1_PROVIDER,
  UPGRADE_LOG_VARIABLE,
} from "./identity-upgrade.test-support.js";
import {
  initProject,
  installTestProvider,
  setUpTerraform,
  setUpTofu,
  type TofuSetup,
} from "./tofu.test-support.js";

let tofu: TofuSetup;
let terraform: TofuSetup;
let v0CliConfigFile: string;
let v1CliConfigFile: string;
let fileContentV0CliConfigFile: string;

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-identity-");
  terraform = await setUpTerraform("tsvider-identity-tf-");
  const entry = (name: string) => fileURLToPath(new URL(`./${name}.test-support.ts`, import.meta.url));
  v0CliConfigFile = await installTestProvider(tofu.root, "identity-v0", {
    entry: entry("identity-v0"),
    version: IDENTITY_V0_PROVIDER,
  });
  v1CliConfigFile = await installTestProvider(tofu.root, "identity-v1", {
    entry: entry("identity-v1"),
    version: IDENTITY_V1_PROVIDER,
  });
  fileContentV0CliConfigFile = await installTestProvider(tofu.root, "file-content-v0", {
    entry: entry("file-content-v0"),
    version: V0_VERSION,
  });
}, 120_000);
afterAll(async () => {
  await tofu.cleanup();
  await terraform.cleanup();
});

interface StoredInstance {
  schema_version: number;
  attributes: Record<string, unknown>;
  identity?: Record<string, unknown>;
  identity_schema_version?: number;
}

async function storedInstance(dir: string, type: string): Promise<StoredInstance> {
  const state = JSON.parse(await readFile(join(dir, "terraform.tfstate"), "utf8")) as {
    resources: { type: string; instances: StoredInstance[] }[];
  };
  const resource = state.resources.find((r) => r.type === type);
  if (!resource) throw new Error(`terraform.tfstate holds no ${type}`);
  return resource.instances[0]!;
}

interface ShownResource {
  address: string;
  values: Record<string, unknown>;
  identity?: Record<string, unknown>;
  identity_schema_version?: number;
}

async function shown(work: Workdir): Promise<ShownResource[]> {
  const out = await work.run(["show", "-json", "-no-color"]);
  const json = JSON.parse(out.stdout) as { values?: { root_module?: { resources?: ShownResource[] } } };
  return json.values?.root_module?.resources ?? [];
}

const planExitCode = async (work: Workdir) =>
  work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });

// The same on both hosts: what each stores and shows, and import by identity.
describe.each([
  ["OpenTofu", () => tofu],
  ["Terraform", () => terraform],
])("tsvider_file_content's identity through %s", (_host, host) => {
  it("is stored on create, shown by show -json, and stable across refresh", async () => {
    const work = await initProject(
      host(),
      "lifecycle",
      `resource "tsvider_file_content" "f" {
  filename = "out.txt"
  content  = "hello\\n"
}
`,
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const stored = await storedInstance(work.dir, "tsvider_file_content");
    expect(stored.identity).toEqual({ filename: "out.txt" });
    expect(stored.identity_schema_version).toBe(0);
    const [resource] = await shown(work);
    expect(resource?.address).toBe("tsvider_file_content.f");
    expect(resource?.identity).toEqual({ filename: "out.txt" });
    expect(resource?.identity_schema_version).toBe(0);

    // Refresh asks the provider to read with the stored identity; it must come back the same.
    await work.run(["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    expect((await storedInstance(work.dir, "tsvider_file_content")).identity).toEqual({
      filename: "out.txt",
    });
    // A change in place keeps the identity too.
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace('"hello\\n"', '"changed\\n"'),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await storedInstance(work.dir, "tsvider_file_content")).identity).toEqual({
      filename: "out.txt",
    });
    expect((await planExitCode(work)).code).toBe(0);
    // The destroy is planned with the identity, and removes the file.
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    await expect(readFile(join(work.dir, "out.txt"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("names the file in an import block, which imports it with no diff afterwards", async () => {
    const dir = join(host().root, "import");
    await mkdir(dir);
    await writeFile(join(dir, "kept.txt"), "keep me");
    await chmod(join(dir, "kept.txt"), 0o644);
    const work = await initProject(
      host(),
      "import-by-identity",
      `import {
  to       = tsvider_file_content.x
  identity = { filename = "../import/kept.txt" }
}
resource "tsvider_file_content" "x" {
  filename = "../import/kept.txt"
  content  = "keep me"
}
`,
    );
    const plan = await work.run(["plan", "-no-color"]);
    expect(plan.stdout).toContain("tsvider_file_content.x: Preparing import...");
    expect(plan.stdout).toContain("Plan: 1 to import, 0 to add, 0 to change, 0 to destroy.");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    const stored = await storedInstance(work.dir, "tsvider_file_content");
    expect(stored.identity).toEqual({ filename: "../import/kept.txt" });
    expect(stored.attributes).toMatchObject({ content: "keep me", file_permission: "0644" });
    expect((await planExitCode(work)).code).toBe(0);
    // The file was imported, not rewritten.
    expect(await readFile(join(dir, "kept.txt"), "utf8")).toBe("keep me");
  });
});

describe("import identities OpenTofu refuses or trims", () => {
  it("refuses an import identity without the filename (tofu checks required attributes)", async () => {
    const work = await importProject("import-missing", "{}");
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toContain("Incorrect value type");
    expect(plan.stderr).toContain('attribute "filename" is required');
  });

  it("reports an identity that names no file as an object that does not exist", async () => {
    const work = await importProject("import-nowhere", '{ filename = "nowhere.txt" }');
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toContain("Cannot import non-existent remote object");
  });

  it("drops an attribute the identity schema lacks before the provider sees it", async () => {
    // tofu converts the block's identity to the identity type, which leaves "region" out; the
    // import then goes on with the filename alone (here naming no file).
    const work = await importProject("import-extra", '{ filename = "nowhere.txt", region = "eu" }');
    const plan = await work.run(["plan", "-no-color"], { okCodes: [1] });
    expect(plan.stderr).toContain("Cannot import non-existent remote object");
    expect(plan.stderr).not.toContain("Unsupported attribute");
  });
});

function importProject(name: string, identity: string): Promise<Workdir> {
  return initProject(
    tofu,
    name,
    `import {
  to       = tsvider_file_content.x
  identity = ${identity}
}
resource "tsvider_file_content" "x" {
  filename = "nowhere.txt"
  content  = "x"
}
`,
  );
}

describe("an object stored before its resource had an identity", () => {
  it("gets one from the next refresh", async () => {
    const dir = join(tofu.root, "no-identity-yet");
    await mkdir(dir);
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = ">= ${V0_VERSION}" }
  }
}
resource "tsvider_file_content" "f" {
  filename = "old.txt"
  content  = "from 0.0.1\\n"
}
`,
    );
    // Provider 0.0.1 had no identity: its state has none.
    const old = new Workdir({ dir, binary: tofu.binary, cliConfigFile: fileContentV0CliConfigFile });
    await old.run(["init", "-no-color"]);
    await old.run(["apply", "-auto-approve", "-no-color"]);
    expect((await storedInstance(dir, "tsvider_file_content")).identity).toBeUndefined();

    const current = new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile });
    await current.run(["init", "-upgrade", "-no-color"]);
    await current.run(["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    const after = await storedInstance(dir, "tsvider_file_content");
    expect(after.identity).toEqual({ filename: "old.txt" });
    expect(after.identity_schema_version).toBe(0);
    expect((await planExitCode(current)).code).toBe(0);
  });
});

// The providers of both versions are installed once, under tofu's root; Terraform reads the
// same mirrors.
describe.each([
  ["OpenTofu", () => tofu.binary],
  ["Terraform", () => terraform.binary],
])("identity version 0 → 1 through %s", (host, binary) => {
  it("upgrades an identity stored by the earlier provider through its upgrader", async () => {
    const dir = join(tofu.root, `identity-upgrade-${host}`);
    await mkdir(dir);
    const log = join(tofu.root, `identity-upgrades-${host}.log`);
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = ">= ${IDENTITY_V0_PROVIDER}" }
  }
}
resource "tsvider_identity_note" "n" {
  filename = "note.txt"
  content  = "v0"
}
`,
    );
    const v0 = new Workdir({ dir, binary: binary(), cliConfigFile: v0CliConfigFile });
    await v0.run(["init", "-no-color"]);
    await v0.run(["apply", "-auto-approve", "-no-color"]);
    const before = await storedInstance(dir, "tsvider_identity_note");
    expect(before.identity).toEqual({ file: "note.txt" });
    expect(before.identity_schema_version).toBe(0);

    const v1 = new Workdir({
      dir,
      binary: binary(),
      cliConfigFile: v1CliConfigFile,
      extraEnv: { [UPGRADE_LOG_VARIABLE]: log },
    });
    await v1.run(["init", "-upgrade", "-no-color"]);
    const plan = await planExitCode(v1);
    expect(plan.code, `the upgraded identity should plan no change:\n${plan.stdout}`).toBe(0);
    // tofu asked the provider to upgrade the stored identity, from version 0, as stored.
    expect(await readFile(log, "utf8")).toContain('0:{"file":"note.txt"}');

    await v1.run(["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    const after = await storedInstance(dir, "tsvider_identity_note");
    expect(after.identity).toEqual({ filename: "note.txt" });
    expect(after.identity_schema_version).toBe(1);
    expect((await planExitCode(v1)).code).toBe(0);
  });
});
