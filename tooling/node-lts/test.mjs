// The framework's tests and the scaffold's tests again, on a second Node. `./dev test` runs the
// whole suite on the newest Node LTS (the Node a single executable carries; tooling/node-lts/
// install) and names this machine's own Node in TSVIDER_MACHINE_NODE: that is the second Node.
// Run without ./dev, the second Node is the newest LTS, beside the Node running this script.
// The second Node comes first on PATH, so what the tests spawn (`node`, the new project's npm
// scripts) runs on it too. When both are the same release there is nothing to add: skipped.
import { execFileSync, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const node =
  process.env.TSVIDER_MACHINE_NODE ||
  process.env.TSVIDER_LTS_NODE ||
  execFileSync(join(repo, "tooling/node-lts/install"), {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
if (version === process.version) {
  process.stderr.write(`[other-node] ${node} is ${version}, the Node the suite ran on: nothing to add\n`);
  process.exit(0);
}
const vitest = join(repo, "node_modules/vitest/vitest.mjs");
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ""}` };

const suites = [
  { name: "@tsvider/framework", dir: "packages/framework", args: [] },
  { name: "tsvider (scaffold)", dir: "packages/cli", args: ["src/scaffold"] },
];
const failed = [];
for (const suite of suites) {
  process.stderr.write(`[other-node] ${suite.name} tests on Node ${version} (${node})\n`);
  const result = spawnSync(node, [vitest, "run", ...suite.args], {
    cwd: join(repo, suite.dir),
    env,
    stdio: "inherit",
  });
  if (result.status !== 0) failed.push(suite.name);
}
if (failed.length > 0) {
  process.stderr.write(`[other-node] failed on Node ${version}: ${failed.join(", ")}\n`);
  process.exit(1);
}
process.stderr.write(`[other-node] every suite passed on Node ${version}\n`);
