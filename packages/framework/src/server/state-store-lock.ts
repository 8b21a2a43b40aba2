// Locking a state for an operation and releasing it. A store without lock/unlock answers an
// empty lock id, and Terraform goes on unlocked. A lock held by someone else is reported with
// who holds it, in the layout Terraform prints lock info in (StateLockedError).

import { Diagnostics } from "../diagnostics.js";
import type { StateStore } from "../state-store.js";
import { handlerSite, runHandler } from "../values/handler.js";
import type { ProviderServer } from "./provider-server.js";
import { configuredStore, stateContext } from "./state-store-session.js";

export async function lockState(
  server: ProviderServer,
  stateStore: StateStore,
  stateId: string,
  operation: string,
): Promise<{ readonly diagnostics: Diagnostics; readonly lockId: string }> {
  const diagnostics = new Diagnostics();
  const configured = configuredStore(server, stateStore, diagnostics);
  const lock = stateStore.lock;
  if (!configured || !lock) return { diagnostics, lockId: "" };
  const where = `state store ${stateStore.typeName} lock`;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "lock");
  const lockId = await runHandler(diagnostics, site, () =>
    lock({ ...stateContext(server, stateStore, configured, diagnostics), stateId, operation }),
  );
  if (diagnostics.hasErrors) return { diagnostics, lockId: "" };
  if (typeof lockId !== "string" || lockId === "") {
    diagnostics.addError(
      `${where} returned no lock id`,
      `lock answers the id of the lock it took on state "${stateId}" (a non-empty string); unlock receives it back.`,
    );
    return { diagnostics, lockId: "" };
  }
  return { diagnostics, lockId };
}

export async function unlockState(
  server: ProviderServer,
  stateStore: StateStore,
  stateId: string,
  lockId: string,
): Promise<Diagnostics> {
  const diagnostics = new Diagnostics();
  const configured = configuredStore(server, stateStore, diagnostics);
  const unlock = stateStore.unlock;
  if (!configured || !unlock) return diagnostics;
  const site = handlerSite(server.provider, "state store", stateStore.typeName, "unlock");
  await runHandler(diagnostics, site, () =>
    unlock({ ...stateContext(server, stateStore, configured, diagnostics), stateId, lockId }),
  );
  return diagnostics;
}
