import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

export default defineConfig({
  ...sharedTestConfig,
  test: {
    ...sharedTestConfig.test,
    // The suite applies every configuration through the real tofu against two providers, one of
    // them Python. The limit only catches a hang, so it is far above any run seen (about a
    // minute on an idle machine).
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
