/**
 * The `tsvider_file` data source: a local file's content and SHA-256, read by its name.
 *
 * @packageDocumentation
 */
// A local file, read: the data source beside fileContentResource. It gives a file's content
// and SHA-256 by its name, so configuration can use a file something else wrote.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { attr, DataSourceError, defineDataSource } from "@tsvider/framework";

const schema = {
  filename: attr.string({
    required: true,
    description: "Path of the file, absolute or relative to the directory Terraform runs in.",
  }),
  content: attr.string({
    computed: true,
    description: "The file's content, read as UTF-8 (bytes that are not UTF-8 become U+FFFD).",
  }),
  content_hash: attr.string({
    computed: true,
    description:
      "SHA-256 of the file's bytes as lowercase hex, as `sha256sum` and `filesha256()` give it, and as `tsvider_file_content`'s `content_hash` is.",
  }),
  size: attr.int64({ computed: true, description: "The file's size in bytes." }),
};

/** Options of `fileDataSource`: the type name to register it under. */
export interface FileDataSourceOptions {
  /** Defaults to `tsvider_file`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A data source that reads a local file: its content, SHA-256 and size (`tsvider_file` unless
 * `options.typeName` says otherwise).
 */
export function fileDataSource(options: FileDataSourceOptions = {}) {
  return defineDataSource({
    typeName: options.typeName ?? "tsvider_file",
    description: "Reads a local file: its content, SHA-256 and size.",
    schema,
    async read({ config, signal }) {
      const bytes = await readBytes(config.filename, signal);
      return {
        filename: config.filename,
        content: bytes.toString("utf8"),
        content_hash: createHash("sha256").update(bytes).digest("hex"),
        size: bytes.length,
      };
    },
  });
}

const why: Record<string, { problem: string; fix: string }> = {
  ENOENT: {
    problem: "does not exist",
    fix: "Check the path; a relative path is read from the directory tofu runs in. If a resource in this configuration writes the file, refer to that resource's filename attribute, so the file is read after it is written.",
  },
  EISDIR: { problem: "is a directory", fix: "Give the path of a file." },
  EACCES: {
    problem: "cannot be read: permission denied",
    fix: "Let the user tofu runs as read the file.",
  },
};

async function readBytes(filename: string, signal: AbortSignal): Promise<Buffer> {
  try {
    return await readFile(filename, { signal });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    const known = why[code];
    throw new DataSourceError(`File "${filename}" ${known?.problem ?? "cannot be read"}`, {
      detail: known?.fix ?? "",
      path: [{ attribute: "filename" }],
      cause: err,
    });
  }
}
