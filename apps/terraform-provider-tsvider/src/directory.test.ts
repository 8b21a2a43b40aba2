// tsvider_directory through the real tofu: a set block's order means nothing, adding a file
// updates in place, drift on disk shows in the plan, and destroy leaves files it does not manage.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-directory-");
});
afterAll(() => tofu.cleanup());

/** Config for a directory "out" holding `files` (name → content), in the order given. */
function config(files: readonly (readonly [string, string])[], permissions = ""): string {
  const blocks = files
    .map(
      ([name, content]) =>
        `  file {\n    name    = ${JSON.stringify(name)}\n    content = ${JSON.stringify(content)}\n  }\n`,
    )
    .join("");
  return `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
resource "tsvider_directory" "d" {
  path = "out"
${permissions}${blocks}}
`;
}

async function applied(name: string, files: readonly (readonly [string, string])[]): Promise<Workdir> {
  const dir = join(tofu.root, name);
  await mkdir(dir);
  await writeFile(join(dir, "main.tf"), config(files));
  const work = new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile });
  await work.run(["init", "-no-color"]);
  await work.run(["apply", "-auto-approve", "-no-color"]);
  return work;
}

async function plan(work: Workdir): Promise<{ code: number; out: string }> {
  const res = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
  return { code: res.code, out: res.stdout };
}

const AB = [
  ["a.txt", "A\n"],
  ["b.txt", "B\n"],
] as const;

describe("tsvider_directory on the real tofu", () => {
  it("plans nothing when the file blocks are reordered", async () => {
    const work = await applied("reorder", AB);
    await writeFile(join(work.dir, "main.tf"), config([AB[1], AB[0]]));
    expect((await plan(work)).code).toBe(0);
  });

  it("adds a file in place, planning its hash, and removes one that leaves the set", async () => {
    const work = await applied("add", AB);
    await writeFile(join(work.dir, "main.tf"), config([...AB, ["c.txt", "C\n"]]));
    const added = await plan(work);
    expect(added.code).toBe(2);
    expect(added.out).toContain("will be updated in-place");
    expect(added.out).toContain("0 to add, 1 to change, 0 to destroy");
    // modifyPlan hashes the planned content, so the plan shows the hash, not "(known after apply)".
    expect(added.out).not.toContain("known after apply");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(await readFile(join(work.dir, "out", "c.txt"), "utf8")).toBe("C\n");
    expect((await plan(work)).code).toBe(0);

    await writeFile(join(work.dir, "main.tf"), config([AB[1], ["c.txt", "C\n"]]));
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await readdir(join(work.dir, "out"))).sort()).toEqual(["b.txt", "c.txt"]);
    expect((await plan(work)).code).toBe(0);
  });

  it("sees a file edited or removed by hand, and apply puts it back", async () => {
    const work = await applied("drift", AB);
    await writeFile(join(work.dir, "out", "a.txt"), "edited\n");
    await unlink(join(work.dir, "out", "b.txt"));
    const drifted = await plan(work);
    expect(drifted.code).toBe(2);
    expect(drifted.out).toContain("1 to change");
    // A set element that changed is shown as the old element out and the new one in.
    expect(drifted.out).toMatch(/- file \{[^}]*edited[^}]*name\s+= "a\.txt" -> null/);
    expect(drifted.out).toMatch(/\+ file \{[^}]*name\s+= "b\.txt"/);
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(await readFile(join(work.dir, "out", "a.txt"), "utf8")).toBe("A\n");
    expect(await readFile(join(work.dir, "out", "b.txt"), "utf8")).toBe("B\n");
    expect((await plan(work)).code).toBe(0);
  });

  it("changes modes in place when permissions change", async () => {
    const work = await applied("modes", AB);
    expect((await stat(join(work.dir, "out", "a.txt"))).mode & 0o777).toBe(0o644);
    await writeFile(
      join(work.dir, "main.tf"),
      config(AB, '  permissions = { file = "0600", directory = "0700" }\n'),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await stat(join(work.dir, "out", "a.txt"))).mode & 0o777).toBe(0o600);
    expect((await stat(join(work.dir, "out"))).mode & 0o777).toBe(0o700);
    expect((await plan(work)).code).toBe(0);
  });

  it("destroys its files and leaves the ones it does not manage", async () => {
    const work = await applied("destroy", AB);
    await writeFile(join(work.dir, "out", "mine.txt"), "not tofu's");
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(await readdir(join(work.dir, "out"))).toEqual(["mine.txt"]);
    await unlink(join(work.dir, "out", "mine.txt"));
    expect(existsSync(join(work.dir, "out", "a.txt"))).toBe(false);
  });
});
