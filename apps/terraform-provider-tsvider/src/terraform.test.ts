// The reference provider under the real Terraform (not only OpenTofu): installed from the same
// filesystem mirror, with Terraform's own registry address in the lock file, through a whole
// create / no-op plan / update / destroy cycle over protocol 6.
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { parseLockFile } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import {
  initAttachedProject,
  setUpTerraform,
  stopAttachedProviders,
  type TofuSetup,
} from "./tofu.test-support.js";

// Each test's commands attach to one provider process (initAttachedProject).
afterEach(() => stopAttachedProviders());

let terraform: TofuSetup;

beforeAll(async () => {
  terraform = await setUpTerraform("tsvider-terraform-");
});
afterAll(() => terraform.cleanup());

const resource = (content: string) => `
resource "tsvider_file_content" "f" {
  filename = "\${path.module}/out.txt"
  content  = ${JSON.stringify(content)}
}
output "hash" { value = tsvider_file_content.f.content_hash }
`;

describe("the reference provider on the real Terraform", () => {
  it("installs from the mirror, applies, plans nothing more, updates and destroys", async () => {
    const work = await initAttachedProject(terraform, "cycle", resource("one\n"));
    const locked = parseLockFile(await readFile(join(work.dir, ".terraform.lock.hcl"), "utf8"));
    expect(locked.map((p) => [p.address, p.version])).toEqual([
      ["registry.terraform.io/tsvider/tsvider", VERSION],
    ]);
    expect(locked[0]?.hashes.some((h) => h.startsWith("h1:"))).toBe(true);

    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(await readFile(join(work.dir, "out.txt"), "utf8")).toBe("one\n");
    const noop = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
    expect(noop.code, noop.stdout).toBe(0);

    const mainTf = join(work.dir, "main.tf");
    await writeFile(mainTf, (await readFile(mainTf, "utf8")).replace('"one\\n"', '"two\\n"'));
    const update = await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(update.stdout).toContain("1 changed");
    expect(await readFile(join(work.dir, "out.txt"), "utf8")).toBe("two\n");

    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(existsSync(join(work.dir, "out.txt"))).toBe(false);
  });
});
