/**
 * HCL2, native and JSON syntax, parsed and evaluated to `@tsvider/cty` values with exact
 * source ranges, as hashicorp/hcl v2 does. Import the whole package, or one subpath module
 * (`@tsvider/hcl/native`, `@tsvider/hcl/json`, `@tsvider/hcl/hcldec`, ...) for a part of it.
 *
 * @packageDocumentation
 * @mergeModuleWith <project>
 */
// @tsvider/hcl: HCL2 parsed and evaluated to @tsvider/cty values, as hashicorp/hcl v2 does.
export type {
  Attribute,
  AttributeSchema,
  Block,
  BlockHeaderSchema,
  Body,
  BodyContent,
  BodySchema,
  File,
} from "./body.js";
export {
  type Diagnostic,
  formatDiagnostic,
  HclError,
  hasErrors,
  type Severity,
  throwIfErrors,
} from "./diagnostic.js";
export { childContext, type EvalContext, stdlibContext } from "./eval-context.js";
export type { Expression } from "./expression.js";
export {
  type NativeFile,
  parseConfig,
  parseExpression,
  parseTemplate,
  parseTraversalAbs,
} from "./native/index.js";
export { getAttr, index, type OpResult } from "./ops.js";
export {
  formatRange,
  initialPos,
  type Pos,
  type Range,
  rangeBetween,
  rangeContains,
  rangeOver,
} from "./pos.js";
export {
  applyTraversal,
  type Traversal,
  type TraversalResult,
  type Traverser,
  traversalIsRelative,
  traversalRange,
  traversalRootName,
  traverseAbs,
} from "./traversal.js";
