// The provider's own RPCs, for both protocol adapters: GetMetadata and GetProviderSchema (which
// describe every component the provider has), ValidateProviderConfig, ConfigureProvider and
// StopProvider. Each component kind's RPCs have a module of their own (resource-handlers.ts,
// data-source-handlers.ts, ephemeral-handlers.ts, ...); service-handlers.ts gathers them all.
// Requests and answers are typed by the fields protocols 5 and 6 share. A failure is a
// diagnostic, never a gRPC error, which Terraform would only show as "Plugin error".
import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import type { Diagnostics } from "../diagnostics.js";
import { observeRpc, type Rpc } from "../internal/instrument-rpcs.js";
import type { Schema } from "../schema/schema.js";
import { configureProvider } from "../server/configure-provider.js";
import { getProviderSchema } from "../server/get-provider-schema.js";
import type { ProviderServer } from "../server/provider-server.js";
import { stopProvider } from "../server/stop-provider.js";
import { validateProviderConfig } from "../server/validate-provider-config.js";
import { wireFunctions } from "./function-handlers.js";
import { type ClientCapabilities, decodeProviderConfig, type RequestValue } from "./requests.js";
import { type SchemaTranslation, toWireSchema, type WireSchema } from "./wire.js";

/** A component as GetProviderSchema describes it. */
interface Described {
  readonly schema: Schema;
  readonly description?: string | undefined;
  readonly version?: number | undefined;
}

/** GetMetadata's list of one kind's type names. */
function typeNames(byType: ReadonlyMap<string, unknown>): { typeName: string }[] {
  return [...byType.keys()].map((typeName) => ({ typeName }));
}

/** The provider's own RPCs, under protocol 6's names. */
export function providerHandlers(server: ProviderServer, translation: SchemaTranslation) {
  return {
    getMetadata: () => {
      const schemas = getProviderSchema(server);
      return {
        serverCapabilities: schemas.capabilities,
        resources: typeNames(schemas.resources),
        dataSources: typeNames(schemas.dataSources),
        ephemeralResources: typeNames(schemas.ephemeralResources),
        listResources: typeNames(server.provider.listResourcesByType),
        actions: typeNames(schemas.actions),
        stateStores: typeNames(schemas.stateStores),
        functions: [...server.provider.functionsByName.keys()].map((name) => ({ name })),
      };
    },

    getProviderSchema: () => {
      const schemas = getProviderSchema(server);
      /** Each component's schema as GetProviderSchema describes it, by type name. */
      const described = (byType: ReadonlyMap<string, Described>): Record<string, WireSchema> =>
        Object.fromEntries(
          [...byType].map(([name, c]) => [
            name,
            toWireSchema(c.schema, translation, {
              ...(c.version !== undefined ? { version: c.version } : {}),
              ...(c.description !== undefined ? { description: c.description } : {}),
            }),
          ]),
        );
      const actionSchemas: Record<string, { schema: WireSchema }> = {};
      for (const [name, schema] of Object.entries(described(schemas.actions)))
        actionSchemas[name] = { schema };
      return {
        provider: toWireSchema(
          schemas.provider,
          translation,
          server.provider.description ? { description: server.provider.description } : {},
        ),
        ...(schemas.providerMeta !== undefined
          ? { providerMeta: toWireSchema(schemas.providerMeta, translation, {}) }
          : {}),
        resourceSchemas: described(schemas.resources),
        dataSourceSchemas: described(schemas.dataSources),
        ephemeralResourceSchemas: described(schemas.ephemeralResources),
        listResourceSchemas: described(server.provider.listResourcesByType),
        actionSchemas,
        stateStoreSchemas: described(schemas.stateStores),
        functions: wireFunctions(server),
        serverCapabilities: schemas.capabilities,
      };
    },

    validateProviderConfig: async (req: { readonly config?: RequestValue }, diagnostics: Diagnostics) => {
      const config = decodeProviderConfig(server, req.config, diagnostics);
      if (config !== undefined) diagnostics.append(await validateProviderConfig(server, config));
      return {};
    },

    configureProvider: async (
      req: {
        readonly config?: RequestValue;
        readonly terraformVersion: string;
        readonly clientCapabilities?: ClientCapabilities | undefined;
      },
      diagnostics: Diagnostics,
    ) => {
      const config = decodeProviderConfig(server, req.config, diagnostics);
      if (config !== undefined) {
        const result = await configureProvider(server, {
          config,
          terraformVersion: req.terraformVersion,
          deferralAllowed: req.clientCapabilities?.deferralAllowed,
        });
        server.metrics.configure(result.hasErrors);
        diagnostics.append(result);
      }
      return {};
    },
  };
}

/**
 * Stop (protocol 5) / StopProvider (protocol 6): fires every running handler's signal and
 * answers at once. Its answer has an error string, no diagnostics.
 */
export function stopHandler<Res>(
  rpc: "Stop" | "StopProvider",
  server: ProviderServer,
  fns: { fromPartial(object: { Error?: string }): Res },
): Rpc<(call: ServerUnaryCall<unknown, Res>, callback: sendUnaryData<Res>) => void> {
  return (metrics) => (_call, callback) =>
    observeRpc(rpc, metrics, (served) => {
      stopProvider(server);
      served({ failed: false });
      callback(null, fns.fromPartial({}));
    });
}
