// Serving from the main thread (server.ts decides when): the same gRPC server as the control
// thread's (control/plugin-server.ts: tsvider's server over Node's own http2, go-plugin's
// services beside the app protocol's), whose handlers run on the calls as handler-calls.ts
// gives them; the handshake line, and the stops: Shutdown, SIGTERM, and a host that is gone. A
// module of its own so that a process serving through the control thread loads none of it on
// this thread (docs/control-thread.md).
import { createServerCertificate } from "./auto-mtls.js";
import { createPluginServer } from "./control/plugin-server.js";
import type { WireMethod } from "./control/wire-server.js";
import { type ReattachConfig, reattachInstructions, reattachJson } from "./debug.js";
import { type Route, routesOf, runHandler } from "./handler-calls.js";
import { formatHandshakeLine } from "./handshake.js";
import { keepHeapSmallOnceCached } from "./heap.js";
import { watchHost } from "./host-watch.js";
import { routeStdoutToStderr } from "./internal/stdout-guard.js";
import { defaultTransport } from "./listener.js";
import type { RunningPlugin, SettledServing } from "./server.js";

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

  const certificateStart = performance.now();
  const tls = clientCert ? createServerCertificate() : undefined;
  if (tls)
    log.debug("made the TLS certificate", {
      duration_ms: Number((performance.now() - certificateStart).toFixed(2)),
    });
  const chosen = options.versions[protocolVersion] ?? [];
  const routes = routesOf(typeof chosen === "function" ? await chosen() : chosen);
  const server = createPluginServer({
    ...(tls && clientCert ? { tls: { certificate: tls, clientCertPem: clientCert } } : {}),
    log,
    onShutdown: () => {
      if (debug) {
        // A reattached plugin outlives each command; the person stops it.
        log.info("the host asked to shut down; staying up in debug mode");
        return;
      }
      log.debug("the host asked to shut down");
      void shutdownAndExit();
    },
    methods: [...routes.values()].map(servedHere),
  });
  const shutdownAndExit = async (): Promise<void> => {
    try {
      await options.onShutdown?.();
    } finally {
      await server.stop();
      exit(0);
    }
  };

  const listening = await server.listen(options.transport ?? defaultTransport(), env);
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
    stop: () => server.stop(),
  };
}

/** A route as the wire server's method: its handler runs here, on the call as it comes. */
function servedHere(route: Route): WireMethod {
  return {
    path: route.method.path,
    requestStream: route.method.requestStream,
    responseStream: route.method.responseStream,
    handle(call) {
      runHandler(route, call.request, call, (running) => {
        call.onCancelled(() => running.cancel());
        if (route.method.requestStream) {
          call.onMessage((message) => running.receive?.(message));
          call.onEnd(() => running.finish?.());
        }
      });
    },
  };
}
