// The Provider service's RPCs over the protocol-neutral core, for both protocol adapters: each
// handler decodes a request against the right schema, calls the core (src/server/) and answers
// the response's fields. Requests and answers are typed by the fields protocols 5 and 6 share
// (their messages for these RPCs have the same field names), so an adapter only maps its own
// RPC names onto these handlers and wraps each with `unary` (unary.ts).
//
// Every failure becomes a diagnostic in the response; no RPC ever answers with a gRPC error,
// which Terraform would only show as "Plugin error".
import type { ServerUnaryCall, sendUnaryData } from "@grpc/grpc-js";
import type { CtyValue } from "@tsvider/cty";
import type { DataSource } from "../data-source.js";
import type { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import type { ResourceOperation } from "../metrics.js";
import type { Resource } from "../resource.js";
import type { Schema } from "../schema/schema.js";
import { applyResourceChange } from "../server/apply-resource-change.js";
import { configureProvider } from "../server/configure-provider.js";
import { getProviderSchema } from "../server/get-provider-schema.js";
import { plannedIdentity as planIdentity } from "../server/identity.js";
import { importResourceState } from "../server/import-resource-state.js";
import { observeOperation } from "../server/operation.js";
import { planResourceChange } from "../server/plan-resource-change.js";
import type { ProviderServer } from "../server/provider-server.js";
import { readDataSource } from "../server/read-data-source.js";
import { readResource } from "../server/read-resource.js";
import { planPrivate } from "../server/resource-private.js";
import { stopProvider } from "../server/stop-provider.js";
import { upgradeResourceState } from "../server/upgrade-resource-state.js";
import { validateDataResourceConfig } from "../server/validate-data-resource-config.js";
import { validateProviderConfig } from "../server/validate-provider-config.js";
import { validateResourceConfig } from "../server/validate-resource-config.js";
import { hiddenTestOnlyHint } from "../test-mode.js";
import type { ObjectValue } from "../values/object-value.js";
import { actionHandlers } from "./action-handlers.js";
import { unknownValue, wireDeferred } from "./deferral-wire.js";
import { ephemeralHandlers } from "./ephemeral-handlers.js";
import { callFunctionHandler, wireFunctions } from "./functions.js";
import { decodeIdentity, encodeIdentity, identityHandlers, type WireIdentity } from "./identity-handlers.js";
import { listHandlers } from "./list-handlers.js";
import { moveHandlers } from "./move-handlers.js";
import { stateStoreHandlers } from "./state-store-handlers.js";
import {
  decodeDynamic,
  encodeDynamic,
  type SchemaTranslation,
  toWirePath,
  toWireSchema,
  type WireDynamicValue,
  type WireSchema,
} from "./wire.js";

type Value = { readonly msgpack?: Uint8Array; readonly json?: Uint8Array } | undefined;
interface ClientCapabilities {
  readonly writeOnlyAttributesAllowed?: boolean;
  readonly deferralAllowed?: boolean;
}

/** Private bytes as the generated messages hold them, without a copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function unknownResource(diagnostics: Diagnostics, server: ProviderServer, typeName: string): undefined {
  const known = [...server.provider.resourcesByType.keys()].join(", ") || "none";
  diagnostics.addError(
    `Unknown resource type ${typeName}`,
    `The provider ${server.provider.name} has no resource type "${typeName}" (it has: ${known}).${hiddenTestOnlyHint(server.provider, typeName)} Check the resource type in your configuration, or upgrade the provider.`,
  );
  return undefined;
}

function unknownDataSource(diagnostics: Diagnostics, server: ProviderServer, typeName: string): undefined {
  const known = [...server.provider.dataSourcesByType.keys()].join(", ") || "none";
  diagnostics.addError(
    `Unknown data source type ${typeName}`,
    `The provider ${server.provider.name} has no data source type "${typeName}" (it has: ${known}).${hiddenTestOnlyHint(server.provider, typeName)} Check the data source type in your configuration, or upgrade the provider.`,
  );
  return undefined;
}

/** The handlers of the RPCs both protocols have, under the core's (protocol 6's) names. */
export function providerHandlers(server: ProviderServer, translation: SchemaTranslation) {
  const resourceOf = (typeName: string, diagnostics: Diagnostics): Resource | undefined =>
    server.resource(typeName) ?? unknownResource(diagnostics, server, typeName);
  const dataSourceOf = (typeName: string, diagnostics: Diagnostics): DataSource | undefined =>
    server.dataSource(typeName) ?? unknownDataSource(diagnostics, server, typeName);
  const decodeObject = (
    value: Value,
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
  const decodeProviderConfig = (value: Value, diagnostics: Diagnostics) => {
    const decoded = decodeDynamic(value, server.provider.configType, diagnostics, "provider configuration") as
      | ObjectValue
      | null
      | undefined;
    rememberSecrets(server.provider.schema ?? {}, decoded);
    return decoded;
  };
  /** The request's provider_meta: null unless the provider declares a metaSchema and the module sets one. */
  const decodeProviderMeta = (value: Value, diagnostics: Diagnostics) => {
    const { metaType, metaSchema } = server.provider;
    if (metaType === undefined || metaSchema === undefined) return null;
    const decoded = decodeDynamic(value, metaType, diagnostics, "provider_meta") as
      | ObjectValue
      | null
      | undefined;
    rememberSecrets(metaSchema, decoded);
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

  const lists = listHandlers(server, translation);

  return {
    ...ephemeralHandlers(server),
    ...identityHandlers(server),
    ...lists,
    ...actionHandlers(server),
    ...stateStoreHandlers(server),
    ...moveHandlers(server),

    getMetadata: () => {
      const schemas = getProviderSchema(server);
      return {
        serverCapabilities: schemas.capabilities,
        resources: [...schemas.resources.keys()].map((typeName) => ({ typeName })),
        dataSources: [...schemas.dataSources.keys()].map((typeName) => ({ typeName })),
        ephemeralResources: [...schemas.ephemeralResources.keys()].map((typeName) => ({ typeName })),
        listResources: lists.listResourceMetadata(),
        actions: [...schemas.actions.keys()].map((typeName) => ({ typeName })),
        stateStores: [...schemas.stateStores.keys()].map((typeName) => ({ typeName })),
        functions: [...server.provider.functionsByName.keys()].map((name) => ({ name })),
      };
    },

    getProviderSchema: () => {
      const schemas = getProviderSchema(server);
      const resourceSchemas: Record<string, WireSchema> = {};
      for (const [name, r] of schemas.resources) {
        resourceSchemas[name] = toWireSchema(r.schema, translation, {
          version: r.version,
          ...(r.description !== undefined ? { description: r.description } : {}),
        });
      }
      const dataSourceSchemas: Record<string, WireSchema> = {};
      for (const [name, d] of schemas.dataSources) {
        dataSourceSchemas[name] = toWireSchema(
          d.schema,
          translation,
          d.description !== undefined ? { description: d.description } : {},
        );
      }
      const ephemeralResourceSchemas: Record<string, WireSchema> = {};
      for (const [name, e] of schemas.ephemeralResources) {
        ephemeralResourceSchemas[name] = toWireSchema(
          e.schema,
          translation,
          e.description !== undefined ? { description: e.description } : {},
        );
      }
      const described = (c: { readonly schema: Schema; readonly description?: string }) =>
        toWireSchema(
          c.schema,
          translation,
          c.description !== undefined ? { description: c.description } : {},
        );
      const actionSchemas: Record<string, { schema: WireSchema }> = {};
      for (const [name, a] of schemas.actions) actionSchemas[name] = { schema: described(a) };
      const stateStoreSchemas: Record<string, WireSchema> = {};
      for (const [name, s] of schemas.stateStores) stateStoreSchemas[name] = described(s);
      return {
        provider: toWireSchema(
          schemas.provider,
          translation,
          server.provider.description ? { description: server.provider.description } : {},
        ),
        ...(schemas.providerMeta !== undefined
          ? { providerMeta: toWireSchema(schemas.providerMeta, translation, {}) }
          : {}),
        resourceSchemas,
        dataSourceSchemas,
        ephemeralResourceSchemas,
        listResourceSchemas: lists.listResourceSchemas(),
        actionSchemas,
        stateStoreSchemas,
        functions: wireFunctions(server),
        serverCapabilities: schemas.capabilities,
      };
    },

    // Terraform reads functions from the schema; OpenTofu asks here too. The same list.
    getFunctions: () => ({ functions: wireFunctions(server) }),

    callFunction: (req: { readonly name: string; readonly arguments: readonly Value[] }) =>
      callFunctionHandler(server, req),

    validateProviderConfig: async (req: { readonly config?: Value }, diagnostics: Diagnostics) => {
      const config = decodeProviderConfig(req.config, diagnostics);
      if (config !== undefined) diagnostics.append(await validateProviderConfig(server, config));
      return {};
    },

    configureProvider: async (
      req: {
        readonly config?: Value;
        readonly terraformVersion: string;
        readonly clientCapabilities?: ClientCapabilities | undefined;
      },
      diagnostics: Diagnostics,
    ) => {
      const config = decodeProviderConfig(req.config, diagnostics);
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

    validateResourceConfig: async (
      req: {
        readonly typeName: string;
        readonly config?: Value;
        readonly clientCapabilities?: ClientCapabilities | undefined;
      },
      diagnostics: Diagnostics,
    ) => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      const config = decodeObject(req.config, resource, diagnostics, "configuration");
      if (config !== undefined) {
        const writeOnlyAllowed = req.clientCapabilities?.writeOnlyAttributesAllowed === true;
        diagnostics.append(await validateResourceConfig(server, resource, config, { writeOnlyAllowed }));
      }
      return {};
    },

    upgradeResourceState: async (
      req: {
        readonly typeName: string;
        readonly version: bigint;
        readonly rawState?:
          | { readonly json: Uint8Array; readonly flatmap: Record<string, string> }
          | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{ upgradedState?: WireDynamicValue }> => {
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

    readResource: async (
      req: {
        readonly typeName: string;
        readonly currentState?: WireDynamicValue | undefined;
        readonly private: Buffer;
        readonly providerMeta?: Value;
        readonly clientCapabilities?: ClientCapabilities | undefined;
        readonly currentIdentity?: WireIdentity;
      },
      diagnostics: Diagnostics,
    ) => {
      const unchanged = {
        newState: req.currentState,
        private: req.private,
        newIdentity: req.currentIdentity,
      };
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return unchanged;
      const state = decodeObject(req.currentState, resource, diagnostics, "current state");
      const providerMeta = decodeProviderMeta(req.providerMeta, diagnostics);
      const currentIdentity = decodeIdentity(req.currentIdentity, resource, diagnostics, "current identity");
      // Undecodable state goes back untouched: better an error than a lost object.
      if (state === undefined || providerMeta === undefined || currentIdentity === undefined)
        return unchanged;
      const result = await observeOperation(
        server,
        operation(resource, "read"),
        () =>
          readResource(
            server,
            resource,
            state,
            req.private,
            providerMeta,
            req.clientCapabilities,
            currentIdentity,
          ),
        (r) => r.newState,
      );
      diagnostics.append(result.diagnostics);
      const newState = encodeObject(result.newState, resource, diagnostics, "read result");
      const newIdentity = encodeIdentity(result.newIdentity, resource, diagnostics, "read identity");
      return newState && newIdentity !== undefined
        ? {
            newState,
            private: asBuffer(result.private),
            ...(newIdentity ? { newIdentity } : {}),
            ...wireDeferred(result.deferred),
          }
        : unchanged;
    },

    planResourceChange: async (
      req: {
        readonly typeName: string;
        readonly priorState?: Value;
        readonly proposedNewState?: Value;
        readonly config?: Value;
        readonly priorPrivate: Uint8Array;
        readonly providerMeta?: Value;
        readonly clientCapabilities?: ClientCapabilities | undefined;
        readonly priorIdentity?: WireIdentity;
      },
      diagnostics: Diagnostics,
    ) => {
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
      const providerMeta = decodeProviderMeta(req.providerMeta, diagnostics);
      const priorIdentity = decodeIdentity(req.priorIdentity, resource, diagnostics, "prior identity");
      if (
        priorState === undefined ||
        proposedNewState === undefined ||
        config === undefined ||
        providerMeta === undefined ||
        priorIdentity === undefined
      )
        return {};
      const result = await planResourceChange(server, resource, {
        priorState,
        proposedNewState,
        config,
        providerMeta,
        deferralAllowed: req.clientCapabilities?.deferralAllowed,
      });
      diagnostics.append(result.diagnostics);
      const plannedPrivate = planPrivate(
        server,
        resource,
        req.priorPrivate,
        proposedNewState === null,
        diagnostics,
        { exists: priorState !== null },
      );
      const plannedState = encodeObject(result.plannedState, resource, diagnostics, "plan");
      const plannedIdentity = encodeIdentity(
        planIdentity(resource, { priorState, proposedNewState, priorIdentity }),
        resource,
        diagnostics,
        "planned identity",
      );
      if (!plannedState || !plannedPrivate || plannedIdentity === undefined) return {};
      return {
        plannedState,
        // A deferred plan carries no identity: Terraform cannot show one still unknown (its
        // show -json fails on it), and plans the object again later anyway.
        ...(plannedIdentity && !result.deferred ? { plannedIdentity } : {}),
        requiresReplace: result.requiresReplace.map((p) => toWirePath(p)),
        plannedPrivate: asBuffer(plannedPrivate),
        ...wireDeferred(result.deferred),
      };
    },

    applyResourceChange: async (
      req: {
        readonly typeName: string;
        readonly priorState?: WireDynamicValue | undefined;
        readonly plannedState?: Value;
        readonly config?: Value;
        readonly plannedPrivate: Buffer;
        readonly providerMeta?: Value;
        readonly plannedIdentity?: WireIdentity;
      },
      diagnostics: Diagnostics,
    ) => {
      // A failed apply answers the prior state: the object is not lost from state, nor its identity.
      const unchanged = {
        newState: req.priorState,
        private: req.plannedPrivate,
        newIdentity: req.plannedIdentity,
      };
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return unchanged;
      const priorState = decodeObject(req.priorState, resource, diagnostics, "prior state");
      const plannedState = decodeObject(req.plannedState, resource, diagnostics, "planned state");
      const config = decodeObject(req.config, resource, diagnostics, "configuration");
      const providerMeta = decodeProviderMeta(req.providerMeta, diagnostics);
      const plannedIdentity = decodeIdentity(req.plannedIdentity, resource, diagnostics, "planned identity");
      if (
        priorState === undefined ||
        plannedState === undefined ||
        config === undefined ||
        providerMeta === undefined ||
        plannedIdentity === undefined
      )
        return unchanged;
      const result = await observeOperation(
        server,
        operation(resource, priorState === null ? "create" : plannedState === null ? "delete" : "update"),
        () =>
          applyResourceChange(server, resource, {
            priorState,
            plannedState,
            config,
            plannedPrivate: req.plannedPrivate,
            providerMeta,
            plannedIdentity,
          }),
        (r) => r.newState,
      );
      diagnostics.append(result.diagnostics);
      const newState = encodeObject(result.newState, resource, diagnostics, "apply result");
      const newIdentity = encodeIdentity(result.newIdentity, resource, diagnostics, "apply identity");
      return newState && newIdentity !== undefined
        ? { newState, private: asBuffer(result.private), ...(newIdentity ? { newIdentity } : {}) }
        : unchanged;
    },

    importResourceState: async (
      req: {
        readonly typeName: string;
        readonly id: string;
        readonly clientCapabilities?: ClientCapabilities | undefined;
        readonly identity?: WireIdentity;
      },
      diagnostics: Diagnostics,
    ) => {
      const resource = resourceOf(req.typeName, diagnostics);
      if (!resource) return {};
      // An import block gives an identity or an ID; a resource without identity gets the ID.
      const identity = decodeIdentity(req.identity, resource, diagnostics, "import identity");
      if (identity === undefined) return {};
      const target = identity === null ? req.id : { identity };
      const result = await observeOperation(
        server,
        operation(resource, "import"),
        () => importResourceState(server, resource, target, req.clientCapabilities),
        (r) => r.state,
      );
      diagnostics.append(result.diagnostics);
      if (result.deferred) {
        const state = unknownValue(resource.valueType, diagnostics, `${resource.typeName} deferred import`);
        return state
          ? { importedResources: [{ typeName: resource.typeName, state }], ...wireDeferred(result.deferred) }
          : {};
      }
      if (!result.state) return {};
      const state = encodeObject(result.state, resource, diagnostics, "imported state");
      const importedIdentity = encodeIdentity(
        result.identity ?? null,
        resource,
        diagnostics,
        "imported identity",
      );
      if (!state || importedIdentity === undefined) return {};
      return {
        importedResources: [
          {
            typeName: resource.typeName,
            state,
            ...(result.private ? { private: asBuffer(result.private) } : {}),
            ...(importedIdentity ? { identity: importedIdentity } : {}),
          },
        ],
      };
    },

    validateDataResourceConfig: async (
      req: { readonly typeName: string; readonly config?: Value },
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
        readonly config?: Value;
        readonly providerMeta?: Value;
        readonly clientCapabilities?: ClientCapabilities | undefined;
      },
      diagnostics: Diagnostics,
    ): Promise<{ state?: WireDynamicValue; deferred?: { reason: number } }> => {
      const dataSource = dataSourceOf(req.typeName, diagnostics);
      if (!dataSource) return {};
      const config = decodeObject(req.config, dataSource, diagnostics, "configuration");
      const providerMeta = decodeProviderMeta(req.providerMeta, diagnostics);
      if (config === undefined || providerMeta === undefined) return {};
      const result = await observeOperation(
        server,
        operation(dataSource, "read"),
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

export type ProviderHandlers = ReturnType<typeof providerHandlers>;

/**
 * Stop (protocol 5) / StopProvider (protocol 6): fires every running handler's signal and
 * answers at once. Its answer has an error string, no diagnostics.
 */
export function stopHandler<Res>(
  server: ProviderServer,
  fns: { fromPartial(object: { Error?: string }): Res },
) {
  return (_call: ServerUnaryCall<unknown, Res>, callback: sendUnaryData<Res>): void => {
    stopProvider(server);
    callback(null, fns.fromPartial({}));
  };
}
