// The README's "Custom types and semantic equality" example, run as written against the build
// (`pnpm run build` first), as src/testing/readme.test.ts runs the testing section's.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { expect, it } from "vitest";
import { runModule } from "../../../../tooling/test/readme-example.mjs";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

it("the README's custom types example runs as written (against the build)", async () => {
  const readme = await readFile(join(packageDir, "README.md"), "utf8");
  const start = readme.indexOf("## Custom types and semantic equality");
  expect(start).toBeGreaterThan(readme.indexOf("## Validators"));
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  const examples = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  expect(examples).toHaveLength(1);
  const { code } = await transform(examples[0]!, { loader: "ts", format: "esm", target: "node20" });
  // Inside the package, so `@tsvider/framework` resolves to its own build (self-reference).
  const file = join(packageDir, ".readme-example", "custom-types.mjs");
  await mkdir(join(packageDir, ".readme-example"), { recursive: true });
  await writeFile(file, code);
  const result = (await runModule(file)) as { code: number; stderr: string };
  expect(result.stderr).toBe("");
  expect(result.code).toBe(0);
});
