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
  /** Phantom: the private data's type. Never set at run time. */
  readonly __data?: V;
}

/**
 * Declares that a resource keeps private data of type `V` with each object:
 * `defineResource({ ..., privateState: privateState<{ etag: string }>() })`. Handlers then see
 * it as `private` and replace it with `setPrivate`.
 */
export function privateState<V extends PrivateData>(): PrivateStateMarker<V> {
  return marker as PrivateStateMarker<V>;
}
const marker: PrivateStateMarker<PrivateData> = Object.freeze({ kind: "privateState" });

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

const howToSetSecret = `Set the environment variable ${privateStateSecretVariable} to a random string of at least ${minimumSecretBytes} characters (for example the output of \`openssl rand -base64 32\`) wherever tofu or terraform runs, and keep it: private data written with one secret can only be read with it. A provider's author may set a default with defineProvider({ privateStateSecret }).`;

/** What one opened blob gives: the data, and the bytes to hand back when it is not replaced. */
export interface OpenedPrivate {
  readonly value: PrivateData | null;
  readonly bytes: Uint8Array;
}

/** Seals and opens private data for one provider process. */
export class PrivateStateCodec {
  readonly #secrets: readonly Buffer[];
  readonly #discardUnreadable: boolean;
  /** Set when a secret is unusable: every use that needs one fails with it. */
  readonly #problem: PrivateStateError | undefined;

  /**
   * `secrets` in order of preference: the first seals, every one opens (so a secret can be
   * rotated). A secret too short does not throw here, so a process still serves everything
   * that needs none; each use that needs one reports it.
   */
  constructor(secrets: readonly string[], options: { readonly discardUnreadable?: boolean } = {}) {
    this.#secrets = secrets.map((secret) => Buffer.from(secret, "utf8"));
    this.#discardUnreadable = options.discardUnreadable ?? false;
    const short = this.#secrets.find((secret) => secret.length < minimumSecretBytes);
    this.#problem =
      short === undefined
        ? undefined
        : new PrivateStateError("The private state secret is too short", {
            detail: `It has ${short.length} bytes; a secret needs at least ${minimumSecretBytes}. ${howToSetSecret}`,
          });
  }

  /** The codec for a provider process: the secret from the environment first, then the provider's. */
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
    return new PrivateStateCodec(secrets, { discardUnreadable });
  }

  /**
   * Why private data of `typeName` could not be sealed now (no secret, or one too short);
   * undefined when it can. Planning asks, so a resource that keeps private data fails before
   * anything is created rather than after.
   */
  cannotSeal(typeName: string): PrivateStateError | undefined {
    if (this.#problem) return this.#problem;
    if (this.#secrets.length > 0) return undefined;
    return new PrivateStateError(`No secret to encrypt the private state of ${typeName}`, {
      detail: `${typeName} keeps private data with each object, which tsvider stores encrypted. ${howToSetSecret}`,
    });
  }

  get discardsUnreadable(): boolean {
    return this.#discardUnreadable;
  }

  /** The sealed form of `value` for `typeName`; empty bytes for null. */
  seal(typeName: string, value: PrivateData | null): Uint8Array {
    if (value === null) return empty;
    checkJson(typeName, value, "");
    const problem = this.cannotSeal(typeName);
    if (problem) throw problem;
    const secret = this.#secrets[0]!;
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
   * The private data in `bytes`, stored for `typeName`. Throws PrivateStateError naming the
   * resource when the bytes cannot be read: damaged, truncated, sealed with another secret or
   * for another resource type, or from a newer envelope version. Data that is not a tsvider
   * envelope but JSON (what another SDK stored before the provider moved to tsvider) reads as
   * none: nobody can use it any more, and dropping it loses nothing.
   */
  open(typeName: string, bytes: Uint8Array): OpenedPrivate {
    if (bytes.length === 0) return { value: null, bytes: empty };
    const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (!data.subarray(0, 3).equals(magic.subarray(0, 3))) {
      if (isJsonObject(data)) {
        providerLog().debug("dropped private data another SDK stored", { resource: typeName });
        return { value: null, bytes: empty };
      }
      throw unreadable(
        typeName,
        "It is not private data tsvider wrote, so it was changed outside the provider.",
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
    if (this.#secrets.length === 0) {
      throw new PrivateStateError(`No secret to decrypt the private state of ${typeName}`, {
        detail: `The stored ${typeName} object has private data, which tsvider stores encrypted, and no secret is set to read it. ${howToSetSecret}`,
      });
    }
    const header = data.subarray(0, headerLength);
    const salt = data.subarray(magic.length, magic.length + saltLength);
    const nonce = data.subarray(magic.length + saltLength, headerLength);
    const body = data.subarray(headerLength, data.length - tagLength);
    const tag = data.subarray(data.length - tagLength);
    for (const secret of this.#secrets) {
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
      try {
        return { value: JSON.parse(text) as PrivateData | null, bytes };
      } catch {
        // Authentic but not JSON: only a broken writer could have sealed it.
        throw unreadable(typeName, "It decrypts, but what it holds is not JSON.");
      }
    }
    throw unreadable(
      typeName,
      `It does not authenticate: it was changed, sealed with a different secret than ${this.#secrets.length === 1 ? "the one" : "any of those"} set now, or written for another resource type. If the secret changed, set ${privateStateSecretVariable} back to the old one.`,
    );
  }

  /**
   * `open`, with a failure reported as a diagnostic: an error, and undefined; or, when
   * unreadable data is to be discarded, a warning and no data.
   */
  openReporting(typeName: string, bytes: Uint8Array, diagnostics: Diagnostics): OpenedPrivate | undefined {
    try {
      return this.open(typeName, bytes);
    } catch (err) {
      if (!(err instanceof PrivateStateError)) throw err;
      if (this.#discardUnreadable) {
        diagnostics.addWarning(
          `Discarded the private state of ${typeName}`,
          `${err.detail} ${discardUnreadableVariable} is set, so the object goes on without it.`,
        );
        return { value: null, bytes: empty };
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
 * answer with: the stored bytes untouched when nothing was set (no needless change to state),
 * else the new value sealed.
 */
export class PrivateSlot {
  #next: { value: PrivateData | null } | undefined;

  constructor(
    readonly typeName: string,
    readonly stored: OpenedPrivate,
  ) {}

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
    if (this.#next === undefined) return this.stored.bytes;
    try {
      return codec.seal(this.typeName, this.#next.value);
    } catch (err) {
      if (!(err instanceof PrivateStateError)) throw err;
      diagnostics.addError(err.message, err.detail);
      return undefined;
    }
  }
}
