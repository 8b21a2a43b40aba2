// The four ephemeral resource RPCs, for both protocol adapters (their messages have the same
// fields in tfplugin5 and tfplugin6): Validate, Open, Renew and Close over the core's modules,
// each counted in the metrics. A failure is a diagnostic, never a gRPC error.
import type { Diagnostics } from "../diagnostics.js";
import type { EphemeralResource } from "../ephemeral-resource.js";
import type { EphemeralOperation } from "../metrics.js";
import { closeEphemeralResource } from "../server/close-ephemeral-resource.js";
import { openEphemeralResource } from "../server/open-ephemeral-resource.js";
import type { ProviderServer } from "../server/provider-server.js";
import { renewEphemeralResource } from "../server/renew-ephemeral-resource.js";
import { validateEphemeralResourceConfig } from "../server/validate-ephemeral-resource-config.js";
import { unknownValue, wireDeferred } from "./deferral-wire.js";
import { asBuffer, decodeObject, encodeObject, type RequestValue, unknownType } from "./requests.js";
import type { WireDynamicValue } from "./wire.js";

export function ephemeralHandlers(server: ProviderServer) {
  const resourceOf = (typeName: string, diagnostics: Diagnostics): EphemeralResource | undefined =>
    server.provider.ephemeralResourcesByType.get(typeName) ??
    unknownType(
      diagnostics,
      server,
      "ephemeral resource",
      typeName,
      "Check the type in your configuration, or upgrade the provider.",
    );
  /** Runs one operation and counts it, failed when it ends with an error. */
  const counted = async <R>(
    resource: EphemeralResource,
    operation: EphemeralOperation,
    run: () => Promise<R>,
    diagnosticsOf: (result: R) => Diagnostics,
  ): Promise<R> => {
    let failed = true;
    try {
      const result = await run();
      failed = diagnosticsOf(result).hasErrors;
      return result;
    } finally {
      server.metrics.ephemeralOperation(resource.typeName, operation, failed);
    }
  };

  return {
    validateEphemeralResourceConfig: async (
      req: { readonly typeName: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      const config = decodeObject(req.config, resource, diagnostics, "configuration");
      if (config !== undefined)
        diagnostics.append(await validateEphemeralResourceConfig(server, resource, config));
      return {};
    },

    openEphemeralResource: async (
      req: {
        readonly typeName: string;
        readonly config?: RequestValue;
        readonly clientCapabilities?: { readonly deferralAllowed?: boolean } | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{
      result?: WireDynamicValue;
      private?: Buffer;
      renewAt?: Date;
      deferred?: { reason: number };
    }> => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      const config = decodeObject(req.config, resource, diagnostics, "configuration");
      if (config === undefined) return {};
      const opened = await counted(
        resource,
        "open",
        () => openEphemeralResource(server, resource, config, req.clientCapabilities),
        (r) => r.diagnostics,
      );
      diagnostics.append(opened.diagnostics);
      if (opened.deferred) {
        const result = unknownValue(resource.valueType, diagnostics, `${resource.typeName} deferred open`);
        return result ? { result, ...wireDeferred(opened.deferred) } : {};
      }
      if (opened.result === null || !opened.private) return {};
      const result = encodeObject(opened.result, resource, diagnostics, "open result");
      if (!result) {
        // The instance is open but cannot be answered: close it, as Terraform never will.
        diagnostics.append(await closeEphemeralResource(server, resource, opened.private));
        return {};
      }
      return {
        result,
        private: asBuffer(opened.private),
        ...(opened.renewAt ? { renewAt: opened.renewAt } : {}),
      };
    },

    renewEphemeralResource: async (
      req: { readonly typeName: string; readonly private?: Uint8Array | undefined },
      diagnostics: Diagnostics,
    ): Promise<{ private?: Buffer; renewAt?: Date }> => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      const renewed = await counted(
        resource,
        "renew",
        () => renewEphemeralResource(server, resource, req.private),
        (r) => r.diagnostics,
      );
      diagnostics.append(renewed.diagnostics);
      if (!renewed.private) return {};
      return {
        private: asBuffer(renewed.private),
        ...(renewed.renewAt ? { renewAt: renewed.renewAt } : {}),
      };
    },

    closeEphemeralResource: async (
      req: { readonly typeName: string; readonly private?: Uint8Array | undefined },
      diagnostics: Diagnostics,
    ) => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      diagnostics.append(
        await counted(
          resource,
          "close",
          () => closeEphemeralResource(server, resource, req.private),
          (d) => d,
        ),
      );
      return {};
    },
  };
}
