import { defineConfig } from "vitest/config";
import { sharedTestConfig } from "../../tooling/vitest.shared.mjs";

// The site's tests (test/, run against the built site in dist/ and the pages) and the tutorial's
// (each part's provider acceptance-tested against the real tofu). `pnpm run build` first: turbo's
// `test` depends on `build`.
export default defineConfig({
  test: {
    ...sharedTestConfig.test,
    include: ["test/**/*.test.ts", "tutorial/**/*.test.ts"],
    // The files a worker runs share one module registry, as sharedModulesTestConfig in
    // tooling/vitest.shared.mjs arranges for packages with a src/ (this app has none): the
    // framework, conformance and TypeScript, which most files import, are loaded once per worker
    // instead of once per file. No file here mocks a module or needs one fresh.
    isolate: false,
    exclude: ["**/node_modules/**", "**/dist/**"],
  },
});
