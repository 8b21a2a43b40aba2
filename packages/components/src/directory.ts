// A local directory and a set of files in it: the component that exercises set blocks (order
// means nothing; a file added or changed updates in place), a single nested attribute with
// defaults at two levels, validators on an element's attribute and on the whole block, and a
// plan computed by the provider (each file's hash, from its planned content).
import { createHash, randomBytes } from "node:crypto";
import { chmod, mkdir, readFile, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  attr,
  block,
  defineResource,
  isUnknown,
  type State,
  type ValidatorContext,
  validate,
} from "@tsvider/framework";

const DEFAULT_PERMISSIONS = { file: "0644", directory: "0755" } as const;
const octalMode = validate.regex(/^0[0-7]{3}$/, 'must be an octal mode of four digits, such as "0644"');

/** A name of a file directly in the directory: no path separators, nothing that leaves it. */
const fileName = (name: string, ctx: ValidatorContext): string | undefined => {
  if (name === "." || name === "..")
    return `"${ctx.pathText}" must name a file; "${name}" names a directory.`;
  if (name.includes("/") || name.includes("\\")) {
    return `"${ctx.pathText}" must be a file name without "/" or "\\"; it is ${JSON.stringify(name)}. Files go directly in the directory.`;
  }
  if (name.includes("\0")) return `"${ctx.pathText}" must not contain a NUL character.`;
  return undefined;
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
    validators: [validate.length({ min: 1 })],
    description:
      "The directory, absolute or relative to where tofu runs; made with its parents. Changing it replaces the resource.",
  }),
  permissions: attr.singleNested(
    {
      file: attr.string({
        optional: true,
        computed: true,
        default: DEFAULT_PERMISSIONS.file,
        validators: [octalMode],
        description: `Mode of every file; "${DEFAULT_PERMISSIONS.file}" when not set.`,
      }),
      directory: attr.string({
        optional: true,
        computed: true,
        default: DEFAULT_PERMISSIONS.directory,
        validators: [octalMode],
        description: `Mode of the directory; "${DEFAULT_PERMISSIONS.directory}" when not set.`,
      }),
    },
    {
      optional: true,
      computed: true,
      default: DEFAULT_PERMISSIONS,
      description: "Modes of the files and the directory, in octal.",
    },
  ),
  file: block.set(
    {
      name: attr.string({
        required: true,
        validators: [validate.length({ min: 1, max: 255 }), fileName],
        description: "The file's name in the directory.",
      }),
      content: attr.string({ required: true, description: "The file's content, written as UTF-8." }),
      content_hash: attr.string({ computed: true, description: "SHA-256 of the content, as lowercase hex." }),
    },
    { validators: [uniqueNames], description: "A file in the directory; files not listed are left alone." },
  ),
};

type DirectoryState = State<typeof schema>;
type FileState = DirectoryState["file"][number];

export interface DirectoryOptions {
  /** Defaults to `tsvider_directory`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

export function directoryResource(options: DirectoryOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_directory",
    description: "Manages a local directory and a set of files in it.",
    schema,
    // The hash follows from the content, so the plan can show it rather than "(known after apply)".
    modifyPlan({ plan }) {
      // Destroying: nothing to show.
      if (plan === null || isUnknown(plan.file)) return undefined;
      const file = plan.file.map((f) =>
        isUnknown(f) || isUnknown(f.content) ? f : { ...f, content_hash: sha256(f.content) },
      );
      return { plan: { ...plan, file } };
    },
    async create({ plan }) {
      return write(plan.path, plan.permissions, plan.file, []);
    },
    async read({ state }) {
      const directoryMode = await modeIfExists(state.path);
      // Gone from disk: Terraform drops it from state and plans to create it again.
      if (directoryMode === undefined) return null;
      const file: FileState[] = [];
      const prior = permissionsOf(state.permissions);
      let fileMode = prior.file;
      for (const f of state.file) {
        const found = await readIfExists(join(state.path, f.name));
        // A file removed by hand drops out of the set, and the next plan adds it back.
        if (found === undefined) continue;
        file.push({ name: f.name, content: found.content, content_hash: sha256(found.content) });
        if (modeText(found.mode) !== prior.file) fileMode = modeText(found.mode);
      }
      return { ...state, permissions: { file: fileMode, directory: modeText(directoryMode) }, file };
    },
    async update({ plan, state }) {
      return write(plan.path, plan.permissions, plan.file, state.file);
    },
    async delete({ state }) {
      for (const f of state.file) await rm(join(state.path, f.name), { force: true });
      // Only an empty directory goes: files tofu does not manage are not its to remove.
      await rmdir(state.path).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT" && err.code !== "ENOTEMPTY" && err.code !== "EEXIST") throw err;
      });
    },
  });
}

/** Writes every planned file, removes those no longer planned, and sets the modes. */
async function write(
  path: string,
  planned: unknown,
  files: readonly { readonly name: string; readonly content: string }[],
  prior: readonly FileState[],
): Promise<DirectoryState> {
  const permissions = permissionsOf(planned);
  await mkdir(path, { recursive: true });
  await chmod(path, Number.parseInt(permissions.directory, 8));
  const keep = new Set(files.map((f) => f.name));
  for (const f of prior) if (!keep.has(f.name)) await rm(join(path, f.name), { force: true });
  for (const f of files) {
    await writeAtomically(join(path, f.name), f.content, Number.parseInt(permissions.file, 8));
  }
  return {
    path,
    permissions,
    file: files.map((f) => ({ name: f.name, content: f.content, content_hash: sha256(f.content) })),
  };
}

/** The planned modes: the defaults have filled in whatever config left out. */
function permissionsOf(planned: unknown): { file: string; directory: string } {
  const given = (planned ?? {}) as { file?: unknown; directory?: unknown };
  return {
    file: typeof given.file === "string" ? given.file : DEFAULT_PERMISSIONS.file,
    directory: typeof given.directory === "string" ? given.directory : DEFAULT_PERMISSIONS.directory,
  };
}

function sha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("hex");
}

function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, "0");
}

async function modeIfExists(path: string): Promise<number | undefined> {
  try {
    const found = await stat(path);
    return found.isDirectory() ? found.mode : undefined;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
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
  const temporary = `${filename}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, content, "utf8");
    await chmod(temporary, mode);
    await rename(temporary, filename);
  } finally {
    await rm(temporary, { force: true });
  }
}
