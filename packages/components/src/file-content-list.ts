// The list resource of `tsvider_file_content` (`terraform query`): the files of a directory
// whose names match a pattern, each named by the resource's identity `{ filename }`, with its
// content, mode and hash when Terraform asks for the whole object (include_resource, or
// `-generate-config-out`, which then writes a `resource` and an `import` block per file).
import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { attr, defineListResource, type ResourceStateOf, validate } from "@tsvider/framework";
import type { fileContentResource } from "./file-content.js";

type FileContent = ReturnType<typeof fileContentResource>;

const schema = {
  directory: attr.string({
    required: true,
    validators: [validate.length({ min: 1 })],
    description:
      "The directory to search, absolute or relative to the directory Terraform runs in. Must not be empty.",
  }),
  pattern: attr.string({
    optional: true,
    validators: [validate.length({ min: 1 })],
    description:
      'Which file names to list: `*` matches any run of characters, `?` any one (`"*.txt"`). Every file when unset. Must not be empty.',
  }),
  recursive: attr.bool({
    optional: true,
    description:
      "Also search the directories below `directory` (the pattern matches each file's own name). False when unset.",
  }),
};

/**
 * Lists the files of `resource`, which must be the file content resource the provider serves
 * (the same object), with its identity.
 */
export function fileContentList(resource: FileContent) {
  return defineListResource({
    resource,
    description: "Finds local files by directory and name pattern, to import them as file content resources.",
    schema,
    async *list({ config, includeResource, signal }) {
      const matches = config.pattern === null ? () => true : globMatcher(config.pattern);
      for await (const filename of filesUnder(config.directory, config.recursive === true, signal)) {
        if (!matches(filename.name)) continue;
        const path = filename.path;
        yield {
          displayName: path,
          identity: { filename: path },
          ...(includeResource ? { resource: await stateOf(path) } : {}),
        };
      }
    },
  });
}

/** The files below `directory`, in name order, depth first; a missing directory has none. */
async function* filesUnder(
  directory: string,
  recursive: boolean,
  signal: AbortSignal,
): AsyncGenerator<{ path: string; name: string }> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    signal.throwIfAborted();
    const path = join(directory, entry.name);
    if (entry.isFile()) yield { path, name: entry.name };
    else if (recursive && entry.isDirectory()) yield* filesUnder(path, true, signal);
  }
}

async function stateOf(filename: string): Promise<ResourceStateOf<FileContent>> {
  const content = await readFile(filename, "utf8");
  const mode = (await stat(filename)).mode;
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
