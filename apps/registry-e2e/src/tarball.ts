// What a package tarball (.tgz, as `pnpm pack` writes it and a registry serves it) holds, read
// in this process: its package.json, and the size and number of its files.
import { gunzipSync } from "node:zlib";

export interface TarballContents {
  /** package/package.json, parsed. */
  readonly manifest: Record<string, unknown> & { name: string; version: string };
  /** The total size of the regular files, unpacked. */
  readonly bytes: number;
  /** The number of regular files. */
  readonly files: number;
}

/** Reads a gzipped package tarball; `what` names it in errors (a file or a URL). */
export function readTarball(packed: Buffer, what: string): TarballContents {
  const tar = gunzipSync(packed);
  let bytes = 0;
  let files = 0;
  let manifest: TarballContents["manifest"] | undefined;
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const size = Number.parseInt(field(header, 124, 12) || "0", 8);
    const type = String.fromCharCode(header[156] ?? 0);
    const body = offset + 512;
    if (type === "0" || type === "\0") {
      bytes += size;
      files++;
      // ustar keeps long paths in two parts: a prefix (from byte 345) and the name.
      const prefix = field(header, 345, 155);
      const name = prefix === "" ? field(header, 0, 100) : `${prefix}/${field(header, 0, 100)}`;
      if (name === "package/package.json") {
        manifest = JSON.parse(tar.subarray(body, body + size).toString("utf8"));
      }
    }
    offset = body + Math.ceil(size / 512) * 512;
  }
  if (manifest === undefined || typeof manifest.name !== "string" || typeof manifest.version !== "string") {
    throw new Error(
      `${what} holds no package/package.json with a name and a version: it is not a package tarball`,
    );
  }
  return { manifest, bytes, files };
}

/** A NUL-terminated string field of a tar header. */
function field(header: Buffer, start: number, length: number): string {
  return header
    .subarray(start, start + length)
    .toString("utf8")
    .replace(/\0.*$/s, "")
    .trim();
}
