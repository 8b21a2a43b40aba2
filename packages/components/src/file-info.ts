/**
 * The `tsvider_file_info` data source: whether a path exists, and its kind, size, times,
 * permissions, owner, group and MIME type.
 *
 * @packageDocumentation
 */
// What is at a path: whether it exists, its kind, size, times, permissions, owner and group,
// and a MIME type guessed from the name. A missing path is an answer (exists = false), not an
// error, so configuration can branch on it. Times and permissions are written as pyvider's
// pyvider_file_info writes them (Python's `datetime.isoformat()` in UTC, and `oct()`), so a
// configuration that parses them works after a switch from pyvider.

import type { BigIntStats } from "node:fs";
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
      "When the content last changed: RFC 3339 in UTC to the microsecond, as pyvider writes it (`2026-11-21T14:32:47.123456+00:00`; no fraction when it is a whole second); null when nothing is there.",
  }),
  access_time: attr.string({
    computed: true,
    description: "Last access, written as `modified_time` is; null when nothing is there.",
  }),
  creation_time: attr.string({
    computed: true,
    description:
      "When the file was created (its birth time), written as `modified_time` is; null when the file system does not record one, or nothing is there.",
  }),
  permissions: attr.string({
    computed: true,
    description:
      'The permission bits (setuid, setgid and sticky included) in octal with a `0o` prefix, as pyvider and `tsvider_local_directory` write them: `"0o644"`, `"0o1777"`. Terraform\'s `parseint(trimprefix(p, "0o"), 8)` reads the number. Null when nothing is there.',
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

/** Options of `fileInfoDataSource`: the type name to register it under. */
export interface FileInfoOptions {
  /** Defaults to `tsvider_file_info`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A data source describing what is at a path on the machine Terraform runs on: whether it
 * exists, its kind, size, times, permissions, owner, group and guessed MIME type
 * (`tsvider_file_info` unless `options.typeName` says otherwise). A missing path is not an
 * error: `exists` is false and the other facts null or empty, so configuration can branch on it.
 */
export function fileInfoDataSource(options: FileInfoOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_file_info",
    description:
      "Facts about a path on the machine tofu runs on: existence, kind, size, times, permissions, owner.",
    schema,
    async read({ config }) {
      const path = config.path;
      const link = await statOrNull(() => lstat(path, { bigint: true }), path);
      const target =
        link === null
          ? null
          : link.isSymbolicLink()
            ? await statOrNull(() => stat(path, { bigint: true }), path)
            : link;
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
      const uid = Number(target.uid);
      const gid = Number(target.gid);
      return {
        path,
        exists: true,
        size: target.size <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(target.size) : target.size,
        is_dir: target.isDirectory(),
        is_file: target.isFile(),
        is_symlink: isSymlink,
        modified_time: utcIsoformat(target.mtimeNs),
        access_time: utcIsoformat(target.atimeNs),
        // The birth time, where pyvider gives st_ctime: on Linux and macOS that is when the
        // inode last changed (a chmod moves it), not when the file was created.
        creation_time: target.birthtimeNs > 0n ? utcIsoformat(target.birthtimeNs) : null,
        permissions: `0o${(Number(target.mode) & 0o7777).toString(8)}`,
        owner: users.get(uid) ?? String(uid),
        group: groups.get(gid) ?? String(gid),
        mime_type: target.isFile() ? (mimeTypes[extname(path).slice(1).toLowerCase()] ?? null) : null,
      };
    },
  });
}

/**
 * A time in nanoseconds since the epoch as pyvider writes a stat time: Python's `st_mtime`
 * (the seconds as a double, `sec + nsec * 1e-9`) through `datetime.fromtimestamp(t, tz=UTC)
 * .isoformat()`, which rounds the double's fraction to the microsecond, ties to even, and
 * leaves the fraction out when it is zero. Done with the same double arithmetic, so each
 * microsecond is Python's, not one off where the double is not exact.
 */
export function utcIsoformat(ns: bigint): string {
  const sec = floorDiv(ns, 1_000_000_000n);
  const t = Number(sec) + Number(ns - sec * 1_000_000_000n) * 1e-9;
  let whole = Math.trunc(t);
  let micros = roundHalfEven((t - whole) * 1e6);
  if (micros < 0) {
    micros += 1e6;
    whole -= 1;
  } else if (micros >= 1e6) {
    micros -= 1e6;
    whole += 1;
  }
  const date = new Date(whole * 1000).toISOString().slice(0, 19);
  return `${date}${micros === 0 ? "" : `.${String(micros).padStart(6, "0")}`}+00:00`;
}

function roundHalfEven(x: number): number {
  const floor = Math.floor(x);
  const diff = x - floor;
  if (diff > 0.5) return floor + 1;
  if (diff < 0.5) return floor;
  return floor % 2 === 0 ? floor : floor + 1;
}

function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/** Stats, or null when nothing is there; other failures (permission denied) are errors at path. */
async function statOrNull(call: () => Promise<BigIntStats>, path: string): Promise<BigIntStats | null> {
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
