// `tsvider docs --check` on this provider: docs/ is what its schema (read from the provider built
// from src/main.ts, as practitioners get it), examples/ and templates/ make. After changing a
// description, an example or a template, run `pnpm run docs` here (or `tsvider docs`).
import { fileURLToPath } from "node:url";
import { checkDocs, describeDifferences } from "tsvider/docs";
import { expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));

it("docs/ is up to date with the schema, the examples and the templates", async () => {
  const differences = describeDifferences(await checkDocs(root));
  expect(
    differences,
    "run `pnpm run docs` in apps/terraform-provider-postgresql to regenerate docs/",
  ).toEqual([]);
}, 60_000);
