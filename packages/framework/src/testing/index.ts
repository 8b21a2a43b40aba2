// @tsvider/framework/testing: call a provider's RPCs in-process, as tofu would, in unit tests.
export type { ActionInvocationResult, ActionTestKit } from "./action.js";
export { callProviderFunction } from "./call-function.js";
export type { EphemeralCycleResult, EphemeralInstance, EphemeralTestKit } from "./ephemeral.js";
export { LifecycleError, type LifecycleResult, type LifecycleSteps } from "./lifecycle.js";
export type { ListedObject, ListTestKit } from "./list.js";
export { silentLog } from "./silent-log.js";
export type { StateStoreTestKit } from "./state-store.js";
export {
  type PlanResult,
  type StateResult,
  type TestProvider,
  type TestProviderOptions,
  type TestValues,
  testProvider,
} from "./test-provider.js";
