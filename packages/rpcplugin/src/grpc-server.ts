// The gRPC server a plugin serves on, as both ways of serving build it (server.ts in the
// main thread, control/control-thread.ts in a thread of its own): the AutoMTLS certificate
// when the host sent one, grpc-js's message limits raised to the host's, and a stop that
// lets the last answer (Shutdown's) leave before the server closes.
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate, type ServerCertificate } from "./auto-mtls.js";
import type { Logger } from "./log.js";
import { OpenStreams } from "./services.js";

/** 256 MiB, the limit terraform-plugin-go sets both ways; grpc-js defaults to 4 MiB. */
export const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

/** How long a stop waits for calls still running before it closes their connections. */
const GRACEFUL_STOP_MS = 1000;

export interface PluginGrpcServer {
  readonly server: grpc.Server;
  readonly credentials: grpc.ServerCredentials;
  /** The certificate the handshake line announces, when the host asked for AutoMTLS. */
  readonly tls: ServerCertificate | undefined;
  /** Streams the host keeps open for the life of the connection (see services.ts). */
  readonly streams: OpenStreams;
  /** What to remove once the server is closed (the socket file); set after listening. */
  onClosed(cleanup: () => void): void;
  /** Ends the held streams and closes the server; the same promise every time. */
  stop(): Promise<void>;
}

/**
 * `certificate`: one made ahead (the control thread makes it while it waits to be told what to
 * serve); used only when the host sent its own, `clientCert`.
 */
export function createPluginGrpcServer(
  clientCert: string | undefined,
  log: Logger,
  certificate?: ServerCertificate,
): PluginGrpcServer {
  const certificateStart = performance.now();
  const tls = clientCert ? (certificate ?? createServerCertificate()) : undefined;
  if (tls && !certificate)
    log.debug("made the TLS certificate", {
      duration_ms: Number((performance.now() - certificateStart).toFixed(2)),
    });
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
  // A graceful shutdown ends the held streams first, or it would wait for them forever.
  const streams = new OpenStreams();
  let cleanup = () => {};
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= new Promise<void>((resolve) => {
      streams.endAll();
      const done = () => {
        clearTimeout(fallback);
        cleanup();
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
  return {
    server,
    credentials,
    tls,
    streams,
    onClosed(f) {
      cleanup = f;
    },
    stop,
  };
}
