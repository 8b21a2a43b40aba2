// The one place an RPC call is observed, unary or streamed: `observeRpc` runs it in a log scope
// (so secrets decoded while it is served are masked in every log line written meanwhile, see
// log-values.ts), writes its "received request" and "served request" trace lines, and records it
// in the metrics once it ends: one request, its duration, and an error when it answered with
// one. Every kind of RPC serves through it: `unary` and `clientStream` (through `answer`),
// `serverStream`, CallFunction and Stop (../protocol/).
//
// Each of those makes an `Rpc`: a grpc-js handler still waiting for the metrics it records
// into. An adapter (../v5, ../v6) maps its RPC names onto them and `instrumentRpcs` hands every
// one the provider's metrics, so no RPC can be served unrecorded.
import type { UntypedHandleCall, UntypedServiceImplementation } from "@grpc/grpc-js";
import type { LogFields } from "@tsvider/rpcplugin";
import type { Metrics } from "../metrics.js";
import { providerLog } from "./log.js";
import { withLogScope } from "./log-values.js";

/** An RPC's grpc-js handler, made once it is given the metrics it records into. */
export type Rpc<H> = (metrics: Metrics) => H;

/** A service's RPCs by method name, as an adapter maps them (`S` is the generated service's handlers). */
export type Rpcs<S> = { readonly [K in keyof S]?: Rpc<S[K]> };

/** The grpc-js implementation of a service: each RPC given `metrics`. */
export function instrumentRpcs<S>(rpcs: Rpcs<S>, metrics: Metrics): UntypedServiceImplementation {
  const implementation: UntypedServiceImplementation = {};
  for (const [method, rpc] of Object.entries(rpcs)) {
    if (rpc) implementation[method] = (rpc as Rpc<UntypedHandleCall>)(metrics);
  }
  return implementation;
}

/** How a call ended. */
export interface RpcOutcome {
  /** It answered with an error: an error diagnostic, or an event carrying one. */
  readonly failed: boolean;
  /** Fields for its "served request" trace line besides the RPC and the duration. */
  readonly fields?: LogFields;
}

/**
 * Serves one call of `rpc`: `serve` runs in a new log scope and calls `served` once, when the
 * call is answered or its stream ends, which traces and records it. `received` adds fields to
 * the "received request" line.
 */
export function observeRpc(
  rpc: string,
  metrics: Metrics,
  serve: (served: (outcome: RpcOutcome) => void) => void,
  received: LogFields = {},
): void {
  const started = performance.now();
  withLogScope(() => {
    const log = providerLog();
    log.trace("received request", { rpc, ...received });
    let recorded = false;
    serve(({ failed, fields }) => {
      if (recorded) return;
      recorded = true;
      const seconds = (performance.now() - started) / 1000;
      log.trace("served request", { rpc, duration_ms: Number((seconds * 1000).toFixed(3)), ...fields });
      metrics.rpc(rpc, seconds, failed);
    });
  });
}
