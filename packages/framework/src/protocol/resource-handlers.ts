// The managed resource RPCs, for both protocol adapters: ValidateResourceConfig,
// UpgradeResourceState, ReadResource, PlanResourceChange, ApplyResourceChange and
// ImportResourceState. Each decodes its request against the resource's schema (and identity
// schema, identity-wire.ts), calls the engine (../server/) and answers the response's fields;
// requests and answers are typed by the fields protocols 5 and 6 share. A failure is a
// diagnostic, never a gRPC error; a read or an apply that fails answers the prior state, so the
// object is not lost.
import type { Diagnostics } from "../diagnostics.js";
import type { ResourceOperation } from "../metrics.js";
import type { Resource } from "../resource.js";
import { applyResourceChange } from "../server/apply-resource-change.js";
import { plannedIdentity as planIdentity } from "../server/identity-slot.js";
import { importResourceState } from "../server/import-resource-state.js";
import { observeOperation } from "../server/operation.js";
import { planResourceChange } from "../server/plan-resource-change.js";
import type { ProviderServer } from "../server/provider-server.js";
import { readResource } from "../server/read-resource.js";
import { planPrivate } from "../server/resource-private.js";
import { upgradeResourceState } from "../server/upgrade-resource-state.js";
import { validateResourceConfig } from "../server/validate-resource-config.js";
import { unknownValue, wireDeferred } from "./deferral-wire.js";
import { decodeIdentity, encodeIdentity, type WireIdentity } from "./identity-wire.js";
import {
  asBuffer,
  type ClientCapabilities,
  decodeObject,
  decodeProviderMeta,
  encodeObject,
  type RequestValue,
  unknownType,
} from "./requests.js";
import { toWirePath, type WireDynamicValue } from "./wire.js";

/** For observeOperation: which resource, which operation. */
function operation(resource: Resource, name: ResourceOperation) {
  return { kind: resource.kind, typeName: resource.typeName, operation: name, schema: resource.schema };
}

/** The managed resource RPCs, under protocol 6's names. */
export function resourceHandlers(server: ProviderServer) {
  const resourceOf = (typeName: string, diagnostics: Diagnostics): Resource | undefined =>
    server.resource(typeName) ?? unknownType(diagnostics, server, "resource", typeName);

  return {
    validateResourceConfig: async (
      req: {
        readonly typeName: string;
        readonly config?: RequestValue;
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
        readonly providerMeta?: RequestValue;
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
      const providerMeta = decodeProviderMeta(server, req.providerMeta, diagnostics);
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
        readonly priorState?: RequestValue;
        readonly proposedNewState?: RequestValue;
        readonly config?: RequestValue;
        readonly priorPrivate: Uint8Array;
        readonly providerMeta?: RequestValue;
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
      const providerMeta = decodeProviderMeta(server, req.providerMeta, diagnostics);
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
        readonly plannedState?: RequestValue;
        readonly config?: RequestValue;
        readonly plannedPrivate: Buffer;
        readonly providerMeta?: RequestValue;
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
      const providerMeta = decodeProviderMeta(server, req.providerMeta, diagnostics);
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
  };
}
