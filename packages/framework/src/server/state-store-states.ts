// The states a store holds (Terraform's workspaces: `terraform workspace list`) and deleting
// one (`terraform workspace delete`).

import { Diagnostics } from "../diagnostics.js";
import type { StateStore } from "../state-store.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ProviderServer } from "./provider-server.js";
import { configuredStore, stateContext } from "./state-store-session.js";

export async function getStates(
  server: ProviderServer,
  stateStore: StateStore,
): Promise<{ readonly diagnostics: Diagnostics; readonly stateIds: readonly string[] }> {
  const diagnostics = new Diagnostics();
  const configured = configuredStore(server, stateStore, diagnostics);
  if (!configured) return { diagnostics, stateIds: [] };
  const where = `state store ${stateStore.typeName} getStates`;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "getStates");
  const states = await runHandler(diagnostics, site, () =>
    stateStore.getStates(stateContext(server, stateStore, configured, diagnostics)),
  );
  if (diagnostics.hasErrors || states === undefined) return { diagnostics, stateIds: [] };
  if (!Array.isArray(states) || states.some((s) => typeof s !== "string" || s === "")) {
    diagnostics.addError(
      `${where} returned something other than state names`,
      'getStates answers an array of the states\' names (non-empty strings), such as ["default", "staging"].',
    );
    return { diagnostics, stateIds: [] };
  }
  return { diagnostics, stateIds: [...new Set(states as readonly string[])].sort() };
}

export async function deleteState(
  server: ProviderServer,
  stateStore: StateStore,
  stateId: string,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const configured = configuredStore(server, stateStore, diagnostics);
  if (!configured) return diagnostics;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "deleteState");
  await runHandler(diagnostics, site, () =>
    stateStore.deleteState({ ...stateContext(server, stateStore, configured, diagnostics), stateId }),
  );
  return diagnostics;
}
