import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runModule, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

it("the README example parses, evaluates and reports a diagnostic with its range", async () => {
  const example = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  const res = await runModule(example);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
  const lines = res.stdout.trim().split("\n");
  expect(lines.slice(0, 2)).toEqual(["6", "WEB-6"]);
  expect(lines[2]).toMatch(/^bad\.hcl:1,\d+(-\d+)?: /);
});
