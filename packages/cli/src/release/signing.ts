// The release's OpenPGP signing key, read from the environment (CI secrets are environment
// variables), and the detached binary signature registries fetch as `..._SHA256SUMS.sig`. Every
// problem with the key is found before anything is built, so a release never stops half-way
// for want of a key.
import * as openpgp from "openpgp";
import { CliError } from "../cli/command.js";

export const SIGNING_KEY_VARIABLE = "TSVIDER_SIGNING_KEY";
export const SIGNING_PASSPHRASE_VARIABLE = "TSVIDER_SIGNING_KEY_PASSPHRASE";

export interface SigningKey {
  /** The primary key's fingerprint, uppercase hex: what a registry shows for an uploaded key. */
  readonly fingerprint: string;
  /** The 16-hex-digit id of the (sub)key that makes the signatures, as `gpg --verify` prints it. */
  readonly signingKeyId: string;
  /** `rsa` (2048 bits), `eddsaLegacy`, ...: openpgp's algorithm name and the RSA size. */
  readonly algorithm: string;
  /** Registries that take uploaded keys (HCP Terraform) accept only RSA and DSA keys. */
  readonly registryCompatible: boolean;
  readonly userIds: readonly string[];
  /** The armored public key, to upload to the registry. */
  readonly armoredPublicKey: string;
  /** A detached binary OpenPGP signature of `data`. */
  sign(data: Uint8Array): Promise<Uint8Array>;
}

/** Reads and unlocks the key in TSVIDER_SIGNING_KEY (armored), with TSVIDER_SIGNING_KEY_PASSPHRASE when it is protected. */
export async function loadSigningKey(env: NodeJS.ProcessEnv): Promise<SigningKey> {
  const armoredKey = env[SIGNING_KEY_VARIABLE];
  if (armoredKey === undefined || armoredKey.trim() === "") {
    throw new CliError(
      `no signing key: set ${SIGNING_KEY_VARIABLE} to an armored OpenPGP private key (gpg --armor --export-secret-keys KEYID), with ${SIGNING_PASSPHRASE_VARIABLE} if it has a passphrase, or pass --unsigned for a release without SHA256SUMS.sig`,
    );
  }
  let key: openpgp.PrivateKey;
  try {
    key = await openpgp.readPrivateKey({ armoredKey });
  } catch (error) {
    throw new CliError(
      `${SIGNING_KEY_VARIABLE} does not hold an armored OpenPGP private key (${(error as Error).message}): export one with gpg --armor --export-secret-keys KEYID`,
      { cause: error },
    );
  }
  if (!key.isDecrypted()) {
    const passphrase = env[SIGNING_PASSPHRASE_VARIABLE];
    if (passphrase === undefined || passphrase === "") {
      throw new CliError(
        `the signing key in ${SIGNING_KEY_VARIABLE} is protected by a passphrase: set ${SIGNING_PASSPHRASE_VARIABLE} to it`,
      );
    }
    try {
      key = await openpgp.decryptKey({ privateKey: key, passphrase });
    } catch (error) {
      throw new CliError(
        `${SIGNING_PASSPHRASE_VARIABLE} does not unlock the signing key in ${SIGNING_KEY_VARIABLE} (${(error as Error).message}): set the key's passphrase`,
        { cause: error },
      );
    }
  }
  let signingSubkey: openpgp.PrivateKey | openpgp.Subkey;
  try {
    signingSubkey = await key.getSigningKey();
  } catch (error) {
    throw new CliError(
      `the key in ${SIGNING_KEY_VARIABLE} cannot sign (${(error as Error).message}): use a key with a valid, unexpired signing (sub)key`,
      { cause: error },
    );
  }
  const info = key.getAlgorithmInfo();
  const unlocked = key;
  return {
    fingerprint: key.getFingerprint().toUpperCase(),
    signingKeyId: signingSubkey.getKeyID().toHex().toUpperCase(),
    algorithm: info.bits === undefined ? info.algorithm : `${info.algorithm} (${info.bits} bits)`,
    registryCompatible: info.algorithm.startsWith("rsa") || info.algorithm === "dsa",
    userIds: key.getUserIDs(),
    armoredPublicKey: key.toPublic().armor(),
    async sign(data) {
      const message = await openpgp.createMessage({ binary: data });
      return openpgp.sign({ message, signingKeys: unlocked, detached: true, format: "binary" });
    },
  };
}
