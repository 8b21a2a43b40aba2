// The main thread's side of serving from a control thread (control-thread.ts): start the
// thread, run each call it forwards through the service's own handlers, and send the answers
// back as bytes. The handlers get call objects with the parts of grpc-js's they use (the
// request, "cancelled", write/end, a readable stream of requests), so the same
// implementations serve both ways.
import { EventEmitter } from "node:events";
import { existsSync } from "node:fs";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import type * as grpc from "@grpc/grpc-js";
import { HandshakeError } from "../handshake.js";
import { routeStdoutToStderr } from "../internal/stdout-guard.js";
import { defaultTransport } from "../listener.js";
import type { Logger } from "../log.js";
import type { PluginService, RunningPlugin, SettledServing } from "../server.js";
import { restoredFromStartupSnapshot } from "../snapshot.js";
import {
  type ControlThreadData,
  exactBytes,
  type ForwardedMethod,
  type ToControl,
  type ToMain,
} from "./messages.js";
import {
  adoptEarlyControlThread,
  CONTROL_THREAD_SOURCE,
  hasEarlyControlThread,
  startControlThread,
} from "./thread-start.js";

/** Answers that depend on nothing but the request, which the control thread may repeat. */
const REMEMBERED = [
  "GetMetadata",
  "GetProviderSchema",
  "GetSchema",
  "GetResourceIdentitySchemas",
  "GetFunctions",
];
const DEFAULT_STOP_GRACE_MS = 5000;

interface Route {
  readonly method: ForwardedMethod;
  // biome-ignore lint/suspicious/noExplicitAny: grpc-js definitions are typed per message.
  readonly definition: grpc.MethodDefinition<any, any>;
  readonly handler: (...args: unknown[]) => void;
}

/** The control thread's code: the bundle's own copy, else the file beside this one. */
function controlThreadCode():
  | { readonly code: string; readonly eval: boolean }
  | { readonly missing: string } {
  const bundled = (globalThis as Record<symbol, unknown>)[CONTROL_THREAD_SOURCE];
  if (typeof bundled === "string") return { code: bundled, eval: true };
  const here = typeof import.meta.url === "string" ? import.meta.url : undefined;
  const file = here ? fileURLToPath(new URL("./control-thread.js", here)) : undefined;
  if (file === undefined || !existsSync(file)) {
    return {
      missing:
        "its code is neither in this bundle nor in @tsvider/rpcplugin's files " +
        `(${file ?? "no file location"}); a bundle made by \`tsvider build\` carries it`,
    };
  }
  return { code: file, eval: false };
}

/**
 * Why this process cannot serve from a control thread, or undefined when it can: a process
 * restored from a start-up snapshot (see snapshot.ts), or one whose bundle lacks the thread's
 * code (a provider bundled by other means than `tsvider build`).
 */
export function controlThreadUnavailable(): string | undefined {
  if (restoredFromStartupSnapshot()) {
    return "a provider restored from a start-up snapshot (`tsvider build --snapshot`) cannot start one: Node 24 and 25 abort when a worker of such an executable loads crypto, and where Node does not (26), a thread started after the restore makes the start slower than no snapshot at all";
  }
  if (hasEarlyControlThread()) return undefined;
  const code = controlThreadCode();
  return "missing" in code ? code.missing : undefined;
}

/** The control thread the provider's file started (see thread-start.ts), else one started now. */
function controlThread(log: Logger): Worker {
  const early = adoptEarlyControlThread();
  if (early) {
    log.debug("serving through the control thread the provider's file started");
    return early;
  }
  const thread = controlThreadCode();
  if ("missing" in thread) throw new HandshakeError(`the control thread cannot start: ${thread.missing}`);
  return startControlThread(thread.code, thread.eval);
}

export async function serveWithControlThread(serving: SettledServing): Promise<RunningPlugin> {
  // Before the services are loaded, so that a thread started only now boots meanwhile.
  const worker = controlThread(serving.log);
  try {
    return await serveThrough(worker, serving);
  } catch (err) {
    // The thread holds the process open, and may hold a socket.
    await worker.terminate();
    throw err;
  }
}

async function serveThrough(worker: Worker, serving: SettledServing): Promise<RunningPlugin> {
  const send = (message: ToControl) => worker.postMessage(message);
  const calls = new Map<number, RunningCall>();
  const routes = new Map<string, Route>();

  const shutdownAndExit = async () => {
    try {
      await serving.onShutdown?.();
    } finally {
      serving.exit(0);
    }
  };

  // Listening from the start: an error in the thread while the services load is reported.
  const ready = new Promise<Extract<ToMain, { kind: "ready" }>>((resolve, reject) => {
    worker.on("error", (err) => {
      // The plugin cannot serve without its control thread.
      serving.log.error("the control thread failed", { error: String(err) });
      reject(err);
      serving.exit(1);
    });
    worker.on("exit", (code) =>
      reject(new HandshakeError(`the control thread exited (status ${code}) before it served`)),
    );
    worker.on("message", (message: ToMain) => {
      switch (message.kind) {
        case "ready":
          resolve(message);
          break;
        case "failed":
          reject(new HandshakeError(message.message));
          break;
        case "call":
          startCall(routes, message, send, calls);
          break;
        case "in":
          calls.get(message.id)?.receive?.(message.message);
          break;
        case "in-end":
          calls.get(message.id)?.finish?.();
          break;
        case "cancelled": {
          const call = calls.get(message.id);
          calls.delete(message.id);
          call?.cancel();
          break;
        }
        case "shutdown":
          void shutdownAndExit();
          break;
      }
    });
  });
  // Not unhandled while the services load; awaited below.
  ready.catch(() => {});

  const chosen = serving.versions[serving.protocolVersion] ?? [];
  const services: readonly PluginService[] = typeof chosen === "function" ? await chosen() : chosen;
  for (const { definition, implementation } of services) {
    for (const [key, method] of Object.entries(definition)) {
      const handler = implementation[key];
      if (!handler) continue;
      const name = method.path.slice(method.path.lastIndexOf("/") + 1);
      routes.set(method.path, {
        method: {
          name,
          path: method.path,
          requestStream: method.requestStream,
          responseStream: method.responseStream,
        },
        definition: method,
        handler: handler as Route["handler"],
      });
    }
  }
  const data: ControlThreadData = {
    protocolVersion: serving.protocolVersion,
    methods: [...routes.values()].map((r) => r.method),
    stopMethod: serving.stopMethod ?? (serving.protocolVersion === 5 ? "Stop" : "StopProvider"),
    remembered: REMEMBERED,
    stopGraceMs: serving.stopGraceMs ?? DEFAULT_STOP_GRACE_MS,
    transport: serving.transport ?? defaultTransport(),
    clientCert: serving.clientCert,
    hostPid: process.ppid,
  };
  serving.log.trace("told the control thread what to serve", { methods: data.methods.length });
  send({ kind: "serve", data });
  // While the thread listens (on a machine with a core free, the thread's load is the longer
  // of the two paths to the handshake), work out the answers it can give by itself: the host's
  // first calls (the schema) are then answered without waiting for this thread.
  rememberAhead(routes, send);
  const started = await ready;
  process.once("SIGTERM", () => void shutdownAndExit());
  // The control thread wrote the handshake line; anything printed later goes to stderr (see
  // server.ts).
  routeStdoutToStderr();
  return {
    protocolVersion: serving.protocolVersion,
    network: started.network,
    address: started.address,
    handshakeLine: started.handshakeLine,
    stop: () => worker.terminate().then(() => {}),
  };
}

/** A handler's answer as bytes, or why it cannot be sent (a bug in the handler). */
function serialized(route: Route, value: unknown): Uint8Array | Error {
  try {
    return exactBytes(route.definition.responseSerialize(value));
  } catch (err) {
    return new Error(`the answer to ${route.method.name} cannot be encoded: ${(err as Error).message}`);
  }
}

/** Works out the schema answers once, so the control thread has them before any handler runs. */
function rememberAhead(routes: Map<string, Route>, send: (message: ToControl) => void): void {
  for (const route of routes.values()) {
    if (!REMEMBERED.includes(route.method.name) || route.method.requestStream || route.method.responseStream)
      continue;
    const request = new Uint8Array(0);
    const shim = new CallShim(route.definition.requestDeserialize(Buffer.from(request)));
    try {
      route.handler(shim, (err: unknown, value: unknown) => {
        // Not remembered, then: the host's own call will reach the handler and get its answer.
        if (err) return;
        const response = serialized(route, value);
        if (response instanceof Uint8Array)
          send({ kind: "remember", path: route.method.path, request, response });
      });
    } catch {
      // Likewise.
    }
  }
}

/** A forwarded call while its handler runs: what the control thread's later messages reach. */
interface RunningCall {
  /** A client stream's next request message, and its end. */
  receive?(message: Uint8Array): void;
  finish?(): void;
  cancel(): void;
}

/**
 * What a grpc-js handler gets: the request, the "cancelled" event and `cancelled`, and, for a
 * server stream, write and end; a client stream is read as a stream of requests.
 */
class CallShim extends EventEmitter {
  cancelled = false;
  readonly metadata = { get: () => [], getMap: () => ({}) };
  onWrite: (message: unknown) => void = () => {};
  onEnd: () => void = () => {};

  constructor(readonly request: unknown) {
    super();
  }

  getPeer(): string {
    return "control-thread";
  }
  write(message: unknown): boolean {
    this.onWrite(message);
    return true;
  }
  end(): void {
    this.onEnd();
  }
  cancel(): void {
    this.cancelled = true;
    this.emit("cancelled");
  }
}

/** gRPC status codes (grpc-js's `status`), named here so this side needs no grpc-js. */
const UNKNOWN = 2;
const UNIMPLEMENTED = 12;
const INTERNAL = 13;

/**
 * Runs one forwarded call through its handler. The call is in `calls` while it runs (a handler
 * may answer before it returns), so that "in", "in-end" and "cancelled" reach it.
 */
function startCall(
  routes: Map<string, Route>,
  message: Extract<ToMain, { kind: "call" }>,
  send: (message: ToControl) => void,
  calls: Map<number, RunningCall>,
): void {
  const route = routes.get(message.path);
  const id = message.id;
  const done = () => calls.delete(id);
  const fail = (code: number, details: string) => {
    done();
    send({ kind: "error", id, code, details });
  };
  if (!route) {
    fail(UNIMPLEMENTED, `no handler for ${message.path}`);
    return;
  }
  const callback = (err: { code?: number; details?: string; message?: string } | null, value?: unknown) => {
    if (err) {
      fail(err.code ?? UNKNOWN, err.details ?? err.message ?? String(err));
      return;
    }
    const response = serialized(route, value);
    if (response instanceof Uint8Array) {
      done();
      send({ kind: "reply", id, response });
    } else {
      fail(INTERNAL, response.message);
    }
  };
  try {
    if (route.method.requestStream) {
      // A client stream: the handler reads the call itself as a stream of requests.
      const stream = new Readable({ objectMode: true, read() {} });
      const shim = Object.assign(stream, {
        cancelled: false,
        metadata: { get: () => [], getMap: () => ({}) },
        getPeer: () => "control-thread",
        receive: (bytes: Uint8Array) => {
          // Later, outside the try below: a message that cannot be decoded ends the call.
          try {
            stream.push(route.definition.requestDeserialize(Buffer.from(bytes)));
          } catch (err) {
            fail(
              INTERNAL,
              `tsvider's ${route.method.name}: a request message cannot be decoded: ${(err as Error).message}`,
            );
            stream.destroy();
          }
        },
        finish: () => stream.push(null),
        cancel: () => {
          shim.cancelled = true;
          stream.emit("cancelled");
          stream.destroy();
        },
      });
      calls.set(id, shim);
      route.handler(shim, callback);
      return;
    }
    const shim = new CallShim(
      route.definition.requestDeserialize(Buffer.from(message.request ?? new Uint8Array(0))),
    );
    calls.set(id, shim);
    if (route.method.responseStream) {
      shim.onWrite = (value) => {
        const chunk = serialized(route, value);
        if (chunk instanceof Uint8Array) send({ kind: "chunk", id, message: chunk });
        else fail(INTERNAL, chunk.message);
      };
      shim.onEnd = () => {
        done();
        send({ kind: "end", id });
      };
      route.handler(shim);
    } else {
      route.handler(shim, callback);
    }
  } catch (err) {
    // The handlers catch what they call; this is a request that cannot be decoded, or a
    // handler that threw before its own guard.
    fail(INTERNAL, `tsvider's ${route.method.name}: ${(err as Error).message ?? String(err)}`);
  }
}
