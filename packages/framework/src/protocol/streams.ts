// Streaming RPCs for grpc-js, the counterparts of `unary` (unary.ts): a server
// stream (InvokeAction's events, ReadStateBytes' chunks) and a client stream (WriteStateBytes'
// chunks). Both keep unary's promises: a throw anywhere becomes an error diagnostic in the
// RPC's last message, never a gRPC error, which Terraform would only show as "Plugin error";
// each is timed and counted in the metrics and runs in a log scope, so secrets decoded while
// it runs are masked in every log line.
//
// instrumentRpcs (internal/instrument-rpcs.ts) wraps handlers of two parameters as unary ones:
// that fits a client stream (call, callback), so `clientStream` leaves metrics to it; a server
// stream handler takes only the call, so `serverStream` counts itself.
import type { ServerReadableStream, ServerWritableStream, sendUnaryData } from "@grpc/grpc-js";
import { Diagnostics } from "../diagnostics.js";
import { providerLog } from "../internal/log.js";
import { withLogScope } from "../internal/log-values.js";
import type { Metrics } from "../metrics.js";
import { addThrown } from "../values/handler.js";
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
  metrics: Metrics,
  fns: { fromPartial(object: P): Res },
  handle: (request: Req, sender: StreamSender<P>) => Promise<Diagnostics>,
  failure: (diagnostics: WireDiagnostics) => P,
) {
  return (call: ServerWritableStream<Req, Res>): void => {
    const started = performance.now();
    const log = providerLog();
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
    withLogScope(() => {
      log.trace("received request", { rpc });
      Promise.resolve()
        .then(() => handle(call.request, { send, cancelled: cancel.signal }))
        .catch(async (err: unknown) => {
          const diagnostics = new Diagnostics();
          addThrown(diagnostics, `tsvider's ${rpc}`, err);
          await send(failure(toWireDiagnostics(diagnostics))).catch(() => false);
          return diagnostics;
        })
        .then((diagnostics) => {
          const seconds = (performance.now() - started) / 1000;
          log.trace("served request", {
            rpc,
            duration_ms: Number((seconds * 1000).toFixed(3)),
            diagnostics: diagnostics.items.length,
            cancelled: cancel.signal.aborted,
          });
          // A host that stops reading (Terraform does at a list's limit) is not a failure of ours.
          metrics.rpc(rpc, seconds, diagnostics.hasErrors);
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
) {
  return (call: ServerReadableStream<Req, Res>, callback: sendUnaryData<Res>): void =>
    answer(rpc, fns, (diagnostics) => handle(call as AsyncIterable<Req>, diagnostics), callback);
}
