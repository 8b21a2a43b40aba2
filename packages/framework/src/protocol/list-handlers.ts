// The list resource RPCs and GenerateResourceConfig, for both protocol adapters (tfplugin5 5.10
// and tfplugin6 6.10 give their messages the same fields): ValidateListResourceConfig, the
// ListResource server stream over the core's generator (../server/list-resource.ts), and
// GenerateResourceConfig. Their schemas go out with the provider's (provider-handlers.ts).
// A failure is a diagnostic (in a stream: an event carrying it), never a gRPC error.
import { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import type { ListResource } from "../list-resource.js";
import type { Resource } from "../resource.js";
import { generateResourceConfig } from "../server/generate-resource-config.js";
import { type ListEvent, listResource } from "../server/list-resource.js";
import type { ProviderServer } from "../server/provider-server.js";
import { validateListResourceConfig } from "../server/validate-list-resource-config.js";
import type { ObjectValue } from "../values/object-value.js";
import type { RequestValue } from "./requests.js";
import { type StreamSender, serverStream } from "./streams.js";
import { unary } from "./unary.js";
import {
  decodeDynamic,
  encodeDynamic,
  toWireDiagnostics,
  type WireDiagnostic,
  type WireDynamicValue,
} from "./wire.js";

/** ListResource.Event, as either protocol's generated `fromPartial` takes it. */
export interface WireListEvent {
  identity?: { identityData: WireDynamicValue };
  displayName?: string;
  resourceObject?: WireDynamicValue;
  diagnostic: WireDiagnostic[];
}

export function listHandlers(server: ProviderServer) {
  const byType = server.provider.listResourcesByType;
  const listResourceOf = (typeName: string, diagnostics: Diagnostics): ListResource | undefined => {
    const found = byType.get(typeName);
    if (found) return found;
    const known = [...byType.keys()].join(", ") || "none";
    diagnostics.addError(
      `Unknown list resource type ${typeName}`,
      `The provider ${server.provider.name} has no list resource "${typeName}" (it has: ${known}). Check the type of the list block, or upgrade the provider.`,
    );
    return undefined;
  };
  const decodeConfig = (value: RequestValue, definition: ListResource, diagnostics: Diagnostics) => {
    const decoded = decodeDynamic(
      value,
      definition.valueType,
      diagnostics,
      `configuration for list resource ${definition.typeName}`,
    ) as ObjectValue | null | undefined;
    rememberSecrets(definition.schema, decoded);
    return decoded;
  };

  /** One core event on the wire; an encoding failure becomes an error event instead. */
  const wireEvent = (definition: ListResource, event: ListEvent): WireListEvent => {
    const resource = definition.resource as Resource;
    const diagnostics = new Diagnostics();
    diagnostics.append(event.diagnostics);
    const out: WireListEvent = { diagnostic: [] };
    if (event.identity !== undefined && resource.identityType !== undefined) {
      const identityData = encodeDynamic(
        event.identity,
        resource.identityType,
        diagnostics,
        `list resource ${definition.typeName} result "${event.displayName}" identity`,
      );
      if (identityData) {
        out.identity = { identityData };
        out.displayName = event.displayName ?? "";
      }
    }
    if (event.resource !== undefined && out.identity) {
      const resourceObject = encodeDynamic(
        event.resource,
        resource.valueType,
        diagnostics,
        `list resource ${definition.typeName} result "${event.displayName}" resource`,
      );
      if (resourceObject) out.resourceObject = resourceObject;
    }
    // A result that cannot be sent whole is not sent at all: its error ends the list.
    if (diagnostics.hasErrors) return { diagnostic: toWireDiagnostics(diagnostics) };
    out.diagnostic = toWireDiagnostics(diagnostics);
    return out;
  };

  return {
    validateListResourceConfig: async (
      req: { readonly typeName: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const definition = listResourceOf(req.typeName, diagnostics);
      if (!definition) return {};
      const config = decodeConfig(req.config, definition, diagnostics);
      if (config === undefined) return {};
      // Terraform places these diagnostics in the whole list block (its ListResource client
      // adds the `config` step to paths, its ValidateListResourceConfig client does not):
      // start each path at the config block, so the error points at the attribute's line.
      for (const d of await validateListResourceConfig(server, definition, config)) {
        diagnostics.append([d.path ? { ...d, path: [{ attribute: "config" }, ...d.path] } : d]);
      }
      return {};
    },

    /**
     * The ListResource stream: each core event sent as it comes, waiting while the transport
     * is full; the core's generator is closed when the host cancels or an event fails.
     */
    listResource: async (
      req: {
        readonly typeName: string;
        readonly config?: RequestValue;
        readonly includeResourceObject: boolean;
        readonly limit: bigint;
      },
      sender: StreamSender<WireListEvent>,
    ): Promise<Diagnostics> => {
      const diagnostics = new Diagnostics();
      const definition = listResourceOf(req.typeName, diagnostics);
      const config = definition && decodeConfig(req.config, definition, diagnostics);
      if (!definition || config === undefined) {
        await sender.send({ diagnostic: toWireDiagnostics(diagnostics) });
        return diagnostics;
      }
      const events = listResource(
        server,
        definition,
        {
          config,
          includeResource: req.includeResourceObject,
          // Anything past a double's integer range is "no limit" in practice.
          limit: Number(req.limit),
        },
        sender.cancelled,
      );
      try {
        for await (const event of events) {
          const wire = wireEvent(definition, event);
          diagnostics.append(event.diagnostics);
          const failed = wire.diagnostic.some((d) => d.severity === 1);
          if (!(await sender.send(wire)) || failed) break;
        }
      } finally {
        // Runs the core's finally, which closes the author's generator.
        await events.return();
      }
      return diagnostics;
    },

    generateResourceConfig: async (
      req: { readonly typeName: string; readonly state?: RequestValue },
      diagnostics: Diagnostics,
    ): Promise<{ config?: WireDynamicValue }> => {
      const resource = server.resource(req.typeName);
      if (!resource) {
        const known = [...server.provider.resourcesByType.keys()].join(", ") || "none";
        diagnostics.addError(
          `Unknown resource type ${req.typeName}`,
          `The provider ${server.provider.name} has no resource type "${req.typeName}" (it has: ${known}), so it cannot generate configuration for it.`,
        );
        return {};
      }
      const state = decodeDynamic(
        req.state,
        resource.valueType,
        diagnostics,
        `state for ${resource.typeName}`,
      ) as ObjectValue | null | undefined;
      rememberSecrets(resource.schema, state);
      if (state === undefined) return {};
      const result = await generateResourceConfig(server, resource, state);
      diagnostics.append(result.diagnostics);
      if (result.diagnostics.hasErrors) return {};
      const config = encodeDynamic(
        result.config,
        resource.valueType,
        diagnostics,
        `${resource.typeName} generated configuration`,
      );
      return config ? { config } : {};
    },
  };
}

/** The generated messages the list and generate RPCs answer with, the same in tfplugin5 and tfplugin6. */
interface ListMessages<V, E, G> {
  readonly ValidateListResourceConfig_Response: { fromPartial(object: { diagnostics?: unknown }): V };
  readonly ListResource_Event: { fromPartial(object: WireListEvent): E };
  readonly GenerateResourceConfig_Response: { fromPartial(object: { diagnostics?: unknown }): G };
}

/** The list and generate RPCs of one protocol's service, over the shared handlers. */
export function listRpcs<V, E, G>(h: ReturnType<typeof listHandlers>, pb: ListMessages<V, E, G>) {
  return {
    validateListResourceConfig: unary(
      "ValidateListResourceConfig",
      pb.ValidateListResourceConfig_Response,
      h.validateListResourceConfig,
    ),
    listResource: serverStream("ListResource", pb.ListResource_Event, h.listResource, (diagnostic) => ({
      diagnostic,
    })),
    generateResourceConfig: unary(
      "GenerateResourceConfig",
      pb.GenerateResourceConfig_Response,
      h.generateResourceConfig,
    ),
  };
}
