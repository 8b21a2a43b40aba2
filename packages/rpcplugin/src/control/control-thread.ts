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
// - on Shutdown, or once the host is gone, the main thread is asked to exit; a main thread
//   that cannot (a loop that never yields) is ended with the process.
//
// Logs go straight to file descriptor 2: a worker's process.stderr is relayed by the main
// thread, which may be the busy one.
//
// The thread may be started before the main thread knows what it serves (thread-start.ts): it
// loads its modules and makes its TLS certificate, then waits for the "serve" message.
import { writeSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import * as grpc from "@grpc/grpc-js";
import { createServerCertificate, type ServerCertificate } from "../auto-mtls.js";
import { pendingCompileCacheWrite } from "../compile-cache.js";
import { createPluginGrpcServer } from "../grpc-server.js";
import { formatHandshakeLine } from "../handshake.js";
import { watchHost } from "../host-watch.js";
import { listen } from "../listener.js";
import { createLogger } from "../log.js";
import { addPluginServices } from "../services.js";
import { cancelledResponse, requestTypeName } from "./cancelled-response.js";
import {
  type ControlThreadData,
  exactBytes,
  type ForwardedMethod,
  type ToControl,
  type ToMain,
} from "./messages.js";

/** After Shutdown, or once the host is gone, how long the main thread has to exit by itself. */
const MAIN_EXIT_MS = 1000;

/**
 * The RPCs whose request names a resource, data source, function, action or list type in
 * field 1 (in others, field 1 is a version, an address or a message).
 */
const NAMED_BY_FIELD_1 =
  /^(Validate(Resource|ResourceType|DataResource|DataSource|EphemeralResource|ListResource|Action)Config|UpgradeResource(State|Identity)|ReadResource|PlanResourceChange|ApplyResourceChange|ImportResourceState|ReadDataSource|(Open|Renew|Close)EphemeralResource|CallFunction|ListResource|PlanAction|InvokeAction)$/;

interface Pending {
  readonly method: ForwardedMethod;
  readonly request: Uint8Array | undefined;
  reply(response: Uint8Array): void;
  fail(code: number, details: string): void;
  /** Server streams: one message. */
  write(message: Uint8Array): void;
  end(): void;
}

const port = parentPort!;
const log = createLogger({ module: "rpcplugin", write: (line) => writeSync(2, line) });
const post = (message: ToMain) => port.postMessage(message);
// grpc-js reports problems on the console, which the main thread relays; make them log lines.
grpc.setLogger({ error: (...args: unknown[]) => log.debug(args.map(String).join(" ")) });

/** What to serve: set by the "serve" message, before any call can arrive. */
let data: ControlThreadData;
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
      call.reply(message.response);
      break;
    case "error":
      pending.delete(message.id);
      call.fail(message.code, message.details);
      break;
    case "chunk":
      call.write(message.message);
      break;
    case "end":
      pending.delete(message.id);
      call.end();
      break;
  }
});

/** Registers a call, hands it to the main thread, and tells it when the host gives up on it. */
function forward(
  call: { on(event: "cancelled", f: () => void): unknown },
  method: ForwardedMethod,
  request: Uint8Array | undefined,
  handlers: Omit<Pending, "method" | "request">,
): number {
  const id = nextId++;
  pending.set(id, { method, request, ...handlers });
  call.on("cancelled", () => {
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
    call.fail(grpc.status.CANCELLED, `${summary}: ${detail}`);
  } else if (call.method.responseStream) {
    call.write(answer);
    call.end();
  } else {
    call.reply(answer);
  }
}

/** A grpc-js definition that passes every message through as bytes. */
function forwardingDefinition(methods: readonly ForwardedMethod[]): grpc.ServiceDefinition {
  const definition: Record<string, grpc.MethodDefinition<Buffer, Uint8Array>> = {};
  for (const method of methods) {
    definition[method.name] = {
      path: method.path,
      requestStream: method.requestStream,
      responseStream: method.responseStream,
      requestSerialize: asBuffer,
      requestDeserialize: (bytes: Buffer) => bytes,
      responseSerialize: asBuffer,
      responseDeserialize: (bytes: Buffer) => bytes,
    };
  }
  return definition as grpc.ServiceDefinition;
}

function forwardingImplementation(methods: readonly ForwardedMethod[]): grpc.UntypedServiceImplementation {
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const method of methods) {
    if (!method.requestStream && !method.responseStream) {
      implementation[method.name] = (
        call: grpc.ServerUnaryCall<Uint8Array, Uint8Array>,
        callback: grpc.sendUnaryData<Uint8Array>,
      ) => {
        const known = data.remembered.includes(method.name)
          ? remembered.get(memoryKey(method.path, call.request))
          : undefined;
        if (known) {
          callback(null, known);
          return;
        }
        if (method.name === data.stopMethod) {
          // StopProvider's answer has one field, Error, empty when the request went through.
          callback(null, new Uint8Array(0));
          forward(call, method, call.request, { reply() {}, fail() {}, write() {}, end() {} });
          return;
        }
        forward(call, method, call.request, {
          reply: (response) => callback(null, response),
          fail: (code, details) => callback({ code, details }),
          write: () => {},
          end: () => {},
        });
      };
    } else if (!method.requestStream) {
      implementation[method.name] = (call: grpc.ServerWritableStream<Uint8Array, Uint8Array>) => {
        forward(call, method, call.request, {
          reply: () => {},
          fail: (code, details) => call.emit("error", { code, details }),
          write: (message) => call.write(message),
          end: () => call.end(),
        });
      };
    } else if (!method.responseStream) {
      implementation[method.name] = (
        call: grpc.ServerReadableStream<Uint8Array, Uint8Array>,
        callback: grpc.sendUnaryData<Uint8Array>,
      ) => {
        const id = forward(call, method, undefined, {
          reply: (response) => callback(null, response),
          fail: (code, details) => callback({ code, details }),
          write: () => {},
          end: () => {},
        });
        call.on("data", (message: Uint8Array) => post({ kind: "in", id, message: exactBytes(message) }));
        call.on("end", () => post({ kind: "in-end", id }));
      };
    } else {
      // No provider RPC streams both ways.
      implementation[method.name] = (call: grpc.ServerDuplexStream<Uint8Array, Uint8Array>) => {
        call.emit("error", { code: grpc.status.UNIMPLEMENTED, details: `${method.name} streams both ways` });
      };
    }
  }
  return implementation;
}

/** Asks the main thread to end the process, and ends it here if the main thread cannot. */
function endProcess(
  graceful: boolean,
  stop: () => Promise<void>,
  forceStop: () => void,
  cleanup: () => void,
): void {
  const ask = () => {
    post({ kind: "shutdown" });
    setTimeout(() => {
      // The main thread is in a loop that never yields: nothing it holds can be saved.
      cleanup();
      process.kill(process.pid, "SIGKILL");
    }, MAIN_EXIT_MS).unref();
  };
  if (graceful) {
    void stop().then(ask);
  } else {
    forceStop();
    ask();
  }
}

async function main(): Promise<void> {
  const { server, credentials, tls, streams, onClosed, stop } = createPluginGrpcServer(
    data.clientCert,
    log,
    certificateAhead,
  );
  let cleanup = () => {};
  let ending = false;
  const end = (graceful: boolean) => {
    if (ending) return;
    ending = true;
    endProcess(
      graceful,
      stop,
      () => server.forceShutdown(),
      () => cleanup(),
    );
  };
  addPluginServices(server, streams, () => {
    log.debug("the host asked to shut down");
    end(true);
  });
  // A plugin may serve go-plugin's own services and nothing else (grpc-js refuses an empty one).
  if (data.methods.length > 0) {
    server.addService(forwardingDefinition(data.methods), forwardingImplementation(data.methods));
  }
  const listening = await listen(server, credentials, data.transport, process.env);
  cleanup = listening.cleanup;
  onClosed(listening.cleanup);
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
