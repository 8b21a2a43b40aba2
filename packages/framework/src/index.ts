export { Decimal, Dynamic, isUnknown, Unknown } from "@tsvider/cty";
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
export { type Attribute, type AttributeOptions, attr } from "./schema/attributes.js";
export {
  type Block,
  type BlockNesting,
  type BlockOptions,
  block,
  type ListBlockOptions,
  type SingleBlockOptions,
} from "./schema/blocks.js";
export type { Config, Plan, State, ValidationConfig } from "./schema/infer.js";
export type { AnyAttribute, NestedAttribute, NestedAttributes, NestingMode } from "./schema/nested.js";
export type { Schema, SchemaEntry } from "./schema/schema.js";
export { type KnownValue, t, type ValueKind, type ValueType } from "./schema/types.js";
export { type ServeOptions, serve } from "./serve.js";
