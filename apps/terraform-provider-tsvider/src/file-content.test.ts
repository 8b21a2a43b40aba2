// tsvider_file_content through the real tofu, on @tsvider/conformance's acceptanceTest: drift,
// disappearance, replacement and import, beyond the runner's init / apply / no-op plan /
// destroy cycle. The provider is served from this process, so file names are absolute (the
// provider's working directory is the test's, not tofu's), in a directory of the test's own.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { acceptanceTest, planCheck, stateCheck } from "@tsvider/conformance";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provider } from "./provider.js";
import { executable } from "./tofu.test-support.js";

const F = "tsvider_file_content.f";

let files: string;
beforeAll(async () => {
  files = await mkdtemp(join(tmpdir(), "tsvider-file-content-"));
});
afterAll(() => rm(files, { recursive: true, force: true }));

function config(filename: string, content: string): string {
  return `resource "tsvider_file_content" "f" {
  filename = ${JSON.stringify(filename)}
  content  = ${JSON.stringify(content)}
}
`;
}

describe("tsvider_file_content on the real tofu", () => {
  it("sees a file changed on disk as drift, and apply puts the content back", async () => {
    const out = join(files, "drift.txt");
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        {
          config: config(out, "planned\n"),
          stateChecks: [stateCheck.attribute(F, "content", "planned\n")],
        },
        {
          preConfig: () => writeFile(out, "edited by hand\n"),
          planOnly: true,
          expectNonEmptyPlan: true,
          planChecks: {
            preApply: [planCheck.action(F, "update"), planCheck.known(F, "content", "planned\n")],
          },
        },
        // Applying the same config again puts the content back, and then plans nothing.
        { check: async () => expect(await readFile(out, "utf8")).toBe("planned\n") },
      ],
    });
  });

  it("drops a deleted file from state and plans to create it again", async () => {
    const out = join(files, "gone.txt");
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        { config: config(out, "x") },
        {
          preConfig: () => unlink(out),
          planOnly: true,
          expectNonEmptyPlan: true,
          planChecks: { preApply: [planCheck.action(F, "create")] },
        },
      ],
    });
  });

  it("replaces the file when filename changes", async () => {
    const dir = join(files, "replace");
    await mkdir(dir);
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        { config: config(join(dir, "a.txt"), "same") },
        {
          config: config(join(dir, "b.txt"), "same"),
          planChecks: { preApply: [planCheck.action(F, "replace")] },
          check: async () => {
            expect(existsSync(join(dir, "a.txt"))).toBe(false);
            expect(await readFile(join(dir, "b.txt"), "utf8")).toBe("same");
          },
        },
      ],
    });
  });

  it("imports an existing file by its filename", async () => {
    const kept = join(files, "kept.txt");
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        { config: config(kept, "keep me") },
        {
          // `import` with the filename as ID, into the same config; verify compares every
          // attribute with what apply stored.
          importState: { resourceName: F, id: kept, verify: true },
          stateChecks: [
            stateCheck.attribute(F, "content", "keep me"),
            stateCheck.attribute(F, "content_hash", /^[0-9a-f]{64}$/),
            stateCheck.attribute(F, "file_permission", "0644"),
          ],
        },
      ],
    });
  });
});

describe("a failed apply", () => {
  it("points at filename when the path is a directory, and leaves nothing behind", async () => {
    const taken = join(files, "taken");
    await mkdir(taken);
    await acceptanceTest({
      provider,
      address: "tsvider/tsvider",
      steps: [
        {
          config: config(taken, "content\n"),
          expectError:
            /Error: Cannot write ".*taken": the path is a directory .*on main\.tf line 2, in resource "tsvider_file_content" "f": 2: filename = ".*taken".*Nothing was written there\./,
        },
        {
          // Nothing in state, and no temporary file beside it or in it.
          planOnly: true,
          expectNonEmptyPlan: true,
          stateChecks: [stateCheck.absent(F)],
          check: async () => {
            expect((await readdir(files)).filter((n) => n.includes(".tmp"))).toEqual([]);
            expect(await readdir(taken)).toEqual([]);
          },
        },
      ],
    });
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
