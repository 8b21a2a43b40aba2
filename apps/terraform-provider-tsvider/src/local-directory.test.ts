// tsvider_local_directory through the real tofu: a set block's order means nothing, adding a
// file updates in place, drift on disk shows in the plan, destroy leaves files it does not
// manage, and a path that is a file fails the apply at `path`, leaving nothing behind.
import { existsSync } from "node:fs";
import { chmod, mkdir, readdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { attachedWorkdir, setUpTofu, stopAttachedProviders, type TofuSetup } from "./tofu.test-support.js";

let tofu: TofuSetup;
beforeAll(async () => {
  tofu = await setUpTofu("tsvider-directory-");
});
afterEach(() => stopAttachedProviders());
afterAll(() => tofu.cleanup());

/** Config for a directory "out" holding `files` (name → content), in the order given. */
function config(files: readonly (readonly [string, string])[], extra = "", path = "out"): string {
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
resource "tsvider_local_directory" "d" {
  path = ${JSON.stringify(path)}
${extra}${blocks}}
`;
}

async function project(name: string, text: string): Promise<Workdir> {
  const dir = join(tofu.root, name);
  await mkdir(dir);
  await writeFile(join(dir, "main.tf"), text);
  await new Workdir({ dir, binary: tofu.binary, cliConfigFile: tofu.cliConfigFile }).run([
    "init",
    "-no-color",
  ]);
  // What the resource does is the subject here, not how tofu starts the provider: one provider
  // process serves all of a test's commands.
  return attachedWorkdir(tofu, dir);
}

async function applied(name: string, files: readonly (readonly [string, string])[]): Promise<Workdir> {
  const work = await project(name, config(files));
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

describe("tsvider_local_directory on the real tofu", () => {
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
    // modifyPlan hashes the planned content, so the plan shows the hash; only the file count
    // waits for apply.
    expect(added.out).not.toMatch(/content_hash\s+= \(known after apply\)/);
    expect(added.out).toMatch(/~ file_count\s+= 2 -> \(known after apply\)/);
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

  it("changes modes in place when permissions change, and sees a mode changed by hand", async () => {
    const work = await applied("modes", AB);
    expect((await stat(join(work.dir, "out", "a.txt"))).mode & 0o777).toBe(0o644);
    await writeFile(
      join(work.dir, "main.tf"),
      config(AB, '  permissions     = "0o700"\n  file_permission = "0600"\n'),
    );
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect((await stat(join(work.dir, "out", "a.txt"))).mode & 0o777).toBe(0o600);
    expect((await stat(join(work.dir, "out"))).mode & 0o777).toBe(0o700);
    expect((await plan(work)).code).toBe(0);
    await chmod(join(work.dir, "out"), 0o755);
    const drifted = await plan(work);
    expect(drifted.code).toBe(2);
    expect(drifted.out).toMatch(/~ permissions\s+= "0o755" -> "0o700"/);
  });

  it("destroys its files and leaves the ones it does not manage", async () => {
    const work = await applied("destroy", AB);
    await writeFile(join(work.dir, "out", "mine.txt"), "not tofu's");
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(await readdir(join(work.dir, "out"))).toEqual(["mine.txt"]);
    await unlink(join(work.dir, "out", "mine.txt"));
    expect(existsSync(join(work.dir, "out", "a.txt"))).toBe(false);
  });

  it("fails the apply at path when the path is a file, and leaves the file and the state as they were", async () => {
    const work = await project("path-is-file", config(AB));
    await writeFile(join(work.dir, "out"), "a file, not a directory\n");
    const failed = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    const stderr = failed.stderr.replace(/\s+/g, " ");
    expect(stderr).toContain('Cannot create the directory "out": the path is a file');
    expect(stderr).toContain(
      'with tsvider_local_directory.d, on main.tf line 7, in resource "tsvider_local_directory" "d": 7: path = "out"',
    );
    expect(await readFile(join(work.dir, "out"), "utf8")).toBe("a file, not a directory\n");
    expect((await readdir(work.dir)).filter((n) => n.endsWith(".tmp"))).toEqual([]);
    const state = await work.run(["state", "list", "-no-color"], { okCodes: [0, 1] });
    expect(state.stdout.trim()).toBe("");
  });

  it("imports an existing directory by its path, in the notation pyvider uses", async () => {
    const work = await project("import", config([], "", "existing"));
    await mkdir(join(work.dir, "existing"), { mode: 0o755 });
    await writeFile(join(work.dir, "existing", "kept.txt"), "kept\n");
    await work.run(["import", "-no-color", "tsvider_local_directory.d", "existing"]);
    const shown = await work.run(["state", "show", "-no-color", "tsvider_local_directory.d"]);
    expect(shown.stdout).toMatch(/permissions\s+= "0o755"/);
    expect(shown.stdout).toMatch(/file_count\s+= 1/);
    expect((await plan(work)).code).toBe(0);
    await work.run(["destroy", "-auto-approve", "-no-color"]);
    expect(await readdir(join(work.dir, "existing"))).toEqual(["kept.txt"]);
  });
});
