import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { expect, it } from "vitest";
import { runModule } from "../../../../tooling/test/readme-example.mjs";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

it("the README's testing example runs as written (against the build)", async () => {
  const readme = await readFile(join(packageDir, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Testing providers"));
  const match = /```ts\n([\s\S]*?)```/.exec(section);
  expect(match).not.toBeNull();
  const { code } = await transform(match![1]!, { loader: "ts", format: "esm", target: "node20" });
  // Inside the package, so `@tsvider/framework` resolves to its own build (self-reference).
  const file = join(packageDir, ".readme-example", "testing.mjs");
  await mkdir(join(packageDir, ".readme-example"), { recursive: true });
  await writeFile(file, code);
  const result = (await runModule(file)) as { code: number; stderr: string };
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
});
