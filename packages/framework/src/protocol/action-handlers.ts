// The three action RPCs, for both protocol adapters (their messages have the same fields in
// tfplugin5 and tfplugin6): ValidateActionConfig and PlanAction answer once, InvokeAction
// streams progress events and ends with one completed event carrying the diagnostics. A
// failure is a diagnostic, never a gRPC error.
import type { Action } from "../action.js";
import { Diagnostics } from "../diagnostics.js";
import { rememberSecrets } from "../internal/log-values.js";
import { providerDeferral } from "../server/deferral-slot.js";
import { invokeAction } from "../server/invoke-action.js";
import { planAction } from "../server/plan-action.js";
import type { ProviderServer } from "../server/provider-server.js";
import { validateActionConfig } from "../server/validate-action-config.js";
import type { ObjectValue } from "../values/object-value.js";
import { wireDeferred } from "./deferral-wire.js";
import type { RequestValue } from "./requests.js";
import { type StreamSender, serverStream } from "./streams.js";
import { unary } from "./unary.js";
import { decodeDynamic, toWireDiagnostics } from "./wire.js";

/** An InvokeAction event as both protocols' generated messages take it. */
export interface WireActionEvent {
  progress?: { message: string };
  completed?: { diagnostics: ReturnType<typeof toWireDiagnostics> };
}

export function actionHandlers(server: ProviderServer) {
  const actionOf = (typeName: string, diagnostics: Diagnostics): Action | undefined => {
    const found = server.provider.actionsByType.get(typeName);
    if (found) return found;
    const known = [...server.provider.actionsByType.keys()].join(", ") || "none";
    diagnostics.addError(
      `Unknown action type ${typeName}`,
      `The provider ${server.provider.name} has no action type "${typeName}" (it has: ${known}). Check the action block's type in your configuration, or upgrade the provider.`,
    );
    return undefined;
  };
  const decodeConfig = (value: RequestValue, action: Action, diagnostics: Diagnostics) => {
    const decoded = decodeDynamic(
      value,
      action.valueType,
      diagnostics,
      `configuration for action ${action.typeName}`,
    ) as ObjectValue | null | undefined;
    rememberSecrets(action.schema, decoded);
    return decoded;
  };

  return {
    validateActionConfig: async (
      req: { readonly typeName: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const action = actionOf(req.typeName, diagnostics);
      if (!action) return {};
      const config = decodeConfig(req.config, action, diagnostics);
      if (config !== undefined) diagnostics.append(await validateActionConfig(server, action, config));
      return {};
    },

    planAction: async (
      req: { readonly actionType: string; readonly config?: RequestValue },
      diagnostics: Diagnostics,
    ) => {
      const action = actionOf(req.actionType, diagnostics);
      if (!action) return {};
      // Terraform takes an action's deferral only for the provider as a whole (its
      // configuration unknown), which ConfigureProvider set only for a run that allows it.
      const deferred = providerDeferral(server);
      if (deferred !== undefined) return wireDeferred(deferred);
      const config = decodeConfig(req.config, action, diagnostics);
      if (config !== undefined) diagnostics.append(await planAction(server, action, config));
      return {};
    },

    /** Progress events as the author reports them, then exactly one completed event. */
    invokeAction: async (
      req: { readonly actionType: string; readonly config?: RequestValue },
      sender: StreamSender<WireActionEvent>,
    ): Promise<Diagnostics> => {
      const diagnostics = new Diagnostics();
      const action = actionOf(req.actionType, diagnostics);
      const config = action && decodeConfig(req.config, action, diagnostics);
      if (action && config !== undefined) {
        // Messages are sent in order: each waits for the one before it.
        let sent: Promise<unknown> = Promise.resolve();
        const invoked = await invokeAction(server, action, config, {
          cancelled: sender.cancelled,
          onProgress: (message) => {
            sent = sent.then(() => sender.send({ progress: { message } }));
          },
        });
        await sent;
        diagnostics.append(invoked);
      }
      await sender.send({ completed: { diagnostics: toWireDiagnostics(diagnostics) } });
      return diagnostics;
    },
  };
}

/** The completed event that ends an invocation whose handler threw. */
export function failedActionEvent(diagnostics: ReturnType<typeof toWireDiagnostics>): WireActionEvent {
  return { completed: { diagnostics } };
}

/** The generated messages the action RPCs answer with, the same in tfplugin5 and tfplugin6. */
interface ActionMessages<V, P, E> {
  readonly ValidateActionConfig_Response: { fromPartial(object: { diagnostics?: unknown }): V };
  readonly PlanAction_Response: { fromPartial(object: { diagnostics?: unknown }): P };
  readonly InvokeAction_Event: { fromPartial(object: WireActionEvent): E };
}

/** The action RPCs of one protocol's service, over the shared handlers. */
export function actionRpcs<V, P, E>(h: ReturnType<typeof actionHandlers>, pb: ActionMessages<V, P, E>) {
  return {
    validateActionConfig: unary(
      "ValidateActionConfig",
      pb.ValidateActionConfig_Response,
      h.validateActionConfig,
    ),
    planAction: unary("PlanAction", pb.PlanAction_Response, h.planAction),
    invokeAction: serverStream("InvokeAction", pb.InvokeAction_Event, h.invokeAction, failedActionEvent),
  };
}
