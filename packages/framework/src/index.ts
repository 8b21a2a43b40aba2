/**
 * The author API of tsvider: define a provider and its resources, data sources, functions,
 * ephemeral resources, list resources, actions and state stores, with config, plan and state
 * types inferred from the schema, and serve them over plugin protocols 5 and 6. The `testing`
 * module drives components in process, without a Terraform binary.
 *
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
export { Decimal, Dynamic, isUnknown, Unknown } from "@tsvider/cty";
/** The type of `ctx.log` in every handler. */
export type { LogFields, Logger } from "@tsvider/rpcplugin";
export {
  type Action,
  type ActionContext,
  type ActionDefinition,
  type ActionInvocation,
  defineAction,
} from "./action.js";
export type { AttributePath, AttributePathStep } from "./attribute-path.js";
export {
  type DataSource,
  type DataSourceContext,
  type DataSourceDefinition,
  defineDataSource,
} from "./data-source.js";
export {
  type ActionInput,
  type ComponentClass,
  type DataSourceInput,
  type DefinitionOf,
  definitionOf,
  type EphemeralResourceInput,
  type FunctionClass,
  type ResourceInput,
  type StateStoreInput,
} from "./decorators.js";
export type { DeferralAccess, DeferralReason, Deferred, ProviderDeferralAccess } from "./deferral.js";
export {
  type Diagnostic,
  Diagnostics,
  FrameworkConfigurationError,
  ResourceLifecycleContractError,
  type Severity,
  TsviderError,
} from "./diagnostics.js";
export {
  defineEphemeralResource,
  type EphemeralOpenResult,
  type EphemeralRenewResult,
  type EphemeralResource,
  type EphemeralResourceContext,
  type EphemeralResourceDefinition,
} from "./ephemeral-resource.js";
export {
  ConversionError,
  DataSourceError,
  type ErrorOptions,
  ProviderError,
  ResourceError,
  ValidationError,
} from "./errors.js";
export {
  defineProviderFunction,
  type FunctionArguments,
  FunctionError,
  type FunctionParameter,
  type ProviderFunction,
  type ProviderFunctionDefinition,
} from "./function.js";
export { type Component, createHub, Hub } from "./hub.js";
export {
  type Identity,
  type IdentityAccess,
  type IdentityAttribute,
  type IdentityAttributeOptions,
  type IdentityDefinition,
  type IdentitySchema,
  type IdentityUpgrader,
  type ImportRequest,
  identityAttr,
} from "./identity.js";
export { importPassthrough } from "./import.js";
export {
  defineListResource,
  type ListRequest,
  type ListResource,
  type ListResourceContext,
  type ListResourceDefinition,
  type ListResult,
  type ResourceIdentityOf,
  type ResourceStateOf,
} from "./list-resource.js";
export type { MoveContext, MoveDetails, MoveFunction, StateMover } from "./move.js";
export {
  type PrivateData,
  type PrivateStateAccess,
  PrivateStateError,
  type PrivateStateMarker,
  type PrivateStateOptions,
  privateState,
} from "./private-state.js";
export { defineProvider, type Provider, type ProviderDefinition } from "./provider.js";
export { type ProviderDataComponents, withProviderData } from "./provider-data.js";
export type { ProviderMetaAccess } from "./provider-meta.js";
export { defineResource, type Resource, type ResourceContext, type ResourceDefinition } from "./resource.js";
export {
  type Refreshed,
  type RetryOptions,
  retry,
  UnexpectedStateError,
  type WaitForOptions,
  type WaitOptions,
  WaitTimeoutError,
  waitFor,
} from "./retry.js";
export { type Attribute, type AttributeOptions, attr } from "./schema/attributes.js";
export {
  type Block,
  type BlockNesting,
  type BlockOptions,
  block,
  type ListBlockOptions,
  type SingleBlockOptions,
} from "./schema/blocks.js";
export {
  type CustomType,
  type CustomTypeBase,
  type CustomTypeContext,
  type CustomTypeSpec,
  customType,
  types,
} from "./schema/custom-types.js";
export type { Config, Plan, PlanDraft, Returned, State, ValidationConfig } from "./schema/infer.js";
export type { AnyAttribute, NestedAttribute, NestedAttributes, NestingMode } from "./schema/nested.js";
export {
  type BuiltinModifierName,
  type BuiltinPlanModifier,
  type ModifyPlanResult,
  type ModifyPlanReturn,
  type PlanModifier,
  type PlanModifierFunction,
  type PlanModifierObject,
  type PlanModifierRequest,
  type PlanModifierResult,
  requiresReplace,
  requiresReplaceIf,
  type TypedBuiltin,
  useNonNullStateForUnknown,
  useStateForUnknown,
} from "./schema/plan-modifiers.js";
export type { Schema, SchemaEntry } from "./schema/schema.js";
// The shapes behind `t.*` and the plan modifiers' types are exported as types, so that a
// provider compiled with declarations (a library of components) can name what it infers from
// them: TypeScript refuses to write a declaration that reaches a module the package's exports
// do not list (TS2742).
export {
  type CollectionShape,
  type KnownValue,
  type ListOf,
  type MapOf,
  type ObjectOf,
  type ObjectShape,
  type PrimitiveShape,
  type TupleOf,
  type TupleShape,
  type Typed,
  t,
  type ValidationValue,
  type ValueKind,
  type ValueType,
} from "./schema/types.js";
export { type BuiltinValidator, validate } from "./schema/validate.js";
export type {
  ElementOf,
  ElementValidator,
  StandardSchema,
  Validator,
  ValidatorContext,
  ValidatorFunction,
  ValidatorObject,
} from "./schema/validators.js";
export { type RunningProvider, type ServeOptions, serve } from "./serve.js";
export {
  defineStateStore,
  type LockHolder,
  lockInfoText,
  MAX_STATE_CHUNK_SIZE,
  StateLockedError,
  type StateOperation,
  type StateStore,
  type StateStoreConfiguring,
  type StateStoreContext,
  type StateStoreDefinition,
} from "./state-store.js";
export type { JsonValue, RawState, StateUpgrader } from "./state-upgrade.js";
export { inTestMode, isTestOnly, testModeVariable, testOnly } from "./test-mode.js";
export {
  type DefaultTimeoutOperation,
  OperationTimeoutError,
  parseDuration,
  type TimeoutDefaults,
  type TimeoutOperation,
  timeoutsBlock,
} from "./timeouts.js";
export {
  type ComponentKind,
  type ErrorContext,
  type ErrorMapper,
  type ErrorMapping,
  StopRequestedError,
} from "./values/handler.js";
