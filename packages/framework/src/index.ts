export { Decimal, isUnknown, Unknown } from "@tsvider/cty";
export {
  type AttributePath,
  type Diagnostic,
  Diagnostics,
  FrameworkConfigurationError,
  type PathStep,
  type Severity,
  TsviderError,
} from "./diagnostics.js";
export { defineProvider, type Provider, type ProviderDefinition } from "./provider.js";
export { defineResource, type Resource, type ResourceContext, type ResourceDefinition } from "./resource.js";
export {
  type Attribute,
  type AttributeKind,
  type AttributeOptions,
  attr,
  type Schema,
} from "./schema/attributes.js";
export type { Config, Plan, State, ValidationConfig } from "./schema/infer.js";
export { type ServeOptions, serve } from "./serve.js";
