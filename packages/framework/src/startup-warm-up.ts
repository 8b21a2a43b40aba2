// Warming a start-up snapshot (`tsvider build --snapshot`). V8 keeps in a snapshot the
// compiled code of every function that ran while it was built, and compiles the others on
// their first call in every process. So while the snapshot is built, the provider answers once,
// in-process, each RPC its host makes at every start that runs none of the author's code (the
// metadata, the schemas, the functions' signatures): their code, from the request's decoding
// to the response's encoding, is then compiled in the snapshot rather than at each start. The
// answers are thrown away; nothing of them is kept, and no author code runs.
import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import { type PluginProtocol, protocolServices } from "./protocol-services.js";
import type { Provider } from "./provider.js";
import { ProviderServer } from "./server/provider-server.js";

/** Protocol 6's names and protocol 5's (getSchema); a service lacking one skips it. */
const AUTHOR_FREE_RPCS = [
  "getMetadata",
  "getProviderSchema",
  "getSchema",
  "getResourceIdentitySchemas",
  "getFunctions",
];
const PROTOCOLS: readonly PluginProtocol[] = [5, 6];

type Unary = (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => void;

/**
 * Starts the warm-up; the snapshot is taken once Node's event loop is empty, so after it ends.
 * A failure only costs the compiled code: it is reported on the build's stderr and the build
 * goes on.
 */
export function warmUpForSnapshot(provider: Provider): void {
  answerAuthorFreeRpcs(provider).catch((err: unknown) => {
    process.stderr.write(
      `tsvider: could not warm the start-up snapshot (it still works, and compiles that code at each start): ${err instanceof Error ? err.message : String(err)}\n`,
    );
  });
}

/** Answers each author-free RPC of both protocols once; resolves with the RPCs' names. */
export async function answerAuthorFreeRpcs(provider: Provider): Promise<string[]> {
  const answered: string[] = [];
  const server = new ProviderServer(provider, { env: {} });
  for (const protocol of PROTOCOLS) {
    for (const { definition, implementation } of await protocolServices(server, protocol)) {
      for (const method of AUTHOR_FREE_RPCS) {
        const rpc = definition[method];
        const handler = implementation[method] as Unary | undefined;
        if (rpc === undefined || typeof handler !== "function") continue;
        // The request alone: these handlers read no metadata (and grpc-js's Metadata, a value,
        // would load grpc-js into every provider's bundle).
        const call = { request: rpc.requestDeserialize(Buffer.alloc(0)) };
        const response = await new Promise<unknown>((resolve, reject) =>
          handler(call as unknown as ServerUnaryCall<unknown, unknown>, (err, answer) =>
            err ? reject(err) : resolve(answer),
          ),
        );
        rpc.responseSerialize(response);
        answered.push(`${protocol}:${method}`);
      }
    }
  }
  return answered;
}
