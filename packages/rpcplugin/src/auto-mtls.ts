// AutoMTLS: the host sends its client certificate in PLUGIN_CLIENT_CERT; the plugin answers
// with a certificate of its own in the handshake line, and each side trusts only the other's
// leaf. The host checks that ours names DNS:localhost, is current, and allows serverAuth.
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import {
  bitString,
  boolean,
  explicit,
  implicitPrimitive,
  objectIdentifier,
  octetString,
  sequence,
  set,
  time,
  unsignedInteger,
  utf8String,
} from "./internal/der.js";

/**
 * A self-signed server certificate and its private key, as `createServerCertificate` makes one for
 * go-plugin's AutoMTLS.
 */
export interface ServerCertificate {
  readonly certificatePem: string;
  readonly privateKeyPem: string;
  readonly certificateDer: Uint8Array;
}

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  extKeyUsage: "2.5.29.37",
  subjectAltName: "2.5.29.17",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

const YEAR_MS = 365 * 24 * 3600_000;

/**
 * Makes a throwaway self-signed certificate for one plugin process: ECDSA P-256 (a key Go
 * accepts and the quickest to make), CN and SAN localhost, CA, serverAuth and clientAuth,
 * the same profile go-plugin gives its own.
 */
export function createServerCertificate(now = new Date()): ServerCertificate {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const algorithm = sequence(objectIdentifier(OID.ecdsaWithSha256));
  const name = sequence(
    set(sequence(objectIdentifier(OID.organization), utf8String("tsvider"))),
    set(sequence(objectIdentifier(OID.commonName), utf8String("localhost"))),
  );
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;

  const extension = (oid: string, critical: boolean, value: Buffer) =>
    sequence(objectIdentifier(oid), ...(critical ? [boolean(true)] : []), octetString(value));
  // digitalSignature(0), keyEncipherment(2), keyAgreement(4), keyCertSign(5): 0b10101100,
  // whose two trailing zero bits are unused.
  const keyUsage = bitString(Buffer.from([0b1010_1100]), 2);

  const tbs = sequence(
    explicit(0, unsignedInteger(Buffer.from([2]))), // v3
    unsignedInteger(serial),
    algorithm,
    name,
    // Back-dated a little so a host whose clock runs slightly behind still accepts it.
    sequence(time(new Date(now.getTime() - 30_000)), time(new Date(now.getTime() + 30 * YEAR_MS))),
    name,
    publicKey.export({ type: "spki", format: "der" }),
    explicit(
      3,
      sequence(
        extension(OID.basicConstraints, true, sequence(boolean(true))),
        extension(OID.keyUsage, true, keyUsage),
        extension(
          OID.extKeyUsage,
          false,
          sequence(objectIdentifier(OID.serverAuth), objectIdentifier(OID.clientAuth)),
        ),
        extension(
          OID.subjectAltName,
          false,
          sequence(implicitPrimitive(2, Buffer.from("localhost", "ascii"))),
        ),
      ),
    ),
  );
  const signature = sign("sha256", tbs, privateKey); // DER-encoded ECDSA-Sig-Value
  const der = sequence(tbs, algorithm, bitString(signature));

  return {
    certificatePem: pem("CERTIFICATE", der),
    privateKeyPem: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    certificateDer: new Uint8Array(der),
  };
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}
