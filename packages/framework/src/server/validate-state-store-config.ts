// Validating a state_store block's arguments (see validate-config.ts).
import type { Diagnostics } from "../diagnostics.js";
import type { StateStore } from "../state-store.js";
import type { ObjectValue } from "../values/object-value.js";
import type { ProviderServer } from "./provider-server.js";
import { validateComponentConfig } from "./validate-config.js";

export function validateStateStoreConfig(
  server: ProviderServer,
  stateStore: StateStore,
  config: ObjectValue | null,
): Promise<Diagnostics> {
  return validateComponentConfig(server, stateStore, "state store", config);
}
