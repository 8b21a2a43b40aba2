// Run by ./install (bundled from the cli's sources with esbuild, so no build of the workspace
// is needed first): finds the newest Node LTS on the npm registry for this machine exactly as
// `tsvider build` does, brings its binary into the cache, and prints the binary's path.
import { newestNodeLts, nodeBinaryFor } from "../../packages/cli/src/executable/node-binary.js";
import { hostPlatform } from "../../packages/cli/src/executable/platform.js";

const log = (message: string) => process.stderr.write(`[tsvider tooling] ${message}\n`);
const progress = { step: log, detail: log, warn: log };

try {
  const lts = await newestNodeLts({ progress });
  const binary = await nodeBinaryFor({ platform: hostPlatform(), version: lts.version, progress });
  log(
    `Node ${lts.version} (${lts.codename})${lts.cached ? `, the newest LTS on ${lts.checkedAt.slice(0, 10)}` : ""}`,
  );
  process.stdout.write(`${binary.path}\n`);
} catch (error) {
  log((error as Error).message);
  process.exitCode = 1;
}
