// Types of scripts/api.mjs, for test/api.test.ts (the docs' tsconfig does not check JavaScript).
import type { Application, ProjectReflection, TypeDocOptions } from "typedoc";

/** An exported name without a doc comment, as findUndocumented reports it. */
export interface Undocumented {
  /** The npm package, e.g. "@tsvider/framework". */
  readonly packageName: string;
  /** The module specifier to import the name from, e.g. "@tsvider/hcl/body". */
  readonly importPath: string;
  /** The exported name. */
  readonly name: string;
  /** TypeDoc's kind, e.g. "Function" or "Interface". */
  readonly kind: string;
  /** Where it is declared, relative to the repository root. */
  readonly file: string;
  /** The declaration's line (1-based). */
  readonly line: number;
}

/** Converts the packages the TypeDoc options name into one project, writing nothing. */
export function convertProject(
  options: Partial<TypeDocOptions>,
  settings?: { readonly readTypedocJson?: boolean },
): Promise<{ app: Application; project: ProjectReflection }>;

/** Every exported name of every package in the project that has no doc comment. */
export function findUndocumented(project: ProjectReflection, baseDir: string): Undocumented[];

/** The message the build prints for undocumented exports. */
export function formatUndocumented(undocumented: readonly Undocumented[]): string;

/** How scripts/api.pending.json names an export: "file#name". */
export function pendingKey(u: { readonly file: string; readonly name: string }): string;

/** What fails the build, what the pending list names, and pending entries no longer needed. */
export function partitionUndocumented(
  undocumented: readonly Undocumented[],
  pending: readonly string[],
): { failing: Undocumented[]; pending: Undocumented[]; stale: string[] };

/**
 * A generated page with an id on every heading: the ids typedoc-plugin-markdown wrote are kept,
 * the other headings get one no heading on the page has.
 */
export function anchorHeadings(markdown: string): string;
