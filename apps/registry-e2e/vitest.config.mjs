import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

// The global setup starts the registry and publishes every package before any test file runs.
// Each file installs from it with npm and runs tofu: one file at a time, on a shared machine,
// with limits in minutes (a guard against hangs, not a timing assertion).
export default defineConfig({
  test: {
    ...sharedTestConfig.test,
    globalSetup: ["./src/global-setup.ts"],
    testTimeout: 900_000,
    hookTimeout: 600_000,
    fileParallelism: false,
  },
});
