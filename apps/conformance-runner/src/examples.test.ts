import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findExamples } from "./examples.js";
import { referenceProvider } from "./reference-provider.js";

describe("findExamples", () => {
  it("finds every directory holding a .tf file, sorted, and skips hidden ones", async () => {
    const root = await mkdtemp(join(tmpdir(), "tsvider-examples-"));
    for (const d of ["resources/b", "resources/a", "functions/f", "docs-only", ".terraform/x"]) {
      await mkdir(join(root, d), { recursive: true });
    }
    await writeFile(join(root, "resources/b/main.tf"), "");
    await writeFile(join(root, "resources/a/main.tf"), "");
    await writeFile(join(root, "functions/f/x.tf"), "");
    await writeFile(join(root, "docs-only/README.md"), "");
    await writeFile(join(root, ".terraform/x/main.tf"), "");
    expect(await findExamples(root)).toEqual(["functions/f", "resources/a", "resources/b"]);
  });

  it("finds the reference provider's examples", async () => {
    const examples = await findExamples(referenceProvider.examplesDir);
    expect(examples).toContain("resources/tsvider_file_content");
    expect(examples).toContain("functions/sha256_hex");
    expect(examples).toContain("ephemeral-resources/tsvider_random_token");
  });
});
