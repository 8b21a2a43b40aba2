import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

export default defineConfig({
  ...sharedTestConfig,
  test: {
    ...sharedTestConfig.test,
    // The suite applies every configuration through the real tofu, and the root modules through
    // the real Terraform, against two providers, one of them Python. The limit only catches a
    // hang, so it is far above any run seen (about three minutes on an idle machine, six on a
    // busy one).
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
  },
});
