// The one way a unary call (`unary`, unary.ts) and a client stream (`clientStream` in
// streams.ts) are answered: the handler runs, is traced, and whatever it returned or threw
// becomes the single response message, with its diagnostics.
import type { sendUnaryData } from "@grpc/grpc-js";
import { Diagnostics } from "../diagnostics.js";
import { providerLog } from "../internal/log.js";
import { addThrown } from "../values/handler.js";
import { toWireDiagnostics } from "./wire.js";

/**
 * Runs `handle`, then answers through `callback`: what it returned with the diagnostics it
 * gathered. A throw becomes an error diagnostic naming the RPC. An answer that cannot be built
 * (a value the generated code refuses) must still be an answer, since a call left without one
 * hangs the host: then the diagnostics alone, and an error saying why the rest is missing.
 */
export function answer<P, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  handle: (diagnostics: Diagnostics) => object | Promise<object>,
  callback: sendUnaryData<Res>,
): void {
  const diagnostics = new Diagnostics();
  const log = providerLog();
  const started = performance.now();
  log.trace("received request", { rpc });
  Promise.resolve()
    .then(() => handle(diagnostics))
    .catch((err: unknown) => {
      addThrown(diagnostics, `tsvider's ${rpc}`, err);
      return {};
    })
    .then((partial) => {
      log.trace("served request", {
        rpc,
        duration_ms: Number((performance.now() - started).toFixed(3)),
        diagnostics: diagnostics.items.length,
      });
      callback(null, build(rpc, fns, partial, diagnostics));
    });
}

function build<P, Res>(
  rpc: string,
  fns: { fromPartial(object: P): Res },
  partial: object,
  diagnostics: Diagnostics,
): Res {
  try {
    // The severities are the generated enum's numbers (see wire.ts).
    return fns.fromPartial({ ...partial, diagnostics: toWireDiagnostics(diagnostics) } as unknown as P);
  } catch (err) {
    const failed = new Diagnostics();
    addThrown(failed, `tsvider's ${rpc} answer`, err);
    return fns.fromPartial({
      diagnostics: toWireDiagnostics([...diagnostics.items, ...failed.items]),
    } as unknown as P);
  }
}
