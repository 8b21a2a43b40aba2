// tsvider_file_content through the real tofu: drift, disappearance, replacement and import,
// beyond the runner's init / apply / no-op plan / destroy cycle.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Workdir } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERSION } from "./provider.js";
import { executable, setUpTofu, type TofuSetup } from "./tofu.test-support.js";

let root: string;
let cliConfigFile: string;
let binary: string;
let tofu: TofuSetup;

beforeAll(async () => {
  tofu = await setUpTofu("tsvider-file-content-");
  ({ root, binary, cliConfigFile } = tofu);
});
afterAll(() => tofu.cleanup());

function config(filename: string, content: string): string {
  return `terraform {
  required_providers {
    tsvider = { source = "tsvider/tsvider", version = "${VERSION}" }
  }
}
resource "tsvider_file_content" "f" {
  filename = ${JSON.stringify(filename)}
  content  = ${JSON.stringify(content)}
}
`;
}

async function workdir(name: string, filename: string, content: string): Promise<Workdir> {
  const dir = join(root, name);
  await mkdir(dir);
  await writeFile(join(dir, "main.tf"), config(filename, content));
  const work = new Workdir({ dir, binary, cliConfigFile });
  await work.run(["init", "-no-color"]);
  await work.run(["apply", "-auto-approve", "-no-color"]);
  return work;
}

const planExitCode = async (work: Workdir) => {
  const res = await work.run(["plan", "-detailed-exitcode", "-no-color"], { okCodes: [0, 2] });
  return { code: res.code, out: res.stdout };
};

describe("tsvider_file_content on the real tofu", () => {
  it("sees a file changed on disk as drift, and apply puts the content back", async () => {
    const work = await workdir("drift", "out.txt", "planned\n");
    await writeFile(join(work.dir, "out.txt"), "edited by hand\n");
    const plan = await planExitCode(work);
    expect(plan.code).toBe(2);
    expect(plan.out).toMatch(/~ content\s+=/);
    expect(plan.out).toContain("1 to change");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(await readFile(join(work.dir, "out.txt"), "utf8")).toBe("planned\n");
    expect((await planExitCode(work)).code).toBe(0);
  });

  it("drops a deleted file from state and plans to create it again", async () => {
    const work = await workdir("gone", "out.txt", "x");
    await unlink(join(work.dir, "out.txt"));
    const plan = await planExitCode(work);
    expect(plan.code).toBe(2);
    expect(plan.out).toContain("will be created");
    expect(plan.out).toContain("1 to add, 0 to change, 0 to destroy");
  });

  it("replaces the file when filename changes", async () => {
    const work = await workdir("replace", "a.txt", "same");
    await writeFile(join(work.dir, "main.tf"), config("b.txt", "same"));
    const plan = await planExitCode(work);
    expect(plan.out).toMatch(/must be\s+replaced/);
    expect(plan.out).toContain("1 to add, 0 to change, 1 to destroy");
    await work.run(["apply", "-auto-approve", "-no-color"]);
    expect(existsSync(join(work.dir, "a.txt"))).toBe(false);
    expect(await readFile(join(work.dir, "b.txt"), "utf8")).toBe("same");
  });

  it("imports an existing file by its filename", async () => {
    const work = await workdir("import", "kept.txt", "keep me");
    await work.run(["state", "rm", "tsvider_file_content.f"]);
    await work.run(["import", "-no-color", "tsvider_file_content.f", "kept.txt"]);
    const shown = await work.run(["state", "show", "-no-color", "tsvider_file_content.f"]);
    expect(shown.stdout).toMatch(/content\s+= "keep me"/);
    expect(shown.stdout).toMatch(/content_hash\s+= "[0-9a-f]{64}"/);
    expect(shown.stdout).toMatch(/file_permission = "0644"/);
    expect((await planExitCode(work)).code).toBe(0);
  });
});

describe("a failed apply", () => {
  it("points at filename when the path is a directory, and leaves nothing behind", async () => {
    const dir = join(root, "blocked");
    await mkdir(join(dir, "taken"), { recursive: true });
    await writeFile(join(dir, "main.tf"), config("taken", "content\n"));
    const work = new Workdir({ dir, binary, cliConfigFile });
    await work.run(["init", "-no-color"]);
    const failed = await work.run(["apply", "-auto-approve", "-no-color"], { okCodes: [1] });
    const stderr = failed.stderr.replace(/\s+/g, " ");
    expect(stderr).toContain('Error: Cannot write "taken": the path is a directory');
    expect(stderr).toContain(
      'on main.tf line 7, in resource "tsvider_file_content" "f": 7: filename = "taken"',
    );
    expect(stderr).toContain("Nothing was written there.");
    // No temporary file beside it, nothing in the directory, nothing in state.
    expect((await readdir(work.dir)).filter((n) => n.includes(".tmp"))).toEqual([]);
    expect(await readdir(join(work.dir, "taken"))).toEqual([]);
    const state = await work.run(["state", "list", "-no-color"], { okCodes: [0, 1] });
    expect(state.stdout.trim()).toBe("");
  });
});

describe("the provider executable", () => {
  it("run by hand, says it is a plugin and exits 1", () => {
    const env = { ...process.env };
    delete env.TF_PLUGIN_MAGIC_COOKIE;
    const res = spawnSync(executable, [], { env, encoding: "utf8" });
    expect(res.status).toBe(1);
    expect(res.stdout).toBe("");
    expect(res.stderr).toContain("is a plugin for OpenTofu and Terraform, not a program to run directly");
  });
});
