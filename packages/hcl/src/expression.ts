/**
 * The expression interface that native and JSON syntax both implement.
 *
 * @packageDocumentation
 */
// The syntax-neutral expression interface (hcl.Expression): native and JSON syntax both
// implement it, and decoders use nothing else.

import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "./diagnostic.js";
import type { EvalContext } from "./eval-context.js";
import type { Range } from "./pos.js";
import type { Traversal } from "./traversal.js";

/**
 * An expression, native or JSON syntax, that evaluates to a cty value in an `EvalContext`
 * (hcl.Expression).
 */
export interface Expression {
  /** The value in this context; on errors a placeholder (usually unknown) with diagnostics. */
  value(ctx?: EvalContext): { value: TypedValue; diagnostics: Diagnostic[] };
  /** The absolute traversals (variable references) the expression makes. */
  variables(): Traversal[];
  readonly range: Range;
  /** The part to point at when the whole range is too much (an operator's first operand...). */
  readonly startRange: Range;
}
