// The binaries the examples run on: the pinned OpenTofu (TSVIDER_TOFU), the pinned Terraform
// (TSVIDER_TERRAFORM) and any extra ones listed in TSVIDER_EXTRA_BINARIES, each asked for its
// name and version so an example's requirements.json can be checked against it.
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { BinaryNotFoundError, resolveTerraform, resolveTofu } from "@tsvider/conformance";
import { BINARIES, type BinaryName, compareVersions } from "./requirements.js";

/** A binary of the matrix that runs. */
export interface AvailableBinary {
  /** The column name: "tofu" and "terraform" for the pinned ones, "<kind>-<version>" for extras. */
  readonly label: string;
  readonly kind: BinaryName;
  readonly path: string;
  /** Such as "1.12.6", from `<binary> version`. */
  readonly version: string;
  readonly missing?: undefined;
}

/** A pinned binary that could not be run: examples that need it fail with `missing`. */
export interface MissingBinary {
  readonly label: string;
  readonly kind: BinaryName;
  /** What was tried. */
  readonly path: string;
  /** Why it cannot run, and what to do. */
  readonly missing: string;
}

export type MatrixBinary = AvailableBinary | MissingBinary;

export const EXTRA_BINARIES_VARIABLE = "TSVIDER_EXTRA_BINARIES";

const PRODUCT: Record<string, BinaryName> = { OpenTofu: "tofu", Terraform: "terraform" };

/**
 * Runs `<path> version` and reads its first line (`OpenTofu v1.12.6`, `Terraform v1.16.4`).
 * Throws BinaryNotFoundError naming the path when it does not run or is neither.
 */
export function probeBinary(path: string): { kind: BinaryName; version: string } {
  const probe = spawnSync(path, ["version"], {
    encoding: "utf8",
    // No CLI config of the machine's, and no network call to check for a newer release.
    env: { ...process.env, TF_CLI_CONFIG_FILE: "/dev/null", CHECKPOINT_DISABLE: "1" },
  });
  if (probe.error || probe.status !== 0) {
    const why = probe.error ? probe.error.message : `exit code ${probe.status}: ${probe.stderr.trim()}`;
    throw new BinaryNotFoundError(`cannot run "${path} version" (${why})`);
  }
  const first = probe.stdout.split("\n")[0]?.trim() ?? "";
  const match = /^(OpenTofu|Terraform) v(\S+)/.exec(first);
  const kind = match ? PRODUCT[match[1]!] : undefined;
  if (!match || !kind)
    throw new BinaryNotFoundError(
      `"${path} version" printed ${JSON.stringify(first)}, which is neither OpenTofu nor Terraform`,
    );
  return { kind, version: match[2]! };
}

function pinned(kind: BinaryName, env: NodeJS.ProcessEnv): MatrixBinary {
  const variable = kind === "tofu" ? "TSVIDER_TOFU" : "TSVIDER_TERRAFORM";
  const tried = env[variable] || kind;
  try {
    // TSVIDER_ACC_BINARY chooses the acceptance tests' binary; the runner's columns are fixed.
    const path = kind === "tofu" ? resolveTofu({ ...env, TSVIDER_ACC_BINARY: "" }) : resolveTerraform(env);
    const probed = probeBinary(path);
    if (probed.kind !== kind)
      throw new BinaryNotFoundError(
        `${variable}=${path} is ${probed.kind} ${probed.version}, not ${kind}; point ${variable} at ${kind === "tofu" ? "an OpenTofu" : "a Terraform"} binary`,
      );
    return { label: kind, kind, path, version: probed.version };
  } catch (err) {
    if (!(err instanceof BinaryNotFoundError)) throw err;
    return { label: kind, kind, path: tried, missing: err.message };
  }
}

/**
 * The matrix: the pinned tofu and terraform (missing ones are kept, so the examples that need
 * them fail naming why), then each path of TSVIDER_EXTRA_BINARIES (comma-separated), probed
 * and named `<kind>-<version>`. An extra that cannot run stops the runner: it was asked for.
 */
export function resolveMatrix(env: NodeJS.ProcessEnv = process.env): MatrixBinary[] {
  const matrix: MatrixBinary[] = [pinned("tofu", env), pinned("terraform", env)];
  const extras = (env[EXTRA_BINARIES_VARIABLE] ?? "")
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  for (const path of extras) {
    let probed: { kind: BinaryName; version: string };
    try {
      probed = probeBinary(path);
    } catch (err) {
      throw new BinaryNotFoundError(
        `${EXTRA_BINARIES_VARIABLE} lists ${path}: ${err instanceof Error ? err.message : String(err)}. Fix the path or remove it from ${EXTRA_BINARIES_VARIABLE}.`,
      );
    }
    // The same file as a pinned binary adds nothing but a second column of the same runs.
    if (matrix.some((m) => m.missing === undefined && real(m.path) === real(path))) continue;
    const label = `${probed.kind}-${probed.version}`;
    const same = matrix.find((m) => m.label === label);
    if (same)
      throw new BinaryNotFoundError(
        `${EXTRA_BINARIES_VARIABLE} lists ${path} and ${same.path}, both ${label}; list one of them`,
      );
    matrix.push({ label, ...probed, path });
  }
  return matrix;
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/** A host of the set that adds no column, and why (shown in the run's header). */
export interface SkippedHost {
  readonly kind: BinaryName;
  readonly version: string;
  readonly path: string;
  readonly why: string;
}

/**
 * Adds the built hosts of a host set to the matrix, each probed (so a line that names the
 * wrong binary is caught) and named `<kind>-<version>`, oldest first after the columns already
 * there. A host that is the same file as a column, or the same kind and version (the pinned
 * Terraform is a build of its release with experiments allowed, and a second column of the
 * same release would only run everything twice), adds no column and is listed in `skipped`.
 * Throws BinaryNotFoundError naming the host when one does not run or is not what the line says.
 */
export function addHosts(
  matrix: readonly MatrixBinary[],
  hosts: readonly { readonly kind: BinaryName; readonly version: string; readonly path: string }[],
  source: string,
): { matrix: MatrixBinary[]; skipped: SkippedHost[] } {
  const out = [...matrix];
  const skipped: SkippedHost[] = [];
  const sorted = [...hosts].sort(
    (a, b) => BINARIES.indexOf(a.kind) - BINARIES.indexOf(b.kind) || compareVersions(a.version, b.version),
  );
  for (const host of sorted) {
    let probed: { kind: BinaryName; version: string };
    try {
      probed = probeBinary(host.path);
    } catch (err) {
      throw new BinaryNotFoundError(
        `${source} printed ${host.kind} ${host.version} at ${host.path}: ${err instanceof Error ? err.message : String(err)}. Rebuild it (remove it from the cache) or run with --hosts pinned.`,
      );
    }
    if (probed.kind !== host.kind || compareVersions(probed.version, host.version) !== 0)
      throw new BinaryNotFoundError(
        `${source} printed ${host.kind} ${host.version} at ${host.path}, but that binary is ${probed.kind} ${probed.version}; rebuild it (remove it from the cache) or run with --hosts pinned`,
      );
    const same = out.find(
      (m): m is AvailableBinary =>
        m.missing === undefined &&
        (real(m.path) === real(host.path) ||
          (m.kind === probed.kind && compareVersions(m.version, probed.version) === 0)),
    );
    if (same) {
      skipped.push({ ...host, why: `the column ${same.label} is ${same.kind} ${same.version} already` });
      continue;
    }
    out.push({
      label: `${probed.kind}-${probed.version}`,
      kind: probed.kind,
      version: probed.version,
      path: host.path,
    });
  }
  return { matrix: out, skipped };
}
