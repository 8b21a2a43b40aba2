/**
 * The `tsvider_random_token` ephemeral resource: a random token for one run, never stored.
 *
 * @packageDocumentation
 */
// A random token for one run: an ephemeral resource, so the token is never written to a plan
// or state file. Configuration passes it on where ephemeral values may go (a provisioner, a
// provider block, a write-only attribute); each run opens a new one.
import { randomInt } from "node:crypto";
import { attr, defineEphemeralResource, ValidationError } from "@tsvider/framework";

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const maxLength = 1024;

const schema = {
  length: attr.int64({ required: true, description: `Number of characters, 1 to ${maxLength}.` }),
  value: attr.string({
    computed: true,
    sensitive: true,
    description: "The token: letters and digits (`A`–`Z`, `a`–`z`, `0`–`9`).",
  }),
};

/** Options of `randomTokenEphemeral`: the type name to register it under. */
export interface RandomTokenOptions {
  /** Defaults to `tsvider_random_token`; use your provider's prefix to reuse it elsewhere. */
  readonly typeName?: string;
}

/**
 * An ephemeral resource giving a random token of letters and digits, for one run and never
 * stored (`tsvider_random_token` unless `options.typeName` says otherwise).
 */
export function randomTokenEphemeral(options: RandomTokenOptions = {}) {
  return defineEphemeralResource({
    typeName: options.typeName ?? "tsvider_random_token",
    description: "A random token of letters and digits, opened for one run and never stored.",
    schema,
    validateConfig({ config }) {
      const length = config.length;
      if (typeof length === "number" && (length < 1 || length > maxLength)) {
        throw new ValidationError(`length must be between 1 and ${maxLength}`, {
          detail: `It is ${length}.`,
          path: [{ attribute: "length" }],
        });
      }
    },
    async open({ config }) {
      const length = Number(config.length);
      let value = "";
      for (let i = 0; i < length; i++) value += alphabet[randomInt(alphabet.length)];
      return { result: { length: config.length, value } };
    },
  });
}
