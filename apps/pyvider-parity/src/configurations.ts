// The configurations the suite compares: the reference provider's examples and pyvider's
// published ones (pyvider-components' `.plating/examples/*.tf`), each in both namings.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { Renamer, Side } from "./renames.js";

export interface Configuration {
  /** A module name: letters, digits and underscores, unique in the suite. */
  readonly id: string;
  /** Where it came from, for messages: a path under the repository or under pyvider-components. */
  readonly origin: string;
  /** The component it demonstrates, named as tsvider names it (`tsvider_file_info`, `divide`). */
  readonly component: string;
  /** main.tf for each provider. */
  readonly source: Readonly<Record<Side, string>>;
  /** Other files the configuration reads (name → bytes), the same for both. */
  readonly files: ReadonlyMap<string, Buffer>;
  /** Types (`tsvider_file_info`) and functions (`provider::tsvider::divide`) it uses, named as tsvider names them. */
  readonly uses: ReadonlySet<string>;
}

export interface Skipped {
  readonly origin: string;
  readonly reason: string;
}

export const EXAMPLES = fileURLToPath(new URL("../../terraform-provider-tsvider/examples/", import.meta.url));

/** The reference provider's example directories hold these besides configuration. */
export const EXAMPLE_TOOLING = new Set(["checks.mjs", "requirements.json"]);

export function sanitize(text: string): string {
  return text.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "");
}

/**
 * The types and functions a configuration uses, named as tsvider names them (functions as
 * `provider::tsvider::<name>`), found by renaming it with `renamer`.
 */
export function uses(source: string, renamer: Renamer, file: string): Set<string> {
  const found = new Set<string>();
  const tsvider = renamer.direction.from === "tsvider" ? "from" : "to";
  renamer.rename(source, file, (kind, from, to) => {
    const name = tsvider === "from" ? from : to;
    found.add(kind === "function" ? `provider::${renamer.table.provider.tsvider.name}::${name}` : name);
  });
  return found;
}

/**
 * Why a configuration cannot be a child module under tofu, if it cannot: tofu has no action
 * blocks (Terraform's actions), and import blocks are allowed only in a root module.
 */
function cannotNest(source: string): string | undefined {
  if (/^action\s/m.test(source)) return "declares an action, which tofu does not support";
  if (/^import\s/m.test(source)) return "has an import block, allowed only in a root module";
  if (/_http_api"/.test(source) && /"https?:\/\/(?!127\.0\.0\.1|localhost)/.test(source))
    return "reaches a server on the internet, and the suite runs offline";
  // The suite's mirror holds the two providers under test and nothing else.
  for (const match of source.matchAll(/^(?:resource|data|ephemeral)\s+"([a-z0-9]+)_/gm))
    if (!["pyvider", "tsvider", "terraform"].includes(match[1] as string))
      return `uses the provider "${match[1]}", which the suite does not install`;
  return undefined;
}

function requiredVariableless(source: string): string | undefined {
  // A variable without a default is set by the example's checks.mjs (a server's address, a
  // path it prepared); without them the configuration cannot run unattended.
  const m = /variable\s+"([^"]+)"\s*\{((?:[^{}]|\{[^{}]*\})*)\}/g;
  for (const match of source.matchAll(m)) if (!/\bdefault\s*=/.test(match[2] ?? "")) return match[1];
  return undefined;
}

/** One of our examples: examples/<kind>/<name>/<variant>/ with its main.tf. */
export interface ExampleDir {
  readonly kind: string;
  readonly name: string;
  readonly variant: string;
  readonly dir: string;
  readonly main: string;
  /** Its path from the repository's root, for messages. */
  readonly origin: string;
}

/** Our examples, in order: each examples/<kind>/<name>/<variant>/ that has a main.tf. */
export function exampleDirs(): ExampleDir[] {
  const out: ExampleDir[] = [];
  for (const kind of readdirSync(EXAMPLES).sort())
    for (const name of readdirSync(join(EXAMPLES, kind)).sort())
      for (const variant of readdirSync(join(EXAMPLES, kind, name)).sort()) {
        const dir = join(EXAMPLES, kind, name, variant);
        const main = join(dir, "main.tf");
        if (existsSync(main))
          out.push({ kind, name, variant, dir, main, origin: relative(join(EXAMPLES, "../../.."), dir) });
      }
  return out;
}

/** Our examples: examples/<kind>/<name>/<variant>/main.tf. */
export function ourExamples(toPyvider: Renamer, skipped: Skipped[]): Configuration[] {
  const out: Configuration[] = [];
  for (const { kind, name, variant, dir, main, origin } of exampleDirs()) {
    const requirementsFile = join(dir, "requirements.json");
    const requirements = existsSync(requirementsFile)
      ? (JSON.parse(readFileSync(requirementsFile, "utf8")) as { binaries?: string[] })
      : {};
    if (requirements.binaries && !requirements.binaries.includes("tofu")) {
      skipped.push({
        origin,
        reason: `runs on ${requirements.binaries.join(", ")} only (requirements.json)`,
      });
      continue;
    }
    if (kind === "state-stores") {
      skipped.push({
        origin,
        reason: "a state store is configured in the root module's terraform block",
      });
      continue;
    }
    const source = readFileSync(main, "utf8");
    const notNested = cannotNest(source);
    if (notNested !== undefined) {
      skipped.push({ origin, reason: notNested });
      continue;
    }
    const variable = requiredVariableless(source);
    if (variable !== undefined) {
      skipped.push({ origin, reason: `variable "${variable}" has no default (checks.mjs sets it)` });
      continue;
    }
    const files = new Map<string, Buffer>();
    for (const file of readdirSync(dir))
      if (file !== "main.tf" && !EXAMPLE_TOOLING.has(file) && statSync(join(dir, file)).isFile())
        files.set(file, readFileSync(join(dir, file)));
    const pyvider = toPyvider.rename(source, origin);
    out.push({
      id: sanitize(`ours_${kind.replace(/-.*/, "")}_${name}_${variant}`),
      origin,
      component: name,
      source: { tsvider: source, pyvider },
      files,
      uses: uses(source, toPyvider, origin),
    });
  }
  return out;
}

/** pyvider-components' directory in the venv whose provider executable is `provider`. */
export function pyviderComponentsDir(provider: string): string {
  const lib = join(dirname(dirname(provider)), "lib");
  for (const python of readdirSync(lib)) {
    const dir = join(lib, python, "site-packages", "pyvider", "components");
    if (existsSync(dir)) return dir;
  }
  throw new Error(
    `no pyvider/components under ${lib}: the venv of ${provider} lacks pyvider-components; run tooling/oracles/pyvider/install`,
  );
}

/**
 * pyvider's examples write to fixed paths under /tmp; each configuration's copy writes under
 * its own module directory instead, so two configurations (and the two providers) never share
 * a file, and the paths compare once the run's directory is taken off.
 */
export function localizeTmp(source: string): string {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: an HCL interpolation, written into the configuration
  return source.replace(/"\/tmp\//g, '"${abspath(path.module)}/tmp/');
}

/** pyvider's published examples: components/<kind>/<name>.plating/examples/<variant>.tf. */
export function pyviderExamples(
  componentsDir: string,
  toTsvider: Renamer,
  skipped: Skipped[],
): Configuration[] {
  const out: Configuration[] = [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  const files = walk(componentsDir)
    .filter((file) => file.endsWith(".tf") && basename(dirname(file)) === "examples")
    .sort();
  for (const file of files) {
    const plating = basename(dirname(dirname(file)));
    const kind = basename(dirname(dirname(dirname(file))));
    const origin = `pyvider-components ${relative(componentsDir, file)}`;
    const name = plating.replace(/\.plating$/, "");
    if (kind === "state_stores") {
      skipped.push({ origin, reason: "a state store is configured in the root module's terraform block" });
      continue;
    }
    const raw = readFileSync(file, "utf8");
    // pyvider's documentation template leaves `example.tf` as a stub in some components:
    // a comment only, or a call with "# Function arguments here" for its arguments.
    if (
      !/^\s*(resource|data|output|locals|ephemeral|action|list)\b/m.test(raw) ||
      raw.includes("# Function arguments here")
    ) {
      skipped.push({ origin, reason: "holds no configuration (a placeholder)" });
      continue;
    }
    const notNested = cannotNest(raw);
    if (notNested !== undefined) {
      skipped.push({ origin, reason: notNested });
      continue;
    }
    const variable = requiredVariableless(raw);
    if (variable !== undefined) {
      skipped.push({ origin, reason: `variable "${variable}" has no default` });
      continue;
    }
    const source = localizeTmp(raw);
    const tsvider = toTsvider.rename(source, origin);
    out.push({
      id: sanitize(`py_${kind}_${name}_${basename(file, ".tf")}`),
      origin,
      component: kind === "functions" ? name : (toTsvider.type(`${toTsvider.from.name}_${name}`) ?? name),
      source: { pyvider: source, tsvider },
      files: new Map(),
      uses: uses(source, toTsvider, origin),
    });
  }
  return out;
}
