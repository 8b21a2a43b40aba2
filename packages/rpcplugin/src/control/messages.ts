// What the main thread and the control thread say to each other (see control-thread.ts). The
// control thread owns the gRPC server; every app protocol call crosses as raw protobuf bytes,
// so the control thread needs none of the generated codecs and the main thread none of the
// sockets.
import type { Transport } from "../listener.js";

/** One RPC of the app protocol, as the control thread serves it. */
export interface ForwardedMethod {
  /** The RPC's name in the proto service, e.g. "ApplyResourceChange". */
  readonly name: string;
  /** The gRPC path, e.g. "/tfplugin6.Provider/ApplyResourceChange". */
  readonly path: string;
  readonly requestStream: boolean;
  readonly responseStream: boolean;
}

/** What the control thread serves (the "serve" message). */
export interface ControlThreadData {
  readonly protocolVersion: number;
  readonly methods: readonly ForwardedMethod[];
  /** The RPC that asks running calls to stop (StopProvider). */
  readonly stopMethod: string;
  /** RPCs whose answer depends on nothing but the request: answered again from memory. */
  readonly remembered: readonly string[];
  readonly stopGraceMs: number;
  readonly transport: Transport;
  readonly clientCert: string | undefined;
  /** The host's process id, watched so that a killed host does not leave the plugin behind. */
  readonly hostPid: number;
}

/** From the control thread to the main thread. */
export type ToMain =
  | {
      readonly kind: "ready";
      readonly handshakeLine: string;
      readonly network: Transport;
      readonly address: string;
    }
  | { readonly kind: "failed"; readonly message: string }
  /** A call: unary and server-streaming calls carry their request; client streams send "in". */
  | { readonly kind: "call"; readonly id: number; readonly path: string; readonly request?: Uint8Array }
  | { readonly kind: "in"; readonly id: number; readonly message: Uint8Array }
  | { readonly kind: "in-end"; readonly id: number }
  /** The host cancelled the call, or the control thread answered it as cancelled. */
  | { readonly kind: "cancelled"; readonly id: number }
  /** The host called Shutdown, or is gone: end the process. */
  | { readonly kind: "shutdown" };

/** From the main thread to the control thread. */
export type ToControl =
  /**
   * What to serve: the first message, since the thread may be started before the provider's
   * code has loaded (thread-start.ts), and it waits for this before it listens.
   */
  | { readonly kind: "serve"; readonly data: ControlThreadData }
  /**
   * The process received SIGTERM: end as on go-plugin's Shutdown (stop serving, remove the
   * socket, then "shutdown" back). Sent only after "serve", but perhaps while the thread is
   * still making its socket.
   */
  | { readonly kind: "stop" }
  /** The answer to a unary or client-streaming call. */
  | { readonly kind: "reply"; readonly id: number; readonly response: Uint8Array }
  /** A gRPC error status instead of an answer, or ending a stream. */
  | { readonly kind: "error"; readonly id: number; readonly code: number; readonly details: string }
  /** One message of a server stream, and its end. */
  | { readonly kind: "chunk"; readonly id: number; readonly message: Uint8Array }
  | { readonly kind: "end"; readonly id: number }
  /** An answer the main thread worked out ahead (a schema): the control thread keeps it. */
  | {
      readonly kind: "remember";
      readonly path: string;
      readonly request: Uint8Array;
      readonly response: Uint8Array;
    };

/**
 * `bytes` as they should cross to the other thread. A message copies a byte array's whole
 * buffer, and grpc-js's and Buffer's small arrays are views into shared pools (Node's is 8 KiB
 * on Node 20, 64 KiB on Node 24): such a view is copied to an array of its own first. Not with
 * `bytes.slice()`, which for a Buffer is another view of the same pool: each call would then
 * copy the whole pool to the other thread, and the garbage would make both threads' collectors
 * run far more often.
 */
export function exactBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : Uint8Array.prototype.slice.call(bytes);
}
