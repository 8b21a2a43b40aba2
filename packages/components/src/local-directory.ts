/**
 * The `tsvider_local_directory` resource: a local directory, its mode and a set of files in it.
 *
 * @packageDocumentation
 */
// A local directory, its mode and a set of files in it: the component that exercises set blocks
// (order means nothing; a file added or changed updates in place), validators on an element's
// attribute and on the whole block, values computed at plan time by the provider (each file's
// hash, the directory's absolute path) and a value only apply can know (how many files the
// directory holds). The schema follows pyvider's `local_directory` (path, permissions as
// "0o755", id, file_count); the `file` blocks and `file_permission` are tsvider's own.
import { createHash } from "node:crypto";
import { chmod, mkdir, readdir, readFile, rm, rmdir, stat } from "node:fs/promises";
import { join, resolve } from "node:path";
import {
  attr,
  block,
  defineResource,
  isUnknown,
  ResourceError,
  type State,
  type ValidatorContext,
  validate,
} from "@tsvider/framework";
import { removeLeftoverTemporaries, writeThroughTemporary } from "./internal/temporary-files.js";

/** The directory's mode when config does not say, in pyvider's notation. */
export const DEFAULT_DIRECTORY_PERMISSIONS = "0o755";
/** The mode of the files the resource writes when config does not say. */
export const DEFAULT_DIRECTORY_FILE_PERMISSION = "0644";

const noNul = (value: string, ctx: ValidatorContext): string | undefined =>
  value.includes("\0") ? `"${ctx.pathText}" must not contain a NUL character.` : undefined;

/** A name of a file directly in the directory: no path separators, nothing that leaves it. */
const fileName = (name: string, ctx: ValidatorContext): string | undefined => {
  if (name === "." || name === "..")
    return `"${ctx.pathText}" must name a file; "${name}" names a directory.`;
  if (name.includes("/") || name.includes("\\")) {
    return `"${ctx.pathText}" must be a file name without "/" or "\\"; it is ${JSON.stringify(name)}. Files go directly in the directory.`;
  }
  return noNul(name, ctx);
};

/** Two elements with one name would write the same file: the set must not hold them. */
const uniqueNames = (files: readonly { readonly name: unknown }[]): string | undefined => {
  const seen = new Set<string>();
  for (const { name } of files) {
    if (typeof name !== "string") continue; // unknown until apply: checked again when known
    if (seen.has(name))
      return `Two "file" blocks are named ${JSON.stringify(name)}; each file needs its own name.`;
    seen.add(name);
  }
  return undefined;
};

const schema = {
  path: attr.string({
    required: true,
    requiresReplace: true,
    validators: [validate.length({ min: 1 }), noNul],
    description:
      "The directory, absolute or relative to where Terraform runs; its parents are made. Not empty. Changing it replaces the resource.",
  }),
  permissions: attr.string({
    optional: true,
    computed: true,
    default: DEFAULT_DIRECTORY_PERMISSIONS,
    validators: [
      validate.regex(
        /^(0o[0-7]{3}|0[0-7]{3})$/,
        'must be an octal mode such as "0o755" (or "0755"); it is read back from disk in the notation config uses',
      ),
    ],
    description: `The directory's mode in octal: \`"0o750"\` as pyvider writes it, or \`"0750"\`. Default \`"${DEFAULT_DIRECTORY_PERMISSIONS}"\`. Read back from disk in the notation configuration uses, so either form plans no change.`,
  }),
  file_permission: attr.string({
    optional: true,
    computed: true,
    default: DEFAULT_DIRECTORY_FILE_PERMISSION,
    validators: [validate.regex(/^0[0-7]{3}$/, 'must be an octal mode of four digits, such as "0644"')],
    description: `The mode of every file the resource writes, four octal digits. Default \`"${DEFAULT_DIRECTORY_FILE_PERMISSION}"\`.`,
  }),
  id: attr.string({ computed: true, description: "The directory's absolute path, shown in the plan." }),
  file_count: attr.int64({
    computed: true,
    description:
      "How many files are directly in the directory (subdirectories are not counted), the resource's own and any others; known after apply.",
  }),
  file: block.set(
    {
      name: attr.string({
        required: true,
        validators: [validate.length({ min: 1, max: 255 }), fileName],
        description: "The file's name: 1 to 255 characters, no `/` or `\\`, not `.` or `..`; each name once.",
      }),
      content: attr.string({ required: true, description: "The file's content, written as UTF-8." }),
      content_hash: attr.string({
        computed: true,
        description: "SHA-256 of the content as lowercase hex, shown in the plan.",
      }),
    },
    {
      validators: [uniqueNames],
      description:
        "A file directly in the directory; their order means nothing, and adding, changing or removing one updates the directory in place.",
    },
  ),
};

type DirectoryState = State<typeof schema>;
type FileState = DirectoryState["file"][number];
const PATH = [{ attribute: "path" }] as const;

/** Options of `localDirectoryResource`: the type name to register it under. */
export interface LocalDirectoryOptions {
  /** Defaults to `tsvider_local_directory`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * A managed resource for a local directory, its mode and a set of files in it
 * (`tsvider_local_directory` unless `options.typeName` says otherwise).
 */
export function localDirectoryResource(options: LocalDirectoryOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_local_directory",
    description: "Manages a local directory, its mode and a set of files in it.",
    schema,
    // The hashes follow from the content and the id from the path, so the plan can show them
    // rather than "(known after apply)".
    modifyPlan({ plan }) {
      // Destroying: nothing to show.
      if (plan === null) return undefined;
      const id = isUnknown(plan.path) ? plan.id : resolve(plan.path);
      const file = isUnknown(plan.file)
        ? plan.file
        : plan.file.map((f) =>
            isUnknown(f) || isUnknown(f.content) ? f : { ...f, content_hash: sha256(f.content) },
          );
      return { plan: { ...plan, id, file } };
    },
    async create({ plan }) {
      return write(plan, []);
    },
    async read({ state }) {
      const directoryMode = await directoryModeIfExists(state.path);
      // Gone from disk (or no longer a directory): Terraform drops it and plans to create it.
      if (directoryMode === undefined) return null;
      // A refresh after a killed apply is where its leftover temporaries go.
      await removeLeftoverTemporaries(state.path);
      const file: FileState[] = [];
      const priorFileMode = state.file_permission ?? DEFAULT_DIRECTORY_FILE_PERMISSION;
      let fileMode = priorFileMode;
      for (const f of state.file) {
        const found = await readIfExists(join(state.path, f.name));
        // A file removed by hand drops out of the set, and the next plan adds it back.
        if (found === undefined) continue;
        file.push({ name: f.name, content: found.content, content_hash: sha256(found.content) });
        if (fileModeText(found.mode) !== priorFileMode) fileMode = fileModeText(found.mode);
      }
      return {
        ...state,
        permissions: directoryModeText(directoryMode, state.permissions),
        file_permission: fileMode,
        id: resolve(state.path),
        file_count: await countFiles(state.path),
        file,
      };
    },
    async update({ plan, state }) {
      return write(plan, state.file);
    },
    async delete({ state }) {
      const mode = await directoryModeIfExists(state.path);
      if (mode === undefined) return;
      // A mode without the owner's write bit would refuse the removals below.
      await chmod(state.path, mode | 0o700);
      for (const f of state.file) await rm(join(state.path, f.name), { force: true });
      // Only an empty directory goes: files tofu does not manage are not its to remove.
      await rmdir(state.path).catch(async (err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT" && err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err;
        await chmod(state.path, mode).catch(() => undefined);
      });
    },
    // `tofu import` / `import { id = "path" }`: the directory alone; it then manages no files.
    async importState({ id }) {
      return { path: id, file: [] };
    },
  });
}

interface Planned {
  readonly path: string;
  readonly permissions: unknown;
  readonly file_permission: unknown;
  readonly file: readonly { readonly name: string; readonly content: string }[];
}

/** Writes every planned file, removes those no longer planned, and sets the modes. */
async function write(plan: Planned, prior: readonly FileState[]): Promise<DirectoryState> {
  const permissions = typeof plan.permissions === "string" ? plan.permissions : DEFAULT_DIRECTORY_PERMISSIONS;
  const filePermission =
    typeof plan.file_permission === "string" ? plan.file_permission : DEFAULT_DIRECTORY_FILE_PERMISSION;
  const mode = parseMode(permissions);
  // Checked before anything is made, so a path that cannot be a directory leaves nothing behind.
  await mustBeDirectoryOrAbsent(plan.path);
  try {
    await mkdir(plan.path, { recursive: true });
  } catch (err) {
    throw new ResourceError(`Cannot create the directory ${JSON.stringify(plan.path)}`, {
      path: PATH,
      detail: "A parent of the path is a file, or it is not writable. Choose another path.",
      cause: err,
    });
  }
  // The owner needs write access while files are written; the planned mode is set last.
  await chmod(plan.path, mode | 0o700);
  const keep = new Set(plan.file.map((f) => f.name));
  for (const f of prior) if (!keep.has(f.name)) await rm(join(plan.path, f.name), { force: true });
  for (const f of plan.file) {
    await writeAtomically(join(plan.path, f.name), f.content, Number.parseInt(filePermission, 8));
  }
  await chmod(plan.path, mode);
  return {
    path: plan.path,
    permissions,
    file_permission: filePermission,
    id: resolve(plan.path),
    file_count: await countFiles(plan.path),
    file: plan.file.map((f) => ({ name: f.name, content: f.content, content_hash: sha256(f.content) })),
  };
}

async function mustBeDirectoryOrAbsent(path: string): Promise<void> {
  let found: Awaited<ReturnType<typeof stat>>;
  try {
    found = await stat(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    if ((err as NodeJS.ErrnoException).code === "ENOTDIR") {
      throw new ResourceError(
        `Cannot create the directory ${JSON.stringify(path)}: a parent of it is a file`,
        {
          path: PATH,
          detail: "Remove that file or choose another path.",
        },
      );
    }
    throw err;
  }
  if (!found.isDirectory()) {
    throw new ResourceError(`Cannot create the directory ${JSON.stringify(path)}: the path is a file`, {
      path: PATH,
      detail: "Remove the file or choose another path; tsvider does not replace a file with a directory.",
    });
  }
}

/** "0o755" and "0755" alike. */
function parseMode(text: string): number {
  return Number.parseInt(text.startsWith("0o") ? text.slice(2) : text, 8);
}

/** The mode on disk in the notation the prior value used ("0o755" unless it was "0755"). */
function directoryModeText(mode: number, prior: string | null): string {
  const digits = (mode & 0o777).toString(8).padStart(3, "0");
  return prior !== null && !prior.startsWith("0o") ? `0${digits}` : `0o${digits}`;
}

function fileModeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, "0");
}

function sha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("hex");
}

/** Files directly in the directory; subdirectories are not files and are not counted. */
async function countFiles(path: string): Promise<number> {
  return (await readdir(path, { withFileTypes: true })).filter((e) => e.isFile()).length;
}

async function directoryModeIfExists(path: string): Promise<number | undefined> {
  try {
    const found = await stat(path);
    return found.isDirectory() ? found.mode : undefined;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw err;
  }
}

async function readIfExists(filename: string): Promise<{ content: string; mode: number } | undefined> {
  try {
    return { content: await readFile(filename, "utf8"), mode: (await stat(filename)).mode };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Writes beside the target and renames over it, so a crash never leaves half a file. */
async function writeAtomically(filename: string, content: string, mode: number): Promise<void> {
  await writeThroughTemporary(filename, content, { mode });
}
