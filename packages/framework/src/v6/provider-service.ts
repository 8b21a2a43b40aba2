// The tfplugin6 Provider service: protocol 6's RPC names mapped onto the handlers both
// protocols share (../protocol/service-handlers.ts), with protocol 6's nested attribute
// types in the schema (./convert.ts).
import type { UntypedServiceImplementation } from "@grpc/grpc-js";
import * as pb from "@tsvider/rpcplugin/tfplugin6";
import { instrumentRpcs, type Rpcs } from "../internal/instrument-rpcs.js";
import { actionRpcs } from "../protocol/action-handlers.js";
import { callFunctionRpc } from "../protocol/function-handlers.js";
import { listRpcs } from "../protocol/list-handlers.js";
import { stopHandler } from "../protocol/provider-handlers.js";
import { serviceHandlers } from "../protocol/service-handlers.js";
import { stateStoreRpcs } from "../protocol/state-store-handlers.js";
import { unary } from "../protocol/unary.js";
import type { ProviderServer } from "../server/provider-server.js";
import { schemaTranslationV6 } from "./convert.js";

export function providerService(server: ProviderServer): UntypedServiceImplementation {
  const h = serviceHandlers(server, schemaTranslationV6);
  const rpcs: Rpcs<pb.ProviderServer> = {
    getMetadata: unary("GetMetadata", pb.GetMetadata_Response, h.getMetadata),
    getProviderSchema: unary("GetProviderSchema", pb.GetProviderSchema_Response, h.getProviderSchema),
    getResourceIdentitySchemas: unary(
      "GetResourceIdentitySchemas",
      pb.GetResourceIdentitySchemas_Response,
      h.getResourceIdentitySchemas,
    ),
    validateProviderConfig: unary(
      "ValidateProviderConfig",
      pb.ValidateProviderConfig_Response,
      h.validateProviderConfig,
    ),
    configureProvider: unary("ConfigureProvider", pb.ConfigureProvider_Response, h.configureProvider),
    validateResourceConfig: unary(
      "ValidateResourceConfig",
      pb.ValidateResourceConfig_Response,
      h.validateResourceConfig,
    ),
    validateDataResourceConfig: unary(
      "ValidateDataResourceConfig",
      pb.ValidateDataResourceConfig_Response,
      h.validateDataResourceConfig,
    ),
    upgradeResourceState: unary(
      "UpgradeResourceState",
      pb.UpgradeResourceState_Response,
      h.upgradeResourceState,
    ),
    upgradeResourceIdentity: unary(
      "UpgradeResourceIdentity",
      pb.UpgradeResourceIdentity_Response,
      h.upgradeResourceIdentity,
    ),
    readResource: unary("ReadResource", pb.ReadResource_Response, h.readResource),
    planResourceChange: unary("PlanResourceChange", pb.PlanResourceChange_Response, h.planResourceChange),
    applyResourceChange: unary("ApplyResourceChange", pb.ApplyResourceChange_Response, h.applyResourceChange),
    importResourceState: unary("ImportResourceState", pb.ImportResourceState_Response, h.importResourceState),
    readDataSource: unary("ReadDataSource", pb.ReadDataSource_Response, h.readDataSource),
    validateEphemeralResourceConfig: unary(
      "ValidateEphemeralResourceConfig",
      pb.ValidateEphemeralResourceConfig_Response,
      h.validateEphemeralResourceConfig,
    ),
    openEphemeralResource: unary(
      "OpenEphemeralResource",
      pb.OpenEphemeralResource_Response,
      h.openEphemeralResource,
    ),
    renewEphemeralResource: unary(
      "RenewEphemeralResource",
      pb.RenewEphemeralResource_Response,
      h.renewEphemeralResource,
    ),
    closeEphemeralResource: unary(
      "CloseEphemeralResource",
      pb.CloseEphemeralResource_Response,
      h.closeEphemeralResource,
    ),
    moveResourceState: unary("MoveResourceState", pb.MoveResourceState_Response, h.moveResourceState),
    getFunctions: unary("GetFunctions", pb.GetFunctions_Response, h.getFunctions),
    // No diagnostics in its answer: every failure is the response's FunctionError.
    callFunction: callFunctionRpc(pb.CallFunction_Response, h.callFunction),
    ...actionRpcs(h, pb),
    ...listRpcs(h, pb),
    ...stateStoreRpcs(h, pb),
    stopProvider: stopHandler("StopProvider", server, pb.StopProvider_Response),
  };
  return instrumentRpcs(rpcs, server.metrics);
}
