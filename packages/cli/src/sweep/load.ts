// Finding and loading a project's sweepers for `tsvider sweep`. The module is named by
// package.json's "tsvider": { "sweepers": "<path>" }, default src/sweepers.ts, beside the entry
// that project.ts finds the same way. It is TypeScript importing the project's own modules, so
// esbuild compiles it (and those modules) into one ES module, leaving every package import to
// Node: a sweeper's cloud SDK or database driver is loaded as the project installed it, native
// parts and all. The result is written under the project's node_modules/.cache, where Node
// resolves those imports from the project's node_modules, and removed once imported.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SweeperSet } from "@tsvider/conformance";
import { build } from "esbuild";
import { CliError } from "../cli/command.js";
import type { Project } from "../project.js";

/** Where the sweepers are when package.json does not say. */
export const DEFAULT_SWEEPERS = "src/sweepers.ts";

/** The sweepers module of `project`: package.json's tsvider.sweepers, else src/sweepers.ts. */
export function sweepersFile(project: Project): string {
  const file = join(project.root, "package.json");
  const pkg = JSON.parse(readFileSync(file, "utf8")) as { tsvider?: { sweepers?: unknown } };
  const setting = pkg.tsvider?.sweepers;
  if (setting !== undefined && (typeof setting !== "string" || setting === "")) {
    throw new CliError(
      `"tsvider.sweepers" in ${file} is ${JSON.stringify(setting)}; give the path of the module that exports \`sweepers\`, such as "${DEFAULT_SWEEPERS}"`,
    );
  }
  const path = resolve(project.root, setting ?? DEFAULT_SWEEPERS);
  if (!existsSync(path)) {
    throw new CliError(
      `the sweepers module ${relative(process.cwd(), path) || path} does not exist: write one that exports \`sweepers\` (defineSweepers from @tsvider/conformance), or set "tsvider": { "sweepers": "<path>" } in ${file}`,
    );
  }
  return path;
}

/** Compiles and imports `file`, and returns its `sweepers` export. */
export async function loadSweepers(project: Project, file: string): Promise<SweeperSet> {
  const shown = relative(project.root, file);
  const cache = join(project.root, "node_modules", ".cache", "tsvider");
  await mkdir(cache, { recursive: true });
  const out = join(cache, `sweepers-${randomBytes(6).toString("hex")}.mjs`);
  try {
    try {
      await build({
        entryPoints: [file],
        outfile: out,
        bundle: true,
        packages: "external",
        platform: "node",
        format: "esm",
        target: "node20",
        sourcemap: "inline",
        logLevel: "silent",
      });
    } catch (err) {
      throw new CliError(
        `cannot compile the sweepers in ${shown}: ${(err as Error).message.split("\n").slice(0, 3).join(" ")}; fix the errors esbuild reports and run again`,
        { cause: err },
      );
    }
    let loaded: Record<string, unknown>;
    try {
      loaded = (await import(pathToFileURL(out).href)) as Record<string, unknown>;
    } catch (err) {
      throw new CliError(
        `loading the sweepers in ${shown} failed: ${(err as Error).message}; fix the module (it runs when it is imported) and run again`,
        { cause: err },
      );
    }
    if (loaded.sweepers === undefined) {
      const names = Object.keys(loaded);
      throw new CliError(
        `${shown} exports no \`sweepers\` (it exports ${names.length ? names.join(", ") : "nothing"}): add \`export const sweepers = defineSweepers({ prefix, sweepers: { ... } })\``,
      );
    }
    return loaded.sweepers as SweeperSet;
  } finally {
    await rm(out, { force: true });
  }
}
