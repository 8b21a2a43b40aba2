/**
 * The list resource of `tsvider_file_content` (`terraform query`): the files of a directory, to
 * import or to generate configuration for.
 *
 * @packageDocumentation
 */
// The list resource of `tsvider_file_content` (`terraform query`): the files of a directory,
// each named by the resource's identity `{ filename }`, with its content, mode and hash when
// Terraform asks for the whole object (include_resource, or `-generate-config-out`, which then
// writes a `resource` and an `import` block per file).
//
// The configuration is pyvider's (`path`, `suffix`, `include_hidden`, as its
// pyvider_file_content list resource takes them), so a query written for pyvider works here.
// `directory` is the name this list resource shipped with: it still works, as a deprecated
// alias of `path`. `pattern` and `recursive` are tsvider's own filters, which pyvider has not.
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  attr,
  type Diagnostics,
  defineListResource,
  type ResourceStateOf,
  validate,
} from "@tsvider/framework";
import type { fileContentResource } from "./file-content.js";

type FileContent = ReturnType<typeof fileContentResource>;

const schema = {
  path: attr.string({
    optional: true,
    validators: [validate.length({ min: 1 }), validate.exactlyOneOf("directory")],
    description:
      "The directory to list, absolute, relative to the directory Terraform runs in, or below the home directory (`~/notes`). Only its own files are listed unless `recursive` is true. Must not be empty. Set this or the deprecated `directory`, not both.",
  }),
  directory: attr.string({
    optional: true,
    validators: [validate.length({ min: 1 })],
    deprecationMessage:
      'Use "path" instead: it is the same setting under the name pyvider gives it. "directory" still works and will be removed in a later major version.',
    description: "Deprecated: the former name of `path`, which it means exactly.",
  }),
  suffix: attr.string({
    optional: true,
    description: 'Only list files whose names end with this (`".txt"`). Every file when unset or empty.',
  }),
  include_hidden: attr.bool({
    optional: true,
    description:
      "Also list hidden files, whose names start with `.` (and, with `recursive`, search hidden directories). False when unset.",
  }),
  pattern: attr.string({
    optional: true,
    validators: [validate.length({ min: 1 })],
    description:
      'Only list files whose names match this pattern: `*` matches any run of characters, `?` any one (`"report-*.txt"`). Every file when unset. Must not be empty. Applies together with `suffix` when both are set.',
  }),
  recursive: attr.bool({
    optional: true,
    description:
      "Also search the directories below `path` (`suffix` and `pattern` match each file's own name). False when unset.",
  }),
};

/** `~` and `~/...` below the home directory, as pyvider's `Path.expanduser` reads them. */
function expandHome(path: string): string {
  if (path === "~") return homedir();
  if (path.startsWith("~/")) return join(homedir(), path.slice(2));
  return path;
}

/**
 * Lists the files of `resource`, which must be the file content resource the provider serves
 * (the same object), with its identity.
 */
export function fileContentList(resource: FileContent) {
  return defineListResource({
    resource,
    description: "Finds local files in a directory, to import them as file content resources.",
    schema,
    async validateConfig({ config, diagnostics }) {
      const [given, attribute] =
        config.path === null ? [config.directory, "directory"] : [config.path, "path"];
      if (typeof given !== "string" || given === "") return;
      const root = expandHome(given);
      const info = await stat(root).catch(() => undefined);
      if (info !== undefined && !info.isDirectory()) {
        diagnostics.addError(
          "Not a directory",
          `${attribute} is "${given}", which is a file, not a directory: give the directory whose files to list.`,
          [{ attribute }],
        );
      }
    },
    async *list({ config, includeResource, signal, diagnostics }) {
      const root = expandHome((config.path ?? config.directory)!);
      const suffix = config.suffix ?? "";
      const matches = config.pattern === null ? () => true : globMatcher(config.pattern);
      const hidden = config.include_hidden === true;
      const files = filesUnder(root, "", { recursive: config.recursive === true, hidden }, signal);
      for await (const file of files) {
        if (!file.name.endsWith(suffix) || !matches(file.name)) continue;
        const path = join(root, file.relative);
        yield {
          displayName: file.relative,
          identity: { filename: path },
          ...(includeResource ? { resource: await stateOf(path, file.relative, diagnostics) } : {}),
        };
      }
    },
  });
}

/**
 * The files below `directory`, in name order, depth first, by their path relative to the
 * listed root; a missing directory has none (it may not have been created yet), and hidden
 * entries are skipped unless asked for.
 */
async function* filesUnder(
  directory: string,
  prefix: string,
  options: { recursive: boolean; hidden: boolean },
  signal: AbortSignal,
): AsyncGenerator<{ relative: string; name: string }> {
  let entries: Dirent[];
  try {
    entries = await readdir(join(directory, prefix), { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    signal.throwIfAborted();
    if (!options.hidden && entry.name.startsWith(".")) continue;
    const relative = prefix === "" ? entry.name : join(prefix, entry.name);
    if (entry.isFile()) yield { relative, name: entry.name };
    else if (options.recursive && entry.isDirectory())
      yield* filesUnder(directory, relative, options, signal);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * The file as `tsvider_file_content` reads it, or null with a warning when it cannot be read
 * or is not UTF-8 text: the file is still listed (and importable by its identity), and the
 * other files still come, as pyvider's listing does.
 */
async function stateOf(
  filename: string,
  shown: string,
  diagnostics: Diagnostics,
): Promise<ResourceStateOf<FileContent> | null> {
  let bytes: Buffer;
  let mode: number;
  try {
    bytes = await readFile(filename);
    mode = (await stat(filename)).mode;
  } catch (err) {
    diagnostics.addWarning(
      `Could not read ${shown}`,
      `${filename}: ${(err as Error).message}. It is listed without its content; check its permissions, or whether it was removed while listing.`,
    );
    return null;
  }
  let content: string;
  try {
    content = utf8.decode(bytes);
  } catch {
    diagnostics.addWarning(
      `${shown} is not text`,
      `${filename} is not UTF-8 text, which tsvider_file_content's content must be. It is listed without its content; leave it out with suffix or pattern.`,
    );
    return null;
  }
  return {
    filename,
    content,
    file_permission: (mode & 0o777).toString(8).padStart(4, "0"),
    content_hash: createHash("sha256").update(content, "utf8").digest("hex"),
    exists: true,
  };
}

/** A test for names: `*` any run of characters, `?` any one, everything else itself. */
export function globMatcher(pattern: string): (name: string) => boolean {
  let source = "";
  for (const ch of pattern) {
    if (ch === "*") source += ".*";
    else if (ch === "?") source += ".";
    else source += ch.replace(/[\\^$.|+()[\]{}]/g, "\\$&");
  }
  const re = new RegExp(`^${source}$`, "s");
  return (name) => re.test(name);
}
