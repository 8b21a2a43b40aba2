/**
 * The `tsvider_file_content` resource: a local file whose content and mode Terraform manages,
 * with import by identity and a schema upgrade.
 *
 * @packageDocumentation
 */
// A local file whose content Terraform manages: the smallest resource that exercises the
// whole lifecycle (create, drift on read, update in place, replace, delete, import), with
// validators, a default, plan modifiers, a schema upgrade from version 0, and an identity
// (the file's path) that `import {}` blocks can name.
import { createHash } from "node:crypto";
import { mkdir, readFile, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import {
  attr,
  defineResource,
  identityAttr,
  isUnknown,
  type PlanModifierRequest,
  ResourceError,
  requiresReplace,
  type State,
  type Unknown,
  type ValidatorContext,
  validate,
} from "@tsvider/framework";
import { removeLeftoverTemporaries, writeThroughTemporary } from "./internal/temporary-files.js";

/** The mode a file gets when config does not say. */
export const DEFAULT_FILE_PERMISSION = "0644";

/** Content is kept in state, so it stays a file, not a disk image. */
const MAX_CONTENT_CHARACTERS = 16 * 1024 * 1024;

const validFilename = (value: string, ctx: ValidatorContext): string | undefined => {
  // The operating system would refuse a NUL in a path; saying so here points at the line.
  if (value.includes("\0")) {
    return `"${ctx.pathText}" must not contain a NUL character; it is ${JSON.stringify(value)}.`;
  }
  return undefined;
};

/**
 * The hash changes only with the content: while content is unchanged, plan the hash in state
 * instead of "(known after apply)" (a change of file_permission alone leaves it as it is).
 */
const hashKeptWhileContentUnchanged = {
  description: "Keeps the prior hash while content is unchanged.",
  modify({
    plan,
    state,
    inPriorState,
    resourcePlan,
    resourceState,
  }: PlanModifierRequest<string, string | Unknown>) {
    if (!inPriorState || !isUnknown(plan) || resourceState === null) return undefined;
    const content = resourcePlan.content;
    if (isUnknown(content) || content !== resourceState.content) return undefined;
    return { plan: state };
  },
};

const schema = {
  filename: attr.string({
    required: true,
    planModifiers: [requiresReplace()],
    validators: [validate.length({ min: 1 }), validFilename],
    description:
      "Path of the file, absolute or relative to the directory Terraform runs in; missing parent directories are made. Not empty, no NUL character. Changing it replaces the resource (the old file is removed, the new one written).",
  }),
  content: attr.string({
    required: true,
    validators: [validate.length({ max: MAX_CONTENT_CHARACTERS })],
    description: "The file's content, written as UTF-8; 16 Mi characters at most (it is kept in state).",
  }),
  file_permission: attr.string({
    optional: true,
    computed: true,
    default: DEFAULT_FILE_PERMISSION,
    validators: [validate.regex(/^0[0-7]{3}$/, 'must be an octal mode of four digits, such as "0644"')],
    description: `The file's mode as four octal digits, such as \`"0640"\`. Default \`"${DEFAULT_FILE_PERMISSION}"\`. Applied on disk whatever the umask; a mode changed by hand shows as drift.`,
  }),
  content_hash: attr.string({
    computed: true,
    planModifiers: [hashKeptWhileContentUnchanged],
    description:
      'SHA-256 of the content as lowercase hex (as `sha256sum` and `filesha256()` give it). Planned from state while the content is unchanged, so a change of `file_permission` alone does not show it as "known after apply".',
  }),
  // pyvider's file_content has it, so configurations written for it read it. A file gone from
  // disk is dropped from state rather than kept with false, so it is true wherever it is read.
  exists: attr.bool({
    computed: true,
    default: true,
    description:
      "Always `true`, as pyvider's `file_content` has it: a file removed by hand drops the resource from state (to be created again) rather than keeping it with `false`.",
  }),
};

/** What names one file for as long as it exists: its path, as config wrote it. */
const identity = {
  schema: {
    filename: identityAttr.string({
      requiredForImport: true,
      description: "Path of the file, as the resource's filename gives it.",
    }),
  },
};

/** Options of `fileContentResource`: the type name to register it under. */
export interface FileContentOptions {
  /** Defaults to `tsvider_file_content`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A managed resource for the content and mode of a local file (`tsvider_file_content` unless
 * `options.typeName` says otherwise), for a provider's `resources` list.
 */
export function fileContentResource(options: FileContentOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_file_content",
    description: "Manages the content and mode of a local file.",
    schema,
    // Version 0 had a computed `exists` (always true) and no `file_permission`; version 1
    // dropped `exists`, which version 2 brings back for configurations written for pyvider.
    version: 2,
    identity,
    upgraders: {
      0: ({ rawState }) => {
        const filename = rawState.filename as string;
        const content = rawState.content as string;
        // Version 0 never set a mode; the default is what it left under the usual umask, and
        // the next read reports the mode on disk, so any other one shows as drift.
        return {
          filename,
          content,
          file_permission: DEFAULT_FILE_PERMISSION,
          content_hash: sha256(content),
          exists: true,
        };
      },
      // Version 1 lacked only `exists`.
      1: ({ rawState }) => ({
        filename: rawState.filename as string,
        content: rawState.content as string,
        file_permission: rawState.file_permission as string,
        content_hash: rawState.content_hash as string,
        exists: true,
      }),
    },
    async create({ plan, setIdentity }) {
      const mode = modeOf(plan.file_permission);
      await writeOrExplain(plan.filename, plan.content, mode);
      setIdentity({ filename: plan.filename });
      return stateFor(plan.filename, plan.content, mode);
    },
    async read({ state, setIdentity }) {
      // A refresh after a killed apply is where its leftover temporary goes.
      await removeLeftoverTemporaries(dirname(state.filename));
      const found = await readIfExists(state.filename);
      // Gone from disk: Terraform drops it from state and plans to create it again.
      if (found === undefined) return null;
      // The same identity it has; an object stored before identity existed gets it here.
      setIdentity({ filename: state.filename });
      return stateFor(state.filename, found.content, found.mode);
    },
    async update({ plan }) {
      const mode = modeOf(plan.file_permission);
      await writeOrExplain(plan.filename, plan.content, mode);
      return stateFor(plan.filename, plan.content, mode);
    },
    async delete({ state }) {
      await rm(state.filename, { force: true });
    },
    // By ID (`tofu import`, `import { id = "path" }`) or by identity (`identity = { filename = "path" }`).
    async importState(ctx) {
      return { filename: ctx.id !== null ? ctx.id : ctx.identity.filename };
    },
  });
}

/** The planned mode as a number; the default has filled it in unless config left it unknown. */
function modeOf(permission: string | null | Unknown): number {
  return Number.parseInt(typeof permission === "string" ? permission : DEFAULT_FILE_PERMISSION, 8);
}

function stateFor(filename: string, content: string, mode: number): State<typeof schema> {
  return { filename, content, file_permission: modeText(mode), content_hash: sha256(content), exists: true };
}

/** "0644": four octal digits, the one form config may write (so state always equals it). */
function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, "0");
}

function sha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("hex");
}

async function readIfExists(filename: string): Promise<{ content: string; mode: number } | undefined> {
  try {
    const content = await readFile(filename, "utf8");
    return { content, mode: (await stat(filename)).mode };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** writeAtomically, with a failure pointed at `filename` and said in words (not an errno). */
async function writeOrExplain(filename: string, content: string, mode: number): Promise<void> {
  try {
    await writeAtomically(filename, content, mode);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === "EISDIR"
        ? "the path is a directory"
        : code === "ENOTDIR" || code === "EEXIST"
          ? "a parent of the path is a file"
          : code === "EACCES" || code === "EPERM"
            ? "permission denied"
            : "the write failed";
    throw new ResourceError(`Cannot write ${JSON.stringify(filename)}: ${why}`, {
      path: [{ attribute: "filename" }],
      detail: "Nothing was written there. Choose another path, or fix what is in the way, and apply again.",
      cause: err,
    });
  }
}

/** Writes beside the target and renames over it, so a crash never leaves half a file. */
async function writeAtomically(filename: string, content: string, mode: number): Promise<void> {
  await mkdir(dirname(filename), { recursive: true });
  await writeThroughTemporary(filename, content, { mode });
}
