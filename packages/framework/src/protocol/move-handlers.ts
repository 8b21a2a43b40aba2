// MoveResourceState for both protocol adapters (tfplugin5 5.10 and tfplugin6 6.11 give it the
// same fields): the request's source described for the core (../server/move-resource-state.ts),
// its answer encoded against the target's schema. A failure answers no target state, which
// Terraform reports with the diagnostics and leaves the source object as it was.
import type { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import { moveResourceState } from "../server/move-resource-state.js";
import { observeOperation } from "../server/operation.js";
import type { ProviderServer } from "../server/provider-server.js";
import { asBuffer } from "./requests.js";
import { encodeDynamic, type WireDynamicValue } from "./wire.js";

interface RawStateMessage {
  readonly json: Uint8Array;
  readonly flatmap: Readonly<Record<string, string>>;
}

export interface MoveResourceStateRequest {
  readonly sourceProviderAddress: string;
  readonly sourceTypeName: string;
  readonly sourceSchemaVersion: bigint;
  readonly sourceState?: RawStateMessage | undefined;
  readonly targetTypeName: string;
  readonly sourcePrivate: Uint8Array;
  readonly sourceIdentity?: RawStateMessage | undefined;
  readonly sourceIdentitySchemaVersion: bigint;
}

export function moveHandlers(server: ProviderServer) {
  return {
    moveResourceState: async (
      req: MoveResourceStateRequest,
      diagnostics: Diagnostics,
    ): Promise<{
      targetState?: WireDynamicValue;
      targetPrivate?: Buffer;
      targetIdentity?: { identityData: WireDynamicValue };
    }> => {
      const target = server.resource(req.targetTypeName);
      if (!target) {
        const known = [...server.provider.resourcesByType.keys()].join(", ") || "none";
        diagnostics.addError(
          `Unknown resource type ${req.targetTypeName}`,
          `The moved block moves a ${req.sourceTypeName} object to "${req.targetTypeName}", a resource type the provider ${server.provider.name} does not have (it has: ${known}). Check the moved block's "to" address, or upgrade the provider.`,
        );
        return {};
      }
      // Logged and counted as the target's "move" operation, its result masked at trace level.
      const operation = {
        kind: "resource",
        typeName: target.typeName,
        operation: "move",
        schema: target.schema,
      } as const;
      const result = await observeOperation(
        server,
        operation,
        () =>
          moveResourceState(server, target, {
            source: {
              typeName: req.sourceTypeName,
              providerAddress: req.sourceProviderAddress,
              schemaVersion: Number(req.sourceSchemaVersion),
            },
            sourceState: req.sourceState?.json,
            sourcePrivate: req.sourcePrivate,
            sourceIdentity: req.sourceIdentity?.json,
            sourceIdentitySchemaVersion: Number(req.sourceIdentitySchemaVersion),
          }),
        (r) => r.state,
      );
      diagnostics.append(result.diagnostics);
      if (result.state === undefined) return {};
      rememberSecrets(target.schema, result.state);
      const targetState = encodeDynamic(
        result.state,
        target.valueType,
        diagnostics,
        `${target.typeName} moved state`,
      );
      if (!targetState) return {};
      const identityData =
        result.identity && target.identityType
          ? encodeDynamic(
              result.identity,
              target.identityType,
              diagnostics,
              `${target.typeName} moved identity`,
            )
          : undefined;
      if (result.identity && !identityData) return {};
      return {
        targetState,
        targetPrivate: asBuffer(result.private ?? new Uint8Array(0)),
        ...(identityData ? { targetIdentity: { identityData } } : {}),
      };
    },
  };
}
