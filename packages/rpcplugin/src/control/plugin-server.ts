// A plugin's gRPC server as both ways of serving set it up (control-thread.ts in the control
// thread, main-thread-server.ts on the main thread): tsvider's server (wire-server.ts) under the
// host's AutoMTLS and the message limit terraform-plugin-go sets, go-plugin's own services
// (plugin-services.ts) beside the app protocol's methods, its socket, and its stops.
import { GRACEFUL_STOP_MS, MAX_MESSAGE_BYTES } from "../limits.js";
import { type Listening, listen, type Transport } from "../listener.js";
import type { Logger } from "../log.js";
import { HeldCalls, pluginServiceMethods } from "./plugin-services.js";
import { createWireServer, type WireMethod, type WireServerOptions } from "./wire-server.js";

export interface PluginServerOptions {
  readonly tls?: WireServerOptions["tls"];
  readonly log: Logger;
  /** What go-plugin's Shutdown call does, once it is answered. */
  readonly onShutdown: () => void;
  /** The app protocol's methods. */
  readonly methods: Iterable<WireMethod>;
}

export interface PluginServer {
  /** Listens on a new socket of `transport` (listener.ts). Once. */
  listen(transport: Transport, env: NodeJS.ProcessEnv): Promise<Listening>;
  /**
   * Ends the streams the host holds open (stdio, the broker), for a graceful stop would wait
   * for them; lets running calls finish, forced after GRACEFUL_STOP_MS; then removes the socket.
   */
  stop(): Promise<void>;
  /** Closes every connection now. */
  forceStop(): void;
  /** Removes the socket from the disk (nothing before `listen`). */
  removeSocket(): void;
}

export function createPluginServer(options: PluginServerOptions): PluginServer {
  const server = createWireServer({
    ...(options.tls ? { tls: options.tls } : {}),
    maxMessageBytes: MAX_MESSAGE_BYTES,
    log: options.log,
  });
  const held = new HeldCalls();
  for (const method of pluginServiceMethods(held, options.onShutdown)) server.add(method);
  for (const method of options.methods) server.add(method);
  let removeSocket = () => {};
  return {
    async listen(transport, env) {
      const listening = await listen(server.bind, transport, env);
      removeSocket = listening.cleanup;
      return listening;
    },
    stop() {
      held.endAll();
      return server.stop(GRACEFUL_STOP_MS).then(() => removeSocket());
    },
    forceStop: () => server.forceStop(),
    removeSocket: () => removeSocket(),
  };
}
