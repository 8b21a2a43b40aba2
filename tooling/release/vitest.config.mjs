import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../vitest.shared.mjs";

export default defineConfig({
  ...sharedTestConfig,
  test: {
    ...sharedTestConfig.test,
    root: fileURLToPath(new URL(".", import.meta.url)),
    include: ["*.test.mjs"],
  },
});
