// Planning an action: Terraform asks before apply whether an invocation can go ahead, with the
// configuration as far as it is known. The schema's checks, then the author's plan, which can
// refuse early (a missing target, a permission) so nothing is applied for an action that would
// fail. Actions never defer here: Terraform accepts a deferral only for an unknown provider
// configuration, and only from hosts that allow deferrals.

import type { Action } from "../action.js";
import { Diagnostics } from "../diagnostics.js";
import { componentLog } from "../internal/log.js";
import { forAuthor } from "../values/author-values.js";
import { checkConfig } from "../values/config-checks.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";

export async function planAction(
  server: ProviderServer,
  action: Action,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  if (config === null) {
    diagnostics.addError(
      `No configuration for action ${action.typeName}`,
      "Terraform sent a null configuration to plan; an action block always has one (an empty config block at least). This points at a problem in the host, not in your configuration.",
    );
    return diagnostics;
  }
  checkConfig(action.schema, config, diagnostics);
  const plan = action.plan;
  if (!plan || diagnostics.hasErrors) return diagnostics;
  const site = handlerSite(server.provider, "action", action.typeName, "plan");
  await runHandler(diagnostics, site, () =>
    plan({
      config: forAuthor(action.schema, config) as never,
      providerData: server.providerData,
      log: componentLog(action.typeName),
      signal: server.signal,
      diagnostics,
    }),
  );
  return diagnostics;
}
