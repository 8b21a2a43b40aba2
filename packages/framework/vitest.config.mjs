import { fileURLToPath } from "node:url";
import { transform } from "esbuild";
import { defineConfig } from "vitest/config";
import { sharedModulesTestConfig } from "../../tooling/vitest.shared.mjs";

// Vite's TypeScript transform (oxc) leaves TC39 standard decorators in place, and Node 20
// cannot run them. esbuild lowers them as tsc does, so files that use them go through it
// first. (Providers built with tsc or tsvider's bundler have them lowered already.)
const standardDecorators = {
  name: "tsvider:standard-decorators",
  enforce: "pre",
  async transform(code, id) {
    if (!id.endsWith(".ts") || !/^\s*@[\w.]+\(/m.test(code)) return null;
    const out = await transform(code, {
      loader: "ts",
      format: "esm",
      target: "es2022",
      sourcemap: true,
      sourcefile: id,
    });
    return { code: out.code, map: out.map };
  },
};

export default defineConfig({
  ...sharedModulesTestConfig(fileURLToPath(new URL(".", import.meta.url))),
  plugins: [standardDecorators],
});
