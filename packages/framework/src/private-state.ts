// Private state: data a resource keeps with each object beside its state (an etag, a remote
// revision, a token), which Terraform stores and hands back without showing or reading it.
// Terraform writes it into the state file as it is, so tsvider seals it: AES-256-GCM under a key
// derived for each message (HKDF-SHA256 from the secret and a random salt), with the resource
// type as associated data, so a blob can be neither read, nor changed, nor moved to another
// resource type without the secret.
//
// The envelope, version 1: "tsv1" | salt (16 bytes) | nonce (12) | ciphertext | tag (16). The
// ciphertext holds the JSON text of the data; empty bytes mean "no private data".
//
// Without a secret tsvider refuses to store private data rather than store it weakly: a random
// key per process would make the data unreadable to the next walk (Terraform starts a process
// per walk), and a key anyone can derive would only look like protection.
//
// Sealing alone does not stop a downgrade: whoever can edit the state file can replace the
// envelope with nothing, or with plain JSON (what other SDKs store), and a reader that takes
// those as "no private data" then trusts the state file instead. The state file is the only
// place the data lives, so nothing outside it can remember that an object was sealed; the rule
// is therefore the resource type's: a type that declares `privateState` keeps an envelope with
// every object it stores, from its creation on, even when the data is null (an envelope of
// JSON `null`). For an object of such a type, missing, empty or JSON bytes cannot be anything
// tsvider wrote, and are refused like a tampered envelope. Only the author can say that objects
// stored before the type kept sealed data may still be around (moved from another SDK, or
// `privateState` added in a later version): `privateState({ acceptUnsealed: true })` reads
// those as none and seals them at their next write.
//
// Secrets rotate without loss: the current secret seals, previous ones still open, and data
// opened with a previous one is sealed again with the current one at the next write (a
// refresh, plan or apply that answers private data).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { type Diagnostics, TsviderError } from "./diagnostics.js";
import { providerLog } from "./internal/log.js";

/** The environment variable a practitioner sets the secret in. */
export const privateStateSecretVariable = "TSVIDER_PRIVATE_STATE_SECRET";
/**
 * Set to 1 or true, private data that cannot be read (the secret was lost, the data damaged)
 * is dropped with a warning instead of stopping every operation on the object.
 */
export const discardUnreadableVariable = "TSVIDER_PRIVATE_STATE_DISCARD_UNREADABLE";

/**
 * Secrets that still open private data but no longer seal it, while objects sealed with them
 * are resealed with the current one: separated by commas or newlines.
 */
export const previousSecretsVariable = "TSVIDER_PRIVATE_STATE_PREVIOUS_SECRETS";

/** HKDF stretches nothing, so a secret must carry its strength itself. */
export const minimumSecretBytes = 16;

/**
 * A resource's private data: an object that survives JSON (plain objects, arrays, strings,
 * finite numbers, booleans and null).
 */
export type PrivateData = object;

/** Declares the type of a resource's private data; see {@link privateState}. */
export interface PrivateStateMarker<V extends PrivateData> {
  readonly kind: "privateState";
  /** See {@link PrivateStateOptions.acceptUnsealed}. */
  readonly acceptUnsealed: boolean;
  /** Phantom: the private data's type. Never set at run time. */
  readonly __data?: V;
}

/** Options of a resource's sealed private state (its `privateState` setting). */
export interface PrivateStateOptions {
  /**
   * Migration: read private bytes that tsvider did not seal (none at all, or the JSON another
   * SDK stores) as no private data, instead of refusing them; each such object is sealed at
   * its next refresh or apply. Set it while objects stored before this resource kept sealed
   * private data may still be in practitioners' state: the provider moved to tsvider from
   * another SDK, or a later version added `privateState` to the resource. Remove it once they
   * have all been refreshed: while it is set, anyone who can edit the state file can replace
   * an object's sealed data with none. Default false.
   */
  readonly acceptUnsealed?: boolean;
}

/**
 * Declares that a resource keeps private data of type `V` with each object:
 * `defineResource({ ..., privateState: privateState<{ etag: string }>() })`. Handlers then see
 * it as `private` and replace it with `setPrivate`. Every object of the resource then carries
 * sealed private data, and one whose data is missing or not sealed is refused, unless
 * `acceptUnsealed` (migration) is set.
 */
export function privateState<V extends PrivateData>(
  options: PrivateStateOptions = {},
): PrivateStateMarker<V> {
  return (options.acceptUnsealed === true ? migrating : marker) as PrivateStateMarker<V>;
}
const marker: PrivateStateMarker<PrivateData> = Object.freeze({
  kind: "privateState",
  acceptUnsealed: false,
});
const migrating: PrivateStateMarker<PrivateData> = Object.freeze({
  kind: "privateState",
  acceptUnsealed: true,
});

/** What handlers that may change the private data receive. */
export interface PrivateStateAccess<V> {
  /** The private data stored with the object before this call; null when there is none. */
  readonly private: V | null;
  /**
   * Replaces the private data stored with the object (null removes it). It is kept only when
   * the operation succeeds; the last call wins.
   */
  setPrivate(value: V | null): void;
}

/** Private data that cannot be read or written: no secret, a damaged blob, a value JSON cannot hold. */
export class PrivateStateError extends TsviderError {}

const magic = Buffer.from("tsv1", "latin1");
const saltLength = 16;
const nonceLength = 12;
const tagLength = 16;
const headerLength = magic.length + saltLength + nonceLength;
const info = Buffer.from("tsvider private state v1", "latin1");
const empty = new Uint8Array(0);

const howToSetSecret = `Set the environment variable ${privateStateSecretVariable} to a random string of at least ${minimumSecretBytes} characters (for example the output of \`openssl rand -base64 32\`) wherever tofu or terraform runs, and keep it: private data written with one secret can only be read with it (to change it, keep the old one in ${previousSecretsVariable}). A provider's author may set a default with defineProvider({ privateStateSecret }).`;

/**
 * What one opened blob gives: the data, the bytes to hand back when it is not replaced, and
 * whether those bytes should be sealed again (opened with a previous secret, or not sealed yet
 * for a type that keeps sealed data).
 */
export interface OpenedPrivate {
  readonly value: PrivateData | null;
  readonly bytes: Uint8Array;
  readonly reseal?: boolean;
}

/** How to read the private bytes of one object; see the rule at the top of this file. */
export interface OpenRule {
  /** The resource type declares `privateState`: its objects carry an envelope. */
  readonly keepsSealed?: boolean;
  /**
   * The object exists (a refresh, or a plan or apply of an update or delete), so a type that
   * keeps sealed data must have sent an envelope; left out, empty bytes may be a create's.
   */
  readonly exists?: boolean;
  /** Empty bytes and JSON read as none (migration, or a type that keeps no data). */
  readonly acceptUnsealed?: boolean;
}

/** Seals and opens private data for one provider process. */
export class PrivateStateCodec {
  /** The secret that seals; undefined when none is set. */
  readonly #sealing: Buffer | undefined;
  /** Every secret that opens, the sealing one first (most data is sealed with it). */
  readonly #opening: readonly Buffer[];
  readonly #discardUnreadable: boolean;
  /** Set when a secret is unusable: every use that needs one fails with it. */
  readonly #problem: PrivateStateError | undefined;

  /**
   * `secrets` in order of preference: the first seals, every one opens; `previous` only open.
   * Data opened with any secret but the first is sealed again with it at its next write, so a
   * secret can be rotated without losing data. A secret too short does not throw here, so a
   * process still serves everything that needs none; each use that needs one reports it.
   */
  constructor(
    secrets: readonly string[],
    options: { readonly discardUnreadable?: boolean; readonly previous?: readonly string[] } = {},
  ) {
    this.#opening = [...secrets.slice(0, 1), ...(options.previous ?? []), ...secrets.slice(1)].map((secret) =>
      Buffer.from(secret, "utf8"),
    );
    // The same Buffer as the first that opens: open tells a current seal by identity.
    this.#sealing = secrets.length > 0 ? this.#opening[0] : undefined;
    this.#discardUnreadable = options.discardUnreadable ?? false;
    const short = this.#opening.find((secret) => secret.length < minimumSecretBytes);
    this.#problem =
      short === undefined
        ? undefined
        : new PrivateStateError("The private state secret is too short", {
            detail: `It has ${short.length} bytes; a secret needs at least ${minimumSecretBytes}. ${howToSetSecret}`,
          });
  }

  /**
   * The codec for a provider process: the secret from the environment first, then the
   * provider's; the environment's previous secrets open only.
   */
  static fromEnvironment(
    providerSecrets: string | readonly string[] | undefined,
    env: NodeJS.ProcessEnv,
  ): PrivateStateCodec {
    const fromEnv = env[privateStateSecretVariable];
    const secrets = [
      ...(fromEnv ? [fromEnv] : []),
      ...(typeof providerSecrets === "string" ? [providerSecrets] : (providerSecrets ?? [])),
    ];
    const discardUnreadable = /^(1|true)$/i.test(env[discardUnreadableVariable] ?? "");
    return new PrivateStateCodec(secrets, {
      discardUnreadable,
      previous: previousSecrets(env[previousSecretsVariable]),
    });
  }

  /**
   * Why private data of `typeName` could not be sealed now (no secret, or one too short);
   * undefined when it can. Planning asks, so a resource that keeps private data fails before
   * anything is created rather than after.
   */
  cannotSeal(typeName: string): PrivateStateError | undefined {
    if (this.#problem) return this.#problem;
    if (this.#sealing !== undefined) return undefined;
    return new PrivateStateError(`No secret to encrypt the private state of ${typeName}`, {
      detail: `${typeName} keeps private data with each object, which tsvider stores encrypted.${this.#opening.length > 0 ? ` ${previousSecretsVariable} is set, but previous secrets only read; the current one seals.` : ""} ${howToSetSecret}`,
    });
  }

  get discardsUnreadable(): boolean {
    return this.#discardUnreadable;
  }

  /**
   * The sealed form of `value` for `typeName`; for null, empty bytes, or with `keepsSealed`
   * (a type that keeps an envelope with every object) an envelope of null.
   */
  seal(
    typeName: string,
    value: PrivateData | null,
    options: { readonly keepsSealed?: boolean } = {},
  ): Uint8Array {
    if (value === null && options.keepsSealed !== true) return empty;
    if (value !== null) checkJson(typeName, value, "");
    const problem = this.cannotSeal(typeName);
    if (problem) throw problem;
    const secret = this.#sealing!;
    const salt = randomBytes(saltLength);
    const nonce = randomBytes(nonceLength);
    const header = Buffer.concat([magic, salt, nonce]);
    const cipher = createCipheriv("aes-256-gcm", deriveKey(secret, salt), nonce, {
      authTagLength: tagLength,
    });
    cipher.setAAD(associatedData(header, typeName));
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return Buffer.concat([header, body, cipher.getAuthTag()]);
  }

  /**
   * The private data in `bytes`, stored for `typeName`, read by `rule`. Throws
   * PrivateStateError naming the resource when the bytes cannot be read: damaged, truncated,
   * sealed with another secret or for another resource type, from a newer envelope version,
   * JSON where the rule does not accept unsealed data, or missing where an envelope must be.
   */
  open(typeName: string, bytes: Uint8Array, rule: OpenRule = {}): OpenedPrivate {
    const keepsSealed = rule.keepsSealed === true;
    if (bytes.length === 0) {
      if (keepsSealed && rule.exists === true && rule.acceptUnsealed !== true) {
        throw unreadable(
          typeName,
          `It is missing: every ${typeName} object carries sealed private data from its creation on, and the state holds none in its place, so the state was edited, or written by a tool that dropped it. Restore the state from a backup or from your state backend's history if you can.`,
        );
      }
      return { value: null, bytes: empty, reseal: keepsSealed };
    }
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (!data.subarray(0, 3).equals(magic.subarray(0, 3))) {
      if (!isJsonObject(data)) {
        throw unreadable(
          typeName,
          "It is not private data tsvider wrote, so it was changed outside the provider.",
        );
      }
      if (rule.acceptUnsealed === true) {
        providerLog().debug("read unsealed private data as none", { resource: typeName });
        return { value: null, bytes: empty, reseal: keepsSealed };
      }
      throw unreadable(
        typeName,
        `It is plain JSON, not sealed private data: either the sealed data was replaced in the state, or another SDK wrote it before the provider moved to tsvider. tsvider reads such data only where the provider's author allows it, with privateState({ acceptUnsealed: true }) on ${typeName}, while objects stored before the move may remain.`,
      );
    }
    // One character of version after "tsv": salt bytes follow at once, so read no further.
    const version = /^tsv(\d)$/.exec(data.subarray(0, 4).toString("latin1"))?.[1];
    if (version !== "1") {
      throw unreadable(
        typeName,
        version === undefined
          ? "Its header is damaged."
          : `It was written in private state format ${version}, which this version of tsvider does not know; a newer version of the provider wrote it. Use that version, or a newer one.`,
      );
    }
    if (data.length < headerLength + tagLength) {
      throw unreadable(typeName, `It is truncated: ${data.length} bytes, shorter than any sealed value.`);
    }
    if (this.#problem) throw this.#problem;
    if (this.#opening.length === 0) {
      throw new PrivateStateError(`No secret to decrypt the private state of ${typeName}`, {
        detail: `The stored ${typeName} object has private data, which tsvider stores encrypted, and no secret is set to read it. ${howToSetSecret}`,
      });
    }
    const header = data.subarray(0, headerLength);
    const salt = data.subarray(magic.length, magic.length + saltLength);
    const nonce = data.subarray(magic.length + saltLength, headerLength);
    const body = data.subarray(headerLength, data.length - tagLength);
    const tag = data.subarray(data.length - tagLength);
    for (const secret of this.#opening) {
      const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret, salt), nonce, {
        authTagLength: tagLength,
      });
      decipher.setAAD(associatedData(header, typeName));
      decipher.setAuthTag(tag);
      let text: string;
      try {
        text = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
      } catch {
        continue; // Not this secret (or not authentic): try the next.
      }
      let value: PrivateData | null;
      try {
        value = JSON.parse(text) as PrivateData | null;
      } catch {
        // Authentic but not JSON: only a broken writer could have sealed it.
        throw unreadable(typeName, "It decrypts, but what it holds is not JSON.");
      }
      // Sealed with a previous secret: seal it again with the current one at the next write.
      return { value, bytes, reseal: secret !== this.#sealing };
    }
    const count = this.#opening.length;
    throw unreadable(
      typeName,
      `It does not authenticate: it was changed, sealed with a different secret than ${count > 1 ? `any of the ${count}` : "the one"} set now, or written for another resource type. If the secret changed, keep the new one in ${privateStateSecretVariable} and set the old one in ${previousSecretsVariable}: the data is then read, and sealed again with the new one.`,
    );
  }

  /**
   * `open`, with a failure reported as a diagnostic: an error, and undefined; or, when
   * unreadable data is to be discarded, a warning and no data.
   */
  openReporting(
    typeName: string,
    bytes: Uint8Array,
    diagnostics: Diagnostics,
    rule: OpenRule = {},
  ): OpenedPrivate | undefined {
    try {
      return this.open(typeName, bytes, rule);
    } catch (err) {
      if (!(err instanceof PrivateStateError)) throw err;
      if (this.#discardUnreadable) {
        diagnostics.addWarning(
          `Discarded the private state of ${typeName}`,
          `${err.detail} ${discardUnreadableVariable} is set, so the object goes on without it.`,
        );
        // A type that keeps sealed data gets a fresh envelope: the next run needs no flag.
        return { value: null, bytes: empty, reseal: rule.keepsSealed === true };
      }
      diagnostics.addError(err.message, err.detail);
      return undefined;
    }
  }
}

function unreadable(typeName: string, why: string): PrivateStateError {
  return new PrivateStateError(`Unreadable private state for ${typeName}`, {
    detail: `The private data stored with this ${typeName} object cannot be read. ${why} Nothing was changed. To go on without the data, set ${discardUnreadableVariable}=1 for one run.`,
  });
}

/** The secrets in `text`: separated by commas or newlines, each trimmed, empty ones left out. */
function previousSecrets(text: string | undefined): string[] {
  return (text ?? "")
    .split(/[,\n]/)
    .map((secret) => secret.trim())
    .filter((secret) => secret !== "");
}

function deriveKey(secret: Buffer, salt: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secret, salt, info, 32));
}

/** The header (version, salt, nonce) and the resource type: moving a blob breaks it. */
function associatedData(header: Buffer, typeName: string): Buffer {
  return Buffer.concat([header, Buffer.from(typeName, "utf8")]);
}

function isJsonObject(data: Buffer): boolean {
  const text = data.toString("utf8").trimStart();
  if (!text.startsWith("{")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Refuses what JSON would drop or change: the data must come back exactly as it went in. */
function checkJson(typeName: string, value: unknown, path: string): void {
  const fail = (what: string) => {
    throw new PrivateStateError(`Private state of ${typeName} cannot hold ${what}`, {
      detail: `setPrivate was given ${what} at ${path === "" ? "the top" : `"${path}"`}. Private data is stored as JSON: use plain objects, arrays, strings, finite numbers, booleans and null (a bigint or a Date as a string).`,
    });
  };
  if (value === null || typeof value === "string" || typeof value === "boolean") return;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(String(value));
    return;
  }
  if (typeof value !== "object") {
    fail(typeof value === "undefined" ? "undefined" : `a ${typeof value}`);
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of (value as unknown[]).entries()) checkJson(typeName, v, `${path}[${i}]`);
    return;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) fail(`a ${value.constructor?.name ?? "class"} object`);
  for (const [k, v] of Object.entries(value)) {
    // An undefined property would vanish from the JSON; leave it out instead.
    if (v !== undefined) checkJson(typeName, v, path === "" ? k : `${path}.${k}`);
  }
}

/**
 * The private data of one call: what was stored, and what the handler set. `bytes` is what to
 * answer with: the stored bytes untouched when nothing was set and they need no new seal (no
 * needless change to state), else the value sealed with the current secret.
 */
export class PrivateSlot {
  #next: { value: PrivateData | null } | undefined;
  readonly #keepsSealed: boolean;

  /** `keepsSealed`: the type declares `privateState`, so null is sealed too (see the top of the file). */
  constructor(
    readonly typeName: string,
    readonly stored: OpenedPrivate,
    options: { readonly keepsSealed?: boolean } = {},
  ) {
    this.#keepsSealed = options.keepsSealed === true;
  }

  get value(): PrivateData | null {
    return this.stored.value;
  }

  /** The context fields a handler gets. */
  access(): PrivateStateAccess<PrivateData> {
    return {
      private: this.stored.value,
      setPrivate: (value) => {
        if (value !== null) checkJson(this.typeName, value, "");
        this.#next = { value };
      },
    };
  }

  /** The bytes to answer with; undefined, with an error added, when they cannot be sealed. */
  bytes(codec: PrivateStateCodec, diagnostics: Diagnostics): Uint8Array | undefined {
    const keepsSealed = this.#keepsSealed;
    if (this.#next === undefined) {
      const reseal = this.stored.reseal === true || (keepsSealed && this.stored.bytes.length === 0);
      // A new seal with nothing changed is no reason to fail the call: with no current secret
      // to seal with, the bytes stay as they were and the next write tries again.
      if (!reseal || codec.cannotSeal(this.typeName)) return this.stored.bytes;
    }
    try {
      return codec.seal(this.typeName, this.#next === undefined ? this.stored.value : this.#next.value, {
        keepsSealed,
      });
    } catch (err) {
      if (!(err instanceof PrivateStateError)) throw err;
      diagnostics.addError(err.message, err.detail);
      return undefined;
    }
  }
}
