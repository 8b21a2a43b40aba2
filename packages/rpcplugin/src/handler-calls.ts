// A provider's handlers are written against grpc-js's call objects (the generated stubs' server
// interfaces), but tsvider's gRPC server (control/wire-server.ts) passes calls as bytes. This
// module runs such a handler on a call given as bytes: it decodes the request with the
// method's own codec, gives the handler an object with the parts of grpc-js's call it uses (the
// request, `cancelled` and the "cancelled" event, write and end; a client stream read as a
// stream of requests), and encodes what it answers. Both ways of serving use it: the main
// thread on the calls the control thread forwards (control/main-side.ts), and the main thread
// serving by itself (main-thread-server.ts).
import { EventEmitter } from "node:events";
import { Readable } from "node:stream";
import type * as grpc from "@grpc/grpc-js";
import { GrpcStatus } from "./control/grpc-status.js";
import { exactBytes, type ForwardedMethod } from "./control/messages.js";
import type { PluginService } from "./server.js";

/** One method of a service: its name and shape, its codecs, and the handler. */
export interface Route {
  readonly method: ForwardedMethod;
  // biome-ignore lint/suspicious/noExplicitAny: grpc-js definitions are typed per message.
  readonly definition: grpc.MethodDefinition<any, any>;
  readonly handler: (...args: unknown[]) => void;
}

/** Where a call's answer goes, as bytes: one reply, or messages then the end, or a status. */
export interface CallAnswer {
  reply(response: Uint8Array): void;
  write(message: Uint8Array): void;
  end(): void;
  fail(code: number, details: string): void;
}

/** A call while its handler runs: what the host sends later reaches it here. */
export interface RunningCall {
  /** A client stream's next request message, and its end. */
  receive?(message: Uint8Array): void;
  finish?(): void;
  cancel(): void;
}

/** The routes of the services, by gRPC path; methods without a handler are left out. */
export function routesOf(services: readonly PluginService[]): Map<string, Route> {
  const routes = new Map<string, Route>();
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
  return routes;
}

/** A handler's answer as bytes, or why it cannot be sent (a bug in the handler). */
function serialized(route: Route, value: unknown): Uint8Array | Error {
  try {
    return exactBytes(route.definition.responseSerialize(value));
  } catch (err) {
    return new Error(`the answer to ${route.method.name} cannot be encoded: ${(err as Error).message}`);
  }
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
    return "tsvider";
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

/**
 * Runs one call through its route's handler. `started` receives the running call before the
 * handler runs (a handler may answer before it returns), so that the caller can pass it what
 * the host sends later. A request that cannot be decoded, or a handler that throws before its
 * own guard, ends the call with INTERNAL.
 */
export function runHandler(
  route: Route,
  request: Uint8Array | undefined,
  answer: CallAnswer,
  started: (call: RunningCall) => void = () => {},
): void {
  let answered = false;
  const fail = (code: number, details: string) => {
    if (answered) return;
    answered = true;
    answer.fail(code, details);
  };
  const callback = (err: { code?: number; details?: string; message?: string } | null, value?: unknown) => {
    if (err) {
      fail(err.code ?? GrpcStatus.UNKNOWN, err.details ?? err.message ?? String(err));
      return;
    }
    const response = serialized(route, value);
    if (!(response instanceof Uint8Array)) {
      fail(GrpcStatus.INTERNAL, response.message);
      return;
    }
    if (answered) return;
    answered = true;
    answer.reply(response);
  };
  try {
    if (route.method.requestStream) {
      // A client stream: the handler reads the call itself as a stream of requests.
      const stream = new Readable({ objectMode: true, read() {} });
      const shim = Object.assign(stream, {
        cancelled: false,
        metadata: { get: () => [], getMap: () => ({}) },
        getPeer: () => "tsvider",
        receive: (bytes: Uint8Array) => {
          // Later, outside the try below: a message that cannot be decoded ends the call.
          try {
            stream.push(route.definition.requestDeserialize(Buffer.from(bytes)));
          } catch (err) {
            fail(
              GrpcStatus.INTERNAL,
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
      started(shim);
      route.handler(shim, callback);
      return;
    }
    const shim = new CallShim(route.definition.requestDeserialize(Buffer.from(request ?? new Uint8Array(0))));
    started(shim);
    if (route.method.responseStream) {
      shim.onWrite = (value) => {
        if (answered) return;
        const chunk = serialized(route, value);
        if (chunk instanceof Uint8Array) answer.write(chunk);
        else fail(GrpcStatus.INTERNAL, chunk.message);
      };
      shim.onEnd = () => {
        if (answered) return;
        answered = true;
        answer.end();
      };
      route.handler(shim);
    } else {
      route.handler(shim, callback);
    }
  } catch (err) {
    // The handlers catch what they call; this is a request that cannot be decoded, or a
    // handler that threw before its own guard.
    fail(GrpcStatus.INTERNAL, `tsvider's ${route.method.name}: ${(err as Error).message ?? String(err)}`);
  }
}
