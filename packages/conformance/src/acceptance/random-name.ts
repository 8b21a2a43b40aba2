// Names for the objects a test creates: a fixed prefix (what sweepers look for, see
// ../sweepers.ts) and random lowercase letters and digits, so two runs, or two tests at once,
// never collide, and a leftover is recognisable as a test's.
import { randomInt } from "node:crypto";

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const PREFIX = /^[a-z][a-z0-9_-]*$/;

/** Options of `randomName`: how many random characters, and what separates them from the prefix. */
export interface RandomNameOptions {
  /** How many random characters (default 10: 36^10, about 3.6e15 names). */
  readonly length?: number;
  /** Between the prefix and the random part: "-" (default), "_" (SQL identifiers) or "". */
  readonly separator?: "-" | "_" | "";
}

/**
 * `prefix`, the separator, then `length` random characters from [a-z0-9] drawn with
 * crypto.randomInt (uniform): always prefix.length + separator.length + length long, safe as
 * a DNS label, a bucket name or an unquoted SQL identifier (with separator "_" and a prefix
 * without "-").
 */
export function randomName(prefix: string, options: RandomNameOptions = {}): string {
  const length = options.length ?? 10;
  const separator = options.separator ?? "-";
  if (!PREFIX.test(prefix)) {
    throw new TypeError(
      `randomName's prefix "${prefix}" must start with a lowercase letter and hold only lowercase letters, digits, "-" and "_" (such as "tfacc")`,
    );
  }
  if (!Number.isInteger(length) || length < 1 || length > 64) {
    throw new TypeError(`randomName's length ${length} must be a whole number from 1 to 64`);
  }
  let random = "";
  for (let i = 0; i < length; i++) random += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}${separator}${random}`;
}
