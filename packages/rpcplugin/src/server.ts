// The plugin process's side of go-plugin: check the cookie, pick the protocol version, start
// a gRPC server (over mTLS when the host asks for it) on a unix socket, announce it with the
// handshake line, and stay up until the host calls Shutdown or sends SIGTERM.
import { randomBytes, X509Certificate } from "node:crypto";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate } from "./auto-mtls.js";
import {
  HealthCheckResponse_ServingStatus,
  type HealthServer,
  HealthService,
} from "./gen/grpc/health/v1/health.js";
import { type GRPCControllerServer, GRPCControllerService } from "./gen/plugin/grpc_controller.js";
import { type GRPCStdioServer, GRPCStdioService } from "./gen/plugin/grpc_stdio.js";
import {
  checkMagicCookie,
  formatHandshakeLine,
  HandshakeError,
  type MagicCookie,
  negotiateProtocolVersion,
  terraformMagicCookie,
} from "./handshake.js";
import { routeStdoutToStderr } from "./internal/stdout-guard.js";

/** One gRPC service to serve: a definition from generated code and its handlers. */
export interface PluginService {
  // biome-ignore lint/suspicious/noExplicitAny: grpc-js definitions are typed per message.
  readonly definition: grpc.ServiceDefinition<any>;
  readonly implementation: grpc.UntypedServiceImplementation;
}

export interface ServePluginOptions {
  /** Named in the note printed when someone runs the plugin by hand. */
  readonly programName: string;
  /** The services to serve for each app protocol version, e.g. `{ 6: [provider] }`. */
  readonly versions: Readonly<Record<number, readonly PluginService[]>>;
  readonly magicCookie?: MagicCookie;
  /** Called after the host asked the plugin to stop (Shutdown or SIGTERM), before exit. */
  readonly onShutdown?: () => void | Promise<void>;
  /** For tests: the environment to read instead of process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** For tests: where the handshake line goes instead of stdout. */
  readonly writeHandshake?: (line: string) => void;
  /** For tests: what ends the process. */
  readonly exit?: (code: number) => void;
}

export interface RunningPlugin {
  readonly protocolVersion: number;
  readonly network: "unix" | "tcp";
  readonly address: string;
  /** The handshake line as written (with its newline). */
  readonly handshakeLine: string;
  /** Stops serving, removes the socket, and resolves when the server is closed. */
  stop(): Promise<void>;
}

const GRACEFUL_STOP_MS = 1000;

/** 256 MiB, the limit terraform-plugin-go sets both ways; grpc-js defaults to 4 MiB. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/**
 * Serves a go-plugin plugin. When the cookie is missing it prints a note for the human who
 * ran it and exits with status 1.
 */
export async function servePlugin(options: ServePluginOptions): Promise<RunningPlugin> {
  const env = options.env ?? process.env;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  // Serving for real (not from a test): this process is the plugin.
  const ownsProcess = !options.writeHandshake;
  // Ctrl-C reaches the whole process group; hosts stop plugins through their own RPCs.
  if (ownsProcess) process.on("SIGINT", () => {});
  try {
    checkMagicCookie(env, options.magicCookie ?? terraformMagicCookie, options.programName);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    exit(1);
    throw err;
  }

  let protocolVersion: number;
  try {
    protocolVersion = negotiateProtocolVersion(
      env.PLUGIN_PROTOCOL_VERSIONS,
      Object.keys(options.versions).map((v) => Number(v)),
    );
  } catch (err) {
    process.stderr.write(`${options.programName}: ${(err as Error).message}\n`);
    exit(1);
    throw err;
  }

  const clientCert = env.PLUGIN_CLIENT_CERT;
  if (clientCert) {
    try {
      new X509Certificate(clientCert);
    } catch (err) {
      throw new HandshakeError(
        `PLUGIN_CLIENT_CERT does not hold a PEM certificate (${(err as Error).message}); ` +
          "the host sets it, so this plugin was started by something that is not Terraform or OpenTofu",
      );
    }
  }
  const tls = clientCert ? createServerCertificate() : undefined;
  const credentials = tls
    ? grpc.ServerCredentials.createSsl(
        Buffer.from(clientCert!),
        [{ cert_chain: Buffer.from(tls.certificatePem), private_key: Buffer.from(tls.privateKeyPem) }],
        true,
      )
    : grpc.ServerCredentials.createInsecure();

  const server = new grpc.Server({
    "grpc.max_receive_message_length": MAX_MESSAGE_BYTES,
    "grpc.max_send_message_length": MAX_MESSAGE_BYTES,
  });

  let stopping: Promise<void> | undefined;
  const socketPath = join(env.PLUGIN_UNIX_SOCKET_DIR || tmpdir(), `plugin${randomBytes(6).toString("hex")}`);
  // Streams the host keeps open for the life of the connection (StreamStdio, health Watch);
  // a graceful shutdown ends them first, or it would wait for them forever.
  const openStreams = new Set<{ end(): void }>();
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      for (const stream of openStreams) stream.end();
      openStreams.clear();
      const done = () => {
        clearTimeout(fallback);
        rmSync(socketPath, { force: true });
        resolve();
      };
      // Graceful, so the answer to Shutdown itself reaches the host; forced if a call hangs
      // (the host SIGKILLs two seconds after Shutdown anyway).
      const fallback = setTimeout(() => {
        server.forceShutdown();
        done();
      }, GRACEFUL_STOP_MS);
      server.tryShutdown(done);
    });
    return stopping;
  };
  const shutdownAndExit = async (): Promise<void> => {
    try {
      await options.onShutdown?.();
    } finally {
      await stop();
      exit(0);
    }
  };

  server.addService(HealthService, healthService(openStreams));
  server.addService(GRPCStdioService, stdioService(openStreams));
  server.addService(GRPCControllerService, controllerService(shutdownAndExit));
  for (const service of options.versions[protocolVersion] ?? []) {
    server.addService(service.definition, service.implementation);
  }

  await new Promise<void>((resolve, reject) => {
    server.bindAsync(`unix://${socketPath}`, credentials, (err) => (err ? reject(err) : resolve()));
  }).catch((err: Error) => {
    throw new HandshakeError(`cannot listen on unix socket ${socketPath}: ${err.message}`);
  });

  const handshakeLine = formatHandshakeLine({
    protocolVersion,
    network: "unix",
    address: socketPath,
    ...(tls ? { certificateDer: tls.certificateDer } : {}),
  });
  if (!ownsProcess) {
    options.writeHandshake!(handshakeLine);
  } else {
    process.stdout.write(handshakeLine);
    // The host reads one line and discards the rest: anything a library prints later would
    // be lost, so send it to stderr, where the host logs it.
    routeStdoutToStderr();
    process.once("SIGTERM", () => void shutdownAndExit());
    process.once("exit", () => rmSync(socketPath, { force: true }));
  }

  return { protocolVersion, network: "unix", address: socketPath, handshakeLine, stop };
}

function holdOpen(
  streams: Set<{ end(): void }>,
  call: { end(): void; on(event: "cancelled", f: () => void): unknown },
) {
  streams.add(call);
  call.on("cancelled", () => {
    streams.delete(call);
    call.end();
  });
}

function healthService(streams: Set<{ end(): void }>): HealthServer {
  const serving = (service: string) => service === "" || service === "plugin";
  return {
    check(call, callback) {
      if (!serving(call.request.service)) {
        callback({ code: grpc.status.NOT_FOUND, details: `unknown service ${call.request.service}` });
        return;
      }
      callback(null, { status: HealthCheckResponse_ServingStatus.SERVING });
    },
    watch(call) {
      call.write({
        status: serving(call.request.service)
          ? HealthCheckResponse_ServingStatus.SERVING
          : HealthCheckResponse_ServingStatus.SERVICE_UNKNOWN,
      });
      holdOpen(streams, call);
    },
  };
}

function stdioService(streams: Set<{ end(): void }>): GRPCStdioServer {
  return {
    // Hosts log anything received here as unexpected output, so we send nothing and keep
    // the stream open until the host goes away.
    streamStdio(call) {
      holdOpen(streams, call);
    },
  };
}

function controllerService(shutdown: () => Promise<void>): GRPCControllerServer {
  return {
    shutdown(_call, callback) {
      callback(null, {});
      // Let the reply leave before the server closes.
      setImmediate(() => void shutdown());
    },
  };
}
