// Streaming RPCs for grpc-js, the counterparts of `unary` (unary.ts): a server
// stream (InvokeAction's events, ReadStateBytes' chunks) and a client stream (WriteStateBytes'
// chunks). Both keep unary's promises: a throw anywhere becomes an error diagnostic in the
// RPC's last message, never a gRPC error, which Terraform would only show as "Plugin error".
// Each call is observed as a unary one is, by observeRpc (../internal/instrument-rpcs.ts): it
// runs in a log scope, so secrets decoded while it runs are masked in every log line, and it is
// traced, timed and counted in the metrics once the stream ends.
import type { ServerReadableStream, ServerWritableStream, sendUnaryData } from "@grpc/grpc-js";
import { Diagnostics } from "../diagnostics.js";
import { observeRpc, type Rpc } from "../internal/instrument-rpcs.js";
import { addFrameworkThrown } from "../values/handler.js";
import { answer } from "./answer.js";
import { toWireDiagnostics } from "./wire.js";

type WireDiagnostics = ReturnType<typeof toWireDiagnostics>;

/** What a server-stream handler gets to send with: `send` resolves once the message is taken. */
export interface StreamSender<P> {
  /**
   * Writes one message, waiting while the transport is full (a large state is not buffered
   * whole). Resolves false, sending nothing, once the host has cancelled the call.
   */
  send(message: P): Promise<boolean>;
  /** Fires when the host cancels the call (it stopped reading, or its context ended). */
  readonly cancelled: AbortSignal;
}

/**
 * One server-streaming RPC. `handle` sends its messages and resolves with the diagnostics that
 * say whether the RPC failed (for the metrics); `failure` turns diagnostics into the last
 * message when `handle` throws, so the host still learns why the stream ended.
 */
export function serverStream<Req, P, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  handle: (request: Req, sender: StreamSender<P>) => Promise<Diagnostics>,
  failure: (diagnostics: WireDiagnostics) => P,
): Rpc<(call: ServerWritableStream<Req, Res>) => void> {
  return (metrics) => (call) => {
    const cancel = new AbortController();
    call.on("cancelled", () => cancel.abort(new Error(`Terraform cancelled ${rpc}`)));
    const send = async (message: P): Promise<boolean> => {
      if (cancel.signal.aborted) return false;
      const more = call.write(fns.fromPartial(message));
      if (!more) {
        // The transport is full: wait until it drains, or until the call goes away.
        await new Promise<void>((resolve) => {
          const done = () => {
            call.off("drain", done);
            cancel.signal.removeEventListener("abort", done);
            resolve();
          };
          call.on("drain", done);
          cancel.signal.addEventListener("abort", done, { once: true });
        });
      }
      return !cancel.signal.aborted;
    };
    observeRpc(rpc, metrics, (served) => {
      Promise.resolve()
        .then(() => handle(call.request, { send, cancelled: cancel.signal }))
        .catch(async (err: unknown) => {
          const diagnostics = new Diagnostics();
          addFrameworkThrown(diagnostics, `tsvider's ${rpc}`, err);
          await send(failure(toWireDiagnostics(diagnostics))).catch(() => false);
          return diagnostics;
        })
        .then((diagnostics) => {
          // A host that stops reading (Terraform does at a list's limit) is not a failure of ours.
          served({
            failed: diagnostics.hasErrors,
            fields: { diagnostics: diagnostics.items.length, cancelled: cancel.signal.aborted },
          });
          if (!cancel.signal.aborted) call.end();
        });
    });
  };
}

/**
 * One client-streaming RPC: `handle` reads the request messages (an async iterable that ends
 * when the host closes its side) and fills the response and its diagnostics.
 */
export function clientStream<Req, P extends { diagnostics?: unknown }, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  handle: (
    requests: AsyncIterable<Req>,
    diagnostics: Diagnostics,
  ) => Promise<NoInfer<Omit<P, "diagnostics">>>,
): Rpc<(call: ServerReadableStream<Req, Res>, callback: sendUnaryData<Res>) => void> {
  return (metrics) => (call, callback) =>
    answer(rpc, metrics, fns, (diagnostics) => handle(call as AsyncIterable<Req>, diagnostics), callback);
}
