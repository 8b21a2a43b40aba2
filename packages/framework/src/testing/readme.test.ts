import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { expect, it } from "vitest";
import { runModule } from "../../../../tooling/test/readme-example.mjs";

const packageDir = fileURLToPath(new URL("../..", import.meta.url));

/** The section's TypeScript examples, in order. */
async function sectionExamples(): Promise<string[]> {
  const readme = await readFile(join(packageDir, "README.md"), "utf8");
  const start = readme.indexOf("## Testing providers");
  const section = readme.slice(start, readme.indexOf("\n## ", start + 1));
  return [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

it("the README's testing examples run as written (against the build)", async () => {
  const examples = await sectionExamples();
  // The kit's example, then callProviderFunction's.
  expect(examples).toHaveLength(2);
  expect(examples[1]).toContain("callProviderFunction");
  for (const [i, example] of examples.entries()) await runExample(example, `testing-${i}.mjs`);
});

async function runExample(example: string, name: string): Promise<void> {
  const { code } = await transform(example, { loader: "ts", format: "esm", target: "node20" });
  // Inside the package, so `@tsvider/framework` resolves to its own build (self-reference).
  const file = join(packageDir, ".readme-example", name);
  await mkdir(join(packageDir, ".readme-example"), { recursive: true });
  await writeFile(file, code);
  const result = (await runModule(file)) as { code: number; stderr: string };
  expect(result.stderr, name).toBe("");
  expect(result.code, name).toBe(0);
}
