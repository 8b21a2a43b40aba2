// For this package's tests: a provider served in-process over a real unix socket (plaintext,
// as under debug reattach) and a generated tfplugin6 client talking to it.
import * as grpc from "@grpc/grpc-js";
import type { CtyType, CtyValue } from "@tsvider/cty";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import { servePlugin, terraformMagicCookie } from "@tsvider/rpcplugin";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { DynamicValue, ProviderClient, ProviderService } from "@tsvider/rpcplugin/tfplugin6";
import type { Metrics } from "../metrics.js";
import type { Provider } from "../provider.js";
import { ProviderServer } from "../server/provider-server.js";
import { providerService } from "../v6/provider-service.js";

export async function startTestServer(
  provider: Provider,
  options: { readonly env?: NodeJS.ProcessEnv; readonly metrics?: Metrics } = {},
) {
  // The environment the provider reads (private state secret and so on): none but what a test gives.
  const server = new ProviderServer(provider, {
    env: options.env ?? {},
    ...(options.metrics ? { metrics: options.metrics } : {}),
  });
  const plugin = await servePlugin({
    programName: "test-provider",
    versions: {
      6: [{ definition: ProviderService, implementation: providerService(server) }],
    },
    env: { [terraformMagicCookie.key]: terraformMagicCookie.value, PLUGIN_PROTOCOL_VERSIONS: "6" },
    writeHandshake: () => {},
    exit: () => {},
  });
  const client = new ProviderClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  // Requests are completed with the message's defaults (fromPartial), as a real host sends
  // every field; tests then name only the fields they care about.
  const call = <Res>(method: string, request: object): Promise<Res> => {
    const messageName = `${method[0]!.toUpperCase()}${method.slice(1)}_Request` as keyof typeof pb;
    // biome-ignore lint/performance/noDynamicNamespaceImportAccess: test helper, never bundled.
    const fns = pb[messageName] as unknown as { fromPartial(o: object): unknown };
    // biome-ignore lint/suspicious/noExplicitAny: the generated client's methods are typed per RPC.
    const rpc = (client as any)[method].bind(client) as (
      req: unknown,
      cb: (err: Error | null, res: Res) => void,
    ) => void;
    return new Promise((resolve, reject) =>
      rpc(fns.fromPartial(request), (err, res) => (err ? reject(err) : resolve(res))),
    );
  };
  return {
    call,
    async close() {
      client.close();
      await plugin.stop();
    },
  };
}

export const dv = (value: CtyValue, type: CtyType) =>
  DynamicValue.fromPartial({ msgpack: Buffer.from(encodeMsgpack(value, type)) });
export const fromDv = (value: DynamicValue | undefined, type: CtyType) =>
  value && value.msgpack.length > 0 ? decodeMsgpack(value.msgpack, type) : null;
