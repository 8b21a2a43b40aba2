// `tsvider release`: everything a registry or a mirror needs for one provider version, made in
// a temporary sibling of the output directory and moved into place only when all of it exists:
//
//   terraform-provider-T_V_OS_ARCH.zip        one per platform: only terraform-provider-T_vV[.exe], mode 0755
//   terraform-provider-T_V_manifest.json      the registry manifest (protocol versions the binary serves)
//   terraform-provider-T_V_SHA256SUMS         sha256sum format, sorted, covering the zips and the manifest
//   terraform-provider-T_V_SHA256SUMS.sig     detached binary OpenPGP signature of SHA256SUMS
//   mirror/HOST/NS/T/                          for registry.opentofu.org and registry.terraform.io:
//     terraform-provider-T_V_OS_ARCH.zip        the packed filesystem-mirror layout (fs mirror, providers lock -fs-mirror)
//     index.json, V.json                        the network mirror protocol (served over HTTPS)
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, link, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { DEFAULT_MIRROR_HOSTS, installProviderMirror } from "@tsvider/conformance";
import { CliError, type Progress } from "../cli/command.js";
import { buildExecutable } from "../executable/executable.js";
import { newestNodeLts, nodeBinaryFor, normalizeNodeVersion } from "../executable/node-binary.js";
import { hostPlatformName, targetPlatform } from "../executable/platform.js";
import type { Project } from "../project.js";
import { mirrorIndexDocument, mirrorVersionDocument } from "./network-mirror.js";
import { servedProtocolVersions } from "./protocol-versions.js";
import type { SigningKey } from "./signing.js";

/** The platforms a release covers when none are named: what registries' users mostly run. */
export const DEFAULT_RELEASE_PLATFORMS = [
  "linux_amd64",
  "linux_arm64",
  "darwin_amd64",
  "darwin_arm64",
  "windows_amd64",
] as const;

/** How a platform's executable is made; tests may pass their own. */
export type BuildExecutable = typeof buildExecutable;

export interface ReleaseOptions {
  readonly project: Project;
  /** The release directory; replaced as a whole when it holds an earlier release. */
  readonly outDir: string;
  /** `os_arch` names; default DEFAULT_RELEASE_PLATFORMS. */
  readonly platforms?: readonly string[];
  /** `script`: the bundled node script (needs node on the target, no Windows); default `sea`. */
  readonly kind?: "sea" | "script";
  /** The Node inside the single executables; default: the newest LTS (newestNodeLts), one for every platform. */
  readonly nodeVersion?: string;
  /** The signing key; undefined makes an unsigned release (no .sig). */
  readonly signingKey?: SigningKey;
  /** Default: buildExecutable of ../executable/executable.ts. */
  readonly build?: BuildExecutable;
  readonly progress?: Progress;
  readonly signal?: AbortSignal;
  readonly env?: NodeJS.ProcessEnv;
}

export interface ReleaseFile {
  /** Relative to the release directory, with forward slashes. */
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
}

export interface ReleasePlatform {
  readonly platform: string;
  readonly zip: string;
  readonly zipBytes: number;
  readonly executableBytes: number;
  readonly h1: string;
  readonly zh: string;
  /**
   * A darwin single executable that could not be code-signed here: macOS refuses to run it,
   * and signing it later changes the zip and its hashes, so release darwin from a Mac (or
   * with rcodesign on PATH).
   */
  readonly needsSigning: boolean;
}

export interface ReleaseResult {
  readonly address: { readonly namespace: string; readonly type: string; readonly version: string };
  readonly outDir: string;
  readonly kind: "sea" | "script";
  readonly protocolVersions: readonly string[];
  readonly platforms: readonly ReleasePlatform[];
  /** The top-level files (zips, manifest, SHA256SUMS, signature), in name order. */
  readonly files: readonly ReleaseFile[];
  /** `mirror`: serve it over HTTPS as a network_mirror, or use it as a filesystem_mirror. */
  readonly mirrorDir: string;
  readonly mirrorHosts: readonly string[];
  readonly signature?: { readonly file: string; readonly fingerprint: string; readonly signingKeyId: string };
  /** The registry manifest's contents, also what terraform-registry-manifest.json in the repository should hold. */
  readonly manifest: string;
}

const silent: Progress = { step() {}, detail() {}, warn() {} };

/** Checks the platform names (all of them, before any work) and removes duplicates. */
export function releasePlatforms(
  names: readonly string[] | undefined,
  kind: "sea" | "script",
  progress: Progress,
): string[] {
  const requested = names === undefined || names.length === 0 ? undefined : [...new Set(names)];
  for (const name of requested ?? []) {
    const target = targetPlatform(name);
    if (kind === "script" && target.os === "windows") {
      throw new CliError(
        `${name} cannot run a node script as a provider (Windows needs an .exe): leave out --script, or leave out --platform ${name}`,
        { exitCode: 2 },
      );
    }
  }
  if (requested !== undefined) return requested;
  if (kind === "script") {
    progress.warn(
      "--script: windows_amd64 is left out of the default platforms, as Windows cannot run a script as a provider",
    );
    return DEFAULT_RELEASE_PLATFORMS.filter((p) => !p.startsWith("windows_"));
  }
  return [...DEFAULT_RELEASE_PLATFORMS];
}

export async function releaseProvider(options: ReleaseOptions): Promise<ReleaseResult> {
  const progress = options.progress ?? silent;
  const kind = options.kind ?? "sea";
  const build = options.build ?? buildExecutable;
  const platforms = releasePlatforms(options.platforms, kind, progress);
  const { project } = options;
  const outDir = resolve(options.outDir);
  await checkReplaceable(outDir, project);

  const base = `terraform-provider-${project.type}_${project.version}`;
  const staging = `${outDir}.tmp-${randomBytes(4).toString("hex")}`;
  const buildRoot = join(staging, ".build");
  const mirrorDir = join(staging, "mirror");
  const common = {
    progress,
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  // One Node for every platform, chosen once, so every executable of the release carries the same.
  let nodeVersion = options.nodeVersion === undefined ? undefined : normalizeNodeVersion(options.nodeVersion);
  if (kind === "sea" && options.build === undefined) {
    nodeVersion ??= (await newestNodeLts(common)).version;
    // Every platform's Node binary before any build: one that cannot be had (an offline
    // machine, a Node version without that platform) fails the release before work is done.
    const version = nodeVersion;
    for (const platform of platforms) {
      throwIfAborted(options.signal);
      progress.detail(`${platform}: Node ${version} binary`);
      await nodeBinaryFor({
        platform: targetPlatform(platform),
        version,
        progress,
        ...(options.env === undefined ? {} : { env: options.env }),
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
    }
  }
  try {
    await mkdir(buildRoot, { recursive: true });
    const released: ReleasePlatform[] = [];
    let protocolVersions: string[] | undefined;
    for (const [index, platform] of platforms.entries()) {
      throwIfAborted(options.signal);
      progress.step(`[${index + 1}/${platforms.length}] ${platform}: building the provider (${kind})`);
      const built = await build({
        project,
        outDir: join(buildRoot, platform),
        platform,
        kind,
        ...(nodeVersion === undefined ? {} : { nodeVersion }),
        progress,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.env === undefined ? {} : { env: options.env }),
      });
      if (platform === hostPlatformName()) {
        progress.detail(`${platform}: asking the provider which plugin protocol versions it serves`);
        protocolVersions = await servedProtocolVersions(built.path, probeOptions(options));
      }
      progress.detail(
        `${platform}: packing ${built.fileName} (${formatBytes(built.bytes)}) into the zip and the mirror`,
      );
      const packed = await installProviderMirror({
        mirrorDir,
        hosts: DEFAULT_MIRROR_HOSTS,
        namespace: project.namespace,
        type: project.type,
        version: project.version,
        executable: built.path,
        platform,
      });
      const [firstZip] = packed.zipPaths;
      if (firstZip === undefined) throw new Error("installProviderMirror wrote no zip");
      const zipName = basename(firstZip);
      await linkOrCopy(firstZip, join(staging, zipName));
      const zipBytes = (await stat(firstZip)).size;
      released.push({
        platform,
        zip: zipName,
        zipBytes,
        executableBytes: built.bytes,
        h1: packed.h1,
        zh: packed.zh,
        needsSigning: built.needsSigning === true,
      });
      progress.step(`[${index + 1}/${platforms.length}] ${platform}: ${zipName} (${formatBytes(zipBytes)})`);
      await rm(join(buildRoot, platform), { recursive: true, force: true });
    }

    if (protocolVersions === undefined) {
      // None of the platforms runs here: a script build for this machine answers for them all
      // (the protocol versions come from the provider's code, not from the Node binary).
      throwIfAborted(options.signal);
      progress.detail("asking a script build of the provider which plugin protocol versions it serves");
      const probe = await build({
        project,
        outDir: join(buildRoot, "probe"),
        kind: "script",
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.env === undefined ? {} : { env: options.env }),
      });
      protocolVersions = await servedProtocolVersions(probe.path, probeOptions(options));
    }
    await rm(buildRoot, { recursive: true, force: true });

    const manifest = `${JSON.stringify({ version: 1, metadata: { protocol_versions: protocolVersions } }, null, 2)}\n`;
    const manifestName = `${base}_manifest.json`;
    await writeFile(join(staging, manifestName), manifest);

    for (const host of DEFAULT_MIRROR_HOSTS) {
      const providerDir = join(mirrorDir, host, project.namespace, project.type);
      await writeFile(join(providerDir, "index.json"), mirrorIndexDocument(project.version));
      await writeFile(
        join(providerDir, `${project.version}.json`),
        mirrorVersionDocument(
          released.map((r) => ({ platform: r.platform, fileName: r.zip, hashes: [r.h1, r.zh] })),
        ),
      );
    }

    const sumsName = `${base}_SHA256SUMS`;
    const summed = [...released.map((r) => r.zip), manifestName].sort();
    const lines = await Promise.all(
      summed.map(async (name) => `${sha256(await readFile(join(staging, name)))}  ${name}\n`),
    );
    const sums = Buffer.from(lines.join(""), "utf8");
    await writeFile(join(staging, sumsName), sums);

    let signature: ReleaseResult["signature"];
    if (options.signingKey !== undefined) {
      const sigName = `${sumsName}.sig`;
      progress.step(`signing ${sumsName} with key ${options.signingKey.fingerprint}`);
      await writeFile(join(staging, sigName), await options.signingKey.sign(sums));
      signature = {
        file: sigName,
        fingerprint: options.signingKey.fingerprint,
        signingKeyId: options.signingKey.signingKeyId,
      };
    }

    throwIfAborted(options.signal);
    const files = await describeFiles(staging);
    await moveIntoPlace(staging, outDir);
    return {
      address: { namespace: project.namespace, type: project.type, version: project.version },
      outDir,
      kind,
      protocolVersions,
      platforms: released,
      files,
      mirrorDir: join(outDir, "mirror"),
      mirrorHosts: [...DEFAULT_MIRROR_HOSTS],
      ...(signature === undefined ? {} : { signature }),
      manifest,
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

function probeOptions(options: ReleaseOptions): { env?: NodeJS.ProcessEnv; signal?: AbortSignal } {
  return {
    ...(options.env === undefined ? {} : { env: options.env }),
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new CliError("release interrupted: nothing was written");
}

/**
 * The output directory is replaced as a whole, so it must be empty, missing, or an earlier
 * release (one with a SHA256SUMS of this provider): never a directory of the user's own files.
 */
async function checkReplaceable(outDir: string, project: Project): Promise<void> {
  if (outDir === project.root || relative(outDir, project.root).split(/[\\/]/)[0] !== "..") {
    throw new CliError(
      `--out ${outDir} holds the project itself: name a directory of its own, such as dist/release`,
      {
        exitCode: 2,
      },
    );
  }
  if (!existsSync(outDir)) return;
  if (!(await isEarlierReleaseOrEmpty(outDir, project.type))) {
    throw new CliError(
      `--out ${outDir} already holds files that are not a release of ${project.type}, and a release replaces the whole directory: name an empty or new directory`,
      { exitCode: 2 },
    );
  }
}

async function isEarlierReleaseOrEmpty(outDir: string, type: string): Promise<boolean> {
  const entries = await readdir(outDir);
  return (
    entries.length === 0 ||
    entries.some((name) => name.startsWith(`terraform-provider-${type}_`) && name.endsWith("_SHA256SUMS"))
  );
}

async function moveIntoPlace(staging: string, outDir: string): Promise<void> {
  await mkdir(dirname(outDir), { recursive: true });
  if (!existsSync(outDir)) {
    await rename(staging, outDir);
    return;
  }
  const previous = `${outDir}.old-${randomBytes(4).toString("hex")}`;
  await rename(outDir, previous);
  try {
    await rename(staging, outDir);
  } catch (error) {
    await rename(previous, outDir);
    throw error;
  }
  await rm(previous, { recursive: true, force: true });
}

async function linkOrCopy(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch {
    await copyFile(from, to);
  }
}

async function describeFiles(dir: string): Promise<ReleaseFile[]> {
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const data = await readFile(join(dir, name));
      return { path: name, bytes: data.length, sha256: sha256(data) };
    }),
  );
}

function sha256(data: Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}
