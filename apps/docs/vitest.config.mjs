import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

// The site's tests (test/, run against the built site in dist/ and the pages) and the tutorial's
// (each part's provider acceptance-tested against the real tofu). `pnpm run build` first: turbo's
// `test` depends on `build`.
export default defineConfig({
  test: {
    ...sharedTestConfig.test,
    include: ["test/**/*.test.ts", "tutorial/**/*.test.ts"],
    exclude: ["**/node_modules/**", "**/dist/**"],
  },
});
