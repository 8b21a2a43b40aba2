// The framework's tests and the scaffold's tests again, on the newest Node LTS: the Node a
// single executable carries (tooling/node-lts/install), beside the machine's own Node that
// `turbo run test` used. The LTS comes first on PATH, so what the tests spawn (`node`, the
// new project's npm scripts) runs on it too.
import { execFileSync, spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const repo = fileURLToPath(new URL("../..", import.meta.url));
const node =
  process.env.TSVIDER_LTS_NODE ||
  execFileSync(join(repo, "tooling/node-lts/install"), {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
const version = execFileSync(node, ["--version"], { encoding: "utf8" }).trim();
const vitest = join(repo, "node_modules/vitest/vitest.mjs");
const env = { ...process.env, PATH: `${dirname(node)}:${process.env.PATH ?? ""}`, TSVIDER_LTS_NODE: node };

const suites = [
  { name: "@tsvider/framework", dir: "packages/framework", args: [] },
  { name: "tsvider (scaffold)", dir: "packages/cli", args: ["src/scaffold"] },
];
const failed = [];
for (const suite of suites) {
  process.stderr.write(`[lts] ${suite.name} tests on Node ${version} (${node})\n`);
  const result = spawnSync(node, [vitest, "run", ...suite.args], {
    cwd: join(repo, suite.dir),
    env,
    stdio: "inherit",
  });
  if (result.status !== 0) failed.push(suite.name);
}
if (failed.length > 0) {
  process.stderr.write(`[lts] failed on Node ${version}: ${failed.join(", ")}\n`);
  process.exit(1);
}
process.stderr.write(`[lts] every suite passed on Node ${version}\n`);
