// A provider project as the commands see it: the package.json of the directory (or the nearest
// one above it), the provider's address parts and version, and its entry module (the one that
// calls serve()). Every command that builds or inspects a provider starts here, so a project
// that is not one fails the same way everywhere, with one sentence saying what to add.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { CliError } from "./cli/command.js";

/** The `tsvider` section of a provider project's package.json. */
export interface ProjectSettings {
  /** The registry namespace: `acme` in `registry.opentofu.org/acme/NAME`; default: the type. */
  readonly namespace?: string;
  /** The provider type; default: the package name without `terraform-provider-` and scope. */
  readonly type?: string;
  /** The module that calls serve(); default `src/main.ts`. */
  readonly entry?: string;
  /** The module exporting `sweepers` for `tsvider sweep` (sweep/load.ts); default `src/sweepers.ts`. */
  readonly sweepers?: string;
}

export interface Project {
  /** The directory holding package.json. */
  readonly root: string;
  readonly packageName: string;
  readonly namespace: string;
  /** The provider type: `tsvider` for terraform-provider-tsvider. */
  readonly type: string;
  /** package.json's version, the provider's version. */
  readonly version: string;
  /** Absolute path of the entry module. */
  readonly entry: string;
}

/** Terraform's rule for each part of a provider address: letters, digits and dashes, no dash at either end. */
const ADDRESS_PART = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
/** The versions a registry and a lock file accept: X.Y.Z with an optional pre-release. */
const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function isValidProviderType(name: string): boolean {
  return ADDRESS_PART.test(name) && !name.startsWith("terraform-");
}

export function providerTypeProblem(name: string): string | undefined {
  if (name.startsWith("terraform-provider-")) {
    return `"${name}" is a repository name; the provider type is what follows "terraform-provider-": "${name.slice("terraform-provider-".length)}"`;
  }
  if (!ADDRESS_PART.test(name)) {
    return `"${name}" is not a valid provider type: use lowercase letters, digits and dashes, not starting or ending with a dash (for example "acme" or "acme-cloud")`;
  }
  if (name.startsWith("terraform-"))
    return `"${name}" is not a valid provider type: it may not start with "terraform-"`;
  return undefined;
}

/** Finds the project that holds `dir` (the nearest package.json at or above it) and checks it. */
export function loadProject(dir: string): Project {
  let root = resolve(dir);
  while (!existsSync(join(root, "package.json"))) {
    const parent = dirname(root);
    if (parent === root) {
      throw new CliError(
        `no package.json in ${resolve(dir)} or any directory above it: run this in a provider project, or make one with \`tsvider new <name>\``,
      );
    }
    root = parent;
  }
  const file = join(root, "package.json");
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new CliError(`${file} is not valid JSON (${(error as Error).message}): fix it and run again`);
  }
  const packageName = typeof pkg.name === "string" ? pkg.name : "";
  const settings = (
    typeof pkg.tsvider === "object" && pkg.tsvider !== null ? pkg.tsvider : {}
  ) as ProjectSettings;
  const type = settings.type ?? packageName.replace(/^@[^/]+\//, "").replace(/^terraform-provider-/, "");
  if (type === "") {
    throw new CliError(
      `${file} names no provider: set "name" to "terraform-provider-<type>" or "tsvider": { "type": "<type>" }`,
    );
  }
  const typeProblem = providerTypeProblem(type);
  if (typeProblem !== undefined) {
    throw new CliError(
      `${typeProblem} (from ${settings.type === undefined ? '"name"' : '"tsvider.type"'} in ${file})`,
    );
  }
  const namespace = settings.namespace ?? type;
  if (!ADDRESS_PART.test(namespace)) {
    throw new CliError(
      `"${namespace}" (tsvider.namespace in ${file}) is not a valid registry namespace: use lowercase letters, digits and dashes`,
    );
  }
  const version = typeof pkg.version === "string" ? pkg.version : "";
  if (!VERSION.test(version)) {
    throw new CliError(
      `${file} has ${version === "" ? "no version" : `version "${version}"`}; a provider needs one like "0.1.0" (major.minor.patch), which is what tofu locks`,
    );
  }
  const entry = resolve(root, settings.entry ?? "src/main.ts");
  if (!existsSync(entry)) {
    throw new CliError(
      `the provider's entry point ${relative(process.cwd(), entry) || entry} does not exist: create it (a module that calls serve(provider)) or set "tsvider": { "entry": "<path>" } in ${file}`,
    );
  }
  return { root, packageName, namespace, type, version, entry };
}
