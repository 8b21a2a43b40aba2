// Bundles the provider into one executable file with a node shebang: the file that goes into
// the mirror zip as terraform-provider-tsvider_v<version>. (A single executable with Node
// inside comes with `tsvider build`.)
//
// CommonJS, not ESM: the installed file is named ..._v0.1.0, and Node refuses to load an ES
// module whose name ends in an unknown extension such as ".0"; CommonJS has no such rule.
import { chmod } from "node:fs/promises";
import { build } from "esbuild";

const outfile = "dist/terraform-provider-tsvider.cjs";
await build({
  entryPoints: ["src/main.ts"],
  outfile,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  minify: true,
  legalComments: "none",
  banner: { js: "#!/usr/bin/env node" },
  logLevel: "warning",
});
await chmod(outfile, 0o755);
