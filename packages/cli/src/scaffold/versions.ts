// The versions a new project depends on, read from the package.json files of this CLI and of
// the tsvider packages it was installed with, so a project made by tsvider 0.3.0 asks for the
// framework and test tools that 0.3.0 was built and tested against, never a stale literal.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface ScaffoldVersions {
  /** Version ranges by package name, as they go into the new project's package.json. */
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
}

interface PackageJson {
  readonly name?: string;
  readonly version?: string;
  readonly devDependencies?: Readonly<Record<string, string>>;
}

/** The package.json at or above `start` whose name is `name`. */
function packageJsonAbove(
  start: string,
  name: string,
): { readonly file: string; readonly json: PackageJson } {
  let dir = start;
  for (;;) {
    const file = join(dir, "package.json");
    try {
      const json = JSON.parse(readFileSync(file, "utf8")) as PackageJson;
      if (json.name === name) return { file, json };
    } catch {
      // No package.json here (or one of a nested folder): keep climbing.
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`cannot find the package.json of ${name} above ${start}`);
    dir = parent;
  }
}

/** A package's own package.json, found from where `from` (a package.json) resolves it. */
function dependencyPackageJson(
  from: string,
  name: string,
): { readonly file: string; readonly json: PackageJson } {
  const entry = createRequire(from).resolve(name);
  return packageJsonAbove(dirname(entry), name);
}

function versionOf(pkg: { readonly file: string; readonly json: PackageJson }): string {
  if (typeof pkg.json.version !== "string") throw new Error(`${pkg.file} has no version`);
  return pkg.json.version;
}

export function scaffoldVersions(): ScaffoldVersions {
  const cli = packageJsonAbove(dirname(fileURLToPath(import.meta.url)), "tsvider");
  const conformance = dependencyPackageJson(cli.file, "@tsvider/conformance");
  const framework = dependencyPackageJson(conformance.file, "@tsvider/framework");
  // The tools this CLI is developed with: the project's tests and typecheck use the same ones.
  const tools = cli.json.devDependencies ?? {};
  const tool = (name: string): string => {
    const range = tools[name];
    if (range === undefined) throw new Error(`${cli.file} lists no devDependency ${name}`);
    return range;
  };
  return {
    dependencies: { "@tsvider/framework": `^${versionOf(framework)}` },
    devDependencies: {
      "@tsvider/conformance": `^${versionOf(conformance)}`,
      "@types/node": tool("@types/node"),
      tsvider: `^${versionOf(cli)}`,
      typescript: tool("typescript"),
      vitest: tool("vitest"),
    },
  };
}
