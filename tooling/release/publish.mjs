#!/usr/bin/env node
// Publishes the workspace the way a release does, from a staging copy so the working tree is
// never touched: `changeset version` turns the pending changesets into versions and changelogs
// there, and `changeset publish` sends to a registry every package whose version it lacks.
// The registry tests publish to a local Verdaccio with it; a real release runs the same two
// commands on the repository itself in GitHub Actions (docs/releasing.md).
//
//   node tooling/release/publish.mjs --registry URL [--userconfig FILE] [--work DIR]
import { execFile } from "node:child_process";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** What `changeset version` and `pnpm publish` read at the root of the workspace. */
const ROOT_FILES = ["package.json", "pnpm-workspace.yaml"];

/** Shipped with every package whatever its `files` list says (npm and pnpm add them too). */
const ALWAYS_SHIPPED = /^(readme|license|licence|changelog)(\.[a-z]+)?$/i;

const silent = () => {};

/**
 * Copies into `workDir` what changesets and pnpm need to version and publish the packages
 * under packages/, then runs `changeset version` there.
 *
 * @param {object} options
 * @param {string} options.workDir an empty or missing folder to stage into
 * @param {(line: string) => void} [options.log]
 * @param {boolean} [options.skipDist] copy only manifests and docs, not `files` (dist/ ...):
 *   enough to version, not to publish
 * @param {string} [options.root] the workspace to stage (this repository by default)
 * @returns {Promise<{ versions: Record<string, string> }>} every publishable package's version
 */
export async function stageRelease({ workDir, log = silent, skipDist = false, root = repoRoot }) {
  if (typeof workDir !== "string" || workDir === "") throw new Error("stageRelease needs a workDir");
  await ensureEmpty(workDir);
  for (const file of ROOT_FILES) await cp(join(root, file), join(workDir, file));
  // Every changeset, the config and its README: what `changeset version` reads.
  await cp(join(root, ".changeset"), join(workDir, ".changeset"), { recursive: true });

  const packages = await workspacePackages(root);
  for (const pkg of packages) {
    const target = join(workDir, pkg.rel);
    await mkdir(target, { recursive: true });
    // Only GitHub Actions can sign provenance, and npm lets publishConfig win over
    // npm_config_provenance=false: the staged copy must not ask for it. Nor name a registry:
    // it is published where the caller says. The real release publishes from the repository.
    const manifest = structuredClone(pkg.json);
    if (manifest.publishConfig !== undefined) {
      delete manifest.publishConfig.provenance;
      delete manifest.publishConfig.registry;
    }
    await writeFile(join(target, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    for (const entry of await readdir(pkg.dir)) {
      if (ALWAYS_SHIPPED.test(entry)) await cp(join(pkg.dir, entry), join(target, entry));
    }
    if (pkg.json.private === true || skipDist) continue;
    if (!(await exists(join(pkg.dir, "dist")))) {
      throw new Error(
        `${pkg.json.name} has no build output (${join(pkg.rel, "dist")} is missing): run ./dev build first`,
      );
    }
    for (const path of shippedPaths(pkg.json)) {
      const from = join(pkg.dir, path);
      if (!(await exists(from))) {
        throw new Error(
          `${pkg.json.name} lists "${path}" in its files but ${join(pkg.rel, path)} does not exist: run ./dev build first, or fix the files list`,
        );
      }
      await cp(from, join(target, path), { recursive: true, dereference: true });
    }
  }
  await linkWorkspaceDependencies(workDir, packages);
  log(`staged ${packages.length} packages in ${workDir}`);
  return versionStaged({ workDir, log });
}

/**
 * `changeset version` in a staged workspace: the pending changesets become versions and
 * changelog entries, and are deleted.
 *
 * @param {{ workDir: string, log?: (line: string) => void }} options
 * @returns {Promise<{ versions: Record<string, string> }>}
 */
export async function versionStaged({ workDir, log = silent }) {
  const before = await stagedVersions(workDir);
  const asked = await pendingBumps(workDir);
  await changeset(["version"], { cwd: workDir, log });
  const versions = await stagedVersions(workDir);
  // changesets 2 answers a peer dependency leaving its range with a major release of the
  // dependent (0.x to 1.0.0) that no changeset asked for; never let that reach a registry.
  const unasked = Object.entries(versions).filter(
    ([name, version]) => majorOf(version) > majorOf(before[name]) && asked.get(name) !== "major",
  );
  if (unasked.length > 0) {
    throw new Error(
      `changeset version made ${unasked.map(([name, version]) => `${name} ${before[name]} -> ${version}`).join(", ")} though no changeset asks for a major release: a peer dependency left its range (see "Versions and ranges" in docs/releasing.md)`,
    );
  }
  return { versions };
}

/** The largest bump each pending changeset of a workspace asks for, by package. */
async function pendingBumps(workDir) {
  const rank = { none: 0, patch: 1, minor: 2, major: 3 };
  const bumps = new Map();
  const dir = join(workDir, ".changeset");
  for (const file of await readdir(dir)) {
    if (!file.endsWith(".md") || file === "README.md") continue;
    const front = /^---\n([\s\S]*?)\n---/.exec(await readFile(join(dir, file), "utf8"))?.[1] ?? "";
    for (const line of front.split("\n")) {
      const [, name, bump] = /^\s*["']?([^"':]+)["']?\s*:\s*(\w+)\s*$/.exec(line) ?? [];
      if (name !== undefined && (rank[bump] ?? 0) > (rank[bumps.get(name)] ?? 0)) bumps.set(name, bump);
    }
  }
  return bumps;
}

function majorOf(version) {
  return Number.parseInt(String(version).split(".")[0] ?? "0", 10);
}

/**
 * Publishes, from a folder made by stageRelease, every public package whose version the
 * registry does not have yet (`changeset publish`, which runs `pnpm publish` in each: the
 * `workspace:` ranges become real ones).
 *
 * @param {object} options
 * @param {string} options.workDir
 * @param {string} options.registry the registry's URL
 * @param {string} [options.userconfig] an npmrc holding the token for that registry
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ versions: Record<string, string>, published: string[] }>} every
 *   package's version, and the name@version of those published now
 */
export async function publishStaged({ workDir, registry, userconfig, log = silent }) {
  if (typeof registry !== "string" || !/^https?:\/\//.test(registry)) {
    throw new Error(`publishStaged needs the registry's URL (http://...), got ${JSON.stringify(registry)}`);
  }
  const env = await publishEnv({ registry, userconfig });
  const versions = await stagedVersions(workDir);
  const entries = Object.entries(versions);
  const known = await Promise.all(entries.map(([name, version]) => isPublished(name, version, env)));
  const missing = entries.filter((_, i) => !known[i]).map(([name, version]) => `${name}@${version}`);
  log(missing.length === 0 ? "nothing to publish" : `publishing ${missing.join(", ")} to ${registry}`);
  await changeset(["publish", "--no-git-tag"], { cwd: workDir, env, log });
  // What the registry now serves: each version there, and no `workspace:` range left in it.
  await Promise.all(
    missing.map(async (spec) => {
      const manifest = await npmJson(["view", spec, "--json"], env).catch(() => undefined);
      if (manifest?.version !== spec.slice(spec.lastIndexOf("@") + 1)) {
        throw new Error(`changeset publish finished but ${registry} has no ${spec}`);
      }
      for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
        for (const [dep, range] of Object.entries(manifest[field] ?? {})) {
          if (range.startsWith("workspace:")) {
            throw new Error(
              `${spec} was published with ${field} ${dep}: "${range}", which npm cannot install`,
            );
          }
        }
      }
    }),
  );
  return { versions, published: missing };
}

/**
 * A patch release after publishStaged: a changeset for `packages` with `summary`, then
 * `changeset version` and `changeset publish` again in the same folder.
 *
 * @param {object} options
 * @param {string} options.workDir a folder stageRelease made and publishStaged published
 * @param {string} options.registry
 * @param {string} [options.userconfig]
 * @param {string[]} options.packages the names of the packages to patch
 * @param {string} options.summary the changelog entry
 * @param {(line: string) => void} [options.log]
 * @returns {Promise<{ versions: Record<string, string>, published: string[] }>}
 */
export async function publishPatch({ workDir, registry, userconfig, packages, summary, log = silent }) {
  await addChangeset({ workDir, packages, bump: "patch", summary });
  await versionStaged({ workDir, log });
  return publishStaged({ workDir, registry, userconfig, log });
}

/**
 * Writes a changeset into a staged workspace, as `pnpm changeset` would.
 *
 * @param {object} options
 * @param {string} options.workDir
 * @param {string[]} options.packages
 * @param {"patch" | "minor" | "major"} options.bump
 * @param {string} options.summary
 * @returns {Promise<string>} the changeset's path
 */
export async function addChangeset({ workDir, packages, bump, summary }) {
  if (!Array.isArray(packages) || packages.length === 0) {
    throw new Error("a changeset needs at least one package name in `packages`");
  }
  if (typeof summary !== "string" || summary.trim() === "") {
    throw new Error("a changeset needs a `summary`: the changelog entry users will read");
  }
  const versions = await stagedVersions(workDir);
  const unknown = packages.filter((name) => !(name in versions));
  if (unknown.length > 0) {
    throw new Error(
      `no publishable package ${unknown.join(", ")} in ${workDir}; known: ${Object.keys(versions).join(", ")}`,
    );
  }
  const front = packages.map((name) => `"${name}": ${bump}`).join("\n");
  const existing = await readdir(join(workDir, ".changeset"));
  let n = existing.length;
  while (existing.includes(`release-${n}.md`)) n++;
  const file = join(workDir, ".changeset", `release-${n}.md`);
  await writeFile(file, `---\n${front}\n---\n\n${summary.trim()}\n`);
  return file;
}

/** Name and version of every public package of a staged workspace. */
export async function stagedVersions(workDir) {
  const versions = {};
  for (const pkg of await workspacePackages(workDir)) {
    if (pkg.json.private !== true) versions[pkg.json.name] = pkg.json.version;
  }
  if (Object.keys(versions).length === 0) {
    throw new Error(`${workDir} holds no staged packages: run stageRelease into it first`);
  }
  return versions;
}

async function workspacePackages(root) {
  const dir = join(root, "packages");
  const found = [];
  for (const entry of (await readdir(dir, { withFileTypes: true })).sort((a, b) =>
    a.name < b.name ? -1 : 1,
  )) {
    if (!entry.isDirectory()) continue;
    const manifest = join(dir, entry.name, "package.json");
    if (!(await exists(manifest))) continue;
    found.push({
      dir: join(dir, entry.name),
      rel: join("packages", entry.name),
      json: JSON.parse(await readFile(manifest, "utf8")),
    });
  }
  return found;
}

/**
 * pnpm turns a `workspace:` range into a real one from the version of the package linked at
 * node_modules/<name>, as `pnpm install` leaves it; the staged copy gets those links alone,
 * without installing anything else.
 */
async function linkWorkspaceDependencies(workDir, packages) {
  const where = new Map(packages.map((pkg) => [pkg.json.name, join(workDir, pkg.rel)]));
  for (const pkg of packages) {
    const names = new Set();
    for (const field of ["dependencies", "devDependencies", "peerDependencies", "optionalDependencies"]) {
      for (const [name, range] of Object.entries(pkg.json[field] ?? {})) {
        if (typeof range === "string" && range.startsWith("workspace:")) names.add(name);
      }
    }
    for (const name of names) {
      const target = where.get(name);
      if (target === undefined) {
        throw new Error(
          `${pkg.json.name} depends on ${name} (workspace:), which is not a package under packages/`,
        );
      }
      const link = join(workDir, pkg.rel, "node_modules", name);
      await mkdir(dirname(link), { recursive: true });
      await symlink(relative(dirname(link), target), link, "dir");
    }
  }
}

/** The top-level paths a package's `files` list ships (negations are left to the packer). */
function shippedPaths(json) {
  const paths = new Set();
  for (const pattern of json.files ?? ["dist"]) {
    if (pattern.startsWith("!")) continue;
    const top = pattern.replace(/^\.\//, "").split("/")[0];
    if (top === "" || /[*?[{]/.test(top) || ALWAYS_SHIPPED.test(top) || top === "package.json") continue;
    paths.add(top);
  }
  return [...paths];
}

async function ensureEmpty(dir) {
  await mkdir(dir, { recursive: true });
  const entries = await readdir(dir);
  if (entries.length > 0) {
    throw new Error(`cannot stage a release into ${dir}: it is not empty (give a new or empty folder)`);
  }
}

async function exists(path) {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

function run(command, args, { cwd, env = process.env } = {}) {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) {
        const output = `${stdout}${stderr}`.trim();
        fail(new Error(`${command} ${args.join(" ")} failed in ${cwd ?? process.cwd()}:\n${output}`));
      } else {
        done({ stdout, stderr });
      }
    });
  });
}

async function changeset(args, { cwd, env, log }) {
  const bin = join(repoRoot, "node_modules", ".bin", "changeset");
  if (!(await exists(bin))) {
    throw new Error(`${bin} is missing: run ./dev build (or pnpm install) at ${repoRoot} first`);
  }
  const { stdout, stderr } = await run(bin, args, { cwd, env: env ?? process.env });
  for (const line of `${stdout}${stderr}`.split("\n")) if (line.trim() !== "") log(line);
}

/** The environment to run the pinned pnpm and changesets in (pnpm first on PATH). */
export function toolEnv() {
  return publishEnv({});
}

/**
 * The environment changesets and pnpm run in: the pnpm this repository pins first on PATH,
 * and, when publishing, the registry and its token; never provenance, which only GitHub
 * Actions can sign.
 */
async function publishEnv({ registry, userconfig }) {
  const pnpm = await pinnedPnpmDir();
  const env = { ...process.env };
  if (pnpm !== "") env.PATH = `${pnpm}${delimiter}${process.env.PATH ?? ""}`;
  if (registry !== undefined) {
    env.npm_config_registry = registry;
    env.npm_config_provenance = "false";
    delete env.NPM_CONFIG_PROVENANCE;
    delete env.NPM_CONFIG_REGISTRY;
  }
  if (userconfig !== undefined) {
    if (!(await exists(userconfig))) throw new Error(`the npmrc ${userconfig} (userconfig) does not exist`);
    env.npm_config_userconfig = userconfig;
    delete env.NPM_CONFIG_USERCONFIG;
  }
  return env;
}

let pnpmDir;
async function pinnedPnpmDir() {
  if (pnpmDir !== undefined) return pnpmDir;
  const rootJson = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8"));
  const version = String(rootJson.packageManager ?? "").replace(/^pnpm@/, "");
  const cache = process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache");
  const cached = join(cache, "tsvider", "pnpm", version, "bin");
  if (await exists(join(cached, "pnpm"))) {
    pnpmDir = cached;
    return pnpmDir;
  }
  const onPath = await run("pnpm", ["--version"]).then(
    ({ stdout }) => stdout.trim(),
    () => "",
  );
  if (onPath !== version) {
    throw new Error(
      `changeset publish needs pnpm ${version} (package.json's packageManager); found ${onPath || "none"} on PATH: run ./dev once, which installs it under ${dirname(cached)}`,
    );
  }
  pnpmDir = "";
  return pnpmDir;
}

async function npmJson(args, env) {
  const { stdout } = await run("npm", args, { env });
  const parsed = JSON.parse(stdout);
  return Array.isArray(parsed) ? parsed.at(-1) : parsed;
}

async function isPublished(name, version, env) {
  // `npm view` prints nothing for a version the registry lacks and fails for an unknown name.
  const out = await run("npm", ["view", `${name}@${version}`, "version"], { env }).then(
    ({ stdout }) => stdout.trim(),
    (error) => {
      if (/E404|404 Not Found|is not in this registry/.test(error.message)) return "";
      throw error;
    },
  );
  return out === version;
}

async function main() {
  const { values } = parseArgs({
    options: {
      registry: { type: "string" },
      userconfig: { type: "string" },
      work: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || values.registry === undefined) {
    console.error(
      "usage: node tooling/release/publish.mjs --registry URL [--userconfig NPMRC] [--work DIR]\n" +
        "Stages the release (changeset version) in DIR, a new temporary folder by default, and publishes\n" +
        "every package the registry lacks; prints name@version for each package.",
    );
    process.exit(values.help ? 0 : 2);
  }
  const workDir = values.work ?? (await mkdtemp(join(tmpdir(), "tsvider-release-")));
  const log = (line) => console.error(line);
  await stageRelease({ workDir, log });
  const { versions } = await publishStaged({
    workDir,
    registry: values.registry,
    userconfig: values.userconfig,
    log,
  });
  for (const [name, version] of Object.entries(versions)) console.log(`${name}@${version}`);
  if (values.work === undefined) await rm(workDir, { recursive: true, force: true });
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
