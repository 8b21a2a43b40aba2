// The one way an RPC's answer is built from what its handler returned and the diagnostics it
// gathered, for unary calls (`unary`, unary.ts) and client streams
// (`clientStream` in streams.ts) alike.
import { Diagnostics } from "../diagnostics.js";
import { addThrown } from "../server/handler.js";
import { toWireDiagnostics } from "./wire.js";

/**
 * The response message: `partial` with the diagnostics. An answer that cannot be built (a
 * value the generated code refuses) must still be an answer, since a call left without one
 * hangs the host: then the diagnostics alone, and an error saying why the rest is missing.
 */
export function buildAnswer<P, Res>(
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
