// Resource identity through the real tofu: tsvider_file_content's identity { filename } in
// state and in `tofu show -json`, stable across refresh; an `import {}` block that names the
// file by identity; an identity tofu refuses to import (these on @tsvider/conformance's
// acceptanceTest); and an identity stored at version 0 by an earlier provider, upgraded by the
// current one through UpgradeResourceIdentity (two provider builds in one directory, which
// acceptanceTest does not model: driven with Workdir).
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  acceptanceTest,
  planCheck,
  resolveTerraform,
  resolveTofu,
  type StepContext,
  stateCheck,
  Workdir,
} from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V0_VERSION } from "./file-content-v0.test-support.js";
import {
  IDENTITY_V0_PROVIDER,
  IDENTITY_V1_PROVIDER,
  UPGRADE_LOG_VARIABLE,
} from "./identity-upgrade.test-support.js";
import { provider } from "./provider.js";
import { installTestProvider, setUpTerraform, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
let terraform: TofuSetup;
let v0CliConfigFile: string;
let v1CliConfigFile: string;
let fileContentV0CliConfigFile: string;
let files: string;

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-identity-");
  terraform = await setUpTerraform("tsvider-identity-tf-");
  files = await mkdtemp(join(tmpdir(), "tsvider-identity-files-"));
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
  await rm(files, { recursive: true, force: true });
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

const planExitCode = async (work: Workdir) =>
  work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });

// The same on both hosts: what each stores and shows, and import by identity, on
// @tsvider/conformance's acceptanceTest with the provider served from this process (so file
// names are absolute, in a directory of the test's own).
const F = "tsvider_file_content.f";
const fileConfig = (address: string, filename: string, content: string) =>
  `resource "tsvider_file_content" "${address.split(".")[1]}" {\n  filename = ${JSON.stringify(filename)}\n  content  = ${JSON.stringify(content)}\n}\n`;
const shownResource = (ctx: StepContext, address: string) =>
  ctx.state.values?.root_module?.resources?.find((r) => r.address === address);

describe.each([
  ["OpenTofu", () => resolveTofu()],
  ["Terraform", () => resolveTerraform()],
])("tsvider_file_content's identity through %s", (host, binary) => {
  it("is stored on create, shown by show -json, and stable across refresh", async () => {
    const out = join(files, `lifecycle-${host}.txt`);
    const identity = stateCheck.identity(F, { filename: out });
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      binary: binary(),
      steps: [
        {
          config: fileConfig(F, out, "hello\n"),
          stateChecks: [identity],
          check: (ctx) => expect(shownResource(ctx, F)?.identity_schema_version).toBe(0),
        },
        // Refresh asks the provider to read with the stored identity; it must come back the same.
        { refreshState: true, stateChecks: [identity] },
        // A change in place keeps the identity too.
        {
          config: fileConfig(F, out, "changed\n"),
          planChecks: { preApply: [planCheck.action(F, "update")] },
          stateChecks: [identity, stateCheck.attribute(F, "content", "changed\n")],
        },
      ],
    });
    // The final destroy is planned with the identity, and removed the file.
    await expect(readFile(out, "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("names the file in an import block, which imports it with no diff afterwards", async () => {
    const kept = join(files, `kept-${host}.txt`);
    await writeFile(kept, "keep me");
    await chmod(kept, 0o644);
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      binary: binary(),
      steps: [
        {
          config: fileConfig("tsvider_file_content.x", kept, "keep me"),
          importState: {
            resourceName: "tsvider_file_content.x",
            identity: { filename: kept },
            persist: true,
          },
          planChecks: {
            preApply: [
              planCheck.importing("tsvider_file_content.x"),
              planCheck.action("tsvider_file_content.x", "no-op"),
            ],
          },
          stateChecks: [
            stateCheck.identity("tsvider_file_content.x", { filename: kept }),
            stateCheck.attribute("tsvider_file_content.x", "content", "keep me"),
            stateCheck.attribute("tsvider_file_content.x", "file_permission", "0644"),
          ],
          // The file was imported, not rewritten.
          check: async () => expect(await readFile(kept, "utf8")).toBe("keep me"),
        },
        { planOnly: true },
      ],
    });
  });
});

describe("import identities OpenTofu refuses or trims", () => {
  const refused = (identity: Record<string, unknown>, expectError: RegExp) =>
    acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        {
          config: fileConfig("tsvider_file_content.x", join(files, "nowhere.txt"), "x"),
          importState: { resourceName: "tsvider_file_content.x", identity },
          expectError,
        },
      ],
    });

  it("refuses an import identity without the filename (tofu checks required attributes)", async () => {
    await refused({}, /Incorrect value type.*attribute "filename" is required/);
  });

  it("reports an identity that names no file as an object that does not exist", async () => {
    await refused({ filename: join(files, "nowhere.txt") }, /Cannot import non-existent remote object/);
  });

  it("drops an attribute the identity schema lacks before the provider sees it", async () => {
    // tofu converts the block's identity to the identity type, which leaves "region" out; the
    // import then goes on with the filename alone (here naming no file).
    await refused(
      { filename: join(files, "nowhere.txt"), region: "eu" },
      /^(?![\s\S]*Unsupported attribute)[\s\S]*Cannot import non-existent remote object/,
    );
  });
});

// The tests above serve the provider from this process. Those from here on keep a provider per
// command: two builds of the provider take turns in one directory, and which one serves after
// `init -upgrade` is the host's choice from the lock file, which attaching every command to
// one process would make for it.
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
