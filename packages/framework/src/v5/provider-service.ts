// The tfplugin5 Provider service: protocol 5's RPC names mapped onto the handlers both
// protocols share (../protocol/service-handlers.ts). What is protocol 5's own lives here:
// PrepareProviderConfig's prepared_config, and the refusal of providers with nested
// attributes, which protocol 5 cannot describe.
import type { UntypedServiceImplementation } from "@grpc/grpc-js";
import * as pb from "@tsvider/rpcplugin/tfplugin5";
import type { Diagnostics } from "../diagnostics.js";
import { instrumentRpcs, type Rpcs } from "../internal/instrument-rpcs.js";
import { actionRpcs } from "../protocol/action-handlers.js";
import { callFunctionRpc } from "../protocol/function-handlers.js";
import { listRpcs } from "../protocol/list-handlers.js";
import { stopHandler } from "../protocol/provider-handlers.js";
import { serviceHandlers } from "../protocol/service-handlers.js";
import { type Handler, unary } from "../protocol/unary.js";
import type { ProviderServer } from "../server/provider-server.js";
import { findNestedAttribute, protocol5Refusal } from "./nested-attributes.js";

export function providerServiceV5(server: ProviderServer): UntypedServiceImplementation {
  // No nested_type in protocol 5: no schema translation hook, and a provider that has one is
  // refused by every RPC (the first a host sends is GetSchema, so it stops there).
  const h = serviceHandlers(server, {});
  const nested = findNestedAttribute(server.provider);
  const refusal = nested === undefined ? undefined : protocol5Refusal(nested);
  /** `handle`, unless this provider is refused; then `fallback` (what keeps state intact). */
  const guard =
    <Req, Res>(handle: Handler<Req, Res>, fallback: (req: Req) => Res | Record<string, never> = () => ({})) =>
    (req: Req, diagnostics: Diagnostics) => {
      if (!refusal) return handle(req, diagnostics);
      diagnostics.addError(refusal.summary, refusal.detail);
      return fallback(req);
    };

  const rpcs: Rpcs<pb.ProviderServer> = {
    getMetadata: unary("GetMetadata", pb.GetMetadata_Response, guard(h.getMetadata)),
    getSchema: unary("GetSchema", pb.GetProviderSchema_Response, guard(h.getProviderSchema)),
    getResourceIdentitySchemas: unary(
      "GetResourceIdentitySchemas",
      pb.GetResourceIdentitySchemas_Response,
      guard(h.getResourceIdentitySchemas),
    ),
    // Protocol 5's ValidateProviderConfig. Terraform decodes prepared_config and then ignores
    // it, so it gets the config back as it came.
    prepareProviderConfig: unary(
      "PrepareProviderConfig",
      pb.PrepareProviderConfig_Response,
      guard(async (req: pb.PrepareProviderConfig_Request, diagnostics) => {
        await h.validateProviderConfig(req, diagnostics);
        return req.config ? { preparedConfig: req.config } : {};
      }),
    ),
    configure: unary("Configure", pb.Configure_Response, guard(h.configureProvider)),
    validateResourceTypeConfig: unary(
      "ValidateResourceTypeConfig",
      pb.ValidateResourceTypeConfig_Response,
      guard(h.validateResourceConfig),
    ),
    validateDataSourceConfig: unary(
      "ValidateDataSourceConfig",
      pb.ValidateDataSourceConfig_Response,
      guard(h.validateDataResourceConfig),
    ),
    upgradeResourceState: unary(
      "UpgradeResourceState",
      pb.UpgradeResourceState_Response,
      guard(h.upgradeResourceState),
    ),
    upgradeResourceIdentity: unary(
      "UpgradeResourceIdentity",
      pb.UpgradeResourceIdentity_Response,
      guard(h.upgradeResourceIdentity),
    ),
    readResource: unary(
      "ReadResource",
      pb.ReadResource_Response,
      guard(h.readResource, (req) => ({ newState: req.currentState, private: req.private })),
    ),
    planResourceChange: unary(
      "PlanResourceChange",
      pb.PlanResourceChange_Response,
      guard(h.planResourceChange),
    ),
    applyResourceChange: unary(
      "ApplyResourceChange",
      pb.ApplyResourceChange_Response,
      guard(h.applyResourceChange, (req) => ({ newState: req.priorState, private: req.plannedPrivate })),
    ),
    importResourceState: unary(
      "ImportResourceState",
      pb.ImportResourceState_Response,
      guard(h.importResourceState),
    ),
    readDataSource: unary("ReadDataSource", pb.ReadDataSource_Response, guard(h.readDataSource)),
    validateEphemeralResourceConfig: unary(
      "ValidateEphemeralResourceConfig",
      pb.ValidateEphemeralResourceConfig_Response,
      guard(h.validateEphemeralResourceConfig),
    ),
    openEphemeralResource: unary(
      "OpenEphemeralResource",
      pb.OpenEphemeralResource_Response,
      guard(h.openEphemeralResource),
    ),
    renewEphemeralResource: unary(
      "RenewEphemeralResource",
      pb.RenewEphemeralResource_Response,
      guard(h.renewEphemeralResource),
    ),
    closeEphemeralResource: unary(
      "CloseEphemeralResource",
      pb.CloseEphemeralResource_Response,
      guard(h.closeEphemeralResource),
    ),
    moveResourceState: unary("MoveResourceState", pb.MoveResourceState_Response, guard(h.moveResourceState)),
    getFunctions: unary("GetFunctions", pb.GetFunctions_Response, guard(h.getFunctions)),
    // Its answer has no diagnostics; a refused provider answers with a FunctionError.
    callFunction: callFunctionRpc(
      pb.CallFunction_Response,
      refusal ? () => ({ error: { text: `${refusal.summary}: ${refusal.detail}` } }) : h.callFunction,
    ),
    // A refused provider never gets this far: the host stops at GetSchema.
    ...actionRpcs(h, pb),
    ...listRpcs(h, pb),
    // Stopping is harmless even for a refused provider.
    stop: stopHandler("Stop", server, pb.Stop_Response),
  };
  return instrumentRpcs(rpcs, server.metrics);
}
