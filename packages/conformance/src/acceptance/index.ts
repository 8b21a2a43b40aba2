// The acceptance-test API: acceptanceTest and the checks its steps take.
export {
  type Expected,
  type ExpectedAction,
  type Mismatch,
  match,
  type PlanCheck,
  planCheck,
  type StateCheck,
  stateCheck,
  UNKNOWN_VALUE,
  type ValueMatcher,
} from "./checks.js";
export { compareValue, type ValueComparison } from "./compare-value.js";
export {
  type AcceptanceFailure,
  AcceptanceTestError,
  ProviderCrashedError,
  type StepKind,
  type StepLabel,
} from "./errors.js";
export { ExactNumber, type ExactNumeric, parseExactJson } from "./exact-json.js";
export {
  type AcceptanceStep,
  type AcceptanceTestOptions,
  type AcceptanceTestResult,
  acceptanceTest,
  type CheckDestroyContext,
  type ImportStateStep,
  type PreCheckContext,
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
export { type RandomNameOptions, randomName } from "./random-name.js";
export {
  type AcceptanceRequirements,
  OPT_IN_VARIABLE,
  unmetRequirements,
} from "./requirements.js";
