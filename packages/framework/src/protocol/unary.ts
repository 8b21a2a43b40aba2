// One unary RPC for grpc-js, the shape every protocol adapter (../v5, ../v6) and every
// component kind's handlers (provider-, resource-, data-source-handlers.ts, ...) serve through:
// the handler fills the response's fields and diagnostics, and whatever happens the host gets an
// answer, never a gRPC error, which Terraform would only show as "Plugin error".
import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import type { Diagnostics } from "../diagnostics.js";
import type { Rpc } from "../internal/instrument-rpcs.js";
import { answer } from "./answer.js";

/** A handler: the request in, the response's fields (but diagnostics) out. */
export type Handler<Req, Res> = (request: Req, diagnostics: Diagnostics) => Promise<Res> | Res;

/**
 * One unary RPC for grpc-js: `handle` fills a response and its diagnostics, `fromPartial` (the
 * generated message's) completes it; a throw anywhere becomes an error diagnostic naming the
 * RPC. Each call is observed (traced, timed, counted) by `answer`.
 */
export function unary<Req, P extends { diagnostics?: unknown }, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  handle: Handler<Req, NoInfer<Omit<P, "diagnostics">>>,
): Rpc<(call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>) => void> {
  return (metrics) => (call, callback) =>
    answer(rpc, metrics, fns, (diagnostics) => handle(call.request, diagnostics), callback);
}
