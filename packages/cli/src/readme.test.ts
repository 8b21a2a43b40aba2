import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runModule, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

it("the README example bundles a provider entry into a file that runs", async () => {
  const example = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  const project = mkdtempSync(join(tmpdir(), "tsvider-readme-"));
  mkdirSync(join(project, "src"));
  mkdirSync(join(project, "dist"));
  writeFileSync(
    join(project, "src/main.ts"),
    'const greeting: string = "serving";\nconsole.log(greeting);\n',
  );
  const res = await runModule(example, [], process.env, project);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
  const run = spawnSync(join(project, "dist/terraform-provider-acme.cjs"), {
    encoding: "utf8",
    env: { ...process.env, XDG_CACHE_HOME: project },
  });
  expect(run.stdout).toBe("serving\n");
});
