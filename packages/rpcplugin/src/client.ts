/**
 * The host's side of go-plugin: start a plugin as Terraform and OpenTofu do, and get a gRPC channel
 * to it.
 *
 * @packageDocumentation
 */
// The host's side of go-plugin: start a plugin the way Terraform and OpenTofu do (magic cookie,
// offered protocol versions, port range, AutoMTLS with a client certificate of our own), read
// its handshake line, and hand back a gRPC channel to it. Used by tools that talk to a
// provider without a host in between (schema dumps, docs), and by tests.
import { type ChildProcess, spawn } from "node:child_process";
import { X509Certificate } from "node:crypto";
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate } from "./auto-mtls.js";
import { GRPCControllerClient } from "./gen/plugin/grpc_controller.js";
import {
  CORE_PROTOCOL_VERSION,
  HandshakeError,
  type MagicCookie,
  terraformMagicCookie,
} from "./handshake.js";
import { MAX_MESSAGE_BYTES } from "./server.js";

/**
 * Options of `startPluginClient`: the plugin's executable and arguments, its environment, and how
 * messages name it.
 */
export interface PluginClientOptions {
  /** The plugin's executable (a provider binary, or node for a script with `args`). */
  readonly executable: string;
  readonly args?: readonly string[];
  /** How error messages name the plugin (the subject of a sentence). Default: "the plugin EXECUTABLE". */
  readonly name?: string;
  /** Added to this process's environment, as go-plugin does. */
  readonly env?: NodeJS.ProcessEnv;
  readonly cwd?: string;
  /** The app protocol versions offered, e.g. [6, 5]: the plugin picks the highest it serves. */
  readonly protocolVersions: readonly number[];
  readonly magicCookie?: MagicCookie;
  /** How long to wait for the handshake line. Default 60 s, go-plugin's StartTimeout. */
  readonly startTimeoutMs?: number;
  /** Plain gRPC instead of AutoMTLS (hosts always use TLS; for debugging only). */
  readonly insecure?: boolean;
  /** Stops the plugin (or its start) when fired. */
  readonly signal?: AbortSignal;
}

/** A grpc-js client constructor, as ts-proto generates them. */
export type GrpcClientConstructor<C> = new (
  address: string,
  credentials: grpc.ChannelCredentials,
  options?: Partial<grpc.ClientOptions>,
) => C;

/**
 * A started plugin process and what is needed to talk gRPC to it: the negotiated protocol version,
 * its address and the TLS credentials. Returned by `startPluginClient`.
 */
export interface PluginClient {
  /** The app protocol version the plugin chose. */
  readonly protocolVersion: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
  /** The grpc-js target: `unix:///path` or `127.0.0.1:PORT`. */
  readonly target: string;
  readonly credentials: grpc.ChannelCredentials;
  readonly channelOptions: Partial<grpc.ClientOptions>;
  readonly pid: number;
  /** What the plugin wrote on stderr (and on stdout after the handshake), line by line. */
  readonly stderrLines: readonly string[];
  /** A client for one of the plugin's services, e.g. `connect(ProviderClient)`; closed by close(). */
  connect<C extends grpc.Client>(Service: GrpcClientConstructor<C>): C;
  /**
   * Asks the plugin to stop (GRPCController.Shutdown), kills it if it has not exited after a
   * grace period, and resolves once it is gone.
   */
  close(): Promise<void>;
}

/** go-plugin's defaults, which Terraform and OpenTofu keep. */
const MIN_PORT = 10000;
const MAX_PORT = 25000;
const DEFAULT_START_TIMEOUT_MS = 60_000;
/** Terraform kills a plugin two seconds after asking it to shut down. */
const SHUTDOWN_GRACE_MS = 2000;
const STDERR_LINES_KEPT = 200;

/**
 * Thrown by `startPluginClient` when the plugin exits or writes no valid handshake line; the
 * message quotes its last stderr lines.
 */
export class PluginStartError extends HandshakeError {
  /** The plugin's last stderr lines, for the message and for callers that show more. */
  readonly stderrLines: readonly string[];
  constructor(message: string, stderrLines: readonly string[]) {
    super(message);
    this.stderrLines = stderrLines;
  }
}

/** The plugin is still running but said nothing within the start timeout. */
class StalledPluginError extends PluginStartError {}

/** Starts a go-plugin plugin and connects to it. */
export async function startPluginClient(options: PluginClientOptions): Promise<PluginClient> {
  if (options.protocolVersions.length === 0) {
    throw new HandshakeError("offer at least one plugin protocol version (for providers: [6, 5])");
  }
  options.signal?.throwIfAborted();
  const cookie = options.magicCookie ?? terraformMagicCookie;
  const tls = options.insecure ? undefined : createServerCertificate();
  // A plugin of ours started with TSVIDER_DEBUG would wait for a person instead of handshaking.
  const { TSVIDER_DEBUG: _debug, ...inherited } = process.env;
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    ...options.env,
    [cookie.key]: cookie.value,
    PLUGIN_MIN_PORT: String(MIN_PORT),
    PLUGIN_MAX_PORT: String(MAX_PORT),
    PLUGIN_PROTOCOL_VERSIONS: options.protocolVersions.join(","),
  };
  if (tls) env.PLUGIN_CLIENT_CERT = tls.certificatePem;
  else delete env.PLUGIN_CLIENT_CERT;

  const name = options.name ?? `the plugin ${options.executable}`;
  let child: ChildProcess;
  try {
    child = spawn(options.executable, [...(options.args ?? [])], {
      env,
      ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch (err) {
    throw new PluginStartError(`cannot start ${options.executable}: ${(err as Error).message}`, []);
  }

  const stderrLines: string[] = [];
  const keep = (line: string) => {
    stderrLines.push(line);
    if (stderrLines.length > STDERR_LINES_KEPT) stderrLines.shift();
  };
  let stderrEnded: () => void = () => {};
  const stderrDone = new Promise<void>((resolve) => {
    stderrEnded = resolve;
  });
  forEachLine(child.stderr!, keep, () => stderrEnded());
  // The first stdout line is the handshake; anything later is log output, like stderr.
  let resolveFirstLine: (line: string | undefined) => void = () => {};
  const firstLine = new Promise<string | undefined>((resolve) => {
    resolveFirstLine = resolve;
  });
  let sawFirstLine = false;
  forEachLine(
    child.stdout!,
    (line) => {
      if (sawFirstLine) keep(line);
      else {
        sawFirstLine = true;
        resolveFirstLine(line);
      }
    },
    () => resolveFirstLine(undefined),
  );

  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    // A spawn failure (ENOENT, EACCES) emits "error" and never "exit".
    child.once("error", () => resolve({ code: null, signal: null }));
  });
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await exited;
  };

  // Stops the plugin and names it, with the tail of what it said on stderr.
  const failed = async (err: unknown): Promise<Error> => {
    // A program that printed something else usually explains itself on stderr as it exits:
    // give it a moment to, unless it stalled or we were interrupted.
    if (err instanceof PluginStartError && !(err instanceof StalledPluginError)) {
      await Promise.race([exited, new Promise((r) => setTimeout(r, 500))]);
    }
    await kill();
    await Promise.race([stderrDone, new Promise((r) => setTimeout(r, 500))]);
    return withStderr(err, name, stderrLines);
  };

  let line: string;
  try {
    line = await readHandshakeLine(
      child,
      firstLine,
      exited,
      options.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
      options.signal,
    );
  } catch (err) {
    throw await failed(err);
  }
  let parsed: ReturnType<typeof parseHandshakeLine>;
  try {
    parsed = parseHandshakeLine(line, options.protocolVersions, tls !== undefined);
  } catch (err) {
    throw await failed(err);
  }

  const credentials = tls
    ? grpc.credentials.createSsl(
        Buffer.from(derToPem(parsed.certificateDer!)),
        Buffer.from(tls.privateKeyPem),
        Buffer.from(tls.certificatePem),
      )
    : grpc.credentials.createInsecure();
  const channelOptions: Partial<grpc.ClientOptions> = {
    // The plugin's certificate names localhost, whatever the socket is.
    "grpc.ssl_target_name_override": "localhost",
    "grpc.default_authority": "localhost",
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  };
  const target = parsed.network === "unix" ? `unix://${parsed.address}` : parsed.address;

  const clients: grpc.Client[] = [];
  const onAbort = () => void close();
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      options.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) {
        const controller = new GRPCControllerClient(target, credentials, channelOptions);
        await new Promise<void>((resolve) => {
          controller.shutdown({}, new grpc.Metadata(), { deadline: Date.now() + SHUTDOWN_GRACE_MS }, () =>
            resolve(),
          );
        });
        controller.close();
        const timer = setTimeout(() => child.kill("SIGKILL"), SHUTDOWN_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      for (const client of clients) client.close();
    })();
    return closing;
  };
  options.signal?.addEventListener("abort", onAbort, { once: true });

  return {
    protocolVersion: parsed.protocolVersion,
    network: parsed.network,
    address: parsed.address,
    target,
    credentials,
    channelOptions,
    pid: child.pid!,
    stderrLines,
    connect<C extends grpc.Client>(Service: GrpcClientConstructor<C>): C {
      const client = new Service(target, credentials, channelOptions);
      clients.push(client);
      return client;
    },
    close,
  };
}

function forEachLine(stream: NodeJS.ReadableStream, f: (line: string) => void, onEnd?: () => void): void {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) f(line.replace(/\r$/, ""));
  });
  stream.on("end", () => {
    if (buffered !== "") f(buffered);
    buffered = "";
    onEnd?.();
  });
}

/** The first line on stdout, or an error when the plugin exits, stalls or is aborted first. */
function readHandshakeLine(
  child: ChildProcess,
  firstLine: Promise<string | undefined>,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const cleanup = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(signal?.reason ?? new Error("aborted"));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(
        new StalledPluginError(
          `did not print its go-plugin handshake line within ${Math.round(timeoutMs / 1000)} s; ` +
            "check that it is a Terraform provider and that it starts without waiting for input",
          [],
        ),
      );
    }, timeoutMs);
    signal?.addEventListener("abort", onAbort, { once: true });
    child.once("error", (err) => {
      cleanup();
      reject(new PluginStartError(`could not be started: ${err.message}`, []));
    });
    void firstLine.then((line) => {
      if (line === undefined) return; // stdout closed without a line: the exit below explains
      cleanup();
      resolve(line.trim());
    });
    void exited.then(({ code, signal: killedBy }) => {
      // stdout may still hold the line the plugin wrote just before exiting: let it arrive.
      setTimeout(() => {
        cleanup();
        reject(
          new PluginStartError(
            `exited (${killedBy ? `killed by ${killedBy}` : `status ${code}`}) before printing its go-plugin handshake line`,
            [],
          ),
        );
      }, 50);
    });
  });
}

interface ParsedHandshake {
  readonly protocolVersion: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
  readonly certificateDer?: Uint8Array;
}

/** Checks a handshake line `CORE|APP|NETWORK|ADDRESS|grpc|CERT` the way go-plugin's client does. */
export function parseHandshakeLine(
  line: string,
  offered: readonly number[],
  expectCertificate: boolean,
): ParsedHandshake {
  const parts = line.trim().split("|");
  if (parts.length < 4) {
    throw new PluginStartError(
      `printed ${JSON.stringify(line.slice(0, 200))} instead of a go-plugin handshake line ` +
        "(CORE|APP|NETWORK|ADDRESS|grpc|CERT); check that the executable is a Terraform provider",
      [],
    );
  }
  const [core, app, network, address, protocol, cert] = parts as [
    string,
    string,
    string,
    string,
    string?,
    string?,
  ];
  if (core !== String(CORE_PROTOCOL_VERSION)) {
    throw new PluginStartError(
      `speaks go-plugin core protocol ${core}, but this client speaks ${CORE_PROTOCOL_VERSION}; rebuild the plugin with a current go-plugin or tsvider`,
      [],
    );
  }
  const protocolVersion = Number(app);
  if (!/^\d+$/.test(app) || !offered.includes(protocolVersion)) {
    throw new PluginStartError(
      `chose plugin protocol version ${app}, which was not offered (offered: ${offered.join(", ")}); ` +
        "use a provider release that serves one of those",
      [],
    );
  }
  if (network !== "unix" && network !== "tcp") {
    throw new PluginStartError(`announced network "${network}"; go-plugin uses unix or tcp`, []);
  }
  if ((protocol ?? "netrpc") !== "grpc") {
    throw new PluginStartError(`serves ${protocol ?? "netrpc"}, but only grpc plugins are supported`, []);
  }
  let certificateDer: Uint8Array | undefined;
  if (cert !== undefined && cert.length > 50) {
    certificateDer = new Uint8Array(Buffer.from(cert, "base64"));
    try {
      new X509Certificate(certificateDer);
    } catch (err) {
      throw new PluginStartError(`sent a TLS certificate that cannot be read: ${(err as Error).message}`, []);
    }
  }
  if (expectCertificate && !certificateDer) {
    throw new PluginStartError(
      "answered without a TLS certificate although PLUGIN_CLIENT_CERT asked for AutoMTLS; the plugin does not support it",
      [],
    );
  }
  return { protocolVersion, network, address, ...(certificateDer ? { certificateDer } : {}) };
}

function derToPem(der: Uint8Array): string {
  const lines =
    Buffer.from(der)
      .toString("base64")
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN CERTIFICATE-----\n${lines.join("\n")}\n-----END CERTIFICATE-----\n`;
}

/** Names the plugin and appends the tail of its stderr, where plugins explain themselves. */
function withStderr(err: unknown, name: string, stderrLines: readonly string[]): Error {
  if (!(err instanceof PluginStartError)) return err as Error;
  const tail = stderrLines.filter((l) => l.trim() !== "").slice(-10);
  const message =
    `${name} ${err.message}` + (tail.length > 0 ? `\nits last stderr lines:\n  ${tail.join("\n  ")}` : "");
  return new PluginStartError(message, [...stderrLines]);
}
