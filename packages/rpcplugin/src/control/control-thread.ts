/**
 * The control thread: a worker owning the plugin's gRPC server, so the host's controls are answered
 * whatever the main thread is doing.
 *
 * @packageDocumentation
 */
// The control thread: a worker that owns the plugin's gRPC server, so the host's controls are
// answered whatever the main thread is doing. JavaScript cannot interrupt a loop in its own
// thread, so control has to live where handlers do not run (docs/control-thread.md):
//
// - every app protocol call is forwarded to the main thread as raw bytes, and its answer comes
//   back the same way;
// - health, go-plugin's Shutdown and the watch on the host are answered here, always;
// - answers that never change (schemas) are kept, and repeated without asking the main thread;
// - StopProvider is forwarded too, so handlers see their stop signal, but answered here when
//   the main thread is busy; a call still running `stopGraceMs` after it is answered here as
//   cancelled, with an error diagnostic naming it, and the main thread is told to drop it;
// - on Shutdown, SIGTERM (which the main thread passes on as "stop") or once the host is
//   gone, the socket is removed and the main thread is asked to exit; a main thread
//   that cannot (a loop that never yields) is ended with the process.
//
// Logs go straight to file descriptor 2: a worker's process.stderr is relayed by the main
// thread, which may be the busy one. The gRPC server is wire-server.ts, not grpc-js: the
// thread only passes bytes, and its load is on the path of every start.
//
// The thread may be started before the main thread knows what it serves (thread-start.ts): it
// loads its modules and makes its TLS certificate, then waits for the "serve" message.
import { writeSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { createServerCertificate, type ServerCertificate } from "../auto-mtls.js";
import { pendingCompileCacheWrite } from "../compile-cache.js";
import { formatHandshakeLine } from "../handshake.js";
import { watchHost } from "../host-watch.js";
import { createLogger } from "../log.js";
import { cancelledResponse, requestTypeName } from "./cancelled-response.js";
import { GrpcStatus } from "./grpc-status.js";
import {
  type ControlThreadData,
  exactBytes,
  type ForwardedMethod,
  type ToControl,
  type ToMain,
} from "./messages.js";
import { createPluginServer, type PluginServer } from "./plugin-server.js";
import type { WireCall, WireMethod } from "./wire-server.js";

/** After Shutdown, or once the host is gone, how long the main thread has to exit by itself. */
const MAIN_EXIT_MS = 1000;

/**
 * The RPCs whose request names a resource, data source, function, action or list type in
 * field 1 (in others, field 1 is a version, an address or a message).
 */
const NAMED_BY_FIELD_1 =
  /^(Validate(Resource|ResourceType|DataResource|DataSource|EphemeralResource|ListResource|Action)Config|UpgradeResource(State|Identity)|ReadResource|PlanResourceChange|ApplyResourceChange|ImportResourceState|ReadDataSource|(Open|Renew|Close)EphemeralResource|CallFunction|ListResource|PlanAction|InvokeAction)$/;

/** Where a forwarded call's answer goes: the host's call itself, or nowhere once answered here. */
type Answer = Pick<WireCall, "reply" | "fail" | "write" | "end">;

/** StopProvider is answered here at once; the main thread's own answer is dropped. */
const ALREADY_ANSWERED: Answer = { reply() {}, fail() {}, write() {}, end() {} };

interface Pending {
  readonly method: ForwardedMethod;
  readonly request: Uint8Array | undefined;
  readonly answer: Answer;
}

const port = parentPort!;
const log = createLogger({ module: "rpcplugin", write: (line) => writeSync(2, line) });
const post = (message: ToMain) => port.postMessage(message);

/** What to serve: set by the "serve" message, before any call can arrive. */
let data: ControlThreadData;
/** How main() ends serving: set before its first await, so before any "stop" is read. */
let endServing: ((graceful: boolean) => void) | undefined;
const pending = new Map<number, Pending>();
const remembered = new Map<string, Uint8Array>();
let nextId = 1;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const memoryKey = (path: string, request: Uint8Array) => `${path} ${asBuffer(request).toString("base64")}`;

/**
 * The TLS certificate, made while the main thread loads the provider when the host asked for
 * AutoMTLS (it set PLUGIN_CLIENT_CERT, as Terraform and OpenTofu do). One that could not be made
 * here is made in main(), which reports why not.
 */
let certificateAhead: ServerCertificate | undefined;
if (process.env.PLUGIN_CLIENT_CERT) {
  try {
    certificateAhead = createServerCertificate();
  } catch {
    // Made in main(), where a failure is reported.
  }
}

// For the start-up breakdown (apps/bench): from here the thread only waits for the main thread.
log.trace("control thread loaded", { certificate: certificateAhead !== undefined });

port.on("message", (message: ToControl) => {
  if (message.kind === "serve") {
    if (data !== undefined) return;
    data = message.data;
    main().catch((err: unknown) => post({ kind: "failed", message: (err as Error).message ?? String(err) }));
    return;
  }
  if (message.kind === "stop") {
    endServing?.(true);
    return;
  }
  if (message.kind === "remember") {
    remembered.set(memoryKey(message.path, message.request), message.response);
    return;
  }
  // Answers for calls already answered here (cancelled after the grace) are dropped.
  const call = pending.get(message.id);
  if (!call) return;
  switch (message.kind) {
    case "reply":
      pending.delete(message.id);
      if (data.remembered.includes(call.method.name) && call.request) {
        remembered.set(memoryKey(call.method.path, call.request), message.response);
      }
      call.answer.reply(message.response);
      break;
    case "error":
      pending.delete(message.id);
      call.answer.fail(message.code, message.details);
      break;
    case "chunk":
      call.answer.write(message.message);
      break;
    case "end":
      pending.delete(message.id);
      call.answer.end();
      break;
  }
});

/** Registers a call, hands it to the main thread, and tells it when the host gives up on it. */
function forward(
  call: WireCall,
  method: ForwardedMethod,
  request: Uint8Array | undefined,
  answer: Answer = call,
): number {
  const id = nextId++;
  pending.set(id, { method, request, answer });
  call.onCancelled(() => {
    if (pending.delete(id)) post({ kind: "cancelled", id });
  });
  post(
    request === undefined
      ? { kind: "call", id, path: method.path }
      : { kind: "call", id, path: method.path, request: exactBytes(request) },
  );
  if (method.name === data.stopMethod) stopRequested(id);
  return id;
}

/**
 * The host asked running calls to stop. The main thread hears it too (the call is forwarded,
 * and its handlers see their signal), but the answer is given here at once: StopProvider's
 * answer says nothing but that the request arrived, and the main thread may be the busy one.
 * Calls still running `stopGraceMs` later are answered here as cancelled.
 */
function stopRequested(stopId: number): void {
  const running = [...pending.keys()].filter((id) => id !== stopId);
  setTimeout(() => {
    for (const id of running) {
      const call = pending.get(id);
      if (call) cancelHere(id, call);
    }
  }, data.stopGraceMs).unref();
}

function cancelHere(id: number, call: Pending): void {
  pending.delete(id);
  post({ kind: "cancelled", id });
  const seconds = data.stopGraceMs / 1000;
  const typeName =
    call.request && NAMED_BY_FIELD_1.test(call.method.name) ? requestTypeName(call.request) : undefined;
  const what = typeName ? `${call.method.name} of ${typeName}` : call.method.name;
  const summary = `${what} was cancelled`;
  const detail =
    `Terraform asked the provider to stop, and ${what} was still running ${seconds} s later, so the ` +
    "provider ended the call without its result. Whatever it was changing may be half done: run a plan to see where things stand.";
  log.warn("ended a call still running after the stop grace period", {
    rpc: call.method.name,
    type: typeName,
  });
  const answer = cancelledResponse(data.protocolVersion, call.method.name, summary, detail);
  if (!answer) {
    call.answer.fail(GrpcStatus.CANCELLED, `${summary}: ${detail}`);
  } else if (call.method.responseStream) {
    call.answer.write(answer);
    call.answer.end();
  } else {
    call.answer.reply(answer);
  }
}

/** The app protocol's methods, each call passed on to the main thread as bytes. */
function forwardingMethods(methods: readonly ForwardedMethod[]): WireMethod[] {
  return methods.map((method) => ({
    path: method.path,
    requestStream: method.requestStream,
    responseStream: method.responseStream,
    handle(call: WireCall) {
      if (method.requestStream && method.responseStream) {
        // No provider RPC streams both ways.
        call.fail(GrpcStatus.UNIMPLEMENTED, `${method.name} streams both ways`);
        return;
      }
      if (method.requestStream) {
        const id = forward(call, method, undefined);
        call.onMessage((message) => post({ kind: "in", id, message: exactBytes(message) }));
        call.onEnd(() => post({ kind: "in-end", id }));
        return;
      }
      const request = call.request!;
      if (!method.responseStream) {
        const known = data.remembered.includes(method.name)
          ? remembered.get(memoryKey(method.path, request))
          : undefined;
        if (known) {
          call.reply(known);
          return;
        }
        if (method.name === data.stopMethod) {
          // StopProvider's answer has one field, Error, empty when the request went through.
          call.reply(new Uint8Array(0));
          forward(call, method, request, ALREADY_ANSWERED);
          return;
        }
      }
      forward(call, method, request);
    },
  }));
}

/** Asks the main thread to end the process, and ends it here if the main thread cannot. */
function endProcess(graceful: boolean, server: PluginServer): void {
  const ask = () => {
    post({ kind: "shutdown" });
    setTimeout(() => {
      // The main thread is in a loop that never yields: nothing it holds can be saved.
      server.removeSocket();
      process.kill(process.pid, "SIGKILL");
    }, MAIN_EXIT_MS).unref();
  };
  if (graceful) {
    void server.stop().then(ask);
  } else {
    server.forceStop();
    ask();
  }
}

async function main(): Promise<void> {
  const tls = data.clientCert ? (certificateAhead ?? createServerCertificate()) : undefined;
  const server = createPluginServer({
    ...(tls ? { tls: { certificate: tls, clientCertPem: data.clientCert! } } : {}),
    log,
    onShutdown: () => {
      log.debug("the host asked to shut down");
      end(true);
    },
    methods: forwardingMethods(data.methods),
  });
  let ending = false;
  let listened = false;
  const end = (graceful: boolean) => {
    if (ending) return;
    ending = true;
    // A stop while the socket is being made waits for it, so that it is removed.
    if (listened) endProcess(graceful, server);
  };
  endServing = end;
  const listening = await server.listen(data.transport, process.env);
  listened = true;
  if (ending) {
    // Stopped before the handshake went out: the host never heard of this socket.
    endProcess(true, server);
    return;
  }
  log.debug("plugin server listening in its control thread", {
    network: listening.network,
    address: listening.address,
    protocol_version: data.protocolVersion,
    tls: tls !== undefined,
  });
  // Nothing is logged: the host read the log from a pipe that closed with it.
  watchHost(data.hostPid, () => end(false));
  const handshakeLine = formatHandshakeLine({
    protocolVersion: data.protocolVersion,
    network: listening.network,
    address: listening.address,
    ...(tls ? { certificateDer: tls.certificateDer } : {}),
  });
  writeSync(1, handshakeLine);
  // This thread's code cache, on a first start, is written before the main thread hears that
  // serving began: from then on the main thread may change a V8 flag (@tsvider/rpcplugin's
  // heap.ts), and V8 rejects a cache written under other flags than it is read under.
  // (A worker ends with its process without an "exit" event of its own, so the thread asks for
  // the write itself, once it has started: the cache holds what a start compiles.)
  pendingCompileCacheWrite()?.();
  post({ kind: "ready", handshakeLine, network: listening.network, address: listening.address });
}
