// The gRPC server a plugin serves on from its main thread (server.ts), through grpc-js: the
// AutoMTLS certificate when the host sent one, grpc-js's message limits raised to the host's,
// and a stop that lets the last answer (Shutdown's) leave before the server closes. The control
// thread serves the same over control/wire-server.ts, with the same limit and grace.
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate, type ServerCertificate } from "./auto-mtls.js";
import { GRACEFUL_STOP_MS, MAX_MESSAGE_BYTES } from "./limits.js";
import type { Bind } from "./listener.js";
import type { Logger } from "./log.js";
import { OpenStreams } from "./services.js";

export interface PluginGrpcServer {
  readonly server: grpc.Server;
  /** Binds the server where listener.ts's listen() says. */
  readonly bind: Bind;
  /** The certificate the handshake line announces, when the host asked for AutoMTLS. */
  readonly tls: ServerCertificate | undefined;
  /** Streams the host keeps open for the life of the connection (see services.ts). */
  readonly streams: OpenStreams;
  /** What to remove once the server is closed (the socket file); set after listening. */
  onClosed(cleanup: () => void): void;
  /** Ends the held streams and closes the server; the same promise every time. */
  stop(): Promise<void>;
}

/** With the host's certificate, `clientCert`, it serves AutoMTLS with a certificate of its own. */
export function createPluginGrpcServer(clientCert: string | undefined, log: Logger): PluginGrpcServer {
  const certificateStart = performance.now();
  const tls = clientCert ? createServerCertificate() : undefined;
  if (tls)
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
  const bind: Bind = (target) =>
    new Promise((resolve, reject) => {
      const address = "unix" in target ? `unix://${target.unix}` : `127.0.0.1:${target.tcpPort}`;
      server.bindAsync(address, credentials, (err, port) => (err ? reject(err) : resolve(port)));
    });
  return {
    server,
    bind,
    tls,
    streams,
    onClosed(f) {
      cleanup = f;
    },
    stop,
  };
}
