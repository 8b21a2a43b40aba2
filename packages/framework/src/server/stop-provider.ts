import type { ProviderServer } from "./provider-server.js";

/**
 * Ctrl-C: Terraform calls this while other RPCs still run. It fires every handler's
 * `signal` and returns at once; handlers decide how to wind down.
 */
export function stopProvider(server: ProviderServer): void {
  server.stop();
}
