// The test kit's actions: validate, plan and invoke called the way Terraform calls them,
// through the same core functions and wire encoding as the adapters, with the progress
// messages collected in the order Terraform would print them.
import type { Action } from "../action.js";
import { type Diagnostic, Diagnostics } from "../diagnostics.js";
import { invokeAction } from "../server/invoke-action.js";
import { planAction } from "../server/plan-action.js";
import type { ProviderServer } from "../server/provider-server.js";
import { validateActionConfig } from "../server/validate-action-config.js";
import { input, plain, type TestValues } from "./test-values.js";

/** What invoking an action in the test kit gave: its progress messages and diagnostics. */
export interface ActionInvocationResult {
  /** Each progress message, in order, as Terraform prints them. */
  readonly progress: readonly string[];
  /** The plan's warnings, then the completed event's diagnostics. */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Runs an action's validate, plan and invoke RPCs in process, as Terraform calls them. Get one
 * from `TestProvider.actions`.
 */
export interface ActionTestKit {
  /** ValidateActionConfig. */
  validate(typeName: string, config: TestValues): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /** ValidateActionConfig then PlanAction, as `terraform plan` does. */
  plan(typeName: string, config: TestValues): Promise<{ diagnostics: readonly Diagnostic[] }>;
  /**
   * PlanAction then InvokeAction, as `terraform apply -invoke` does (invoke only when the plan
   * passed). `signal`: aborting it cancels the invocation, as Terraform cancelling the call.
   */
  invoke(
    typeName: string,
    config: TestValues,
    options?: { readonly signal?: AbortSignal },
  ): Promise<ActionInvocationResult>;
}

export function actionTestKit(
  server: ProviderServer,
  ensureConfigured: (diagnostics: Diagnostics) => Promise<void>,
): ActionTestKit {
  const actionOf = (typeName: string): Action => {
    const found = server.provider.actionsByType.get(typeName);
    if (found) return found;
    const known = [...server.provider.actionsByType.keys()].join(", ") || "none";
    throw new Error(`provider ${server.provider.name} has no action "${typeName}" (it has: ${known})`);
  };
  const decoded = (action: Action, config: TestValues, diagnostics: Diagnostics) =>
    input(action.schema, config, action.valueType, diagnostics, "action configuration");

  const kit: ActionTestKit = {
    async validate(typeName, config) {
      const action = actionOf(typeName);
      const diagnostics = new Diagnostics();
      const values = decoded(action, config, diagnostics);
      if (values !== undefined) diagnostics.append(await validateActionConfig(server, action, values));
      return { diagnostics: plain(diagnostics) };
    },

    async plan(typeName, config) {
      const action = actionOf(typeName);
      const diagnostics = new Diagnostics();
      const values = decoded(action, config, diagnostics);
      if (values === undefined) return { diagnostics: plain(diagnostics) };
      diagnostics.append(await validateActionConfig(server, action, values));
      if (diagnostics.hasErrors) return { diagnostics: plain(diagnostics) };
      await ensureConfigured(diagnostics);
      if (!diagnostics.hasErrors) diagnostics.append(await planAction(server, action, values));
      return { diagnostics: plain(diagnostics) };
    },

    async invoke(typeName, config, options = {}) {
      const planned = await kit.plan(typeName, config);
      if (planned.diagnostics.some((d) => d.severity === "error")) {
        return { progress: [], diagnostics: planned.diagnostics };
      }
      const action = actionOf(typeName);
      const diagnostics = new Diagnostics();
      diagnostics.append(planned.diagnostics);
      const values = decoded(action, config, diagnostics);
      const progress: string[] = [];
      if (values !== undefined) {
        diagnostics.append(
          await invokeAction(server, action, values, {
            onProgress: (message) => progress.push(message),
            ...(options.signal ? { cancelled: options.signal } : {}),
          }),
        );
      }
      return { progress, diagnostics: plain(diagnostics) };
    },
  };
  return kit;
}
