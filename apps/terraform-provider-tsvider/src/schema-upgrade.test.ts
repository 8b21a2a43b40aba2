// Upgrading tsvider_file_content's state from schema version 0 to the current one (2) with the
// real tofu: state written by the earlier provider (bundled from file-content-v0.test-support.ts),
// then read by the current one, which must keep every value, plan no change, and store version 2.
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { V0_VERSION } from "./file-content-v0.test-support.js";
import { installTestProvider, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

// A provider per command: two builds of the provider take turns in one directory, and which
// one serves after `init -upgrade` is the host's choice from the lock file, which attaching
// every command to one process would make for it.

let tofu: TofuSetup;
let v0CliConfigFile: string;

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-upgrade-");
  v0CliConfigFile = await installTestProvider(tofu.root, "v0", {
    entry: fileURLToPath(new URL("./file-content-v0.test-support.ts", import.meta.url)),
    version: V0_VERSION,
  });
}, 60_000);
afterAll(() => tofu.cleanup());

const CONTENT = "written by version 0\n";

interface StoredInstance {
  schema_version: number;
  attributes: Record<string, unknown>;
}

async function storedInstance(dir: string): Promise<StoredInstance> {
  const state = JSON.parse(await readFile(join(dir, "terraform.tfstate"), "utf8")) as {
    resources: { type: string; instances: StoredInstance[] }[];
  };
  const resource = state.resources.find((r) => r.type === "tsvider_file_content");
  if (!resource) throw new Error("terraform.tfstate holds no tsvider_file_content");
  return resource.instances[0]!;
}

describe("tsvider_file_content schema version 0 → 1", () => {
  it("upgrades state written by the earlier provider, with no change planned", async () => {
    const dir = join(tofu.root, "upgrade");
    await mkdir(dir);
    await writeFile(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = ">= ${V0_VERSION}" }
  }
}
resource "tsvider_file_content" "f" {
  filename = "out.txt"
  content  = ${JSON.stringify(CONTENT)}
}
`,
    );

    // Version 0.0.1 writes the file and the state: schema version 0, with `exists`.
    const v0 = new Workdir({ dir, binary: tofu.binary, cliConfigFile: v0CliConfigFile });
    await v0.run(["init", "-no-color"]);
    await v0.run(["apply", "-auto-approve", "-no-color"]);
    const before = await storedInstance(dir);
    expect(before.schema_version).toBe(0);
    expect(before.attributes).toMatchObject({ filename: "out.txt", content: CONTENT, exists: true });
    expect(before.attributes).not.toHaveProperty("file_permission");
    const hash = before.attributes.content_hash;
    expect(typeof hash).toBe("string");
    // v0 never set a mode: the file has what the umask left, which the upgrader assumes is 0644.
    expect((await stat(join(dir, "out.txt"))).mode & 0o777, "this test needs umask 022").toBe(0o644);

    // The current provider takes over: init -upgrade moves the lock file to it.
    const v1 = new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile });
    await v1.run(["init", "-upgrade", "-no-color"]);
    const plan = await v1.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(plan.code, `the upgraded state should plan no change:\n${plan.stdout}`).toBe(0);

    // plan upgrades in memory only: the file still holds version 0, and tofu state show,
    // which does not ask the provider to upgrade, refuses to read it until state is written.
    expect((await storedInstance(dir)).schema_version).toBe(0);
    const early = await v1.run(["state", "show", "-no-color", "tsvider_file_content.f"], { okCodes: [1] });
    expect(early.stderr).toContain("does not match version 2 from the provider");

    await v1.run(["apply", "-refresh-only", "-auto-approve", "-no-color"]);
    const after = await storedInstance(dir);
    expect(after.schema_version).toBe(2);
    expect(after.attributes).toEqual({
      filename: "out.txt",
      content: CONTENT,
      file_permission: "0644",
      content_hash: hash,
      exists: true,
    });
    const shown = await v1.run(["state", "show", "-no-color", "tsvider_file_content.f"]);
    expect(shown.stdout).toContain('file_permission = "0644"');
    expect(shown.stdout).toContain(`content_hash    = ${JSON.stringify(hash)}`);
    // Version 1 dropped `exists`; version 2 has it again (always true), as pyvider's has.
    expect(shown.stdout).toMatch(/exists\s+= true/);

    expect((await v1.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] })).code).toBe(0);
  });
});
