// Fails when `pnpm gen` changed committed generated files or added ones git does not know:
// protobuf stubs (src/gen, from the .proto files) and test vectors (testdata, from the Go
// oracles) must be exactly what their sources give.
import { execFileSync } from "node:child_process";

const status = execFileSync(
  "git",
  [
    "status",
    "--porcelain",
    "--untracked-files=all",
    "--",
    ":(glob)packages/*/src/gen/**",
    ":(glob)packages/*/testdata/**",
  ],
  {
    encoding: "utf8",
  },
);
if (status.trim() !== "") {
  console.error(`Generated code is stale; run \`pnpm gen\` and commit the result:\n${status}`);
  process.exit(1);
}
console.log("generated code is up to date");
