// For this package's tests: a provider served in-process over a real unix socket (plaintext,
// as under debug reattach) and a generated client talking to it: protocol 6 here,
// test-server-v5.test-support.ts for protocol 5.
import * as grpc from "@grpc/grpc-js";
import type { CtyType, CtyValue } from "@tsvider/cty";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import { type PluginService, servePlugin, terraformMagicCookie } from "@tsvider/rpcplugin";
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
  return serveForTest({
    version: 6,
    service: { definition: ProviderService, implementation: providerService(server) },
    messages: pb,
    Client: ProviderClient,
  });
}

/** What serveForTest needs of one protocol: its service, generated messages and client. */
export interface TestProtocol {
  readonly version: number;
  readonly service: PluginService;
  /** The generated module, where each request message is found by name. */
  readonly messages: object;
  readonly Client: new (address: string, credentials: grpc.ChannelCredentials) => grpc.Client;
  /** Request message names that are not the method's own (v5's GetSchema takes GetProviderSchema's). */
  readonly requestNames?: Readonly<Record<string, string>>;
}

/**
 * Serves one protocol's provider service in-process over a real unix socket (plaintext, as
 * under debug reattach), with only that version offered, and returns a client for it.
 */
export async function serveForTest(protocol: TestProtocol) {
  const plugin = await servePlugin({
    programName: "test-provider",
    versions: { [protocol.version]: [protocol.service] },
    env: {
      [terraformMagicCookie.key]: terraformMagicCookie.value,
      PLUGIN_PROTOCOL_VERSIONS: String(protocol.version),
    },
    writeHandshake: () => {},
    exit: () => {},
  });
  const client = new protocol.Client(`unix://${plugin.address}`, grpc.credentials.createInsecure());
  // Requests are completed with the message's defaults (fromPartial), as a real host sends
  // every field; tests then name only the fields they care about.
  const call = <Res>(method: string, request: object): Promise<Res> => {
    const messageName =
      protocol.requestNames?.[method] ?? `${method[0]!.toUpperCase()}${method.slice(1)}_Request`;
    const fns = (protocol.messages as Record<string, { fromPartial(o: object): unknown }>)[messageName]!;
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
    /** The generated client itself, for streaming RPCs (`call` makes unary ones). */
    client,
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
