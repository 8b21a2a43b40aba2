// Serving a provider: the go-plugin server from @tsvider/rpcplugin with the tfplugin6
// provider service on top.
import { basename } from "node:path";
import { debugRequested, type RunningPlugin, servePlugin } from "@tsvider/rpcplugin";
import { ProviderService } from "@tsvider/rpcplugin/tfplugin6";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { providerLog } from "./internal/log.js";
import {
  createProviderMetrics,
  type MetricsExport,
  metricsSettings,
  type ProviderMetrics,
  startMetricsExport,
} from "./metrics.js";
import type { Provider } from "./provider.js";
import { ProviderServer } from "./server/provider-server.js";
import { providerService } from "./v6/provider-service.js";

export interface ServeOptions {
  /**
   * Debug mode: run the provider yourself (under a debugger, say) and attach tofu or
   * terraform to it with the TF_REATTACH_PROVIDERS value it prints. Default: on when
   * TSVIDER_DEBUG is 1 or true.
   */
  readonly debug?: boolean;
  /**
   * The provider's source address, which debug mode needs for TF_REATTACH_PROVIDERS:
   * `acme/widgets` (then it serves as both registry.terraform.io/acme/widgets, for Terraform,
   * and registry.opentofu.org/acme/widgets, for OpenTofu), or a full address with a host.
   */
  readonly address?: string;
  /** For tests: the environment to read instead of process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** For tests: where the handshake line goes instead of stdout. */
  readonly writeHandshake?: (line: string) => void;
  /** For tests: what ends the process instead of process.exit. */
  readonly exit?: (code: number) => void;
}

/** A served provider: the plugin server, and where its metrics are served when they are. */
export interface RunningProvider extends RunningPlugin {
  /** The port of http://127.0.0.1:<port>/metrics, when TSVIDER_METRICS_PORT asked for it. */
  readonly metricsPort?: number;
}

/**
 * Serves `provider` to the tofu or terraform process that launched this one. With
 * TSVIDER_METRICS_FILE or TSVIDER_METRICS_PORT set it records metrics (see metrics.ts), writes
 * the file when the host shuts the process down and serves them on 127.0.0.1 meanwhile.
 */
export async function serve(provider: Provider, options: ServeOptions = {}): Promise<RunningProvider> {
  const env = options.env ?? process.env;
  const metricsWanted = metricsSettings(env, providerLog());
  const metrics = metricsWanted ? await loadMetrics() : undefined;
  const server = new ProviderServer(provider, {
    ...(options.env ? { env: options.env } : {}),
    ...(metrics ? { metrics } : {}),
  });
  let metricsExport: MetricsExport | undefined;
  const { address, ...rest } = options;
  const debug = options.debug ?? debugRequested(options.env ?? process.env);
  if (debug && address === undefined) {
    throw new FrameworkConfigurationError(
      `debug mode needs the provider's source address for TF_REATTACH_PROVIDERS: serve(provider, { address: "<namespace>/${provider.name}" })`,
    );
  }
  const plugin = await servePlugin({
    programName: basename(process.argv[1] ?? `terraform-provider-${provider.name}`),
    versions: { 6: [{ definition: ProviderService, implementation: providerService(server) }] },
    debug,
    ...(address !== undefined ? { reattachAddresses: reattachAddresses(address) } : {}),
    ...rest,
    // Shutdown or SIGTERM: the metrics file is written before the process exits.
    onShutdown: () => metricsExport?.close(),
  });
  if (!metrics || !metricsWanted) return plugin;
  const exported = await startMetricsExport(metrics, metricsWanted, providerLog());
  metricsExport = exported;
  return {
    ...plugin,
    ...(exported.port !== undefined ? { metricsPort: exported.port } : {}),
    async stop() {
      await exported.close();
      await plugin.stop();
    },
  };
}

/** The metrics, or none with a warning: metrics never keep a provider from serving. */
async function loadMetrics(): Promise<ProviderMetrics | undefined> {
  try {
    return await createProviderMetrics();
  } catch (err) {
    providerLog().warn("could not load prom-client; not recording metrics", { error: String(err) });
    return undefined;
  }
}

/** `acme/widgets` under both public registries; a full address as it is. */
export function reattachAddresses(address: string): string[] {
  const parts = address.split("/");
  if (parts.length === 3) return [address];
  if (parts.length === 2 && parts.every((p) => p !== "")) {
    return [`registry.terraform.io/${address}`, `registry.opentofu.org/${address}`];
  }
  throw new FrameworkConfigurationError(
    `"${address}" is not a provider source address; give "<namespace>/<type>" or "<host>/<namespace>/<type>"`,
  );
}
