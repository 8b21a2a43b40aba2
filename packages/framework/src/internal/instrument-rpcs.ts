// Around every unary RPC a service answers: a log scope (so secrets decoded while answering
// are masked in every log line written meanwhile, see log-values.ts) and the per-RPC metrics:
// one request, its duration, and an error when the answer carries an error diagnostic.
import type { ServerUnaryCall, sendUnaryData, UntypedServiceImplementation } from "@grpc/grpc-js";
import type { Metrics } from "../metrics.js";
import { withLogScope } from "./log-values.js";

/** Diagnostic severity ERROR, the same number in tfplugin5 and tfplugin6. */
const ERROR = 1;

type Unary = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;

/** PascalCase RPC name from a service method's name: readDataSource → ReadDataSource. */
function rpcName(method: string): string {
  return method.charAt(0).toUpperCase() + method.slice(1);
}

export function instrumentRpcs(
  implementation: UntypedServiceImplementation,
  metrics: Metrics,
): UntypedServiceImplementation {
  const out: UntypedServiceImplementation = {};
  for (const [method, handler] of Object.entries(implementation)) {
    // Streaming handlers take one argument (the call); only unary ones take a callback.
    if (typeof handler !== "function" || handler.length !== 2) {
      out[method] = handler;
      continue;
    }
    const rpc = rpcName(method);
    const unary = handler as Unary;
    const wrapped: Unary = (call, callback) => {
      const started = performance.now();
      withLogScope(() =>
        unary(call, (err, response, ...rest) => {
          metrics.rpc(rpc, (performance.now() - started) / 1000, err != null || hasError(response));
          callback(err, response, ...rest);
        }),
      );
    };
    out[method] = wrapped;
  }
  return out;
}

function hasError(response: unknown): boolean {
  const diagnostics = (response as { diagnostics?: readonly { severity?: number }[] } | null | undefined)
    ?.diagnostics;
  return Array.isArray(diagnostics) && diagnostics.some((d) => d.severity === ERROR);
}
