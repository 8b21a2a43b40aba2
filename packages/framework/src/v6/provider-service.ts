// The tfplugin6 Provider service: decodes each request against the right schema, calls the
// protocol-neutral core, and encodes the answer. Every failure becomes a diagnostic in the
// response; no RPC ever answers with a gRPC error, which Terraform would only show as
// "Plugin error".
import type { ServerUnaryCall, sendUnaryData, UntypedServiceImplementation } from "@grpc/grpc-js";
import type { CtyValue } from "@tsvider/cty";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import type { DataSource } from "../data-source.js";
import { Diagnostics } from "../diagnostics.js";
import { instrumentRpcs } from "../internal/instrument-rpcs.js";
import { providerLog } from "../internal/log.js";
import { rememberSecrets } from "../internal/log-values.js";
import type { ResourceOperation } from "../metrics.js";
import type { Resource } from "../resource.js";
import { applyResourceChange } from "../server/apply-resource-change.js";
import { configureProvider } from "../server/configure-provider.js";
import { getProviderSchema } from "../server/get-provider-schema.js";
import { addThrown } from "../server/handler.js";
import { importResourceState } from "../server/import-resource-state.js";
import { observeOperation } from "../server/operation.js";
import { planResourceChange } from "../server/plan-resource-change.js";
import type { ObjectValue, ProviderServer } from "../server/provider-server.js";
import { readDataSource } from "../server/read-data-source.js";
import { readResource } from "../server/read-resource.js";
import { planPrivate } from "../server/resource-private.js";
import { stopProvider } from "../server/stop-provider.js";
import { upgradeResourceState } from "../server/upgrade-resource-state.js";
import { validateDataResourceConfig } from "../server/validate-data-resource-config.js";
import { validateProviderConfig } from "../server/validate-provider-config.js";
import { validateResourceConfig } from "../server/validate-resource-config.js";
import { decodeDynamic, encodeDynamic, toProtoDiagnostics, toProtoPath, toProtoSchema } from "./convert.js";

type WithDiagnostics = { diagnostics: pb.Diagnostic[] };
interface MessageFns<T> {
  fromPartial(object: Partial<T>): T;
}

/**
 * One unary RPC: `handle` fills a response and its diagnostics; a throw anywhere becomes an
 * error diagnostic naming the RPC.
 */
function unary<Req, Res extends WithDiagnostics>(
  rpc: string,
  fns: MessageFns<Res>,
  handle: (request: Req, diagnostics: Diagnostics) => Promise<Partial<Res>> | Partial<Res>,
) {
  return (call: ServerUnaryCall<Req, Res>, callback: sendUnaryData<Res>): void => {
    const diagnostics = new Diagnostics();
    const log = providerLog();
    const started = performance.now();
    log.trace("received request", { rpc });
    Promise.resolve()
      .then(() => handle(call.request, diagnostics))
      .catch((err: unknown) => {
        addThrown(diagnostics, `tsvider's ${rpc}`, err);
        return {};
      })
      .then((partial) => {
        log.trace("served request", {
          rpc,
          duration_ms: Number((performance.now() - started).toFixed(3)),
          diagnostics: diagnostics.items.length,
        });
        callback(
          null,
          fns.fromPartial({ ...partial, diagnostics: toProtoDiagnostics(diagnostics) } as Partial<Res>),
        );
      });
  };
}

/** Private bytes as the generated messages hold them, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function unknownResource(diagnostics: Diagnostics, server: ProviderServer, typeName: string): undefined {
  const known = [...server.provider.resourcesByType.keys()].join(", ") || "none";
  diagnostics.addError(
    `Unknown resource type ${typeName}`,
    `The provider ${server.provider.name} has no resource type "${typeName}" (it has: ${known}). Check the resource type in your configuration, or upgrade the provider.`,
  );
  return undefined;
}

function unknownDataSource(diagnostics: Diagnostics, server: ProviderServer, typeName: string): undefined {
  const known = [...server.provider.dataSourcesByType.keys()].join(", ") || "none";
  diagnostics.addError(
    `Unknown data source type ${typeName}`,
    `The provider ${server.provider.name} has no data source type "${typeName}" (it has: ${known}). Check the data source type in your configuration, or upgrade the provider.`,
  );
  return undefined;
}

export function providerService(server: ProviderServer): UntypedServiceImplementation {
  const resourceOf = (typeName: string, diagnostics: Diagnostics): Resource | undefined =>
    server.resource(typeName) ?? unknownResource(diagnostics, server, typeName);
  const dataSourceOf = (typeName: string, diagnostics: Diagnostics): DataSource | undefined =>
    server.dataSource(typeName) ?? unknownDataSource(diagnostics, server, typeName);
  const decodeObject = (
    value: pb.DynamicValue | undefined,
    component: Resource | DataSource,
    diagnostics: Diagnostics,
    what: string,
  ) => {
    const decoded = decodeDynamic(
      value,
      component.valueType,
      diagnostics,
      `${what} for ${component.typeName}`,
    ) as ObjectValue | null | undefined;
    // Its sensitive values are masked in every log line written while this RPC runs.
    rememberSecrets(component.schema, decoded);
    return decoded;
  };
  const decodeProviderConfig = (value: pb.DynamicValue | undefined, diagnostics: Diagnostics) => {
    const decoded = decodeDynamic(value, server.provider.configType, diagnostics, "provider configuration") as
      | ObjectValue
      | null
      | undefined;
    rememberSecrets(server.provider.schema ?? {}, decoded);
    return decoded;
  };
  const encodeObject = (
    value: CtyValue,
    component: Resource | DataSource,
    diagnostics: Diagnostics,
    what: string,
  ) => encodeDynamic(value, component.valueType, diagnostics, `${component.typeName} ${what}`);
  /** For observeOperation: which component, which operation. */
  const operation = (component: Resource | DataSource, name: ResourceOperation) => ({
    kind: component.kind,
    typeName: component.typeName,
    operation: name,
    schema: component.schema,
  });

  const implementation: Partial<pb.ProviderServer> = {
    getMetadata: unary<pb.GetMetadata_Request, pb.GetMetadata_Response>(
      "GetMetadata",
      pb.GetMetadata_Response,
      () => {
        const schemas = getProviderSchema(server);
        return {
          serverCapabilities: pb.ServerCapabilities.fromPartial(schemas.capabilities),
          resources: [...schemas.resources.keys()].map((typeName) => ({ typeName })),
          dataSources: [...schemas.dataSources.keys()].map((typeName) => ({ typeName })),
        };
      },
    ),

    getProviderSchema: unary<pb.GetProviderSchema_Request, pb.GetProviderSchema_Response>(
      "GetProviderSchema",
      pb.GetProviderSchema_Response,
      () => {
        const schemas = getProviderSchema(server);
        const resourceSchemas: Record<string, pb.Schema> = {};
        for (const [name, r] of schemas.resources) {
          resourceSchemas[name] = toProtoSchema(r.schema, {
            version: r.version,
            ...(r.description !== undefined ? { description: r.description } : {}),
          });
        }
        const dataSourceSchemas: Record<string, pb.Schema> = {};
        for (const [name, d] of schemas.dataSources) {
          dataSourceSchemas[name] = toProtoSchema(
            d.schema,
            d.description !== undefined ? { description: d.description } : {},
          );
        }
        return {
          provider: toProtoSchema(
            schemas.provider,
            server.provider.description ? { description: server.provider.description } : {},
          ),
          resourceSchemas,
          dataSourceSchemas,
          serverCapabilities: pb.ServerCapabilities.fromPartial(schemas.capabilities),
        };
      },
    ),

    // No resource has an identity yet; an empty answer spares the host an UNIMPLEMENTED.
    getResourceIdentitySchemas: unary<
      pb.GetResourceIdentitySchemas_Request,
      pb.GetResourceIdentitySchemas_Response
    >("GetResourceIdentitySchemas", pb.GetResourceIdentitySchemas_Response, () => ({})),

    validateProviderConfig: unary<pb.ValidateProviderConfig_Request, pb.ValidateProviderConfig_Response>(
      "ValidateProviderConfig",
      pb.ValidateProviderConfig_Response,
      async (req, diagnostics) => {
        const config = decodeProviderConfig(req.config, diagnostics);
        if (config !== undefined) diagnostics.append(await validateProviderConfig(server, config));
        return {};
      },
    ),

    configureProvider: unary<pb.ConfigureProvider_Request, pb.ConfigureProvider_Response>(
      "ConfigureProvider",
      pb.ConfigureProvider_Response,
      async (req, diagnostics) => {
        const config = decodeProviderConfig(req.config, diagnostics);
        if (config !== undefined) {
          const result = await configureProvider(server, { config, terraformVersion: req.terraformVersion });
          server.metrics.configure(result.hasErrors);
          diagnostics.append(result);
        }
        return {};
      },
    ),

    validateResourceConfig: unary<pb.ValidateResourceConfig_Request, pb.ValidateResourceConfig_Response>(
      "ValidateResourceConfig",
      pb.ValidateResourceConfig_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return {};
        const config = decodeObject(req.config, resource, diagnostics, "configuration");
        if (config !== undefined) {
          const writeOnlyAllowed = req.clientCapabilities?.writeOnlyAttributesAllowed === true;
          diagnostics.append(await validateResourceConfig(server, resource, config, { writeOnlyAllowed }));
        }
        return {};
      },
    ),

    upgradeResourceState: unary<pb.UpgradeResourceState_Request, pb.UpgradeResourceState_Response>(
      "UpgradeResourceState",
      pb.UpgradeResourceState_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return {};
        const result = await upgradeResourceState(server, resource, {
          version: Number(req.version),
          json: req.rawState?.json,
          hasFlatmap: Object.keys(req.rawState?.flatmap ?? {}).length > 0,
        });
        diagnostics.append(result.diagnostics);
        if (result.state === undefined) return {};
        const upgradedState = encodeObject(result.state, resource, diagnostics, "upgraded state");
        return upgradedState ? { upgradedState } : {};
      },
    ),

    readResource: unary<pb.ReadResource_Request, pb.ReadResource_Response>(
      "ReadResource",
      pb.ReadResource_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return { newState: req.currentState, private: req.private };
        const state = decodeObject(req.currentState, resource, diagnostics, "current state");
        // Undecodable state goes back untouched: better an error than a lost object.
        if (state === undefined) return { newState: req.currentState, private: req.private };
        const result = await observeOperation(
          server,
          operation(resource, "read"),
          () => readResource(server, resource, state, req.private),
          (r) => r.newState,
        );
        diagnostics.append(result.diagnostics);
        const newState = encodeObject(result.newState, resource, diagnostics, "read result");
        return newState
          ? { newState, private: asBuffer(result.private) }
          : { newState: req.currentState, private: req.private };
      },
    ),

    planResourceChange: unary<pb.PlanResourceChange_Request, pb.PlanResourceChange_Response>(
      "PlanResourceChange",
      pb.PlanResourceChange_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return {};
        const priorState = decodeObject(req.priorState, resource, diagnostics, "prior state");
        const proposedNewState = decodeObject(
          req.proposedNewState,
          resource,
          diagnostics,
          "proposed new state",
        );
        const config = decodeObject(req.config, resource, diagnostics, "configuration");
        if (priorState === undefined || proposedNewState === undefined || config === undefined) return {};
        const result = await planResourceChange(server, resource, { priorState, proposedNewState, config });
        diagnostics.append(result.diagnostics);
        const plannedPrivate = planPrivate(
          server,
          resource,
          req.priorPrivate,
          proposedNewState === null,
          diagnostics,
        );
        const plannedState = encodeObject(result.plannedState, resource, diagnostics, "plan");
        if (!plannedState || !plannedPrivate) return {};
        return {
          plannedState,
          requiresReplace: result.requiresReplace.map((p) => toProtoPath(p)),
          plannedPrivate: asBuffer(plannedPrivate),
        };
      },
    ),

    applyResourceChange: unary<pb.ApplyResourceChange_Request, pb.ApplyResourceChange_Response>(
      "ApplyResourceChange",
      pb.ApplyResourceChange_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return { newState: req.priorState, private: req.plannedPrivate };
        const priorState = decodeObject(req.priorState, resource, diagnostics, "prior state");
        const plannedState = decodeObject(req.plannedState, resource, diagnostics, "planned state");
        const config = decodeObject(req.config, resource, diagnostics, "configuration");
        if (priorState === undefined || plannedState === undefined || config === undefined) {
          return { newState: req.priorState, private: req.plannedPrivate };
        }
        const result = await observeOperation(
          server,
          operation(resource, priorState === null ? "create" : plannedState === null ? "delete" : "update"),
          () =>
            applyResourceChange(server, resource, {
              priorState,
              plannedState,
              config,
              plannedPrivate: req.plannedPrivate,
            }),
          (r) => r.newState,
        );
        diagnostics.append(result.diagnostics);
        const newState = encodeObject(result.newState, resource, diagnostics, "apply result");
        return newState
          ? { newState, private: asBuffer(result.private) }
          : { newState: req.priorState, private: req.plannedPrivate };
      },
    ),

    importResourceState: unary<pb.ImportResourceState_Request, pb.ImportResourceState_Response>(
      "ImportResourceState",
      pb.ImportResourceState_Response,
      async (req, diagnostics) => {
        const resource = resourceOf(req.typeName, diagnostics);
        if (!resource) return {};
        const result = await observeOperation(
          server,
          operation(resource, "import"),
          () => importResourceState(server, resource, req.id),
          (r) => r.state,
        );
        diagnostics.append(result.diagnostics);
        if (!result.state) return {};
        const state = encodeObject(result.state, resource, diagnostics, "imported state");
        return state
          ? {
              importedResources: [
                pb.ImportResourceState_ImportedResource.fromPartial({
                  typeName: resource.typeName,
                  state,
                  ...(result.private ? { private: asBuffer(result.private) } : {}),
                }),
              ],
            }
          : {};
      },
    ),

    validateDataResourceConfig: unary<
      pb.ValidateDataResourceConfig_Request,
      pb.ValidateDataResourceConfig_Response
    >("ValidateDataResourceConfig", pb.ValidateDataResourceConfig_Response, async (req, diagnostics) => {
      const dataSource = dataSourceOf(req.typeName, diagnostics);
      if (!dataSource) return {};
      const config = decodeObject(req.config, dataSource, diagnostics, "configuration");
      if (config !== undefined)
        diagnostics.append(await validateDataResourceConfig(server, dataSource, config));
      return {};
    }),

    readDataSource: unary<pb.ReadDataSource_Request, pb.ReadDataSource_Response>(
      "ReadDataSource",
      pb.ReadDataSource_Response,
      async (req, diagnostics) => {
        const dataSource = dataSourceOf(req.typeName, diagnostics);
        if (!dataSource) return {};
        const config = decodeObject(req.config, dataSource, diagnostics, "configuration");
        if (config === undefined) return {};
        const result = await observeOperation(
          server,
          operation(dataSource, "read"),
          () => readDataSource(server, dataSource, config),
          (r) => r.state,
        );
        diagnostics.append(result.diagnostics);
        if (result.state === null) return {};
        const state = encodeObject(result.state, dataSource, diagnostics, "read result");
        return state ? { state } : {};
      },
    ),

    stopProvider(
      _call: ServerUnaryCall<pb.StopProvider_Request, pb.StopProvider_Response>,
      callback: sendUnaryData<pb.StopProvider_Response>,
    ) {
      stopProvider(server);
      callback(null, pb.StopProvider_Response.fromPartial({}));
    },
  };
  return instrumentRpcs(implementation as UntypedServiceImplementation, server.metrics);
}
