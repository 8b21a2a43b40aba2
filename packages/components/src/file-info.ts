// What is at a path: whether it exists, its kind, size, times, permissions, owner and group,
// and a MIME type guessed from the name. A missing path is an answer (exists = false), not an
// error, so configuration can branch on it.

import type { Stats } from "node:fs";
import { lstat, readFile, stat } from "node:fs/promises";
import { extname } from "node:path";
import { attr, DataSourceError, defineDataSource, type ValidatorFunction } from "@tsvider/framework";

const validPath: ValidatorFunction<string> = (path) =>
  path === ""
    ? "must not be empty: give a file or directory path"
    : path.includes("\0")
      ? "holds a NUL character, which no path can"
      : undefined;

const schema = {
  path: attr.string({
    required: true,
    description:
      "The path, absolute or relative to the directory Terraform runs in. Not empty, no NUL characters. A symbolic link is followed.",
    validators: [validPath],
  }),
  exists: attr.bool({
    computed: true,
    description: "Whether something is at the path. A dangling symbolic link does not count.",
  }),
  size: attr.int64({
    computed: true,
    description: "Size in bytes (of the link's target, for a link); 0 when nothing is there.",
  }),
  is_dir: attr.bool({ computed: true, description: "Whether it is a directory." }),
  is_file: attr.bool({ computed: true, description: "Whether it is a regular file." }),
  is_symlink: attr.bool({
    computed: true,
    description: "Whether the path itself is a symbolic link (true for a dangling one too).",
  }),
  modified_time: attr.string({
    computed: true,
    description:
      "When the content last changed, RFC 3339 in UTC (`2026-11-21T14:32:47.123Z`); null when nothing is there.",
  }),
  access_time: attr.string({
    computed: true,
    description: "Last access, RFC 3339 in UTC; null when nothing is there.",
  }),
  creation_time: attr.string({
    computed: true,
    description:
      "Birth time, RFC 3339 in UTC; null when the file system does not record one, or nothing is there.",
  }),
  permissions: attr.string({
    computed: true,
    description:
      'Permission bits as four octal digits, such as `"0644"` (the form `tsvider_file_content`\'s `file_permission` takes); null when nothing is there.',
  }),
  owner: attr.string({
    computed: true,
    description:
      "The owner's user name from `/etc/passwd`, or the numeric uid when it has none there; null when nothing is there.",
  }),
  group: attr.string({
    computed: true,
    description: "The group's name from `/etc/group`, or the numeric gid; null when nothing is there.",
  }),
  mime_type: attr.string({
    computed: true,
    description:
      "A MIME type guessed from a regular file's extension (`.json`: `application/json`, `.md`: `text/markdown`, ...); null for extensions it does not know and for anything but files.",
  }),
};

export interface FileInfoOptions {
  /** Defaults to `tsvider_file_info`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

export function fileInfoDataSource(options: FileInfoOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_file_info",
    description:
      "Facts about a path on the machine tofu runs on: existence, kind, size, times, permissions, owner.",
    schema,
    async read({ config }) {
      const path = config.path;
      const link = await statOrNull(() => lstat(path), path);
      const target =
        link === null ? null : link.isSymbolicLink() ? await statOrNull(() => stat(path), path) : link;
      const isSymlink = link?.isSymbolicLink() ?? false;
      if (target === null) {
        return {
          path,
          exists: false,
          size: 0,
          is_dir: false,
          is_file: false,
          is_symlink: isSymlink,
          modified_time: null,
          access_time: null,
          creation_time: null,
          permissions: null,
          owner: null,
          group: null,
          mime_type: null,
        };
      }
      const [users, groups] = await Promise.all([idNames("/etc/passwd"), idNames("/etc/group")]);
      return {
        path,
        exists: true,
        size: target.size,
        is_dir: target.isDirectory(),
        is_file: target.isFile(),
        is_symlink: isSymlink,
        modified_time: target.mtime.toISOString(),
        access_time: target.atime.toISOString(),
        creation_time: target.birthtimeMs > 0 ? target.birthtime.toISOString() : null,
        permissions: (target.mode & 0o7777).toString(8).padStart(4, "0"),
        owner: users.get(target.uid) ?? String(target.uid),
        group: groups.get(target.gid) ?? String(target.gid),
        mime_type: target.isFile() ? (mimeTypes[extname(path).slice(1).toLowerCase()] ?? null) : null,
      };
    },
  });
}

/** Stats, or null when nothing is there; other failures (permission denied) are errors at path. */
async function statOrNull(call: () => Promise<Stats>, path: string): Promise<Stats | null> {
  try {
    return await call();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // ENOTDIR: a file where the path needs a directory (file.txt/x), so nothing is there either.
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw new DataSourceError(`Cannot look at "${path}"`, {
      detail:
        code === "EACCES"
          ? "Permission denied: let the user tofu runs as search the directories on the way to it."
          : (err as Error).message,
      path: [{ attribute: "path" }],
      cause: err,
    });
  }
}

/**
 * Names by numeric id from an /etc/passwd-style file. Node has no getpwuid; these files are what
 * the C library reads without NSS modules, and where they are missing the ids stand in.
 */
async function idNames(file: string): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch {
    return names;
  }
  for (const line of text.split("\n")) {
    const fields = line.split(":");
    const id = Number(fields[2]);
    if (fields[0] && Number.isInteger(id) && !names.has(id)) names.set(id, fields[0]);
  }
  return names;
}

// The common extensions; the full registry would weigh more than this data source deserves.
const mimeTypes: Readonly<Record<string, string>> = {
  txt: "text/plain",
  md: "text/markdown",
  html: "text/html",
  htm: "text/html",
  css: "text/css",
  csv: "text/csv",
  js: "text/javascript",
  mjs: "text/javascript",
  json: "application/json",
  xml: "application/xml",
  yaml: "application/yaml",
  yml: "application/yaml",
  toml: "application/toml",
  tf: "text/plain",
  hcl: "text/plain",
  sh: "application/x-sh",
  py: "text/x-python",
  ts: "text/typescript",
  pdf: "application/pdf",
  zip: "application/zip",
  gz: "application/gzip",
  tar: "application/x-tar",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
  webp: "image/webp",
  ico: "image/vnd.microsoft.icon",
  wasm: "application/wasm",
  pem: "application/x-pem-file",
};
