// @tsvider/framework/testing: call a provider's RPCs in-process, as tofu would, in unit tests.
export { callProviderFunction } from "./call-function.js";
export { LifecycleError, type LifecycleResult, type LifecycleSteps } from "./lifecycle.js";
export { silentLog } from "./silent-log.js";
export {
  type PlanResult,
  type StateResult,
  type TestProvider,
  type TestProviderOptions,
  type TestValues,
  testProvider,
} from "./test-provider.js";
