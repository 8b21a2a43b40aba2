// Serving a provider: the go-plugin server from @tsvider/rpcplugin with the tfplugin5 and
// tfplugin6 provider services on top; the host picks the highest protocol both sides speak.
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import {
  afterStartupSnapshot,
  buildingStartupSnapshot,
  debugRequested,
  type RunningPlugin,
  type ServicesForVersion,
  servePlugin,
} from "@tsvider/rpcplugin";
import { FrameworkConfigurationError } from "./diagnostics.js";
import { providerLog } from "./internal/log.js";
import {
  createProviderMetrics,
  type MetricsExport,
  metricsSettings,
  type ProviderMetrics,
  startMetricsExport,
} from "./metrics.js";
import { type PluginProtocol, protocolServices } from "./protocol-services.js";
import type { Provider } from "./provider.js";
import { ProviderServer } from "./server/provider-server.js";
import { SCHEMA_DETAILS_FILE_ENV, schemaDetails } from "./server/schema-details.js";
import { warmUpForSnapshot } from "./startup-warm-up.js";
import { findNestedAttribute, protocol5Refusal } from "./v5/nested-attributes.js";

/** Options of `serve`: debug mode, the protocol versions to offer, and the process's environment. */
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
  /**
   * The plugin protocols to serve; the host negotiates the highest it also speaks. Default:
   * TSVIDER_PROTOCOLS (e.g. `5` or `5,6`) when set, else both, 5 and 6. Protocol 5 cannot
   * describe nested attributes: over protocol 5, a provider with one answers every RPC with
   * an error diagnostic naming the attribute (the host shows GetSchema's and stops).
   */
  readonly protocols?: readonly PluginProtocol[];
  /**
   * Serve from a control thread: the gRPC server and the host's controls (health, the
   * schema, StopProvider, Shutdown, the watch on the host) then live in a thread of their own,
   * and are answered even while a handler computes without yielding. A call still running
   * `stopGraceMs` after StopProvider is answered as cancelled. Default: on, unless
   * TSVIDER_CONTROL_THREAD is 0 (or false, off, no); a provider restored from a start-up
   * snapshot, or bundled without the thread's code (by other means than `tsvider build`), serves
   * from the main thread. `false` serves from the main thread: each start then costs about 60 ms
   * less CPU, and a handler that never yields holds every answer up. See docs/control-thread.md.
   */
  readonly controlThread?: boolean;
  /** With the control thread: how long a call may go on after StopProvider. Default 5000 ms. */
  readonly stopGraceMs?: number;
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
 * In the build of a start-up snapshot (`tsvider build --snapshot`), everything here, which
 * reads the environment, waits until the snapshot is restored in a process the host started.
 */
export function serve(provider: Provider, options: ServeOptions = {}): Promise<RunningProvider> {
  if (buildingStartupSnapshot()) warmUpForSnapshot(provider);
  return afterStartupSnapshot(() => serveNow(provider, options));
}

async function serveNow(provider: Provider, options: ServeOptions): Promise<RunningProvider> {
  const env = options.env ?? process.env;
  const metricsWanted = metricsSettings(env, providerLog());
  const metrics = metricsWanted ? await loadMetrics() : undefined;
  const server = new ProviderServer(provider, {
    ...(options.env ? { env: options.env } : {}),
    ...(metrics ? { metrics } : {}),
  });
  let metricsExport: MetricsExport | undefined;
  const { address, protocols: wanted, ...rest } = options;
  const debug = options.debug ?? debugRequested(options.env ?? process.env);
  if (debug && address === undefined) {
    throw new FrameworkConfigurationError(
      `debug mode needs the provider's source address for TF_REATTACH_PROVIDERS: serve(provider, { address: "<namespace>/${provider.name}" })`,
    );
  }
  // `tsvider docs` asks for what the protocol's schema cannot carry (defaults, validators,
  // replacement, import); written before the handshake, so it is there once the schema is read.
  const detailsFile = env[SCHEMA_DETAILS_FILE_ENV];
  if (detailsFile) writeFileSync(detailsFile, `${JSON.stringify(schemaDetails(provider))}\n`);
  const protocols = wanted ?? protocolsFromEnv(env);
  if (protocols.length === 0) {
    throw new FrameworkConfigurationError(
      "serve(provider, { protocols }) needs at least one protocol: 5 or 6",
    );
  }
  if (protocols.includes(5) && !protocols.includes(6)) {
    // Not a throw: the host shows GetSchema's error diagnostic to the practitioner, where a
    // process that exits before the handshake only gets "Unrecognized remote plugin message".
    const nested = findNestedAttribute(provider);
    if (nested !== undefined) providerLog().warn(protocol5Refusal(nested).detail);
  }
  // Each protocol's adapter and generated stubs are loaded only once the host has chosen it:
  // a provider process serves one protocol, and loading the other's costs start-up time.
  const versions: Record<number, ServicesForVersion> = {};
  for (const protocol of protocols) versions[protocol] = () => protocolServices(server, protocol);
  const plugin = await servePlugin({
    programName: basename(process.argv[1] ?? `terraform-provider-${provider.name}`),
    versions,
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

/** TSVIDER_PROTOCOLS, a comma-separated list of 5 and 6; both when unset. */
export function protocolsFromEnv(env: NodeJS.ProcessEnv): PluginProtocol[] {
  const text = env.TSVIDER_PROTOCOLS?.trim();
  if (!text) return [5, 6];
  const protocols = text.split(",").map((p) => p.trim());
  if (protocols.every((p): p is "5" | "6" => p === "5" || p === "6")) {
    return [...new Set(protocols.map((p) => Number(p) as PluginProtocol))];
  }
  throw new FrameworkConfigurationError(
    `TSVIDER_PROTOCOLS="${text}" is not a list of plugin protocols; give 5, 6 or 5,6`,
  );
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
