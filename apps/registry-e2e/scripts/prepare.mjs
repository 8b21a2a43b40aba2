#!/usr/bin/env node
// What the registry scenarios need before they start, made here rather than in a test hook:
// the goplugin Go oracle (hashicorp/go-plugin's client, built from the Go module proxy) and
// the oldest Node the packages support (from the npm registry's node-<os>-<arch> package).
// Both are cached, so a second run costs a hash and two stat calls.
//
//   node apps/registry-e2e/scripts/prepare.mjs
//
// The tests call preparedOracle() and preparedFloorNode(), which only look: when something
// is missing or stale they fail with the command above.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The oldest Node a user may run the packages on: require() of ESM works unflagged from 20.19.0. */
export const NODE_FLOOR = "20.19.0";

export const PREPARE_COMMAND = "node apps/registry-e2e/scripts/prepare.mjs";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const buildScript = join(repoRoot, "tooling", "oracles", "build");

function cacheDir(...parts) {
  const base = process.env.XDG_CACHE_HOME || join(process.env.HOME || homedir(), ".cache");
  return join(base, "tsvider", ...parts);
}

function progress(line) {
  process.stderr.write(`registry-e2e prepare: ${line}\n`);
}

function missing(what) {
  return new Error(
    `${what}; run \`${PREPARE_COMMAND}\` from the repository root before the registry-e2e tests`,
  );
}

/** The path of the goplugin oracle built for its current sources, or an error naming what to run. */
export function preparedOracle() {
  try {
    return execFileSync(buildScript, ["--check", "goplugin"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
  } catch {
    throw missing("the goplugin oracle (tooling/oracles/goplugin) is not built for its current sources");
  }
}

function nodePlatform() {
  const os = { linux: "linux", darwin: "darwin" }[process.platform];
  const arch = { x64: "x64", arm64: "arm64" }[process.arch];
  if (os === undefined || arch === undefined) {
    throw new Error(
      `the registry scenarios fetch Node for linux or darwin on x64 or arm64, not ${process.platform}-${process.arch}`,
    );
  }
  return { os, arch };
}

// The same place `tsvider build` keeps the Nodes it downloads, so the two share one copy.
function floorNodePath() {
  const { os, arch } = nodePlatform();
  return cacheDir("node", NODE_FLOOR, `${os}-${arch}`, "node");
}

/** The path of Node NODE_FLOOR's binary, or an error naming the prepare command. */
export function preparedFloorNode() {
  const path = floorNodePath();
  if (!existsSync(path)) throw missing(`Node ${NODE_FLOOR} is not in ${path}`);
  return path;
}

function prepareOracle() {
  progress(
    "the goplugin oracle (hashicorp/go-plugin's client): tooling/oracles/build goplugin (cached unless its sources changed)",
  );
  const path = execFileSync(buildScript, ["goplugin"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }).trim();
  progress(`goplugin oracle: ${path}`);
}

// npm fetches the package and checks it against the registry's integrity; only bin/node is kept.
function prepareFloorNode() {
  const path = floorNodePath();
  if (existsSync(path)) {
    progress(`Node ${NODE_FLOOR}: ${path} (cached)`);
    return;
  }
  const { os, arch } = nodePlatform();
  const spec = `node-${os}-${arch}@${NODE_FLOOR}`;
  progress(`fetching ${spec} from the npm registry`);
  const dir = join(path, "..");
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, ".fetch-"));
  try {
    const packed = JSON.parse(
      execFileSync("npm", ["pack", spec, "--json", "--pack-destination", work], {
        cwd: work,
        encoding: "utf8",
        stdio: ["ignore", "pipe", "inherit"],
      }),
    );
    const tarball = join(work, packed[0].filename);
    execFileSync("tar", ["-xzf", tarball, "-C", work, "package/bin/node"], { stdio: "inherit" });
    const version = execFileSync(join(work, "package", "bin", "node"), ["--version"], {
      encoding: "utf8",
    }).trim();
    if (version !== `v${NODE_FLOOR}`) throw new Error(`${spec} holds Node ${version}, not v${NODE_FLOOR}`);
    renameSync(join(work, "package", "bin", "node"), path); // a rename: never half a binary
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  progress(`Node ${NODE_FLOOR}: ${path}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    prepareOracle();
    prepareFloorNode();
  } catch (err) {
    process.stderr.write(`registry-e2e prepare failed: ${err.message}\n`);
    process.exit(1);
  }
}
