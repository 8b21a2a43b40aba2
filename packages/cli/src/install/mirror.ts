// `tsvider install`'s work: put a built provider into a filesystem mirror in the packed layout
// (HOST/NAMESPACE/TYPE/terraform-provider-TYPE_VERSION_OS_ARCH.zip) under both registry hosts,
// take one version back out, and say which providers a mirror holds. The zip itself is made by
// @tsvider/conformance's installProviderMirror (one file, no directory entries, fixed
// timestamps: the same build gives the same bytes), here into a staging directory first, so a
// version already installed with other bytes is refused before anything is touched.
import { copyFile, mkdir, mkdtemp, readdir, readFile, rename, rm, rmdir } from "node:fs/promises";
import { homedir, tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { DEFAULT_MIRROR_HOSTS, h1Hash, installProviderMirror } from "@tsvider/conformance";
import { CliError } from "../cli/command.js";
import { readZip } from "./read-zip.js";

/** `${XDG_DATA_HOME:-~/.local/share}/tsvider/mirror`. */
export function defaultMirrorDir(env: NodeJS.ProcessEnv): string {
  const dataHome = env.XDG_DATA_HOME?.trim() || join(env.HOME?.trim() || homedir(), ".local", "share");
  return join(dataHome, "tsvider", "mirror");
}

export interface ProviderVersion {
  readonly namespace: string;
  readonly type: string;
  readonly version: string;
}

export interface MirrorInstallRequest extends ProviderVersion {
  readonly mirrorDir: string;
  /** The provider executable to package. */
  readonly executable: string;
  /** `linux_amd64` and so on; default this machine's. */
  readonly platform?: string;
  /** Replace this version when the mirror holds other bytes for it. */
  readonly reinstall?: boolean;
  readonly hosts?: readonly string[];
}

export interface MirrorInstallResult {
  /** `installed`: new; `unchanged`: the same bytes were there; `replaced`: --reinstall over other bytes. */
  readonly status: "installed" | "unchanged" | "replaced";
  readonly platform: string;
  readonly zipPaths: readonly string[];
  readonly h1: string;
  readonly zh: string;
  /** The h1: of the package that was replaced. */
  readonly replacedH1?: string;
}

/** The lock-file hash of a package zip: h1: over its files, as tofu computes it. */
export function packageH1(zip: Buffer): string {
  return h1Hash(readZip(zip));
}

export async function installIntoMirror(request: MirrorInstallRequest): Promise<MirrorInstallResult> {
  const hosts = request.hosts ?? DEFAULT_MIRROR_HOSTS;
  const staging = await mkdtemp(join(tmpdir(), "tsvider-install-"));
  try {
    const staged = await installProviderMirror({
      mirrorDir: staging,
      namespace: request.namespace,
      type: request.type,
      version: request.version,
      executable: request.executable,
      hosts,
      ...(request.platform === undefined ? {} : { platform: request.platform }),
    });
    const zip = await readFile(staged.zipPaths[0]!);
    const placements = staged.zipPaths.map((from) => ({
      from,
      to: join(request.mirrorDir, relative(staging, from)),
    }));

    let replacedH1: string | undefined;
    let same = 0;
    for (const { to } of placements) {
      const existing = await readFile(to).catch((err: NodeJS.ErrnoException) => {
        if (err.code === "ENOENT") return undefined;
        throw err;
      });
      if (existing === undefined) continue;
      if (existing.equals(zip)) {
        same++;
        continue;
      }
      replacedH1 ??= safeH1(existing);
    }
    const address = `${request.namespace}/${request.type}`;
    if (replacedH1 !== undefined && request.reinstall !== true) {
      throw new CliError(
        `${address} ${request.version} (${staged.platform}) is already in ${request.mirrorDir} with other contents (${replacedH1}; this build is ${staged.h1}), so its code, its dependencies or the Node inside changed since: bump "version" in package.json to install the new build beside it, or run \`tsvider install --reinstall\` to replace it, after which \`tofu init\` fails in configurations whose lock file recorded ${replacedH1} until you remove the provider's block from their .terraform.lock.hcl and run \`tofu init\` again`,
      );
    }
    if (same === placements.length) {
      return {
        status: "unchanged",
        platform: staged.platform,
        zipPaths: placements.map((p) => p.to),
        h1: staged.h1,
        zh: staged.zh,
      };
    }
    for (const { from, to } of placements) await placeFile(from, to);
    return {
      status: replacedH1 === undefined ? "installed" : "replaced",
      platform: staged.platform,
      zipPaths: placements.map((p) => p.to),
      h1: staged.h1,
      zh: staged.zh,
      ...(replacedH1 === undefined ? {} : { replacedH1 }),
    };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** An existing package's h1:, or a note when it cannot be read (then it is replaced all the same). */
function safeH1(zip: Buffer): string {
  try {
    return packageH1(zip);
  } catch {
    return "a package tsvider cannot read";
  }
}

/** Copies next to the target and renames: tofu never sees half a zip. */
async function placeFile(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  const partial = `${to}.tsvider-${process.pid}.partial`;
  try {
    await copyFile(from, partial);
    await rename(partial, to);
  } finally {
    await rm(partial, { force: true });
  }
}

export interface MirrorUninstallRequest extends ProviderVersion {
  readonly mirrorDir: string;
  readonly hosts?: readonly string[];
}

/** Removes this version's packages (every platform) under each host; other versions stay. */
export async function uninstallFromMirror(request: MirrorUninstallRequest): Promise<readonly string[]> {
  const removed: string[] = [];
  const prefix = `terraform-provider-${request.type}_${request.version}_`;
  for (const host of request.hosts ?? DEFAULT_MIRROR_HOSTS) {
    const dir = join(request.mirrorDir, host, request.namespace, request.type);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      // The platform follows the version: OS_ARCH, with no further underscore-separated version part.
      if (!name.startsWith(prefix) || !name.endsWith(".zip")) continue;
      if (!/^[a-z0-9]+_[a-z0-9]+\.zip$/.test(name.slice(prefix.length))) continue;
      await rm(join(dir, name));
      removed.push(join(dir, name));
    }
    // Empty folders would still be read as providers with no versions: remove them up to the host.
    for (const empty of [dir, dirname(dir), dirname(dirname(dir))]) {
      if (
        !(await rmdir(empty).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  return removed;
}

/** The provider addresses (HOST/NAMESPACE/TYPE) that have at least one package in the mirror. */
export async function mirroredProviders(mirrorDir: string): Promise<readonly string[]> {
  const addresses: string[] = [];
  const list = (dir: string) => readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const host of await list(mirrorDir)) {
    if (!host.isDirectory()) continue;
    for (const namespace of await list(join(mirrorDir, host.name))) {
      if (!namespace.isDirectory()) continue;
      for (const type of await list(join(mirrorDir, host.name, namespace.name))) {
        if (!type.isDirectory()) continue;
        const files = await list(join(mirrorDir, host.name, namespace.name, type.name));
        if (
          files.some(
            (f) =>
              f.isFile() && f.name.startsWith(`terraform-provider-${type.name}_`) && f.name.endsWith(".zip"),
          )
        ) {
          addresses.push(`${host.name}/${namespace.name}/${type.name}`);
        }
      }
    }
  }
  return addresses.sort();
}
