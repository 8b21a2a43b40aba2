/**
 * The `tsvider_echo` action: echoes a message as progress, optionally appending each line to a
 * file.
 *
 * @packageDocumentation
 */
// An action that echoes its message as progress, `repeat` times, and optionally appends each
// line to a file: the smallest action to see Terraform's action stream at work (from
// `terraform apply -invoke` or a resource's action_trigger), with an effect on disk a check
// can read afterwards. Each line goes to the file in one append, so a reader sees whole lines.
// As in pyvider's `echo`, a line is the time and the message (`2026-01-01T00:00:00+00:00
// deployed`), and planning an invocation that writes warns which file it appends to.
import { appendFile, mkdir, stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { attr, defineAction, TsviderError, ValidationError } from "@tsvider/framework";

const maxRepeat = 100;

const schema = {
  message: attr.string({
    required: true,
    description:
      "The text to echo; each progress message (and each line written) carries it. Must not be empty.",
  }),
  repeat: attr.int64({
    optional: true,
    description: `How many times to echo it, 1 to ${maxRepeat}. Once when unset. With more than one, each progress message ends with its number: \`deployed (2/3)\`.`,
  }),
  path: attr.string({
    optional: true,
    description:
      'A file to append each echoed line to, created with its directory when absent; relative paths start at the directory Terraform runs in. Each line is the UTC time in whole seconds and the message: `"2026-01-01T00:00:00+00:00 deployed"`. Planning warns `This will append to <path>.`. Nothing is written when unset; when set, a last progress message says how many lines were appended.',
  }),
};

/** Options of `echoAction`: the type name to register it under, and the clock lines are stamped with. */
export interface EchoOptions {
  /** Defaults to `tsvider_echo`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** The clock the lines are stamped with; tests give a fixed one. */
  readonly now?: () => Date;
}

/** A line's time, as Python's `datetime.now(UTC).isoformat(timespec="seconds")` writes it. */
export function lineStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, "+00:00");
}

/**
 * An action that reports its `message` as progress `repeat` times (1 to 100) and, when `path` is
 * set, appends each as a time-stamped line to that file, warning at plan which file it will
 * write (`tsvider_echo` unless `options.typeName` says otherwise). For a provider's `actions`
 * list; invoke it with `terraform apply -invoke` or from a resource's `action_trigger`.
 */
export function echoAction(options: EchoOptions = {}) {
  const typeName = options.typeName ?? "tsvider_echo";
  const now = options.now ?? (() => new Date());
  return defineAction({
    typeName,
    description: "Echoes its message as progress, `repeat` times, optionally appending each line to a file.",
    schema,
    validateConfig({ config }) {
      if (config.message === "") {
        throw new ValidationError("message is empty", {
          detail: 'Give the text to echo, such as "deployed".',
          path: [{ attribute: "message" }],
        });
      }
      const repeat = config.repeat;
      if (typeof repeat === "number" && (repeat < 1 || repeat > maxRepeat)) {
        throw new ValidationError(`repeat must be between 1 and ${maxRepeat}`, {
          detail: `It is ${repeat}. Leave it unset to echo once.`,
          path: [{ attribute: "repeat" }],
        });
      }
      if (config.path === "") {
        throw new ValidationError("path is empty", {
          detail: "Give a file to append the echoed lines to, or leave path unset to only report progress.",
          path: [{ attribute: "path" }],
        });
      }
    },
    async plan({ config, diagnostics }) {
      // Refuse at plan time what would fail at apply: a directory where the file should go.
      if (typeof config.path !== "string") return;
      const existing = await stat(config.path).catch(() => undefined);
      if (existing?.isDirectory()) {
        throw new ValidationError(`${config.path} is a directory`, {
          detail: `${typeName} appends lines to a file; point path at a file inside that directory.`,
          path: [{ attribute: "path" }],
        });
      }
      // The one effect outside Terraform, named before it happens (as pyvider's echo does).
      diagnostics.addWarning(
        `This will append to ${config.path}.`,
        "Each echo appends a line with the time and the message; nothing else in the file is changed.",
        [{ attribute: "path" }],
      );
    },
    async invoke({ config, progress, signal }) {
      const repeat = config.repeat === null ? 1 : Number(config.repeat);
      const path = config.path === null ? undefined : resolve(config.path);
      if (path !== undefined) {
        try {
          await mkdir(dirname(path), { recursive: true });
        } catch (err) {
          throw cannotWrite(typeName, config.path!, path, err);
        }
      }
      for (let i = 1; i <= repeat; i++) {
        // Cancelled: stop quietly; the framework reports the invocation as cancelled.
        if (signal.aborted) return;
        progress(repeat > 1 ? `${config.message} (${i}/${repeat})` : config.message);
        if (path === undefined) continue;
        try {
          await appendFile(path, `${lineStamp(now())} ${config.message}\n`);
        } catch (err) {
          throw cannotWrite(typeName, config.path!, path, err);
        }
      }
      if (config.path !== null) {
        progress(`appended ${repeat} line${repeat === 1 ? "" : "s"} to ${config.path}`);
      }
    },
  });
}

function cannotWrite(typeName: string, configured: string, path: string, cause: unknown): TsviderError {
  return new TsviderError(`Cannot append to ${configured}`, {
    detail: `${typeName} could not write ${path}: ${(cause as Error).message}. Check that the path names a writable file, not a directory.`,
    path: [{ attribute: "path" }],
    cause,
  });
}
