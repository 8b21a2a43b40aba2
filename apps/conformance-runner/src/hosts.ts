// The host sets: besides the pinned tofu and terraform, the runner can add every host version
// the repository's `tooling/hosts/install` builds and caches (OpenTofu and Terraform releases
// from the Go module proxy), a column each. That script prints one line per host on stdout,
// `<kind> <version> <path>` for one it built, `<kind> <version> unavailable <reason>` for one
// it could not; its progress goes to stderr, which the runner passes through so a cold build
// shows what it is doing.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { UsageError } from "./args.js";
import { BINARIES, type BinaryName } from "./requirements.js";

/** `pinned`: only TSVIDER_TOFU and TSVIDER_TERRAFORM; the others ask tooling/hosts/install. */
export const HOST_SETS = ["pinned", "representative", "all"] as const;
export type HostSet = (typeof HOST_SETS)[number];

/** The script that builds the host sets, relative to the repository root. */
export const HOSTS_INSTALL = "tooling/hosts/install";

/** A host the script built. */
export interface BuiltHost {
  readonly kind: BinaryName;
  readonly version: string;
  readonly path: string;
  readonly unavailable?: undefined;
}

/** A host of the set the script could not build, and why. */
export interface UnavailableHost {
  readonly kind: BinaryName;
  readonly version: string;
  readonly unavailable: string;
}

export type HostLine = BuiltHost | UnavailableHost;

export function parseHostSet(value: string): HostSet {
  if (!(HOST_SETS as readonly string[]).includes(value))
    throw new UsageError(`--hosts takes ${HOST_SETS.join(", ")}, not ${JSON.stringify(value)}`);
  return value as HostSet;
}

const VERSION = /^v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?)$/;

/**
 * Reads the script's stdout: a line per host, blank lines ignored. `where` names the source in
 * the errors (a line the runner cannot read is the script's bug, shown as it was printed).
 */
export function parseHostLines(text: string, where: string): HostLine[] {
  const hosts: HostLine[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === "") continue;
    const at = `${where}, line ${i + 1} (${JSON.stringify(line)})`;
    const [, kind = "", version = "", rest = ""] = /^(\S+)(?:\s+(\S+))?(?:\s+(.+))?$/s.exec(line) ?? [];
    if (!BINARIES.includes(kind as BinaryName))
      throw new Error(`${at}: the kind must be "tofu" or "terraform"; expected "<kind> <version> <path>"`);
    const v = VERSION.exec(version);
    if (!v) throw new Error(`${at}: "${version}" is no version such as 1.5.7`);
    if (rest === "")
      throw new Error(
        `${at}: no path; expected "<kind> <version> <path>" or "<kind> <version> unavailable <reason>"`,
      );
    const unavailable = /^unavailable(?:\s+(.*))?$/s.exec(rest);
    if (unavailable)
      hosts.push({
        kind: kind as BinaryName,
        version: v[1]!,
        unavailable: unavailable[1]?.trim() || "no reason given",
      });
    else hosts.push({ kind: kind as BinaryName, version: v[1]!, path: rest });
  }
  return hosts;
}

/**
 * Runs `tooling/hosts/install --set <set>` from the repository root and reads its lines. Its
 * stderr (progress of a cold build, which may take many minutes) goes to ours. Throws, saying
 * what to do, when the script is missing, fails, or prints nothing.
 */
export function installHosts(repoRoot: string, set: Exclude<HostSet, "pinned">): HostLine[] {
  const script = join(repoRoot, HOSTS_INSTALL);
  if (!existsSync(script))
    throw new UsageError(
      `--hosts ${set} needs ${HOSTS_INSTALL}, which is not in ${repoRoot}; run with --hosts pinned (the default) or add extra binaries with TSVIDER_EXTRA_BINARIES`,
    );
  const run = spawnSync(script, ["--set", set], {
    cwd: repoRoot,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    // A build of every host prints little on stdout; this only bounds what we keep of it.
    maxBuffer: 16 * 1024 * 1024,
  });
  const command = `${HOSTS_INSTALL} --set ${set}`;
  if (run.error) throw new Error(`cannot run ${command}: ${run.error.message}`);
  if (run.status !== 0)
    throw new Error(
      `${command} exited with ${run.status ?? run.signal}; its messages are above. Fix what they name, or run with --hosts pinned.`,
    );
  const hosts = parseHostLines(run.stdout, command);
  if (hosts.length === 0)
    throw new Error(`${command} printed no host; expected a line "<kind> <version> <path>" per host`);
  return hosts;
}
