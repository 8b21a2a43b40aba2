// A local file whose content Terraform manages: the smallest resource that exercises the
// whole lifecycle (create, drift on read, update in place, replace, delete, import).
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { attr, defineResource, type State } from "@tsvider/framework";

const schema = {
  filename: attr.string({
    required: true,
    requiresReplace: true,
    description:
      "Path of the file, absolute or relative to the directory tofu runs in. Changing it replaces the file.",
  }),
  content: attr.string({ required: true, description: "The file's content, written as UTF-8." }),
  exists: attr.bool({ computed: true, description: "Whether the file exists; true after apply." }),
  content_hash: attr.string({ computed: true, description: "SHA-256 of the content, as lowercase hex." }),
};

export interface FileContentOptions {
  /** Defaults to `tsvider_file_content`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

export function fileContentResource(options: FileContentOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_file_content",
    description: "Manages the content of a local file.",
    schema,
    async create({ plan }) {
      await writeAtomically(plan.filename, plan.content);
      return stateFor(plan.filename, plan.content);
    },
    async read({ state }) {
      const content = await readIfExists(state.filename);
      // Gone from disk: Terraform drops it from state and plans to create it again.
      if (content === undefined) return null;
      return stateFor(state.filename, content);
    },
    async update({ plan }) {
      await writeAtomically(plan.filename, plan.content);
      return stateFor(plan.filename, plan.content);
    },
    async delete({ state }) {
      await rm(state.filename, { force: true });
    },
    async importState({ id }) {
      return { filename: id };
    },
  });
}

function stateFor(filename: string, content: string): State<typeof schema> {
  return { filename, content, exists: true, content_hash: sha256(content) };
}

function sha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("hex");
}

async function readIfExists(filename: string): Promise<string | undefined> {
  try {
    return await readFile(filename, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
}

/** Writes beside the target and renames over it, so a crash never leaves half a file. */
async function writeAtomically(filename: string, content: string): Promise<void> {
  await mkdir(dirname(filename), { recursive: true });
  const temporary = `${filename}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(temporary, content, "utf8");
    await rename(temporary, filename);
  } finally {
    await rm(temporary, { force: true });
  }
}
