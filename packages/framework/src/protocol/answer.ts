// The one way a unary call (`unary`, unary.ts) and a client stream (`clientStream` in
// streams.ts) are answered: the handler runs, observed as every RPC call is
// (../internal/instrument-rpcs.ts), and whatever it returned or threw becomes the single
// response message, with its diagnostics.
import type { sendUnaryData } from "@grpc/grpc-js";
import { Diagnostics } from "../diagnostics.js";
import { observeRpc } from "../internal/instrument-rpcs.js";
import type { Metrics } from "../metrics.js";
import { addFrameworkThrown } from "../values/handler.js";
import { toWireDiagnostics } from "./wire.js";

/**
 * Runs `handle`, then answers through `callback`: what it returned with the diagnostics it
 * gathered. A throw becomes an error diagnostic naming the RPC. An answer that cannot be built
 * (a value the generated code refuses) must still be an answer, since a call left without one
 * hangs the host: then the diagnostics alone, and an error saying why the rest is missing.
 */
export function answer<P, Res>(
  rpc: string,
  metrics: Metrics,
  fns: { fromPartial(object: P): Res },
  handle: (diagnostics: Diagnostics) => object | Promise<object>,
  callback: sendUnaryData<Res>,
): void {
  observeRpc(rpc, metrics, (served) => {
    const diagnostics = new Diagnostics();
    Promise.resolve()
      .then(() => handle(diagnostics))
      .catch((err: unknown) => {
        addFrameworkThrown(diagnostics, `tsvider's ${rpc}`, err);
        return {};
      })
      .then((partial) => {
        const built = build(rpc, fns, partial, diagnostics);
        served({ failed: built.hasErrors, fields: { diagnostics: built.diagnostics } });
        callback(null, built.response);
      });
  });
}

function build<P, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  partial: object,
  diagnostics: Diagnostics,
): { response: Res; diagnostics: number; hasErrors: boolean } {
  try {
    // The severities are the generated enum's numbers (see wire.ts).
    const response = fns.fromPartial({
      ...partial,
      diagnostics: toWireDiagnostics(diagnostics),
    } as unknown as P);
    return { response, diagnostics: diagnostics.items.length, hasErrors: diagnostics.hasErrors };
  } catch (err) {
    const failed = new Diagnostics();
    addFrameworkThrown(failed, `tsvider's ${rpc} answer`, err);
    const all = [...diagnostics.items, ...failed.items];
    const response = fns.fromPartial({ diagnostics: toWireDiagnostics(all) } as unknown as P);
    return { response, diagnostics: all.length, hasErrors: true };
  }
}
