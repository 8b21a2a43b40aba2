// For this package's tests: test-server.test-support.ts for plugin protocol 5, with only 5 offered, as a
// host that speaks only 5 would negotiate, and a generated tfplugin5 client.
import type { CtyType, CtyValue } from "@tsvider/cty";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import * as pb from "@tsvider/rpcplugin/tfplugin5";
import { DynamicValue, ProviderClient, ProviderService } from "@tsvider/rpcplugin/tfplugin5";
import type { Provider } from "../provider.js";
import { ProviderServer } from "../server/provider-server.js";
import { providerServiceV5 } from "../v5/provider-service.js";
import { serveForTest } from "./test-server.test-support.js";

export async function startTestServerV5(
  provider: Provider,
  options: { readonly env?: NodeJS.ProcessEnv } = {},
) {
  const server = new ProviderServer(provider, { env: options.env ?? {} });
  return serveForTest({
    version: 5,
    service: { definition: ProviderService, implementation: providerServiceV5(server) },
    messages: pb,
    Client: ProviderClient,
    requestNames: { getSchema: "GetProviderSchema_Request" },
  });
}

export const dv5 = (value: CtyValue, type: CtyType) =>
  DynamicValue.fromPartial({ msgpack: Buffer.from(encodeMsgpack(value, type)) });
export const fromDv5 = (value: DynamicValue | undefined, type: CtyType) =>
  value && value.msgpack.length > 0 ? decodeMsgpack(value.msgpack, type) : null;
