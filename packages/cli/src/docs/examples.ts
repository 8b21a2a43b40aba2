// A component's examples: every directory under `examples/<kind>/<name>/` that holds
// configuration (`*.tf`, `*.tfquery.hcl`) is one example, named by its directory, the layout the
// conformance runner runs (each with its own checks.mjs and requirements.json, never shown).
// Configuration files directly in `examples/<kind>/<name>/` (tfplugindocs' `resource.tf`) form
// an unnamed example. `basic` comes first, then the rest by name; examples whose directory
// starts with `import` show how to import, and the default layout puts them under Import.
// Each file is parsed with @tsvider/hcl first: an example that is not valid HCL would be
// published as it stands, so it is refused with hcl's diagnostics and their positions.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { formatDiagnostic, hasErrors } from "@tsvider/hcl";
import { parseConfig } from "@tsvider/hcl/native";
import { CliError } from "../cli/command.js";

export interface Example {
  /** The directory's name; "" for files directly in the component's examples directory. */
  readonly name: string;
  /** Path relative to the project root, with "/". */
  readonly dir: string;
  readonly files: readonly { readonly path: string; readonly content: string }[];
}

const CONFIGURATION = /\.(tf|tfquery\.hcl)$/;

export function isImportExample(example: Example): boolean {
  return example.name.startsWith("import");
}

/** The examples of `examples/<kindDir>/<name>` under `root`, in page order. */
export function findExamples(root: string, relativeDir: string): Example[] {
  const dir = join(root, relativeDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) return [];
  const examples: Example[] = [];
  const flat = exampleIn(root, relativeDir, "");
  if (flat !== undefined) examples.push(flat);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => (a === "basic" ? -1 : b === "basic" ? 1 : a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const example = exampleIn(root, `${relativeDir}/${name}`, name);
    if (example !== undefined) examples.push(example);
  }
  return examples;
}

export function exampleIn(root: string, relativeDir: string, name: string): Example | undefined {
  const dir = join(root, relativeDir);
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && CONFIGURATION.test(entry.name))
    .map((entry) => entry.name)
    // main.tf first: it is the example's starting point; the rest by name.
    .sort((a, b) => (a === "main.tf" ? -1 : b === "main.tf" ? 1 : a < b ? -1 : a > b ? 1 : 0));
  if (files.length === 0) return undefined;
  return {
    name,
    dir: relativeDir,
    files: files.map((file) => {
      const path = `${relativeDir}/${file}`;
      const bytes = readFileSync(join(dir, file));
      refuseInvalidHcl(bytes, path);
      return { path, content: bytes.toString("utf8") };
    }),
  };
}

/** Throws the file's syntax errors, each "path:line,column-column: summary; detail". */
function refuseInvalidHcl(bytes: Uint8Array, path: string): void {
  const { diagnostics } = parseConfig(bytes, path);
  if (!hasErrors(diagnostics)) return;
  const errors = diagnostics.filter((d) => d.severity === "error").map(formatDiagnostic);
  throw new CliError(`${path} is not valid HCL:\n  ${errors.join("\n  ")}\nFix the example and run again.`);
}

/** A file as a fenced code block; `terraform` for configuration, as the registries highlight it. */
export function codeBlock(language: string, content: string): string {
  return `\`\`\`${language}\n${content.replace(/\s+$/, "")}\n\`\`\``;
}

export function exampleMarkdown(example: Example): string {
  return example.files.map((file) => codeBlock("terraform", file.content)).join("\n\n");
}

/** "import-by-identity" → "Import by identity". */
export function exampleTitle(name: string): string {
  const words = name.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
