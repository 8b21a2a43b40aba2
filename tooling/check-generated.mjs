// Fails when `pnpm gen` changed committed generated code (src/gen of any package) or added
// files git does not know: the committed stubs must be exactly what the .proto files give.
import { execFileSync } from "node:child_process";

const status = execFileSync(
  "git",
  ["status", "--porcelain", "--untracked-files=all", "--", ":(glob)packages/*/src/gen/**"],
  {
    encoding: "utf8",
  },
);
if (status.trim() !== "") {
  console.error(`Generated code is stale; run \`pnpm gen\` and commit the result:\n${status}`);
  process.exit(1);
}
console.log("generated code is up to date");
