import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

export default defineConfig({
  ...sharedTestConfig,
  test: {
    ...sharedTestConfig.test,
    // These tests run examples through the real tofu and terraform, several cells at a time: on
    // a busy two-core machine one took over 120 s. The limit only catches a hang, so it is ten
    // minutes, far above any run seen.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
