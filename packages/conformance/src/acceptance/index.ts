// The acceptance-test API: acceptanceTest and the checks its steps take.
export {
  type Expected,
  type ExpectedAction,
  match,
  type PlanCheck,
  planCheck,
  type StateCheck,
  stateCheck,
  type ValueMatcher,
} from "./checks.js";
export {
  type AcceptanceFailure,
  AcceptanceTestError,
  ProviderCrashedError,
  type StepKind,
  type StepLabel,
} from "./errors.js";
export {
  type AcceptanceStep,
  type AcceptanceTestOptions,
  type AcceptanceTestResult,
  acceptanceTest,
  type ImportStateStep,
  type StepContext,
} from "./harness.js";
export type {
  AttributePath,
  PlanAction,
  ShownChange,
  ShownModule,
  ShownOutput,
  ShownPlan,
  ShownResource,
  ShownResourceChange,
  ShownState,
} from "./json.js";
