// The provider's metrics: Prometheus counters and a histogram in a registry of the provider's
// own (never prom-client's global one, which an author's code may use for something else).
//
// Turned on by the environment: TSVIDER_METRICS_FILE names a file the Prometheus text is
// written to when the process ends (the host's Shutdown, or SIGTERM), and TSVIDER_METRICS_PORT
// serves it at http://127.0.0.1:<port>/metrics while the process runs. With neither set
// nothing is recorded and prom-client is never loaded: loading it costs about as much as
// starting Node, and Terraform starts a provider process several times per command.
//
// Terraform starts one process per walk and per provider configuration, so a command has
// several: each writes the file when it ends (`{pid}` in the name gives each its own file;
// without it the last one to end wins), and only the first to bind the port serves it.
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import type { Logger } from "@tsvider/rpcplugin";
import type * as prom from "prom-client";

/** What the framework records; a no-op unless metrics are turned on. */
export interface Metrics {
  /** One RPC answered: its name, how long it took, and whether it answered with an error. */
  rpc(rpc: string, seconds: number, failed: boolean): void;
  resourceOperation(type: string, operation: ResourceOperation, failed: boolean): void;
  dataSourceRead(type: string, failed: boolean): void;
  /** Provider functions: recorded once the framework serves CallFunction. */
  functionCall(name: string, failed: boolean): void;
  /** Ephemeral resources: recorded once the framework serves their RPCs. */
  ephemeralOperation(type: string, operation: EphemeralOperation, failed: boolean): void;
  configure(failed: boolean): void;
  schemaBuild(): void;
}

export type ResourceOperation = "create" | "read" | "update" | "delete" | "import" | "move";
export type EphemeralOperation = "open" | "renew" | "close";

/** Records nothing: the provider's metrics when neither variable asks for them. */
export const noMetrics: Metrics = Object.freeze({
  rpc() {},
  resourceOperation() {},
  dataSourceRead() {},
  functionCall() {},
  ephemeralOperation() {},
  configure() {},
  schemaBuild() {},
});

/** Seconds; provider RPCs range from microseconds (schema) to minutes (a slow create). */
const durationBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/** The metrics of one provider process, in their own registry. */
export class ProviderMetrics implements Metrics {
  readonly registry: prom.Registry;
  readonly #rpcRequests: prom.Counter<"rpc">;
  readonly #rpcErrors: prom.Counter<"rpc">;
  readonly #rpcDuration: prom.Histogram<"rpc">;
  readonly #resourceOperations: prom.Counter<"type" | "operation">;
  readonly #resourceErrors: prom.Counter<"type" | "operation">;
  readonly #dataSourceReads: prom.Counter<"type">;
  readonly #dataSourceErrors: prom.Counter<"type">;
  readonly #functionCalls: prom.Counter<"function">;
  readonly #functionErrors: prom.Counter<"function">;
  readonly #ephemeralOperations: prom.Counter<"type" | "operation">;
  readonly #ephemeralErrors: prom.Counter<"type" | "operation">;
  readonly #configures: prom.Counter;
  readonly #configureErrors: prom.Counter;
  readonly #schemaBuilds: prom.Counter;

  /** Use createProviderMetrics, which loads prom-client. */
  constructor(client: typeof prom) {
    const registry = new client.Registry();
    this.registry = registry;
    const counter = <L extends string>(name: string, help: string, labelNames: readonly L[]) =>
      new client.Counter<L>({ name, help, labelNames, registers: [registry] });
    this.#rpcRequests = counter("tsvider_rpc_requests_total", "RPCs the provider answered.", ["rpc"]);
    this.#rpcErrors = counter(
      "tsvider_rpc_errors_total",
      "RPCs the provider answered with at least one error diagnostic.",
      ["rpc"],
    );
    this.#rpcDuration = new client.Histogram({
      name: "tsvider_rpc_duration_seconds",
      help: "Time from receiving an RPC to answering it.",
      labelNames: ["rpc"],
      buckets: durationBuckets,
      registers: [registry],
    });
    this.#resourceOperations = counter(
      "tsvider_resource_operations_total",
      "Managed resource operations run (create, read, update, delete, import).",
      ["type", "operation"],
    );
    this.#resourceErrors = counter(
      "tsvider_resource_operation_errors_total",
      "Managed resource operations that ended with an error diagnostic.",
      ["type", "operation"],
    );
    this.#dataSourceReads = counter("tsvider_data_source_reads_total", "Data source reads run.", ["type"]);
    this.#dataSourceErrors = counter(
      "tsvider_data_source_read_errors_total",
      "Data source reads that ended with an error diagnostic.",
      ["type"],
    );
    this.#functionCalls = counter("tsvider_function_calls_total", "Provider function calls.", ["function"]);
    this.#functionErrors = counter(
      "tsvider_function_call_errors_total",
      "Provider function calls that returned an error.",
      ["function"],
    );
    this.#ephemeralOperations = counter(
      "tsvider_ephemeral_operations_total",
      "Ephemeral resource operations run (open, renew, close).",
      ["type", "operation"],
    );
    this.#ephemeralErrors = counter(
      "tsvider_ephemeral_operation_errors_total",
      "Ephemeral resource operations that ended with an error diagnostic.",
      ["type", "operation"],
    );
    this.#configures = counter("tsvider_provider_configures_total", "ConfigureProvider calls run.", []);
    this.#configureErrors = counter(
      "tsvider_provider_configure_errors_total",
      "ConfigureProvider calls that ended with an error diagnostic.",
      [],
    );
    this.#schemaBuilds = counter(
      "tsvider_schema_builds_total",
      "Provider schemas built for GetProviderSchema or GetMetadata.",
      [],
    );
  }

  rpc(rpc: string, seconds: number, failed: boolean): void {
    this.#rpcRequests.inc({ rpc });
    this.#rpcDuration.observe({ rpc }, seconds);
    if (failed) this.#rpcErrors.inc({ rpc });
  }

  resourceOperation(type: string, operation: ResourceOperation, failed: boolean): void {
    this.#resourceOperations.inc({ type, operation });
    if (failed) this.#resourceErrors.inc({ type, operation });
  }

  dataSourceRead(type: string, failed: boolean): void {
    this.#dataSourceReads.inc({ type });
    if (failed) this.#dataSourceErrors.inc({ type });
  }

  functionCall(name: string, failed: boolean): void {
    this.#functionCalls.inc({ function: name });
    if (failed) this.#functionErrors.inc({ function: name });
  }

  ephemeralOperation(type: string, operation: EphemeralOperation, failed: boolean): void {
    this.#ephemeralOperations.inc({ type, operation });
    if (failed) this.#ephemeralErrors.inc({ type, operation });
  }

  configure(failed: boolean): void {
    this.#configures.inc();
    if (failed) this.#configureErrors.inc();
  }

  schemaBuild(): void {
    this.#schemaBuilds.inc();
  }

  /** The Prometheus text exposition of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }
}

/** Loads prom-client and makes the provider's metrics. */
export async function createProviderMetrics(): Promise<ProviderMetrics> {
  const client = await import("prom-client");
  // Node's CommonJS interop puts the exports on the namespace, bundlers on `default`.
  const resolved = (client as unknown as { default?: typeof prom }).default ?? client;
  return new ProviderMetrics(resolved);
}

/** Where the metrics go, from TSVIDER_METRICS_FILE and TSVIDER_METRICS_PORT. */
export interface MetricsSettings {
  /** Written when the process ends; `{pid}` becomes the process id. */
  readonly file?: string;
  /** Served on 127.0.0.1 at /metrics; 0 picks a free port. */
  readonly port?: number;
}

/**
 * The settings the environment asks for, or undefined when it asks for none. A port that is
 * not a number from 0 to 65535 is left out, with a warning: metrics never stop a provider.
 */
export function metricsSettings(env: NodeJS.ProcessEnv, log?: Logger): MetricsSettings | undefined {
  const file = env.TSVIDER_METRICS_FILE?.trim() || undefined;
  const rawPort = env.TSVIDER_METRICS_PORT?.trim() || undefined;
  let port: number | undefined;
  if (rawPort !== undefined) {
    const n = Number(rawPort);
    if (/^\d+$/.test(rawPort) && n <= 65535) port = n;
    else
      log?.warn("TSVIDER_METRICS_PORT is not a port number (0 to 65535); not serving metrics", {
        value: rawPort,
      });
  }
  if (file === undefined && port === undefined) return undefined;
  return { ...(file !== undefined ? { file } : {}), ...(port !== undefined ? { port } : {}) };
}

/** The running export: the endpoint's address, and what to do when the process ends. */
export interface MetricsExport {
  /** The port the endpoint listens on, when it does. */
  readonly port: number | undefined;
  /** Writes the file (when asked for) and closes the endpoint. Never throws. */
  close(): Promise<void>;
}

/** Starts serving the endpoint (when asked for); the file is written by close(). */
export async function startMetricsExport(
  metrics: ProviderMetrics,
  settings: MetricsSettings,
  log?: Logger,
): Promise<MetricsExport> {
  const server = settings.port === undefined ? undefined : await serveMetrics(metrics, settings.port, log);
  let closing: Promise<void> | undefined;
  return {
    port: server ? (server.address() as AddressInfo).port : undefined,
    close() {
      closing ??= (async () => {
        if (settings.file !== undefined) await writeMetricsFile(metrics, settings.file, log);
        if (server) await closeServer(server);
      })();
      return closing;
    },
  };
}

/** The file's path for this process: `{pid}` replaced by the process id. */
export function metricsFilePath(file: string, pid = process.pid): string {
  return file.replaceAll("{pid}", String(pid));
}

/** Writes the metrics beside the target and renames over it, so no reader sees half a file. */
export async function writeMetricsFile(metrics: ProviderMetrics, file: string, log?: Logger): Promise<void> {
  const target = metricsFilePath(file);
  const temporary = `${target}.${process.pid}.tmp`;
  try {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(temporary, await metrics.text(), "utf8");
    await rename(temporary, target);
    log?.debug("wrote the provider's metrics", { file: target });
  } catch (err) {
    log?.warn("could not write the provider's metrics", { file: target, error: String(err) });
    await rm(temporary, { force: true }).catch(() => {});
  }
}

/**
 * Serves /metrics on the loopback interface only. The server never keeps the process alive
 * (the host decides when the provider ends), and a port already taken, by another process of
 * the same command for one, is a warning.
 */
function serveMetrics(metrics: ProviderMetrics, port: number, log?: Logger): Promise<Server | undefined> {
  // node:http is loaded here, for a provider that serves metrics, not at every start.
  const server = process.getBuiltinModule("node:http").createServer((req, res) => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== "/metrics") {
      res.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: try /metrics\n");
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    metrics.text().then(
      (text) => {
        res.writeHead(200, { "content-type": metrics.registry.contentType });
        res.end(req.method === "HEAD" ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`${String(err)}\n`);
      },
    );
  });
  return new Promise((resolve) => {
    server.once("error", (err: NodeJS.ErrnoException) => {
      log?.warn("could not serve the provider's metrics", { port, error: err.code ?? err.message });
      resolve(undefined);
    });
    server.listen(port, "127.0.0.1", () => {
      server.unref();
      log?.debug("serving the provider's metrics", {
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`,
      });
      resolve(server);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // A scraper's keep-alive connection would hold close() open.
    server.closeAllConnections();
  });
}
