// The provider whose examples the runner runs (`--provider <app dir>`, default the reference
// provider, apps/terraform-provider-tsvider): its address, version and executable read from the
// app's package.json by the rules the tsvider CLI reads a project by (packages/cli/src/project.ts),
// its examples under `<app>/examples`, and the lists the runner keeps for it.
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The provider app is not one the runner can use: printed without a stack, saying what to do. */
export class ProviderAppError extends Error {
  override readonly name = "ProviderAppError";
}

export interface ProviderApp {
  /** The app's directory (absolute). */
  readonly dir: string;
  /** package.json's `name`, for the commands the messages suggest (`pnpm --filter <name> build`). */
  readonly packageName: string;
  /** `tsvider.namespace` in package.json; default: the type, as the tsvider CLI has it. */
  readonly namespace: string;
  /** `tsvider.type`, else the package name after `terraform-provider-`. */
  readonly type: string;
  /** package.json's `version`: what the mirror serves and the lock files record. */
  readonly version: string;
  /** The built executable: package.json's `bin` for `terraform-provider-<type>`. */
  readonly executable: string;
  /** `<app>/examples`: a directory per example holding a `.tf` file. */
  readonly examplesDir: string;
  /** The committed expected-failures list judging the run (README.md, "Expected failures"). */
  readonly expectedFailures: string;
  /** The recorded durations the shards are balanced by. */
  readonly durations: string;
}

const RUNNER_DIR = fileURLToPath(new URL("..", import.meta.url));

/** apps/terraform-provider-tsvider: the provider the runner runs without `--provider`. */
export const REFERENCE_PROVIDER_DIR = resolve(RUNNER_DIR, "..", "terraform-provider-tsvider");

/** A provider other than the reference keeps its lists in its own directory, under these names. */
export const PROVIDER_EXPECTED_FAILURES = "conformance-expected-failures.json";
export const PROVIDER_DURATIONS = "conformance-durations.json";

// The rules of packages/cli/src/project.ts: an address part is lowercase letters, digits and
// dashes, not starting or ending with a dash; a version is what a lock file accepts.
const ADDRESS_PART = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Reads the app's package.json, without looking for its build or examples (see
 * loadProviderApp). Throws ProviderAppError naming the file and the field to fix.
 */
export function readProviderApp(appDir: string): ProviderApp {
  const dir = resolve(appDir);
  const file = join(dir, "package.json");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new ProviderAppError(
      `${dir} has no package.json: --provider takes a provider app's directory, such as apps/terraform-provider-postgresql`,
    );
  }
  let pkg: Record<string, unknown>;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
      throw new Error("not an object");
    pkg = parsed as Record<string, unknown>;
  } catch (err) {
    throw new ProviderAppError(
      `${file} is not a JSON object (${err instanceof Error ? err.message : String(err)}): fix it and run again`,
    );
  }
  const packageName = typeof pkg.name === "string" ? pkg.name : "";
  const settings = (
    typeof pkg.tsvider === "object" && pkg.tsvider !== null && !Array.isArray(pkg.tsvider) ? pkg.tsvider : {}
  ) as Record<string, unknown>;
  const named = packageName.replace(/^@[^/]+\//, "");
  const type =
    typeof settings.type === "string"
      ? settings.type
      : named.startsWith("terraform-provider-")
        ? named.slice("terraform-provider-".length)
        : "";
  if (type === "")
    throw new ProviderAppError(
      `${file} names no provider: its "name" is ${JSON.stringify(packageName)}; set it to "terraform-provider-<type>" or add "tsvider": { "type": "<type>" }`,
    );
  if (!ADDRESS_PART.test(type))
    throw new ProviderAppError(
      `${file}: the provider type ${JSON.stringify(type)} (from ${typeof settings.type === "string" ? '"tsvider.type"' : '"name"'}) is not valid: use lowercase letters, digits and dashes, not starting or ending with a dash`,
    );
  const namespace = typeof settings.namespace === "string" ? settings.namespace : type;
  if (!ADDRESS_PART.test(namespace))
    throw new ProviderAppError(
      `${file}: "tsvider.namespace" is ${JSON.stringify(namespace)}, not a valid registry namespace: use lowercase letters, digits and dashes`,
    );
  const version = typeof pkg.version === "string" ? pkg.version : "";
  if (!VERSION.test(version))
    throw new ProviderAppError(
      `${file} has ${version === "" ? "no version" : `version ${JSON.stringify(version)}`}: set "version" to one like "0.1.0" (major.minor.patch), which the mirror serves and the lock files record`,
    );
  const command = `terraform-provider-${type}`;
  const bin =
    typeof pkg.bin === "string"
      ? pkg.bin
      : typeof pkg.bin === "object" && pkg.bin !== null
        ? (pkg.bin as Record<string, unknown>)[command]
        : undefined;
  return {
    dir,
    packageName,
    namespace,
    type,
    version,
    // Both apps' builds (scripts/bundle.mjs) write dist/terraform-provider-<type>.cjs and name it
    // in "bin"; an app without "bin" is looked for there.
    executable: resolve(dir, typeof bin === "string" ? bin : `dist/${command}.cjs`),
    examplesDir: join(dir, "examples"),
    ...providerLists(dir),
  };
}

/**
 * The expected-failures list and the durations of the provider app in `appDir`: the reference
 * provider's stay beside the runner (apps/conformance-runner/expected-failures.json and
 * durations.json, where CI has them); any other app keeps its own in its directory
 * (PROVIDER_EXPECTED_FAILURES, PROVIDER_DURATIONS), and has none until it adds them.
 */
export function providerLists(appDir: string): Pick<ProviderApp, "expectedFailures" | "durations"> {
  const dir = resolve(appDir);
  return real(dir) === real(REFERENCE_PROVIDER_DIR)
    ? {
        expectedFailures: join(RUNNER_DIR, "expected-failures.json"),
        durations: join(RUNNER_DIR, "durations.json"),
      }
    : { expectedFailures: join(dir, PROVIDER_EXPECTED_FAILURES), durations: join(dir, PROVIDER_DURATIONS) };
}

/**
 * readProviderApp, and the app's build and examples directory must exist: a run without them
 * could only fail every cell. Throws ProviderAppError naming what is missing and what to do.
 */
export function loadProviderApp(appDir: string): ProviderApp {
  const app = readProviderApp(appDir);
  if (!existsSync(app.executable))
    throw new ProviderAppError(
      `${app.packageName} is not built: its executable ${app.executable} (package.json's "bin" for terraform-provider-${app.type}, else dist/terraform-provider-${app.type}.cjs) does not exist; build it with \`pnpm --filter ${app.packageName} build\``,
    );
  if (!existsSync(app.examplesDir) || !statSync(app.examplesDir).isDirectory())
    throw new ProviderAppError(
      `${app.packageName} has no examples: ${app.examplesDir} does not exist; the runner runs every directory under <app>/examples holding a .tf file (such as examples/resources/<type>_x/basic/main.tf)`,
    );
  return app;
}
