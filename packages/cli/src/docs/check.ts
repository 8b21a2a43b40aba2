// Comparing generated docs with the docs directory (`tsvider docs --check`, for CI) and
// replacing the directory with them (`tsvider docs`). The whole directory is derived (pages from
// the schema and templates, guides copied from templates/), so a file there that nothing
// generates is reported as extra and removed on write.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { DOCS_DIR, listFiles } from "./generate.js";

export interface DocsDifferences {
  /** In both, with different content. */
  readonly changed: readonly string[];
  /** Generated, not in the docs directory. */
  readonly missing: readonly string[];
  /** In the docs directory, not generated. */
  readonly extra: readonly string[];
}

export function docsDifferences(root: string, generated: ReadonlyMap<string, string>): DocsDifferences {
  const dir = join(root, DOCS_DIR);
  const existing = new Set(listFiles(dir));
  const changed: string[] = [];
  const missing: string[] = [];
  for (const [path, content] of generated) {
    if (!existing.has(path)) missing.push(path);
    else if (readFileSync(join(dir, path), "utf8") !== content) changed.push(path);
  }
  const extra = [...existing].filter((path) => !generated.has(path)).sort();
  return { changed, missing, extra };
}

export function hasDifferences(differences: DocsDifferences): boolean {
  return differences.changed.length + differences.missing.length + differences.extra.length > 0;
}

/** One line per file: `changed docs/resources/x.md`, for people and CI logs. */
export function describeDifferences(differences: DocsDifferences): string[] {
  return [
    ...differences.changed.map((p) => `differs  ${DOCS_DIR}/${p}`),
    ...differences.missing.map((p) => `missing  ${DOCS_DIR}/${p}`),
    ...differences.extra.map((p) => `extra    ${DOCS_DIR}/${p}`),
  ];
}

/**
 * Replaces the docs directory with `generated`: written in full beside it first, then swapped
 * in by renames, so a failure leaves the old directory as it was.
 */
export function writeDocs(root: string, generated: ReadonlyMap<string, string>): void {
  const dir = join(root, DOCS_DIR);
  const suffix = randomBytes(4).toString("hex");
  const fresh = `${dir}.tsvider-new-${suffix}`;
  const old = `${dir}.tsvider-old-${suffix}`;
  try {
    for (const [path, content] of generated) {
      const file = join(fresh, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    mkdirSync(fresh, { recursive: true });
    if (existsSync(dir)) renameSync(dir, old);
    try {
      renameSync(fresh, dir);
    } catch (error) {
      if (existsSync(old)) renameSync(old, dir);
      throw error;
    }
  } finally {
    rmSync(fresh, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}
