// Invoking an action: Terraform sends the wholly known configuration and shows each progress
// message as it arrives; the invocation ends with the diagnostics that say whether it worked.
// The author's invoke runs under a signal that fires when Terraform cancels the call or asks
// the provider to stop, and whatever it throws becomes an error diagnostic.

import { containsUnknown } from "@tsvider/cty";
import type { Action } from "../action.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { redact } from "../internal/log-values.js";
import { forAuthor } from "../values/author-values.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

export interface InvokeActionOptions {
  /** Receives each progress message, in order, while invoke runs. */
  readonly onProgress: (message: string) => void;
  /** Fires when this one invocation is cancelled (the host gave up on the call). */
  readonly cancelled?: AbortSignal;
}

export async function invokeAction(
  server: ProviderServer,
  action: Action,
  config: ObjectValue | null,
  options: InvokeActionOptions,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) {
    diagnostics.addError(
      `No configuration for action ${action.typeName}`,
      "Terraform sent a null configuration to invoke; an action block always has one. This points at a problem in the host, not in your configuration.",
    );
    return diagnostics;
  }
  if (containsUnknown(config)) {
    diagnostics.addError(
      `Configuration of action ${action.typeName} is not known yet`,
      "Terraform invokes an action only once its whole configuration is known; this one still holds unknown values. If the action refers to its triggering resource from a before_* event, use an after_* event instead.",
    );
    return diagnostics;
  }
  checkConfig(action.schema, config, diagnostics);
  if (diagnostics.hasErrors) return diagnostics;
  const signal = options.cancelled ? AbortSignal.any([server.signal, options.cancelled]) : server.signal;
  let finished = false;
  const cancelled = () =>
    diagnostics.addError(
      `Action ${action.typeName} was cancelled`,
      "Terraform cancelled the invocation (or asked the provider to stop) before it finished; what the action did up to then is not undone.",
    );
  // Cancelled before it began: nothing was done, so nothing is started.
  if (signal.aborted) {
    cancelled();
    return diagnostics;
  }
  const invoke = () =>
    action.invoke({
      config: forAuthor(action.schema, config) as never,
      providerData: server.providerData,
      log: componentLog(action.typeName),
      signal,
      diagnostics,
      progress: (message: string) => {
        // A message after invoke has finished would reach a stream that is already closed.
        if (finished || signal.aborted) return;
        // Progress lines are printed by Terraform as they come: keep secrets out of them.
        options.onProgress(redact(String(message)));
      },
    });
  const site = handlerSite(server.provider, "action", action.typeName, "invoke");
  await runHandler(diagnostics, site, async () => {
    try {
      await invoke();
    } catch (err) {
      // What an action throws once it is cancelled (an AbortError from a timer or a fetch
      // given the signal) is the cancellation itself, not a bug: reported as cancelled below.
      if (!signal.aborted) throw err;
    }
  });
  finished = true;
  if (signal.aborted && !diagnostics.hasErrors) cancelled();
  return diagnostics;
}
