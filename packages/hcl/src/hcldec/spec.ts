// The specs of hcldec: descriptions of how to turn a body into one cty value (an object of
// some attributes, a list of some blocks...), as hashicorp's hcldec package defines them.
// They are plain data, so a spec can be built by hand or read from a spec file.

import type { CtyType, Refinements } from "@tsvider/cty";
import type { FunctionSpec, TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";

/** An object whose attributes are the results of these specs (hcldec.ObjectSpec). */
export interface ObjectSpec {
  readonly kind: "object";
  /** Evaluated in this order (hcl's is a Go map, in random order). */
  readonly attributes: Readonly<Record<string, Spec>>;
}

/** A tuple of the results of these specs (hcldec.TupleSpec). */
export interface TupleSpec {
  readonly kind: "tuple";
  readonly elements: readonly Spec[];
}

/** An attribute's value converted to `type` (hcldec.AttrSpec); null when absent. */
export interface AttrSpec {
  readonly kind: "attr";
  readonly name: string;
  readonly type: CtyType;
  readonly required?: boolean;
}

/** A fixed value (hcldec.LiteralSpec). */
export interface LiteralSpec {
  readonly kind: "literal";
  /** A value of its own type (written for `type`, with no `dynamic` in the type but for nulls and unknowns). */
  readonly value: TypedValue;
}

/** An expression evaluated in the decoding context, ignoring the body (hcldec.ExprSpec). */
export interface ExprSpec {
  readonly kind: "expr";
  readonly expr: Expression;
}

/** One nested block decoded with `nested`; null when absent (hcldec.BlockSpec). */
export interface BlockSpec {
  readonly kind: "block";
  readonly typeName: string;
  readonly nested: Spec;
  readonly required?: boolean;
}

interface RepeatedBlocks {
  readonly typeName: string;
  readonly nested: Spec;
  readonly minItems?: number;
  /** 0 or absent: no maximum. */
  readonly maxItems?: number;
}

/** A list of all blocks of a type (hcldec.BlockListSpec). */
export interface BlockListSpec extends RepeatedBlocks {
  readonly kind: "blockList";
}

/** A tuple of all blocks of a type, which may differ in type (hcldec.BlockTupleSpec). */
export interface BlockTupleSpec extends RepeatedBlocks {
  readonly kind: "blockTuple";
}

/** A set of all blocks of a type (hcldec.BlockSetSpec). */
export interface BlockSetSpec extends RepeatedBlocks {
  readonly kind: "blockSet";
}

/** Blocks keyed by their labels, a map level per label name (hcldec.BlockMapSpec). */
export interface BlockMapSpec {
  readonly kind: "blockMap";
  readonly typeName: string;
  readonly labelNames: readonly string[];
  readonly nested: Spec;
}

/** As BlockMapSpec, but objects, so the blocks may differ in type (hcldec.BlockObjectSpec). */
export interface BlockObjectSpec {
  readonly kind: "blockObject";
  readonly typeName: string;
  readonly labelNames: readonly string[];
  readonly nested: Spec;
}

/** One block's attributes as a map of `elementType` (hcldec.BlockAttrsSpec). */
export interface BlockAttrsSpec {
  readonly kind: "blockAttrs";
  readonly typeName: string;
  readonly elementType: CtyType;
  readonly required?: boolean;
}

/** A label of the block being decoded, inside a block spec's nested spec (hcldec.BlockLabelSpec). */
export interface BlockLabelSpec {
  readonly kind: "blockLabel";
  readonly index: number;
  readonly name: string;
}

/** `primary`, or `default` where primary gives null (hcldec.DefaultSpec). */
export interface DefaultSpec {
  readonly kind: "default";
  readonly primary: Spec;
  readonly default: Spec;
}

/** `wrapped`'s result passed to an expression as the variable `varName` (hcldec.TransformExprSpec). */
export interface TransformExprSpec {
  readonly kind: "transformExpr";
  readonly wrapped: Spec;
  readonly expr: Expression;
  readonly transformContext?: EvalContext;
  readonly varName: string;
}

/** `wrapped`'s result passed to a one-argument function (hcldec.TransformFuncSpec). */
export interface TransformFuncSpec {
  readonly kind: "transformFunc";
  readonly wrapped: Spec;
  readonly func: FunctionSpec;
}

/** `wrapped`'s result with these refinements when unknown (hcldec.RefineValueSpec). */
export interface RefineValueSpec {
  readonly kind: "refineValue";
  readonly wrapped: Spec;
  readonly refinements: Refinements;
}

/**
 * `wrapped`'s result, checked by the application (hcldec.ValidateSpec): diagnostics without
 * a subject get the range of what the wrapped spec decoded.
 */
export interface ValidateSpec {
  readonly kind: "validate";
  readonly wrapped: Spec;
  readonly validate: (value: TypedValue) => Diagnostic[];
}

/**
 * A decoding spec: how to read a value of a given shape out of a body (hcldec.Spec). Write one
 * as an object literal of one of the spec interfaces, or read one from a spec file with
 * `decodeSpecFile`.
 */
export type Spec =
  | ObjectSpec
  | TupleSpec
  | AttrSpec
  | LiteralSpec
  | ExprSpec
  | BlockSpec
  | BlockListSpec
  | BlockTupleSpec
  | BlockSetSpec
  | BlockMapSpec
  | BlockObjectSpec
  | BlockAttrsSpec
  | BlockLabelSpec
  | DefaultSpec
  | TransformExprSpec
  | TransformFuncSpec
  | RefineValueSpec
  | ValidateSpec;
