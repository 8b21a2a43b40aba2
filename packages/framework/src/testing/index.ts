/**
 * Call a provider's RPCs in process, as tofu would, in unit tests without a Terraform binary:
 * `testProvider` and the test kits.
 *
 * @packageDocumentation
 */
// @tsvider/framework/testing: call a provider's RPCs in-process, as tofu would, in unit tests.
export type { ActionInvocationResult, ActionTestKit } from "./action.js";
export { callProviderFunction } from "./call-function.js";
export type { EphemeralCycleResult, EphemeralInstance, EphemeralTestKit } from "./ephemeral.js";
export type { LifecycleResult, LifecycleSteps } from "./lifecycle.js";
export { LifecycleError } from "./lifecycle-error.js";
export type { ListedObject, ListTestKit } from "./list.js";
export { silentLog } from "./silent-log.js";
export type { StateStoreTestKit } from "./state-store.js";
export {
  type PlanResult,
  type StateResult,
  type TestProvider,
  type TestProviderOptions,
  testProvider,
} from "./test-provider.js";
export type { TestValues } from "./test-values.js";
