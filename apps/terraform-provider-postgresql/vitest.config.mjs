import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedModulesTestConfig } from "../../tooling/vitest.shared.mjs";

// One PostgreSQL server for every test file (test/global-setup.ts starts it before the first
// file and removes it after the last).
const config = sharedModulesTestConfig(fileURLToPath(new URL(".", import.meta.url)));
config.test.globalSetup = ["./test/global-setup.ts"];
export default defineConfig(config);
