import { chmod, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runModule, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

it("the README example installs a provider with the real tofu and reports the locked hash", async () => {
  const file = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  // `tofu init` installs and hashes the executable without running it: any file will do.
  const executable = join(await mkdtemp(join(tmpdir(), "tsvider-readme-")), "provider");
  await writeFile(executable, "#!/bin/sh\nexit 1\n");
  await chmod(executable, 0o755);
  const res = await runModule(file, [executable]);
  expect(res.stderr).toBe("");
  expect(res.stdout).toMatch(/^installed; the lock file records h1:[A-Za-z0-9+/]{43}=\n$/);
  expect(res.code).toBe(0);
});
