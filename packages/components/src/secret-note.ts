/**
 * The test-only `tsvider_secret_note` resource and its list resource: a write-only secret whose
 * digest proves it reached the provider, with notes recorded in an index file.
 *
 * @packageDocumentation
 */
// A test-only resource that proves a write-only value reaches the provider in full: `secret_value`
// is never in a plan or state file, and `digest`, computed from it at apply, is the evidence it
// arrived. Terraform cannot compare a write-only value with the last one (none is kept), so
// `secret_version` says when it changed, and only then is the digest computed again. The name
// is the note's identity. The schema follows pyvider's `secret_note`; our own
// `tsvider_secret_file` is the same pattern with a real effect (a file on disk).
//
// Each note is also recorded, by name with its digest and secret_version (never the secret), in
// an index file that outlives the provider process, as pyvider's does: that is what the list
// resource (`secretNoteList`, `terraform query`) finds and what importing a note reads.
import { createHash } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import {
  attr,
  defineListResource,
  defineResource,
  identityAttr,
  ResourceError,
  TsviderError,
  type ValidatorContext,
} from "@tsvider/framework";
import { writeThroughTemporary } from "./internal/temporary-files.js";

/** Hex characters of the SHA-256 kept as the digest: enough to tell secrets apart, too few to matter. */
const DIGEST_LENGTH = 16;

const notBlank = (value: string, ctx: ValidatorContext): string | undefined =>
  value.trim() === "" ? `"${ctx.pathText}" must not be empty.` : undefined;

const schema = {
  name: attr.string({
    required: true,
    requiresReplace: true,
    validators: [notBlank],
    description: "The note's name, and its identity; not blank. Changing it replaces the note.",
  }),
  secret_value: attr.string({
    required: true,
    writeOnly: true,
    sensitive: true,
    validators: [notBlank],
    description:
      "The secret; not empty. Write-only: never stored in the plan or state, and it may be ephemeral. Read when the note is created and whenever `secret_version` changes.",
  }),
  secret_version: attr.string({
    optional: true,
    description: "Change it to have `secret_value` read again and `digest` computed from it.",
  }),
  digest: attr.string({
    computed: true,
    description: `The first ${DIGEST_LENGTH} hex digits of the SHA-256 of \`secret_value\`.`,
  }),
};

/** The digest a note shows for `secret`. */
export function noteDigest(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex").slice(0, DIGEST_LENGTH);
}

/** The environment variable naming the index file; pyvider's is PYVIDER_SECRET_NOTE_INDEX. */
export const noteIndexVariable = "TSVIDER_SECRET_NOTE_INDEX";

/**
 * The index file: `TSVIDER_SECRET_NOTE_INDEX` when set (relative to the directory Terraform runs
 * in), else `tsvider-secret-notes.json` in the system's temporary directory.
 */
export function noteIndexPath(env: NodeJS.ProcessEnv = process.env): string {
  const set = env[noteIndexVariable];
  return set !== undefined && set !== "" ? set : join(tmpdir(), "tsvider-secret-notes.json");
}

/** What the index keeps of a note: never its secret. */
export interface RecordedNote {
  readonly digest: string;
  readonly secret_version: string | null;
}

/** The index's notes by name; a missing file holds none. Throws TsviderError for a damaged one. */
export async function readNoteIndex(file: string): Promise<Map<string, RecordedNote>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return new Map();
    throw err;
  }
  const damaged = (why: string): never => {
    throw new TsviderError(`The secret note index ${file} is damaged`, {
      detail: `${why}. It records only names, digests and secret versions, so it can be rebuilt: delete it (or point ${noteIndexVariable} at another file) and apply the notes again.`,
    });
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return damaged(`It is not JSON: ${(err as Error).message}`);
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    return damaged("It does not hold a JSON object of notes by name");
  const notes = new Map<string, RecordedNote>();
  for (const [name, entry] of Object.entries(parsed)) {
    const e = entry as { digest?: unknown; secret_version?: unknown } | null;
    if (
      typeof e !== "object" ||
      e === null ||
      typeof e.digest !== "string" ||
      (e.secret_version !== null && typeof e.secret_version !== "string")
    )
      return damaged(
        `The entry for ${JSON.stringify(name)} is not { "digest": "...", "secret_version": ... }`,
      );
    notes.set(name, { digest: e.digest, secret_version: e.secret_version as string | null });
  }
  return notes;
}

// One change to an index at a time in this process: Terraform applies several notes at once,
// and each change reads the file, edits it and writes it back.
const indexQueues = new Map<string, Promise<unknown>>();

async function changeNoteIndex(file: string, change: (notes: Map<string, RecordedNote>) => boolean) {
  const previous = indexQueues.get(file) ?? Promise.resolve();
  const next = previous
    .catch(() => {})
    .then(async () => {
      const notes = await readNoteIndex(file);
      if (!change(notes)) return;
      await mkdir(dirname(file), { recursive: true });
      const sorted = Object.fromEntries([...notes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      await writeThroughTemporary(file, `${JSON.stringify(sorted, null, 2)}\n`);
    });
  indexQueues.set(file, next);
  try {
    await next;
  } finally {
    if (indexQueues.get(file) === next) indexQueues.delete(file);
  }
}

/** Options of `secretNoteResource`: the type name, and the index file the notes are recorded in. */
export interface SecretNoteOptions {
  /** Defaults to `tsvider_secret_note`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
  /** The index file; by default `noteIndexPath()`, read at each operation. */
  readonly indexFile?: string;
}

/**
 * A test-only managed resource proving that a write-only value reaches the provider in full: it
 * stores a digest of `secret_value` (never the secret), computed at create and again when
 * `secret_version` changes, and records each note in an index file, from which it can be
 * imported by name and listed with `secretNoteList` (`tsvider_secret_note` unless
 * `options.typeName` says otherwise). The reference provider serves it only in test mode.
 */
export function secretNoteResource(options: SecretNoteOptions = {}) {
  const indexFile = () => options.indexFile ?? noteIndexPath();
  /** The write-only value as apply received it; its absence is the failure this resource guards. */
  const delivered = (secret: string | null): string => {
    if (secret === null || secret === "") {
      throw new ResourceError("secret_value did not reach the provider", {
        path: [{ attribute: "secret_value" }],
        detail: "A write-only value must arrive in the configuration of every apply; this one was missing.",
      });
    }
    return secret;
  };
  const record = (name: string, note: RecordedNote) =>
    changeNoteIndex(indexFile(), (notes) => {
      notes.set(name, note);
      return true;
    });
  return defineResource({
    typeName: options.typeName ?? "tsvider_secret_note",
    description: "Test-only: a note whose secret is write-only, with a digest proving it arrived.",
    schema,
    identity: {
      schema: { name: identityAttr.string({ requiredForImport: true, description: "The note's name." }) },
    },
    async create({ plan, config, setIdentity }) {
      const digest = noteDigest(delivered(config.secret_value));
      await record(plan.name, { digest, secret_version: plan.secret_version });
      setIdentity({ name: plan.name });
      return { ...plan, digest };
    },
    async read({ state }) {
      return state;
    },
    async update({ plan, state, config }) {
      // Only a new secret_version says the secret changed: the last one was never kept.
      const digest =
        plan.secret_version === state.secret_version
          ? state.digest
          : noteDigest(delivered(config.secret_value));
      if (digest !== null) await record(plan.name, { digest, secret_version: plan.secret_version });
      return { ...plan, digest };
    },
    async delete({ state }) {
      await changeNoteIndex(indexFile(), (notes) => notes.delete(state.name));
    },
    // By name (the id) or identity: the note as the index recorded it. The secret stays null:
    // it was never kept, and the configuration gives it again.
    async importState({ id, identity, setIdentity }) {
      const name = identity?.name ?? id ?? "";
      const file = indexFile();
      const note = (await readNoteIndex(file)).get(name);
      if (note === undefined) {
        throw new ResourceError(`No secret note named ${JSON.stringify(name)} to import`, {
          detail: `The secret note index ${file} has no note of that name: a note can be imported once this provider has created it (with ${noteIndexVariable} naming the same index). List the notes there are with terraform query and a list "tsvider_secret_note" block.`,
        });
      }
      setIdentity({ name });
      return { name, secret_version: note.secret_version, digest: note.digest };
    },
  });
}

type SecretNote = ReturnType<typeof secretNoteResource>;

const listSchema = {
  name_prefix: attr.string({
    optional: true,
    validators: [notBlank],
    description:
      "Only notes whose name starts with this are listed; every note when unset. Not empty: leave it out to list every note.",
  }),
  include_archived: attr.bool({
    optional: true,
    description:
      "Accepted so a list block written for pyvider works; notes are never archived, so it changes nothing.",
  }),
};

/**
 * The list resource of `resource`, which must be the secret note resource the provider serves
 * (the same object): the notes recorded in its index, in name order, each named by its identity
 * `{ name }`; with the whole object when Terraform asks (its secret null: it was never kept).
 */
export function secretNoteList(resource: SecretNote, options: Pick<SecretNoteOptions, "indexFile"> = {}) {
  return defineListResource({
    resource,
    description: "Test-only: lists the secret notes this provider has created, to import them.",
    schema: listSchema,
    async *list({ config, includeResource }) {
      const prefix = config.name_prefix ?? "";
      const notes = await readNoteIndex(options.indexFile ?? noteIndexPath());
      const names = [...notes.keys()]
        .filter((n) => n.startsWith(prefix))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const name of names) {
        const note = notes.get(name)!;
        yield {
          displayName: name,
          identity: { name },
          ...(includeResource
            ? {
                resource: {
                  name,
                  secret_value: null,
                  secret_version: note.secret_version,
                  digest: note.digest,
                },
              }
            : {}),
        };
      }
    },
  });
}
