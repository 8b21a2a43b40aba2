/**
 * The `tsvider_write_marker` action: writes a marker file whole and reports each step.
 *
 * @packageDocumentation
 */
// An action that writes a marker file: the smallest useful thing to invoke from a resource's
// action_trigger or with `terraform apply -invoke`, and a model for actions that report their
// progress. The file is written whole (through a temporary file and a rename), so a reader
// never sees half a marker.
import { mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { attr, defineAction, TsviderError, ValidationError } from "@tsvider/framework";
import { writeThroughTemporary } from "./internal/temporary-files.js";

const schema = {
  path: attr.string({
    required: true,
    description:
      "Where to write the marker; relative paths start at the directory Terraform runs in. Must not be empty.",
  }),
  content: attr.string({ optional: true, description: "What the marker holds; empty when unset." }),
};

/** Options of `writeMarkerAction`: the type name to register it under. */
export interface WriteMarkerOptions {
  /** Defaults to `tsvider_write_marker`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * An action that writes a marker file, creating its directory, and reports each step
 * (`tsvider_write_marker` unless `options.typeName` says otherwise).
 */
export function writeMarkerAction(options: WriteMarkerOptions = {}) {
  const typeName = options.typeName ?? "tsvider_write_marker";
  return defineAction({
    typeName,
    description: "Writes a marker file, creating its directory, and reports each step.",
    schema,
    validateConfig({ config }) {
      if (config.path === "") {
        throw new ValidationError("path is empty", {
          detail: 'Give the marker file\'s path, such as "markers/deployed.txt".',
          path: [{ attribute: "path" }],
        });
      }
    },
    async plan({ config }) {
      // Refuse at plan time what would fail at apply: a directory where the file should go.
      if (typeof config.path !== "string") return;
      const existing = await stat(config.path).catch(() => undefined);
      if (existing?.isDirectory()) {
        throw new ValidationError(`${config.path} is a directory`, {
          detail: "tsvider_write_marker writes a file; point path at a file inside that directory.",
          path: [{ attribute: "path" }],
        });
      }
    },
    async invoke({ config, progress, signal }) {
      const path = resolve(config.path);
      const content = config.content ?? "";
      progress(`creating the directory of ${config.path}`);
      try {
        await mkdir(dirname(path), { recursive: true });
        signal.throwIfAborted();
        progress(`writing ${Buffer.byteLength(content)} bytes to ${config.path}`);
        await writeThroughTemporary(path, content, { signal });
      } catch (err) {
        // Cancelled: stop quietly, and the framework reports the invocation as cancelled (a
        // thrown AbortError would read as a failed write).
        if (signal.aborted) return;
        throw new TsviderError(`Cannot write the marker ${config.path}`, {
          detail: `${typeName} could not write ${path}. Check that the path is writable and names a file, not a directory.`,
          path: [{ attribute: "path" }],
          cause: err,
        });
      }
      progress(`wrote ${config.path}`);
    },
  });
}
