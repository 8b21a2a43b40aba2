import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { sharedModulesTestConfig } from "../../tooling/vitest.shared.mjs";

export default defineConfig(sharedModulesTestConfig(fileURLToPath(new URL(".", import.meta.url))));
