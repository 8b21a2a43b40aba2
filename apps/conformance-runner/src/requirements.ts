// What an example needs from the binary that runs it, declared in a `requirements.json` beside
// its `.tf` files: which kinds of binary it is written for, the oldest version of each that
// can run it, and whether the provider runs in test mode. The runner reads it before copying
// anything, so a cell of the matrix the example cannot run on is skipped with the reason
// instead of failing on a binary too old to know what the example uses.
import { join } from "node:path";
import { readJsonFile } from "./json-file.js";

/** The kinds of binary an example can run under. */
export const BINARIES = ["tofu", "terraform"] as const;
export type BinaryName = (typeof BINARIES)[number];

export const REQUIREMENTS_FILE = "requirements.json";

/** An example's `requirements.json`, with the defaults filled in. */
export interface Requirements {
  /** The kinds of binary the example runs under (default: both, tofu and terraform). */
  readonly binaries: readonly BinaryName[];
  /** The oldest version of each kind that can run it, such as `{ "terraform": "1.14.0" }`. */
  readonly minVersions: Readonly<Partial<Record<BinaryName, string>>>;
  /** Serve the provider with TSVIDER_TESTMODE=true, for the test-only components. */
  readonly testMode: boolean;
  /**
   * What the minimum versions are for, such as "ephemeral resources", named in the skip reason
   * so a reader of the matrix sees why an older host does not run the example.
   */
  readonly feature?: string;
  /**
   * Why every command must start the provider itself, even in a column whose commands
   * otherwise attach to one provider process (`--reattach`): say, two aliases of the provider
   * configured differently (one process holds one configuration), or a state store, whose
   * `init` records the provider it was set up with.
   */
  readonly providerPerCommand?: string;
}

/** The environment the provider of an example with `requirements` runs in: test mode or not. */
export function testModeEnv(requirements: Pick<Requirements, "testMode">): Record<string, string> {
  return requirements.testMode ? { TSVIDER_TESTMODE: "true" } : {};
}

// Every example runs on both kinds unless it says otherwise: a provider that works on one host
// but was never tried on the other is what this matrix exists to catch.
export const DEFAULT_REQUIREMENTS: Requirements = {
  binaries: ["tofu", "terraform"],
  minVersions: {},
  testMode: false,
};

const KNOWN_KEYS = new Set([
  "binaries",
  "minVersions",
  "feature",
  "testMode",
  "providerPerCommand",
  "$comment",
]);
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/**
 * Checks a parsed requirements.json; `where` names the file in the errors. Unknown keys are
 * refused, so a misspelt `minVersion` does not silently run the example on every version.
 */
export function parseRequirements(value: unknown, where: string): Requirements {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new Error(`${where}: must be a JSON object such as { "binaries": ["tofu"] }`);
  const record = value as Record<string, unknown>;
  const unknown = Object.keys(record).filter((k) => !KNOWN_KEYS.has(k));
  if (unknown.length > 0)
    throw new Error(
      `${where}: unknown key ${unknown.map((k) => JSON.stringify(k)).join(", ")}; it may hold "binaries", "minVersions", "feature", "testMode" and "providerPerCommand"`,
    );

  let binaries: BinaryName[] = [...DEFAULT_REQUIREMENTS.binaries];
  if (record.binaries !== undefined) {
    if (!Array.isArray(record.binaries) || record.binaries.length === 0)
      throw new Error(`${where}: "binaries" must be a non-empty array of "tofu" and "terraform"`);
    for (const b of record.binaries as unknown[])
      if (!BINARIES.includes(b as BinaryName))
        throw new Error(`${where}: "binaries" holds ${JSON.stringify(b)}; use "tofu" or "terraform"`);
    binaries = [...new Set(record.binaries as BinaryName[])];
  }

  const minVersions: Partial<Record<BinaryName, string>> = {};
  if (record.minVersions !== undefined) {
    const mv = record.minVersions;
    if (typeof mv !== "object" || mv === null || Array.isArray(mv))
      throw new Error(`${where}: "minVersions" must be an object such as { "terraform": "1.14.0" }`);
    for (const [kind, v] of Object.entries(mv)) {
      if (!binaries.includes(kind as BinaryName))
        throw new Error(
          `${where}: "minVersions" names ${JSON.stringify(kind)}, which "binaries" (${binaries.join(", ")}) does not list`,
        );
      if (typeof v !== "string" || !VERSION.test(v))
        throw new Error(
          `${where}: "minVersions.${kind}" must be a version such as "1.14.0", not ${JSON.stringify(v)}`,
        );
      minVersions[kind as BinaryName] = v;
    }
  }

  if (record.feature !== undefined) {
    if (typeof record.feature !== "string" || record.feature.trim() === "")
      throw new Error(
        `${where}: "feature" must say what the minimum versions are for, such as "ephemeral resources"`,
      );
    if (Object.keys(minVersions).length === 0)
      throw new Error(
        `${where}: "feature" explains "minVersions", which is missing; add "minVersions" or remove "feature"`,
      );
  }

  if (record.testMode !== undefined && typeof record.testMode !== "boolean")
    throw new Error(`${where}: "testMode" must be true or false`);
  const perCommand = record.providerPerCommand;
  if (perCommand !== undefined && (typeof perCommand !== "string" || perCommand.trim() === ""))
    throw new Error(
      `${where}: "providerPerCommand" must say why each command must start the provider, such as "two aliases configured differently"`,
    );
  return {
    binaries,
    minVersions,
    testMode: record.testMode === true,
    ...(typeof record.feature === "string" ? { feature: record.feature.trim() } : {}),
    ...(typeof perCommand === "string" ? { providerPerCommand: perCommand.trim() } : {}),
  };
}

/** The example's requirements.json (the defaults when there is none). */
export async function loadRequirements(dir: string): Promise<Requirements> {
  const file = join(dir, REQUIREMENTS_FILE);
  const parsed = await readJsonFile(file);
  if (parsed === undefined) return DEFAULT_REQUIREMENTS;
  return parseRequirements(parsed, file);
}

/**
 * Compares two versions such as 1.12.6 and 1.14.0-beta1: negative when a is older. A
 * pre-release is older than its release, as in semver; pre-release tags compare as strings.
 */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core = "", pre] = v.replace(/^v/, "").split(/-(.*)/s, 2);
    return { nums: core.split(".").map((n) => Number.parseInt(n, 10) || 0), pre };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d !== 0) return d;
  }
  if (x.pre === y.pre) return 0;
  if (x.pre === undefined) return 1;
  if (y.pre === undefined) return -1;
  return x.pre < y.pre ? -1 : 1;
}

/** Why the example cannot run on this binary, or undefined when it can. */
export function skipReason(
  requirements: Requirements,
  binary: { readonly kind: BinaryName; readonly version: string },
): string | undefined {
  const other = kindSkipReason(requirements, binary.kind);
  if (other !== undefined) return other;
  const min = requirements.minVersions[binary.kind];
  if (min !== undefined && compareVersions(binary.version, min) < 0)
    return requirements.feature === undefined
      ? `needs ${binary.kind} >= ${min}, this is ${binary.version} (requirements.json "minVersions")`
      : `needs ${binary.kind} >= ${min} for ${requirements.feature}, this is ${binary.version}`;
  return undefined;
}

/** Why the example does not run on this kind of binary at all, or undefined when it does. */
export function kindSkipReason(requirements: Requirements, kind: BinaryName): string | undefined {
  return requirements.binaries.includes(kind)
    ? undefined
    : `written for ${requirements.binaries.join(" and ")} only (requirements.json "binaries")`;
}
