// Validating an action's configuration: Terraform's validate walk, where values may still be
// unknown (see validate-config.ts).

import type { Action } from "../action.js";
import type { Diagnostics } from "../diagnostics.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateComponentConfig } from "./validate-config.js";

export function validateActionConfig(
  server: ProviderServer,
  action: Action,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  return validateComponentConfig(server, action, "action", config);
}
