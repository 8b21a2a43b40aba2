import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { runModule, writeReadmeExample } from "../../../tooling/test/readme-example.mjs";

it("the README example runs as written", async () => {
  const file = await writeReadmeExample(fileURLToPath(new URL("..", import.meta.url)));
  const res = await runModule(file);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
});
