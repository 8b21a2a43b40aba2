// Serving from the main thread (server.ts decides when): grpc-js's server on the listener,
// go-plugin's services beside the app protocol's, the handshake line, and the stops: Shutdown,
// SIGTERM, and a host that is gone. A module of its own so that grpc-js, and Node's http2,
// tls, zlib and dns with it, are loaded only by a process that serves this way; one serving
// through the control thread never uses them on this thread (docs/control-thread.md).
import * as grpc from "@grpc/grpc-js";
import { type ReattachConfig, reattachInstructions, reattachJson } from "./debug.js";
import { createPluginGrpcServer } from "./grpc-server.js";
import { formatHandshakeLine } from "./handshake.js";
import { keepHeapSmallOnceCached } from "./heap.js";
import { watchHost } from "./host-watch.js";
import { routeStdoutToStderr } from "./internal/stdout-guard.js";
import { defaultTransport, listen } from "./listener.js";
import type { RunningPlugin, SettledServing } from "./server.js";
import { addPluginServices } from "./services.js";

/** What server.ts settled before choosing the main thread. */
export interface MainThreadServing extends SettledServing {
  readonly debug: boolean;
  /** The environment server.ts read: process.env, or a test's. */
  readonly env: NodeJS.ProcessEnv;
  /** False in tests that pass writeHandshake: the process is not the plugin's own. */
  readonly ownsProcess: boolean;
}

/** Serves the chosen protocol version's services from this thread until asked to stop. */
export async function serveFromMainThread(serving: MainThreadServing): Promise<RunningPlugin> {
  const { protocolVersion, clientCert, debug, env, ownsProcess, log, exit, ...options } = serving;
  // grpc-js reports problems on the console; make them log lines the host files properly.
  if (ownsProcess) grpc.setLogger({ error: (...args: unknown[]) => log.debug(args.map(String).join(" ")) });

  const { server, bind, tls, streams, onClosed, stop } = createPluginGrpcServer(clientCert, log);
  const shutdownAndExit = async (): Promise<void> => {
    try {
      await options.onShutdown?.();
    } finally {
      await stop();
      exit(0);
    }
  };
  const onShutdownCall = () => {
    if (debug) {
      // A reattached plugin outlives each command; the person stops it.
      log.info("the host asked to shut down; staying up in debug mode");
      return;
    }
    log.debug("the host asked to shut down");
    void shutdownAndExit();
  };

  addPluginServices(server, streams, onShutdownCall);
  const chosen = options.versions[protocolVersion] ?? [];
  for (const service of typeof chosen === "function" ? await chosen() : chosen) {
    server.addService(service.definition, service.implementation);
  }

  const listening = await listen(bind, options.transport ?? defaultTransport(), env);
  onClosed(listening.cleanup);
  log.debug("plugin server listening", {
    network: listening.network,
    address: listening.address,
    protocol_version: protocolVersion,
    tls: tls !== undefined,
  });

  const reattachConfig: ReattachConfig | undefined = debug
    ? {
        addresses: options.reattachAddresses ?? [options.programName],
        protocolVersion,
        pid: process.pid,
        network: listening.network,
        listenAddress: listening.address,
      }
    : undefined;
  const reattach = reattachConfig && reattachJson(reattachConfig);
  const handshakeLine = reattachConfig
    ? reattachInstructions(reattachConfig)
    : formatHandshakeLine({
        protocolVersion,
        network: listening.network,
        address: listening.address,
        ...(tls ? { certificateDer: tls.certificateDer } : {}),
      });
  if (!ownsProcess) {
    options.writeHandshake!(handshakeLine);
  } else {
    // Before the handshake goes out: whoever reads it may signal at once (a SIGTERM with no
    // listener yet would end the process without cleanup).
    process.once("SIGTERM", () => void shutdownAndExit());
    if (debug) process.once("SIGINT", () => void shutdownAndExit());
    process.once("exit", () => listening.cleanup());
    // A host killed outright calls no Shutdown; without this the plugin would stay, orphaned.
    // (In debug mode the person who started it stops it.)
    if (!debug) {
      // Nothing is logged: the host read the log from a pipe that closed with it.
      watchHost(process.ppid, () => void shutdownAndExit());
    }
    process.stdout.write(handshakeLine);
    // The host reads one line and discards the rest: anything a library prints later would
    // be lost, so send it to stderr, where the host logs it. (A person in debug mode reads
    // the terminal, where both end up.)
    if (!debug) routeStdoutToStderr();
    // Serving: what is left is answering calls, with a young generation that stays small.
    keepHeapSmallOnceCached(env);
  }

  return {
    protocolVersion,
    network: listening.network,
    address: listening.address,
    handshakeLine,
    ...(reattach !== undefined ? { reattach } : {}),
    stop,
  };
}
