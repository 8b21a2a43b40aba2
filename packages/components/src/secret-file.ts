/**
 * The `tsvider_secret_file` resource: a local file whose content is a write-only secret, kept out
 * of plan and state.
 *
 * @packageDocumentation
 */
import { chmod, mkdir, rm, stat } from "node:fs/promises";
import { dirname } from "node:path";
import {
  attr,
  defineResource,
  requiresReplace,
  TsviderError,
  type Unknown,
  validate,
} from "@tsvider/framework";
import { removeLeftoverTemporaries, writeThroughTemporary } from "./internal/temporary-files.js";

/** The mode a secret file gets when config does not say: readable by its owner only. */
export const DEFAULT_SECRET_FILE_PERMISSION = "0600";

const schema = {
  filename: attr.string({
    required: true,
    planModifiers: [requiresReplace()],
    validators: [validate.length({ min: 1 })],
    description:
      "Path of the file, absolute or relative to the directory Terraform runs in; missing parent directories are made. Not empty. Changing it replaces the file.",
  }),
  content_wo: attr.string({
    required: true,
    writeOnly: true,
    description:
      "The file's content, written as UTF-8. Write-only: never stored in the plan or state, and it may be ephemeral. It is written when the file is created and whenever content_wo_version changes.",
  }),
  content_wo_version: attr.number({
    optional: true,
    description:
      "Change it (1, 2, ...) to write `content_wo` to the file again; a new `content_wo` alone changes nothing.",
  }),
  file_permission: attr.string({
    optional: true,
    computed: true,
    default: DEFAULT_SECRET_FILE_PERMISSION,
    validators: [validate.regex(/^0[0-7]{3}$/, 'must be an octal mode of four digits, such as "0600"')],
    description: `The file's mode as four octal digits. Default \`"${DEFAULT_SECRET_FILE_PERMISSION}"\`. A mode changed by hand shows as drift, and the next apply sets it again without rewriting the content.`,
  }),
};

/**
 * Options of `secretFileResource`: its type name, and the type whose objects it takes over
 * through `moved` blocks.
 */
export interface SecretFileOptions {
  /** Defaults to `tsvider_secret_file`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** The type whose objects it takes over through `moved` blocks; defaults to `tsvider_file_content`. */
  readonly fileContentTypeName?: string;
}

/**
 * A managed resource for a local file whose content is a secret, kept out of plan and state
 * (`tsvider_secret_file` unless `options.typeName` says otherwise).
 */
export function secretFileResource(options: SecretFileOptions = {}) {
  return defineResource({
    typeName: options.typeName ?? "tsvider_secret_file",
    description: "Manages a local file whose content is a secret, kept out of plan and state.",
    schema,
    moveState: [
      {
        // A plain file becoming a secret one: the same file on disk, its content no longer in
        // state. Any schema version: version 0 lacked file_permission, which read then fills.
        sourceTypeName: options.fileContentTypeName ?? "tsvider_file_content",
        move({ sourceState, sourceTypeName }) {
          const { filename, file_permission } = sourceState;
          if (typeof filename !== "string") {
            throw new TsviderError(`The moved ${sourceTypeName} object has no filename`, {
              detail: "Its stored state is damaged; import the file as a secret file instead.",
            });
          }
          return { filename, file_permission: typeof file_permission === "string" ? file_permission : null };
        },
      },
    ],
    async create({ plan, config }) {
      const mode = modeOf(plan.file_permission);
      await writeAtomically(plan.filename, config.content_wo, mode);
      return { ...plan, file_permission: modeText(mode) };
    },
    async read({ state }) {
      await removeLeftoverTemporaries(dirname(state.filename));
      try {
        const { mode } = await stat(state.filename);
        return { ...state, file_permission: modeText(mode) };
      } catch (err) {
        // Gone from disk: Terraform drops it from state and plans to create it again.
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async update({ plan, state, config }) {
      const mode = modeOf(plan.file_permission);
      if (plan.content_wo_version !== state.content_wo_version) {
        await writeAtomically(plan.filename, config.content_wo, mode);
      } else {
        await chmod(plan.filename, mode);
      }
      return { ...plan, file_permission: modeText(mode) };
    },
    async delete({ state }) {
      await rm(state.filename, { force: true });
    },
    async importState({ id }) {
      return { filename: id };
    },
  });
}

function modeOf(permission: string | null | Unknown): number {
  return Number.parseInt(typeof permission === "string" ? permission : DEFAULT_SECRET_FILE_PERMISSION, 8);
}

function modeText(mode: number): string {
  return (mode & 0o777).toString(8).padStart(4, "0");
}

/**
 * Beside the target, then renamed over it, created readable by the owner alone until it has its
 * final mode; a temporary a killed apply left (it holds the secret) goes at the next write or
 * refresh in its directory.
 */
async function writeAtomically(filename: string, content: string, mode: number): Promise<void> {
  await mkdir(dirname(filename), { recursive: true });
  await writeThroughTemporary(filename, content, { mode });
}
