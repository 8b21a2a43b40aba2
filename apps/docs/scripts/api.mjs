// Generates the API reference (pages/api/, with typedoc-sidebar.json for the site's sidebar)
// from the published packages' TSDoc, and refuses to when an exported name has no doc comment.
// One page per entry point: pages/api/<package>/index.md for the package root and
// pages/api/<package>/<module>.md for each subpath (`@tsvider/hcl/body` is api/hcl/body.md), each
// exported name a heading on it whose anchor is its name in lower case (#defineresource); see
// ReferenceRouter below.
//
//   node scripts/api.mjs            check, then write pages/api/
//   node scripts/api.mjs --check    check only (no output written)
//
// scripts/api.pending.json lists exports known to lack a comment, by "file#name" (files that
// other work had open when the check came in); the build reports them without failing. Any
// other undocumented export fails it. Empty the list as those comments are written.
//
// TypeDoc's own `validation.notDocumented` is not used: in "packages" mode TypeDoc replaces the
// root's validation settings for each package, and the check asks for a comment on every
// property of every object type (about 3,900 here, most in generated code), while the promise
// here is about the names a user imports. findUndocumented() below checks exactly those.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Application, Comment, ReflectionKind, TSConfigReader, TypeDocReader } from "typedoc";
import { ModuleRouter } from "typedoc-plugin-markdown";

const docsDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(docsDir, "../..");

/**
 * Converts the packages that `options` (TypeDoc options, as in typedoc.json) name into one
 * TypeDoc project, without writing any output.
 *
 * @param {Partial<import("typedoc").TypeDocOptions>} options
 * @param {{ readTypedocJson?: boolean }} [settings] readTypedocJson: also read typedoc.json
 *   from the working directory (true for the real build, false for test fixtures). Each
 *   package's tsconfig.json is read either way: it maps the "exports" map's dist/ files back to src/.
 * @returns {Promise<{ app: Application, project: import("typedoc").ProjectReflection }>}
 */
export async function convertProject(options, settings = {}) {
  const readers =
    settings.readTypedocJson === false ? [new TSConfigReader()] : [new TypeDocReader(), new TSConfigReader()];
  const app = await Application.bootstrapWithPlugins(options, readers);
  const project = await app.convert();
  if (project === undefined || app.logger.hasErrors()) {
    throw new Error(
      "TypeDoc could not convert the packages (its errors are printed above); fix them, then run `pnpm run api` in apps/docs again.",
    );
  }
  return { app, project };
}

/**
 * Gives each package's page the summary of its src/index.ts (the comment tagged
 * `@packageDocumentation`). TypeDoc drops that comment when `@mergeModuleWith <project>` merges
 * the root entry point into the package, which is what puts `@tsvider/framework`'s exports at
 * api/framework/index.md rather than on a page of a module of their own.
 *
 * @param {import("typedoc").ProjectReflection} project
 */
function restorePackageComments(project) {
  for (const pkg of project.children ?? []) {
    if (!pkg.kindOf(ReflectionKind.Module) || pkg.hasComment() || !pkg.name.startsWith("@tsvider/")) continue;
    const index = join(repoRoot, "packages", pkg.name.slice("@tsvider/".length), "src/index.ts");
    if (!existsSync(index)) continue;
    const block = /^\/\*\*([\s\S]*?)\*\//.exec(readFileSync(index, "utf8"));
    if (block === null || !block[1].includes("@packageDocumentation")) continue;
    const text = block[1]
      .split("\n")
      .map((line) => line.replace(/^\s*\* ?/, ""))
      .filter((line) => !/^@(packageDocumentation|mergeModuleWith|module)\b/.test(line))
      .join("\n")
      .trim();
    pkg.comment = new Comment([{ kind: "text", text }]);
  }
}

/**
 * The generated protocol bindings, left out of the pages: `@tsvider/rpcplugin/tfplugin5` and
 * `/tfplugin6` mirror the tfplugin .proto files message for message (about 600 pages, more than
 * the rest of the reference together), and those files are their documentation.
 */
const GENERATED_MODULES = new Map([["@tsvider/rpcplugin", ["tfplugin5", "tfplugin6"]]]);

/**
 * Removes GENERATED_MODULES from the project, and says on the package's page where they are
 * documented instead.
 *
 * @param {import("typedoc").ProjectReflection} project
 */
function dropGeneratedModules(project) {
  for (const pkg of project.children ?? []) {
    const names = GENERATED_MODULES.get(pkg.name);
    if (names === undefined) continue;
    for (const module of [...(pkg.children ?? [])]) {
      if (module.kindOf(ReflectionKind.Module) && names.includes(module.name))
        project.removeReflection(module);
    }
    // The package page's index is built from its groups, which conversion filled in.
    for (const group of pkg.groups ?? [])
      group.children = group.children.filter((c) => !names.includes(c.name));
    pkg.groups = pkg.groups?.filter((group) => group.children.length > 0);
    const modules = names.map((n) => `\`${pkg.name}/${n}\``).join(" and ");
    const note = `This reference leaves out ${modules}: they follow the .proto files of Terraform's plugin protocol message for message, and those files document them.`;
    const summary = pkg.comment?.summary ?? [];
    pkg.comment = new Comment([...summary, { kind: "text", text: `\n\n${note}` }]);
  }
}

/**
 * typedoc-plugin-markdown's "module" router (one page per module), with two changes that keep
 * the reference's URLs predictable for the pages that link into it:
 *
 * - every package is a folder with an index.md, also a package without subpaths
 *   (`@tsvider/conformance` is api/conformance/index.md, not api/conformance.md);
 * - an exported name's anchor is its own name, slugged (#defineresource, #schema). The plugin
 *   slugs anchors in the order it walks the page, members included, so a top-level name that a
 *   member before it shares (`Hub.action` before the interface `Action`) would get a numbered
 *   anchor (#action-1) that moves whenever a member is added. Here the page's top-level names
 *   take their anchors before anything else on the page does; only names that share a slug
 *   (`ApiSettings` and `apiSettings()`) still need a number, given as getSlugger says.
 *
 * With `useCustomAnchors` (typedoc.json) each heading carries the anchor the router chose
 * (`### Action {#action}`), so links and headings agree whatever VitePress would slug.
 */
class ReferenceRouter extends ModuleRouter {
  /** @type {Map<import("typedoc").Reflection, string>} top-level names and their reserved anchors */
  reserved = new Map();
  /** @type {Set<import("typedoc").Reflection>} pages whose top-level names have their anchors */
  reservedPages = new Set();

  /** @param {import("typedoc").DeclarationReflection} reflection */
  moduleHasFolder(reflection) {
    return reflection.parent?.kindOf(ReflectionKind.Project) === true || super.moduleHasFolder(reflection);
  }

  /** @param {import("typedoc").Reflection} target */
  getSlugger(target) {
    const slugger = super.getSlugger(target);
    if (this.sluggers.has(target) && !this.reservedPages.has(target)) {
      this.reservedPages.add(target);
      // In the order the page shows them (group by group), values first: where a value and a
      // type share a slug (the function `testProvider` and the interface `TestProvider`, the
      // constant and the type both named `Unknown`), the value, which is what code calls, keeps
      // the plain anchor and the type is numbered.
      const groups = /** @type {import("typedoc").ContainerReflection} */ (target).groups ?? [];
      // Re-exports (a package root's `export { x } from "./x.js"`) are headings too.
      const names = groups
        .flatMap((group) => group.children)
        .filter((child) => child.kindOf(NAMED_KINDS | ReflectionKind.Reference));
      const isType = (/** @type {import("typedoc").Reflection} */ child) =>
        child.kindOf(ReflectionKind.Interface | ReflectionKind.TypeAlias);
      for (const child of [...names.filter((c) => !isType(c)), ...names.filter(isType)]) {
        this.reserved.set(child, `${this.anchorPrefix}${slugger.slug(child.name)}`);
      }
    }
    return slugger;
  }

  /**
   * @param {import("typedoc").Reflection} target
   * @param {import("typedoc").Reflection} pageTarget
   */
  buildAnchors(target, pageTarget) {
    if (target.parent !== pageTarget || !this.sluggers.has(pageTarget)) {
      super.buildAnchors(target, pageTarget);
      return;
    }
    this.getSlugger(pageTarget);
    const anchor = this.reserved.get(target);
    if (anchor === undefined) {
      super.buildAnchors(target, pageTarget);
      return;
    }
    this.fullUrls.set(target, `${this.fullUrls.get(pageTarget)}#${anchor}`);
    this.anchors.set(target, anchor);
    target.traverse((child) => {
      this.buildAnchors(child, pageTarget);
      return true;
    });
  }
}

/**
 * The id a heading without one gets from anchorHeadings: its text in lower case, runs of
 * anything but letters and digits made one "-" (about what VitePress would slug it to, so the
 * URL reads the same).
 *
 * @param {string} text the heading's markdown text
 */
function slugHeading(text) {
  return text
    .replace(/[\\`*]/g, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}_]+/gu, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * Gives every heading of a generated page that has no `{#id}` one of its own, distinct from the
 * ids the page's other headings carry. With `useCustomAnchors`, typedoc-plugin-markdown writes
 * `{#id}` only on the headings of names it links to (exports, their members, type parameters);
 * VitePress slugs the rest ("Returns", a parameter's name inside an object type) itself, without
 * looking ahead at the ids written out further down, and refuses to build when one of its slugs
 * takes an id a later heading asks for (`##### identity?` slugged "identity-1" before the
 * property `identity` of another interface, `{#identity-1}`). Choosing every id here, knowing
 * all of them, rules that out; headings inside code fences are left alone.
 *
 * @param {string} markdown a page as TypeDoc wrote it
 * @returns {string} the page with an id on every heading
 */
export function anchorHeadings(markdown) {
  const lines = markdown.split("\n");
  const isFence = (/** @type {string} */ line) => /^\s*(```|~~~)/.test(line);
  const heading = /^(#{1,6}) (.*?)\s*$/;
  const explicit = /\{#([^}\s]+)\}$/;
  /** @type {Set<string>} */
  const used = new Set();
  let inFence = false;
  for (const line of lines) {
    if (isFence(line)) inFence = !inFence;
    const id = inFence ? null : explicit.exec(heading.exec(line)?.[2] ?? "");
    if (id) used.add(id[1]);
  }
  inFence = false;
  return lines
    .map((line) => {
      if (isFence(line)) inFence = !inFence;
      const match = inFence ? null : heading.exec(line);
      if (!match || explicit.test(match[2])) return line;
      const base = slugHeading(match[2]) || "section";
      let id = base;
      for (let n = 1; used.has(id); n++) id = `${base}-${n}`;
      used.add(id);
      return `${match[1]} ${match[2]} {#${id}}`;
    })
    .join("\n");
}

/**
 * Runs anchorHeadings over every page under `dir`.
 *
 * @param {string} dir
 */
function anchorAllHeadings(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".md")) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, "utf8");
    const anchored = anchorHeadings(text);
    if (anchored !== text) writeFileSync(file, anchored);
  }
}

/** Kinds whose reflections are the exported names of a module. */
const NAMED_KINDS =
  ReflectionKind.Class |
  ReflectionKind.Interface |
  ReflectionKind.TypeAlias |
  ReflectionKind.Function |
  ReflectionKind.Variable |
  ReflectionKind.Enum |
  ReflectionKind.Namespace;

/**
 * Whether a file holds generated code: the protocol bindings in packages/rpcplugin/src/gen are
 * generated from the tfplugin .proto files and carry the comments those files have; editing them
 * by hand would be undone by `pnpm run gen`.
 *
 * @param {string} file path relative to the repository root
 */
function isGenerated(file) {
  return /(^|\/)src\/gen\//.test(file);
}

/**
 * @param {import("typedoc").DeclarationReflection} reflection
 */
function isDocumented(reflection) {
  if (reflection.hasComment()) return true;
  // A function's comment sits on its signatures (on the first of its overloads, or on each).
  const signatures = reflection.signatures ?? [];
  if (signatures.some((signature) => signature.hasComment())) return true;
  // A class documented only on its constructor is not documented; a class or interface comment
  // is on the reflection itself, so nothing else to look at.
  return false;
}

/**
 * @param {import("typedoc").Reflection} reflection
 * @param {string} baseDir the directory TypeDoc's source file names are relative to (its basePath)
 * @returns {{ file: string, line: number } | undefined}
 */
function whereDefined(reflection, baseDir) {
  const source =
    /** @type {import("typedoc").DeclarationReflection} */ (reflection).sources?.[0] ??
    /** @type {import("typedoc").DeclarationReflection} */ (reflection).signatures?.[0]?.sources?.[0];
  if (source === undefined) return undefined;
  // Once the packages are merged, fileName is relative to TypeDoc's basePath.
  const full = resolve(baseDir, source.fileName);
  return { file: relative(repoRoot, full).split("\\").join("/"), line: source.line };
}

/**
 * @typedef {object} Undocumented
 * @property {string} packageName the npm package, e.g. "@tsvider/framework"
 * @property {string} importPath the module specifier to import the name from, e.g. "@tsvider/hcl/body"
 * @property {string} name the exported name
 * @property {string} kind TypeDoc's kind, e.g. "Function" or "Interface"
 * @property {string} file where it is declared, relative to the repository root
 * @property {number} line the declaration's line (1-based)
 */

/**
 * Lists every exported name of every package in `project` that has no doc comment: classes,
 * interfaces, type aliases, functions, variables, enums and namespaces (and the names inside
 * exported namespaces). Re-exports under another name are not listed again: the declaration
 * they point at is. Names declared in generated code (src/gen/) are left out, see isGenerated.
 *
 * @param {import("typedoc").ProjectReflection} project
 * @param {string} baseDir the directory TypeDoc's source file names are relative to (its
 *   basePath option); the files listed are given relative to the repository root.
 * @returns {Undocumented[]}
 */
export function findUndocumented(project, baseDir) {
  /** @type {Undocumented[]} */
  const found = [];
  const seen = new Set();
  /**
   * @param {import("typedoc").ContainerReflection} container
   * @param {string} packageName
   * @param {string} importPath
   */
  const visit = (container, packageName, importPath) => {
    for (const child of container.children ?? []) {
      if (child.kindOf(ReflectionKind.Module)) {
        visit(child, packageName, `${packageName}/${child.name}`);
        continue;
      }
      if (!child.kindOf(NAMED_KINDS) || seen.has(child.id)) continue;
      seen.add(child.id);
      const where = whereDefined(child, baseDir) ?? { file: "(unknown file)", line: 0 };
      if (!isDocumented(child) && !isGenerated(where.file)) {
        found.push({
          packageName,
          importPath,
          name: child.name,
          kind: ReflectionKind[child.kind] ?? String(child.kind),
          file: where.file,
          line: where.line,
        });
      }
      if (child.kindOf(ReflectionKind.Namespace)) visit(child, packageName, importPath);
    }
  };
  // In "packages" mode the project's children are the packages; with a single package the
  // project itself is the package.
  const packages = (project.children ?? []).every((child) => child.kindOf(ReflectionKind.Module))
    ? (project.children ?? [])
    : [project];
  for (const pkg of packages) {
    const packageName = pkg.kindOf(ReflectionKind.Project) ? (project.packageName ?? project.name) : pkg.name;
    visit(pkg, packageName, packageName);
  }
  // A declaration exported from the package root and from a subpath is two reflections: list it
  // once, under the shorter import path.
  const unique = new Map();
  for (const u of found.sort((a, b) => a.importPath.length - b.importPath.length)) {
    const key = pendingKey(u);
    if (!unique.has(key)) unique.set(key, u);
  }
  return [...unique.values()].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.name.localeCompare(b.name),
  );
}

/**
 * How scripts/api.pending.json names an export: its file and name, not its line, which moves.
 *
 * @param {{ file: string, name: string }} u
 */
export function pendingKey(u) {
  return `${u.file}#${u.name}`;
}

/**
 * Splits what findUndocumented found into what fails the build and what the pending list
 * already names, and lists the pending entries that are documented (or gone) by now.
 *
 * @param {Undocumented[]} undocumented
 * @param {readonly string[]} pending entries of scripts/api.pending.json ("file#name")
 * @returns {{ failing: Undocumented[], pending: Undocumented[], stale: string[] }}
 */
export function partitionUndocumented(undocumented, pending) {
  const listed = new Set(pending);
  const failing = undocumented.filter((u) => !listed.has(pendingKey(u)));
  const stillPending = undocumented.filter((u) => listed.has(pendingKey(u)));
  const found = new Set(undocumented.map(pendingKey));
  const stale = pending.filter((entry) => !found.has(entry));
  return { failing, pending: stillPending, stale };
}

/**
 * Reads scripts/api.pending.json: an array of "file#name" strings; none when the file is absent.
 *
 * @param {string} file
 * @returns {string[]}
 */
function readPending(file) {
  if (!existsSync(file)) return [];
  const where = relative(repoRoot, file);
  let parsed;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new Error(`${where} is not JSON (${/** @type {Error} */ (err).message}): fix it or delete it.`);
  }
  if (!Array.isArray(parsed) || !parsed.every((entry) => typeof entry === "string" && entry.includes("#"))) {
    throw new Error(
      `${where} must be a JSON array of "file#name" strings, such as "packages/components/src/echo.ts#echoAction".`,
    );
  }
  return parsed;
}

/**
 * Renders the list findUndocumented returns as the message the build prints.
 *
 * @param {Undocumented[]} undocumented
 * @returns {string}
 */
export function formatUndocumented(undocumented) {
  const lines = undocumented.map(
    (u) => `  ${u.file}:${u.line}  ${u.kind} ${u.name} (exported from ${u.importPath})`,
  );
  return [
    `${undocumented.length} exported name${undocumented.length === 1 ? " has" : "s have"} no doc comment:`,
    ...lines,
    "Write a /** ... */ comment above each declaration, saying what it is and when to use it (one or two sentences; @param and @returns where they help), then run `pnpm run api` in apps/docs again.",
  ].join("\n");
}

async function main() {
  const checkOnly = process.argv.includes("--check");
  const started = performance.now();
  process.chdir(docsDir);
  if (!existsSync(join(docsDir, "typedoc.json"))) {
    throw new Error(`${join(docsDir, "typedoc.json")} is missing; it configures the API reference.`);
  }
  const { app, project } = await convertProject({});
  app.renderer.defineRouter("tsvider-reference", ReferenceRouter);
  const undocumented = findUndocumented(project, app.options.getValue("basePath"));
  const pendingFile = join(docsDir, "scripts/api.pending.json");
  const { failing, pending, stale } = partitionUndocumented(undocumented, readPending(pendingFile));
  if (failing.length > 0) {
    console.error(formatUndocumented(failing));
    process.exitCode = 1;
    return;
  }
  if (pending.length > 0) {
    console.warn(
      `${pending.length} export(s) listed in scripts/api.pending.json still have no doc comment; document them and remove them from the list.`,
    );
  }
  if (stale.length > 0) {
    console.warn(
      `scripts/api.pending.json lists exports that are documented (or gone) now; remove them from it:\n  ${stale.join("\n  ")}`,
    );
  }
  if (!checkOnly) {
    restorePackageComments(project);
    dropGeneratedModules(project);
    await app.generateOutputs(project);
    if (app.logger.hasErrors()) {
      console.error("TypeDoc could not write the API reference (its errors are printed above).");
      process.exitCode = 1;
      return;
    }
    anchorAllHeadings(join(docsDir, "pages/api"));
    const sidebar = join(docsDir, "pages/api/typedoc-sidebar.json");
    JSON.parse(readFileSync(sidebar, "utf8"));
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `API reference: no export lacks a doc comment beyond the pending list${checkOnly ? "" : "; written to pages/api/"} (${seconds} s).`,
  );
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
