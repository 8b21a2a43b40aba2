/**
 * Function parameters that receive the argument's expression (and its context) instead of its
 * value.
 *
 * @packageDocumentation
 */
// Function parameters that take the argument's expression rather than its value (hcl's
// ext/customdecode). A parameter whose type is a capsule type with a custom decoder is not
// evaluated by the call: the decoder gets the expression and the evaluation context and makes
// the argument value itself. `expressionClosureType` hands over both (what `try` and `can`
// need: they evaluate the expression themselves and look at the diagnostics);
// `expressionType` hands over the expression alone.
//
// Capsule values are opaque handles: a frozen empty object standing for the payload, which
// this module keeps. They are known, never null, carry no marks, and have no JSON or msgpack
// form, as go-cty's capsule values have none.

import { type CapsuleType, type CtyType, type CtyValue, capsule } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";

/**
 * Makes a parameter's argument from its expression. `value` undefined stands for "no value":
 * the call then takes an unknown of the parameter's type, as hcl does with cty.NilVal.
 */
export type CustomExpressionDecoder = (
  expression: Expression,
  ctx: EvalContext | undefined,
) => { value?: TypedValue; diagnostics: Diagnostic[] };

const decoders = new WeakMap<CtyType, CustomExpressionDecoder>();

/**
 * A capsule type whose parameters receive what `decoder` makes of the argument expression
 * (hcl's CapsuleOps ExtensionData for CustomExpressionDecoder).
 */
export function customDecodedType(name: string, decoder: CustomExpressionDecoder): CapsuleType {
  const type = capsule(name);
  decoders.set(type, decoder);
  return type;
}

/** The custom decoder of a parameter type, if it has one (the native call evaluator asks). */
export function customExpressionDecoderFor(type: CtyType): CustomExpressionDecoder | undefined {
  return type.kind === "capsule" ? decoders.get(type) : undefined;
}

// ---------------------------------------------------------------------------------------------
// Capsule values

const payloads = new WeakMap<object, { readonly type: CapsuleType; readonly payload: unknown }>();

/** A capsule value of `type` carrying `payload`. */
export function capsuleValue(type: CapsuleType, payload: unknown): TypedValue {
  const handle: Readonly<Record<string, CtyValue>> = Object.freeze({});
  payloads.set(handle, { type, payload });
  return { value: handle, type };
}

/** The payload of a capsule value of `type`; a TypeError for any other value. */
export function capsulePayload(type: CapsuleType, value: CtyValue): unknown {
  const entry = typeof value === "object" && value !== null ? payloads.get(value) : undefined;
  if (entry === undefined || entry.type !== type) {
    throw new TypeError(`the value is not a capsule value of type ${type.name}`);
  }
  return entry.payload;
}

// ---------------------------------------------------------------------------------------------
// Expressions and closures

/** An expression with the context it was written in, to evaluate later (or not at all). */
export class ExpressionClosure {
  constructor(
    readonly expression: Expression,
    readonly evalContext: EvalContext | undefined,
  ) {}
  value(): { value: TypedValue; diagnostics: Diagnostic[] } {
    return this.expression.value(this.evalContext);
  }
}

/** Parameters of this type receive the argument as an ExpressionClosure. */
export const expressionClosureType: CapsuleType = customDecodedType(
  "expression closure",
  (expression, ctx) => ({
    value: expressionClosureValue(new ExpressionClosure(expression, ctx)),
    diagnostics: [],
  }),
);

/** Parameters of this type receive the argument's Expression alone. */
export const expressionType: CapsuleType = customDecodedType("expression", (expression) => ({
  value: expressionValue(expression),
  diagnostics: [],
}));

/**
 * Wraps an expression and the context to evaluate it in as a value of `expressionClosureType`,
 * for a function parameter of that type.
 */
export function expressionClosureValue(closure: ExpressionClosure): TypedValue {
  return capsuleValue(expressionClosureType, closure);
}

/** The closure an expressionClosureType argument carries; a TypeError for any other value. */
export function expressionClosureFromValue(value: CtyValue): ExpressionClosure {
  return capsulePayload(expressionClosureType, value) as ExpressionClosure;
}

/** Wraps an expression as a value of `expressionType`, for a function parameter of that type. */
export function expressionValue(expression: Expression): TypedValue {
  return capsuleValue(expressionType, expression);
}

/** The expression an expressionType argument carries; a TypeError for any other value. */
export function expressionFromValue(value: CtyValue): Expression {
  return capsulePayload(expressionType, value) as Expression;
}
