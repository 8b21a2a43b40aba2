// Debug mode: the plugin is started by a person (under a debugger, say) instead of by the
// host, and tells them how to point Terraform or OpenTofu at it: TF_REATTACH_PROVIDERS, a
// JSON object keyed by the provider's full source address. The host then dials the address
// without TLS or handshake, and, with "Test": true, never shuts the plugin down, so one run
// serves any number of commands.

/**
 * What a host needs to attach to a plugin that was started by hand (debug mode): the provider's
 * addresses, the protocol version and where it listens. Written out by `reattachJson`.
 */
export interface ReattachConfig {
  /**
   * The provider's full source addresses, e.g. registry.terraform.io/acme/widgets: each is a
   * key of TF_REATTACH_PROVIDERS, so one value can serve Terraform and OpenTofu, whose
   * default registries differ.
   */
  readonly addresses: readonly string[];
  readonly protocolVersion: number;
  readonly pid: number;
  readonly network: "unix" | "tcp";
  /** Socket path, or host:port. */
  readonly listenAddress: string;
}

/** The value of TF_REATTACH_PROVIDERS for this plugin. */
export function reattachJson(config: ReattachConfig): string {
  const entry = {
    Protocol: "grpc",
    ProtocolVersion: config.protocolVersion,
    Pid: config.pid,
    Test: true,
    Addr: { Network: config.network, String: config.listenAddress },
  };
  return JSON.stringify(Object.fromEntries(config.addresses.map((address) => [address, entry])));
}

/** What a person reads on starting the plugin in debug mode. */
export function reattachInstructions(config: ReattachConfig): string {
  const json = reattachJson(config);
  // Single quotes hold anything but a single quote in POSIX shells.
  const quoted = `'${json.replaceAll("'", `'"'"'`)}'`;
  return [
    `${config.addresses.join(" and ")} ${config.addresses.length > 1 ? "are" : "is"} serving in debug mode (process ${config.pid}).`,
    "Point tofu or terraform at it by setting TF_REATTACH_PROVIDERS in their environment:",
    "",
    `  export TF_REATTACH_PROVIDERS=${quoted}`,
    "",
    "The same value as raw JSON, for other shells and tools:",
    "",
    `  ${json}`,
    "",
    "It keeps serving across commands until you stop it (Ctrl-C).",
    "",
  ].join("\n");
}
