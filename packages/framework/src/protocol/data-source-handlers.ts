// The data source RPCs, for both protocol adapters: ValidateDataResourceConfig and
// ReadDataSource. Each decodes its request against the data source's schema, calls the engine
// (../server/) and answers the response's fields; requests and answers are typed by the fields
// protocols 5 and 6 share. A failure is a diagnostic, never a gRPC error.
import type { DataSource } from "../data-source.js";
import type { Diagnostics } from "../diagnostics.js";
import { observeOperation } from "../server/operation.js";
import type { ProviderServer } from "../server/provider-server.js";
import { readDataSource } from "../server/read-data-source.js";
import { validateDataResourceConfig } from "../server/validate-data-resource-config.js";
import { unknownValue, wireDeferred } from "./deferral-wire.js";
import {
  type ClientCapabilities,
  decodeObject,
  decodeProviderMeta,
  encodeObject,
  type RequestValue,
  unknownType,
} from "./requests.js";
import type { WireDynamicValue } from "./wire.js";

/** The data source RPCs, under protocol 6's names. */
export function dataSourceHandlers(server: ProviderServer) {
  const dataSourceOf = (typeName: string, diagnostics: Diagnostics): DataSource | undefined =>
    server.dataSource(typeName) ?? unknownType(diagnostics, server, "data source", typeName);

  return {
    validateDataResourceConfig: async (
      req: { readonly typeName: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const dataSource = dataSourceOf(req.typeName, diagnostics);
      if (!dataSource) return {};
      const config = decodeObject(req.config, dataSource, diagnostics, "configuration");
      if (config !== undefined)
        diagnostics.append(await validateDataResourceConfig(server, dataSource, config));
      return {};
    },

    readDataSource: async (
      req: {
        readonly typeName: string;
        readonly config?: RequestValue;
        readonly providerMeta?: RequestValue;
        readonly clientCapabilities?: ClientCapabilities | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{ state?: WireDynamicValue; deferred?: { reason: number } }> => {
      const dataSource = dataSourceOf(req.typeName, diagnostics);
      if (!dataSource) return {};
      const config = decodeObject(req.config, dataSource, diagnostics, "configuration");
      const providerMeta = decodeProviderMeta(server, req.providerMeta, diagnostics);
      if (config === undefined || providerMeta === undefined) return {};
      const result = await observeOperation(
        server,
        {
          kind: dataSource.kind,
          typeName: dataSource.typeName,
          operation: "read",
          schema: dataSource.schema,
        },
        () => readDataSource(server, dataSource, config, providerMeta, req.clientCapabilities),
        (r) => r.state,
      );
      diagnostics.append(result.diagnostics);
      if (result.deferred) {
        const state = unknownValue(dataSource.valueType, diagnostics, `${dataSource.typeName} deferred read`);
        return state ? { state, ...wireDeferred(result.deferred) } : {};
      }
      if (result.state === null) return {};
      const state = encodeObject(result.state, dataSource, diagnostics, "read result");
      return state ? { state } : {};
    },
  };
}
