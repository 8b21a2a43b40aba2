// A test-only resource that proves a write-only value reaches the provider in full: `secret_value`
// is never in a plan or state file, and `digest`, computed from it at apply, is the evidence it
// arrived. Terraform cannot compare a write-only value with the last one (none is kept), so
// `secret_version` says when it changed, and only then is the digest computed again. The name
// is the note's identity. The schema follows pyvider's `secret_note`; our own
// `tsvider_secret_file` is the same pattern with a real effect (a file on disk).
import { createHash } from "node:crypto";
import { attr, defineResource, identityAttr, ResourceError, type ValidatorContext } from "@tsvider/framework";

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

export interface SecretNoteOptions {
  /** Defaults to `tsvider_secret_note`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

export function secretNoteResource(options: SecretNoteOptions = {}) {
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
  return defineResource({
    typeName: options.typeName ?? "tsvider_secret_note",
    description: "Test-only: a note whose secret is write-only, with a digest proving it arrived.",
    schema,
    identity: {
      schema: { name: identityAttr.string({ requiredForImport: true, description: "The note's name." }) },
    },
    async create({ plan, config, setIdentity }) {
      const digest = noteDigest(delivered(config.secret_value));
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
      return { ...plan, digest };
    },
    async delete() {},
  });
}
