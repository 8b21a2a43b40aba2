// The main thread's side of serving from a control thread (control-thread.ts): start the
// thread, run each call it forwards through the service's own handlers, and send the answers
// back as bytes. The handlers get call objects with the parts of grpc-js's they use (the
// request, "cancelled", write/end, a readable stream of requests), so the same
// implementations serve both ways.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { type Route, type RunningCall, routesOf, runHandler } from "../handler-calls.js";
import { HandshakeError } from "../handshake.js";
import { routeStdoutToStderr } from "../internal/stdout-guard.js";
import { defaultTransport } from "../listener.js";
import type { Logger } from "../log.js";
import type { PluginService, RunningPlugin, SettledServing } from "../server.js";
import { restoredFromStartupSnapshot } from "../snapshot.js";
import { GrpcStatus } from "./grpc-status.js";
import type { ControlThreadData, ToControl, ToMain } from "./messages.js";
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
  let routes = new Map<string, Route>();

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
  routes = routesOf(services);
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
  // Before the thread can write the handshake line: whoever reads it may signal at once, and
  // a SIGTERM with no listener would end the process without onShutdown, leaving the socket.
  // The thread stops serving and removes the socket first, then asks for the exit.
  process.once("SIGTERM", () => send({ kind: "stop" }));
  serving.log.trace("told the control thread what to serve", { methods: data.methods.length });
  send({ kind: "serve", data });
  // While the thread listens (on a machine with a core free, the thread's load is the longer
  // of the two paths to the handshake), work out the answers it can give by itself: the host's
  // first calls (the schema) are then answered without waiting for this thread.
  rememberAhead(routes, send);
  const started = await ready;
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

/** Works out the schema answers once, so the control thread has them before any handler runs. */
function rememberAhead(routes: Map<string, Route>, send: (message: ToControl) => void): void {
  for (const route of routes.values()) {
    if (!REMEMBERED.includes(route.method.name) || route.method.requestStream || route.method.responseStream)
      continue;
    const request = new Uint8Array(0);
    runHandler(route, request, {
      reply: (response) => send({ kind: "remember", path: route.method.path, request, response }),
      // Not remembered, then: the host's own call will reach the handler and get its answer.
      fail() {},
      write() {},
      end() {},
    });
  }
}

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
  const id = message.id;
  const done = () => calls.delete(id);
  const route = routes.get(message.path);
  if (!route) {
    send({ kind: "error", id, code: GrpcStatus.UNIMPLEMENTED, details: `no handler for ${message.path}` });
    return;
  }
  runHandler(
    route,
    message.request,
    {
      reply(response) {
        done();
        send({ kind: "reply", id, response });
      },
      write(chunk) {
        send({ kind: "chunk", id, message: chunk });
      },
      end() {
        done();
        send({ kind: "end", id });
      },
      fail(code, details) {
        done();
        send({ kind: "error", id, code, details });
      },
    },
    (call) => calls.set(id, call),
  );
}
