// The plugin process's side of go-plugin: check the cookie, pick the protocol version, start
// a gRPC server (over mTLS when the host asks for it) on a unix socket or TCP, announce it
// with the handshake line, and stay up until the host calls Shutdown, sends SIGTERM or is gone
// (host-watch.ts). In debug mode a person starts the plugin instead, and it tells them how to
// attach the host. This module settles what to serve and from where; control/main-side.ts
// serves through the control thread, main-thread-server.ts from the main thread.
import { X509Certificate } from "node:crypto";
import type * as grpc from "@grpc/grpc-js";
import { controlThreadUnavailable, serveWithControlThread } from "./control/main-side.js";
import { discardEarlyControlThread } from "./control/thread-start.js";
import { installCrashHandlers } from "./crash.js";
import { controlThreadSetting, debugRequested } from "./env-switches.js";
import {
  checkMagicCookie,
  HandshakeError,
  type MagicCookie,
  negotiateProtocolVersion,
  terraformMagicCookie,
} from "./handshake.js";
import { keepHeapSmallOnceCached } from "./heap.js";
import type { Transport } from "./listener.js";
import { createLogger, type Logger } from "./log.js";
import { afterStartupSnapshot, buildingStartupSnapshot } from "./snapshot.js";

/** One gRPC service to serve: a definition from generated code and its handlers. */
export interface PluginService {
  // biome-ignore lint/suspicious/noExplicitAny: grpc-js definitions are typed per message.
  readonly definition: grpc.ServiceDefinition<any>;
  readonly implementation: grpc.UntypedServiceImplementation;
}

/** A version's services, or how to get them once that version is chosen. */
export type ServicesForVersion =
  | readonly PluginService[]
  | (() => readonly PluginService[] | Promise<readonly PluginService[]>);

/**
 * Options of `servePlugin`: the program's name, the services to serve for each protocol version,
 * and how to listen.
 */
export interface ServePluginOptions {
  /** Named in the note printed when someone runs the plugin by hand. */
  readonly programName: string;
  /**
   * The services to serve for each app protocol version, e.g. `{ 5: [v5], 6: [v6] }`. A
   * function is called for the negotiated version only, so the code (and the generated
   * stubs) of versions the host does not speak need not even be loaded.
   */
  readonly versions: Readonly<Record<number, ServicesForVersion>>;
  /** The cookie the host sets (go-plugin's HandshakeConfig); default: Terraform's. */
  readonly magicCookie?: MagicCookie;
  /**
   * What to tell a person who runs the plugin by hand, after the sentence saying it is a
   * plugin: how to start it through its host. Default: for Terraform's cookie, to declare it
   * in required_providers and run `tofu init`; for another cookie, to start its host instead.
   */
  readonly hostHint?: string;
  /** Called after the host asked the plugin to stop (Shutdown or SIGTERM), before exit. */
  readonly onShutdown?: () => void | Promise<void>;
  /** "unix" (the default, but on Windows) or "tcp" on 127.0.0.1 within PLUGIN_MIN_PORT..PLUGIN_MAX_PORT. */
  readonly transport?: Transport;
  /**
   * Debug mode: serve without the host's handshake, print TF_REATTACH_PROVIDERS for a person
   * to give the host, and keep serving until stopped. Default: on when TSVIDER_DEBUG is 1 or true.
   */
  readonly debug?: boolean;
  /**
   * The keys of TF_REATTACH_PROVIDERS in debug mode: full source addresses such as
   * registry.opentofu.org/acme/widgets. Default: programName.
   */
  readonly reattachAddresses?: readonly string[];
  /** Where the server logs its own events. Default: hclog JSON on stderr at the host's TF_LOG level. */
  readonly logger?: Logger;
  /**
   * Serve from a thread of its own (control/control-thread.ts): the gRPC server, the host's
   * controls (health, Shutdown, StopProvider) and the watch on the host then answer even while
   * a handler in the main thread computes without yielding. Default: on, unless
   * TSVIDER_CONTROL_THREAD is 0 (or false, off, no), and where a control thread can run (not in
   * a process restored from a start-up snapshot, nor in a bundle without the thread's code,
   * where the plugin serves from the main thread). Never in debug mode, nor with
   * writeHandshake. See docs/control-thread.md.
   */
  readonly controlThread?: boolean;
  /**
   * With the control thread: how long a call may go on after the host asked the plugin to stop
   * (the method named `stopMethod`) before the control thread answers it as cancelled. Default
   * 5000 ms.
   */
  readonly stopGraceMs?: number;
  /**
   * With the control thread: the app protocol's RPC that asks running calls to stop; the
   * control thread answers it at once with an empty message. Default: Stop for protocol 5,
   * StopProvider otherwise (tfplugin5 and tfplugin6).
   */
  readonly stopMethod?: string;
  /** For tests: the environment to read instead of process.env. */
  readonly env?: NodeJS.ProcessEnv;
  /** For tests: where the handshake line (in debug mode, the instructions) goes instead of stdout. */
  readonly writeHandshake?: (line: string) => void;
  /** For tests: what ends the process. */
  readonly exit?: (code: number) => void;
}

/**
 * A plugin `servePlugin` started: the negotiated protocol version, where it listens, the handshake
 * line it wrote, and how to stop it.
 */
export interface RunningPlugin {
  readonly protocolVersion: number;
  readonly network: Transport;
  readonly address: string;
  /** The handshake line as written (with its newline); in debug mode, the instructions. */
  readonly handshakeLine: string;
  /** In debug mode, the value of TF_REATTACH_PROVIDERS. */
  readonly reattach?: string;
  /** Stops serving, removes the socket, and resolves when the server is closed. */
  stop(): Promise<void>;
}

/**
 * What servePlugin has settled before it serves, from the control thread (control/main-side.ts)
 * or from the main thread (main-thread-server.ts).
 */
export interface SettledServing extends ServePluginOptions {
  readonly protocolVersion: number;
  /** The host's certificate, when it asked for AutoMTLS. */
  readonly clientCert: string | undefined;
  readonly log: Logger;
  readonly exit: (code: number) => void;
}

export { debugRequested } from "./env-switches.js";

/**
 * Whether to serve from a control thread: by default, unless the provider's code
 * (`controlThread: false`) or TSVIDER_CONTROL_THREAD=0 says otherwise. Where no control thread
 * can run (controlThreadUnavailable), a default falls back to the main thread and says so in
 * the log; one asked for explicitly ends the start with the reason, as the author or the
 * person who set the variable expected a provider that stays in control.
 */
function wantsControlThread(
  options: ServePluginOptions,
  env: NodeJS.ProcessEnv,
  log: Logger,
  exit: (code: number) => void,
): boolean {
  const refuse = (message: string): never =>
    refuseToStart(`${options.programName}: ${message}`, new HandshakeError(message), exit);
  let asked: boolean | undefined;
  try {
    asked = options.controlThread ?? controlThreadSetting(env);
  } catch (err) {
    return refuse((err as Error).message);
  }
  if (asked === false) return false;
  const unavailable = controlThreadUnavailable();
  if (unavailable === undefined) return true;
  if (asked === true) {
    return refuse(
      `serving from a control thread was asked for (${options.controlThread ? "controlThread: true" : "TSVIDER_CONTROL_THREAD"}), but ${unavailable}. ` +
        "Serve from the main thread (controlThread: false or TSVIDER_CONTROL_THREAD=0), or build the provider so that it can have one.",
    );
  }
  log.debug(`serving from the main thread: ${unavailable}`);
  return false;
}

export { MAX_MESSAGE_BYTES } from "./limits.js";

/**
 * Ends a start that cannot go on: the reason on stderr, where the host (or the person who ran
 * the plugin) reads it, exit status 1, and `err` thrown for a caller whose `exit` returns (a test).
 */
function refuseToStart(text: string, err: unknown, exit: (code: number) => void): never {
  process.stderr.write(`${text}\n`);
  exit(1);
  throw err;
}

/**
 * Serves a go-plugin plugin. When the cookie is missing it prints a note for the human who
 * ran it and exits with status 1. In a start-up snapshot's build it serves once the snapshot
 * is restored (see snapshot.ts).
 */
export function servePlugin(options: ServePluginOptions): Promise<RunningPlugin> {
  // A process restored from a snapshot serves from the main thread: evaluate that server's
  // modules now, into the snapshot, rather than at every start. A failure shows when serving.
  if (buildingStartupSnapshot()) import("./main-thread-server.js").catch(() => {});
  return afterStartupSnapshot(() => servePluginNow(options));
}

async function servePluginNow(options: ServePluginOptions): Promise<RunningPlugin> {
  const env = options.env ?? process.env;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const debug = options.debug ?? debugRequested(env);
  const log = options.logger ?? createLogger({ module: "rpcplugin", env });
  // Serving for real (not from a test): this process is the plugin.
  const ownsProcess = !options.writeHandshake;
  // Ctrl-C reaches the whole process group; hosts stop plugins through their own RPCs. A
  // person running the plugin in debug mode stops it with Ctrl-C, though.
  if (ownsProcess && !debug) process.on("SIGINT", () => {});
  if (ownsProcess) installCrashHandlers();
  const served = Object.keys(options.versions).map((v) => Number(v));

  if (!debug) {
    try {
      checkMagicCookie(
        env,
        options.magicCookie ?? terraformMagicCookie,
        options.programName,
        options.hostHint,
      );
    } catch (err) {
      refuseToStart((err as Error).message, err, exit);
    }
  }

  let protocolVersion: number;
  try {
    // In debug mode nobody offers versions: serve the newest (the reattach config names it).
    protocolVersion = debug
      ? Math.max(...served)
      : negotiateProtocolVersion(env.PLUGIN_PROTOCOL_VERSIONS, served);
    if (!Number.isInteger(protocolVersion)) throw new HandshakeError("the plugin serves no protocol version");
  } catch (err) {
    refuseToStart(`${options.programName}: ${(err as Error).message}`, err, exit);
  }

  // The host connects to a reattached plugin without TLS.
  const clientCert = debug ? undefined : env.PLUGIN_CLIENT_CERT;
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
  if (ownsProcess && !debug && wantsControlThread(options, env, log, exit)) {
    const running = await serveWithControlThread({ ...options, protocolVersion, clientCert, log, exit });
    keepHeapSmallOnceCached(env);
    return running;
  }
  // The provider's file may have started one (control/thread-start.ts).
  discardEarlyControlThread();
  // Loaded only here: it brings the gRPC server, tls and http2, which serving through the
  // control thread never loads on this thread (docs/control-thread.md).
  const { serveFromMainThread } = await import("./main-thread-server.js");
  return serveFromMainThread({ ...options, protocolVersion, clientCert, debug, env, ownsProcess, log, exit });
}
