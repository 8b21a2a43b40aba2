// The gRPC services a provider is served with, per plugin protocol. Each protocol's adapter and
// generated stubs are loaded only when asked for: a provider process serves the one protocol
// its host chose, and loading the other's would cost start-up time.
import type { PluginService } from "@tsvider/rpcplugin";
import type { ProviderServer } from "./server/provider-server.js";

/** A plugin protocol the framework serves: tfplugin5 or tfplugin6. */
export type PluginProtocol = 5 | 6;

export async function protocolServices(
  server: ProviderServer,
  protocol: PluginProtocol,
): Promise<PluginService[]> {
  if (protocol === 5) {
    const [{ ProviderService }, { providerServiceV5 }] = await Promise.all([
      import("@tsvider/rpcplugin/tfplugin5"),
      import("./v5/provider-service.js"),
    ]);
    return [{ definition: ProviderService, implementation: providerServiceV5(server) }];
  }
  const [{ ProviderService }, { providerService }] = await Promise.all([
    import("@tsvider/rpcplugin/tfplugin6"),
    import("./v6/provider-service.js"),
  ]);
  return [{ definition: ProviderService, implementation: providerService(server) }];
}
