// For this package's tests: test-server.ts's twin for plugin protocol 5. The provider is
// served in-process over a real unix socket with only protocol 5 offered, as a host that
// speaks only 5 would negotiate, and a generated tfplugin5 client talks to it.
import * as grpc from "@grpc/grpc-js";
import type { CtyType, CtyValue } from "@tsvider/cty";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import { servePlugin, terraformMagicCookie } from "@tsvider/rpcplugin";
import * as pb from "@tsvider/rpcplugin/tfplugin5";
import { DynamicValue, ProviderClient, ProviderService } from "@tsvider/rpcplugin/tfplugin5";
import type { Provider } from "../provider.js";
import { ProviderServer } from "../server/provider-server.js";
import { providerServiceV5 } from "../v5/provider-service.js";

/** Request message names that are not the method's name (GetSchema takes GetProviderSchema's). */
const requestOf: Record<string, string> = { getSchema: "GetProviderSchema_Request" };

export async function startTestServerV5(
  provider: Provider,
  options: { readonly env?: NodeJS.ProcessEnv } = {},
) {
  const server = new ProviderServer(provider, { env: options.env ?? {} });
  const plugin = await servePlugin({
    programName: "test-provider",
    versions: { 5: [{ definition: ProviderService, implementation: providerServiceV5(server) }] },
    env: { [terraformMagicCookie.key]: terraformMagicCookie.value, PLUGIN_PROTOCOL_VERSIONS: "5" },
    writeHandshake: () => {},
    exit: () => {},
  });
  const client = new ProviderClient(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  // Requests are completed with the message's defaults (fromPartial), as a real host sends
  // every field; tests then name only the fields they care about.
  const call = <Res>(method: string, request: object): Promise<Res> => {
    const messageName = (requestOf[method] ??
      `${method[0]!.toUpperCase()}${method.slice(1)}_Request`) as keyof typeof pb;
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

export const dv5 = (value: CtyValue, type: CtyType) =>
  DynamicValue.fromPartial({ msgpack: Buffer.from(encodeMsgpack(value, type)) });
export const fromDv5 = (value: DynamicValue | undefined, type: CtyType) =>
  value && value.msgpack.length > 0 ? decodeMsgpack(value.msgpack, type) : null;
