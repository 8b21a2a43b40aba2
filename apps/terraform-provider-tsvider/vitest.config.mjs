import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedModulesTestConfig } from "../../tooling/vitest.shared.mjs";

// The reliability suite (src/reliability: hostile clients, malformed messages, a handler that
// never yields, a killed host, a provider killed mid-apply, forged private state, secrets in
// trace logs) is a project of its own, whose global set-up prints the scenarios' counts as
// one table at the end.
const RELIABILITY = "src/reliability/**/*.test.ts";
const config = sharedModulesTestConfig(fileURLToPath(new URL(".", import.meta.url)));
for (const project of config.test.projects) {
  project.test.exclude = [...(project.test.exclude ?? []), RELIABILITY];
}
config.test.projects.push({
  extends: true,
  test: { name: "reliability", include: [RELIABILITY], globalSetup: ["./src/reliability/summary.setup.ts"] },
});
export default defineConfig(config);
