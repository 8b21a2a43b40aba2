// The go-plugin handshake: the environment the host sets, and the one line the plugin
// answers with on stdout, as hashicorp/go-plugin's client expects them.

/** The magic cookie that tells a plugin it was launched by its host. */
export interface MagicCookie {
  readonly key: string;
  readonly value: string;
}

/** The cookie Terraform, OpenTofu and terraform-plugin-go all use. */
export const terraformMagicCookie: MagicCookie = Object.freeze({
  key: "TF_PLUGIN_MAGIC_COOKIE",
  value: "d602bf8f470bc67ca7faa0386276bbdd4330efaf76d1a219cb4d6991ca9872b2",
});

/** go-plugin's own protocol version, the first field of the handshake line. */
export const CORE_PROTOCOL_VERSION = 1;

/**
 * Thrown when the go-plugin handshake cannot be made: a missing magic cookie, no protocol version
 * both sides speak, or an unusable handshake line.
 */
export class HandshakeError extends Error {
  override readonly name = "HandshakeError";
}

/** Thrown when the cookie is absent: someone ran the plugin by hand. */
export class NotLaunchedByHostError extends HandshakeError {}

/**
 * Refuses a start without the host's cookie: someone ran the plugin by hand. The sentence
 * names the host when the cookie is Terraform's; for a plugin of another host it says what
 * `hostHint` says (such as "Start it through acme-agent."), else only that its host starts it.
 */
export function checkMagicCookie(
  env: NodeJS.ProcessEnv,
  cookie: MagicCookie,
  programName: string,
  hostHint?: string,
): void {
  if (env[cookie.key] === cookie.value) return;
  const terraform = cookie.key === terraformMagicCookie.key && cookie.value === terraformMagicCookie.value;
  if (terraform && hostHint === undefined) {
    throw new NotLaunchedByHostError(
      `${programName} is a plugin for OpenTofu and Terraform, not a program to run directly.\n` +
        "Declare it in a configuration's required_providers and run `tofu init` (or `terraform init`);\n" +
        "tofu or terraform will start it when they need it.",
    );
  }
  throw new NotLaunchedByHostError(
    `${programName} is a plugin, not a program to run directly: the program it belongs to starts it, with ${cookie.key} set.\n` +
      (hostHint ?? "Start that program instead; it runs this plugin when it needs it."),
  );
}

/**
 * Picks the app protocol version: the highest one both the host (PLUGIN_PROTOCOL_VERSIONS,
 * in no particular order) and the plugin serve. Without the variable the host is an old one
 * that only speaks the plugin's lowest version, as go-plugin assumes.
 */
export function negotiateProtocolVersion(offered: string | undefined, served: readonly number[]): number {
  if (served.length === 0) throw new HandshakeError("the plugin serves no protocol version");
  const ours = [...served].sort((a, b) => b - a);
  if (offered === undefined || offered.trim() === "") return ours[ours.length - 1]!;
  const theirs = new Set(
    offered
      .split(",")
      .map((v) => Number.parseInt(v.trim(), 10))
      .filter((v) => Number.isInteger(v)),
  );
  const match = ours.find((v) => theirs.has(v));
  if (match === undefined) {
    throw new HandshakeError(
      `the host offers plugin protocol versions ${offered}, but this plugin serves ${ours.join(", ")}; ` +
        "use a Terraform or OpenTofu release that supports one of those",
    );
  }
  return match;
}

/**
 * The fields of go-plugin's handshake line, which a plugin prints on stdout to tell the host
 * where it listens.
 */
export interface HandshakeLine {
  readonly protocolVersion: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
  /** The server's DER certificate, when TLS is on. */
  readonly certificateDer?: Uint8Array;
}

/** `1|6|unix|/tmp/plugin123|grpc|<base64 DER, standard alphabet, no padding>` */
export function formatHandshakeLine(line: HandshakeLine): string {
  const cert = line.certificateDer
    ? Buffer.from(line.certificateDer).toString("base64").replace(/=+$/, "")
    : "";
  return `${CORE_PROTOCOL_VERSION}|${line.protocolVersion}|${line.network}|${line.address}|grpc|${cert}\n`;
}
