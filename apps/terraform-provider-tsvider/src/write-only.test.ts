// Write-only attributes through the real tofu: tsvider_secret_file's content_wo, fed from an
// ephemeral variable, reaches the provider (the file on disk holds it) and is found nowhere
// else: not in `tofu show -json`, not in the plan file (its zip entries inflated), not in the
// state file, and not in the provider's log at TF_LOG_PROVIDER=trace. A new value alone plans
// no change; raising content_wo_version writes the new one.
import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initProject, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-write-only-");
}, 60_000);
afterAll(() => tofu.cleanup());

const body = (version: number) => `
variable "api_key" {
  type      = string
  ephemeral = true
}

resource "tsvider_secret_file" "key" {
  filename           = "key.txt"
  content_wo         = var.api_key
  content_wo_version = ${version}
}
`;

/** Every entry of a zip file (a plan file is one), inflated: the secret could hide compressed. */
function zipEntries(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error("not a zip file");
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(dataStart, dataStart + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

describe("write-only attributes on the real tofu", () => {
  it("reach the provider and are stored nowhere, nor logged at trace level", async () => {
    const first = `wo-${randomBytes(12).toString("hex")}`;
    const second = `wo-${randomBytes(12).toString("hex")}`;
    const log = join(tofu.root, "tofu-trace.log");
    const env = (key: string) => ({ TF_VAR_api_key: key, TF_LOG_PROVIDER: "trace", TF_LOG_PATH: log });

    let work = await initProject(tofu, "secret", body(1), env(first));
    await work.run(["plan", "-out=create.tfplan", "-no-color"]);
    await work.run(["apply", "-no-color", "create.tfplan"]);
    expect(await readFile(join(work.dir, "key.txt"), "utf8")).toBe(first);

    const shown = (await work.run(["show", "-json"])).stdout;
    const values = (
      JSON.parse(shown) as { values: { root_module: { resources: { values: Record<string, unknown> }[] } } }
    ).values.root_module.resources[0]!.values;
    expect(values).toMatchObject({ filename: "key.txt", content_wo: null, content_wo_version: 1 });
    expect(shown).not.toContain(first);
    const planFile = await readFile(join(work.dir, "create.tfplan"));
    expect(planFile.includes(first)).toBe(false);
    const entries = zipEntries(planFile);
    expect([...entries.keys()]).toContain("tfplan");
    for (const [name, data] of entries) expect(data.includes(first), `plan entry ${name}`).toBe(false);
    expect(await readFile(join(work.dir, "terraform.tfstate"), "utf8")).not.toContain(first);

    // A new value alone plans nothing: nothing remembers the old one.
    work = new Workdir({
      dir: work.dir,
      binary: tofu.binary,
      cliConfigFile: tofu.cliConfigFile,
      extraEnv: env(second),
    });
    const same = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(same.code, same.stdout).toBe(0);

    // A new version writes the new value, which is stored nowhere either.
    await writeFile(
      join(work.dir, "main.tf"),
      (await readFile(join(work.dir, "main.tf"), "utf8")).replace(
        "content_wo_version = 1",
        "content_wo_version = 2",
      ),
    );
    const update = await work.run(["plan", "-out=update.tfplan", "-no-color"]);
    expect(update.stdout).toMatch(/~ content_wo_version\s+= 1 -> 2/);
    expect(update.stdout).not.toContain(second);
    await work.run(["apply", "-no-color", "update.tfplan"]);
    expect(await readFile(join(work.dir, "key.txt"), "utf8")).toBe(second);
    for (const [name, data] of zipEntries(await readFile(join(work.dir, "update.tfplan")))) {
      expect(data.includes(second), `plan entry ${name}`).toBe(false);
    }
    expect(await readFile(join(work.dir, "terraform.tfstate"), "utf8")).not.toContain(second);

    // The provider logged at trace level (its results, masked) and never either value.
    const logged = await readFile(log, "utf8");
    expect(logged).toMatch(/provider\.terraform-provider-tsvider.*resource create result/);
    expect(logged).toContain("tsvider_secret_file");
    expect(logged).not.toContain(first);
    expect(logged).not.toContain(second);
  });
});
