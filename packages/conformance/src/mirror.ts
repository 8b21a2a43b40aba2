// Installing a provider for tofu and terraform through a filesystem mirror in the packed
// layout, so `init` verifies it and writes a real lock file (hashes.ts computes the h1: and zh: hashes
// it records).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { arch, platform } from "node:os";
import { extname, join } from "node:path";
import { h1Hash, zhHash } from "./hashes.js";
import { createZip } from "./internal/zip.js";

/** Both default registries, so a short `source = "ns/type"` resolves under tofu and terraform alike. */
export const DEFAULT_MIRROR_HOSTS = ["registry.opentofu.org", "registry.terraform.io"] as const;

/**
 * Options of `installProviderMirror`: the mirror directory, the provider's namespace, type and
 * version, and its executable.
 */
export interface MirrorInstallOptions {
  /** The mirror's root directory; created when missing. */
  readonly mirrorDir: string;
  readonly namespace: string;
  /** The provider type: `tsvider` for terraform-provider-tsvider. */
  readonly type: string;
  readonly version: string;
  /** The provider executable, such as a bundled script with a node shebang. */
  readonly executable: string;
  readonly hosts?: readonly string[];
  /** `linux_amd64` and so on; defaults to this machine's. */
  readonly platform?: string;
}

/**
 * What `installProviderMirror` wrote: the zip files and the `h1:` and `zh:` hashes a lock file
 * records for them.
 */
export interface MirrorInstall {
  readonly zipPaths: readonly string[];
  readonly h1: string;
  readonly zh: string;
  readonly platform: string;
}

/** The platform of this machine as Terraform names it in provider packages, e.g. `linux_amd64`. */
export function currentPlatform(): string {
  const os = platform() === "win32" ? "windows" : platform();
  const cpu =
    ({ x64: "amd64", arm64: "arm64", ia32: "386", arm: "arm" } as Record<string, string>)[arch()] ?? arch();
  return `${os}_${cpu}`;
}

/**
 * `.exe` on Windows; a script's `.cjs` or `.mjs` is kept, since Node honours those wherever the
 * file lies, while a name ending in the version (`_v1.2.3`) is refused as an unknown extension
 * under a package.json that says `"type": "module"`, such as the project tofu runs in.
 */
function executableSuffix(executable: string, target: string): string {
  if (target.startsWith("windows_")) return ".exe";
  const extension = extname(executable);
  return extension === ".cjs" || extension === ".mjs" ? extension : "";
}

/**
 * Installs a provider executable into a filesystem mirror (the layout a CLI configuration's
 * `filesystem_mirror` reads), packaged as a registry would, so `tofu init` finds it offline.
 *
 * @param options the mirror directory, the provider's address and version, and its executable
 * @returns the zips written and their hashes, for checking the lock file `init` writes
 */
export async function installProviderMirror(options: MirrorInstallOptions): Promise<MirrorInstall> {
  const target = options.platform ?? currentPlatform();
  const entry = {
    name: `terraform-provider-${options.type}_v${options.version}${executableSuffix(options.executable, target)}`,
    data: await readFile(options.executable),
    mode: 0o755,
  };
  const zip = createZip([entry]);
  const zipPaths: string[] = [];
  for (const host of options.hosts ?? DEFAULT_MIRROR_HOSTS) {
    const dir = join(options.mirrorDir, host, options.namespace, options.type);
    await mkdir(dir, { recursive: true });
    const zipPath = join(dir, `terraform-provider-${options.type}_${options.version}_${target}.zip`);
    await writeFile(zipPath, zip);
    zipPaths.push(zipPath);
  }
  return { zipPaths, h1: h1Hash([entry]), zh: zhHash(zip), platform: target };
}

/**
 * A CLI configuration (for TF_CLI_CONFIG_FILE) that installs the given providers from the
 * mirror and nothing else from anywhere: no network, and a lock file with real hashes.
 */
export function mirrorCliConfig(mirrorDir: string): string {
  return `provider_installation {\n  filesystem_mirror {\n    path = ${JSON.stringify(mirrorDir)}\n  }\n}\n`;
}
