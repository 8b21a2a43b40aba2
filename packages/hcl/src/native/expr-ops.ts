// Binary and unary operators. Each operator is one of go-cty's stdlib functions, called on
// operands converted to its parameter types, as hclsyntax does it; `&&` and `||` first try
// to decide from one known operand (so `true || unknown` is true).

import { bool, type CtyType, number, refine, Unknown } from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import { callFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import * as stdlib from "@tsvider/cty/stdlib";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { isKnownValue, unknownOf, unmarkTop, withMarks } from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";
import type { TokenType } from "./token.js";

type ShortCircuit = (
  lhs: TypedValue,
  rhs: TypedValue,
  lhsDiags: Diagnostic[],
  rhsDiags: Diagnostic[],
) => { value: TypedValue; diagnostics: Diagnostic[] } | undefined;

export interface Operation {
  readonly name: string;
  readonly impl: FunctionSpec;
  readonly type: CtyType;
  readonly shortCircuit?: ShortCircuit;
}

const unknownBool = (): TypedValue => ({ value: refine(bool, { notNull: true }), type: bool });
const boolVal = (b: boolean): TypedValue => ({ value: b, type: bool });
const isTrue = (v: TypedValue): boolean => unmarkTop(v.value).value === true;

export const opLogicalOr: Operation = {
  name: "||",
  impl: stdlib.or,
  type: bool,
  shortCircuit: (lhs, rhs, lhsDiags, rhsDiags) => {
    const lk = isKnownValue(lhs.value);
    const rk = isKnownValue(rhs.value);
    if (!lk && !rk) return hasErrors(lhsDiags) ? undefined : { value: unknownBool(), diagnostics: lhsDiags };
    if (lk && isTrue(lhs)) return { value: boolVal(true), diagnostics: lhsDiags };
    if (rk && isTrue(rhs)) return { value: boolVal(true), diagnostics: rhsDiags };
    // go-cty's False() is "not True()", so a null operand counts as false here.
    if (!lk && !isTrue(rhs)) return { value: unknownBool(), diagnostics: lhsDiags };
    if (!rk && !isTrue(lhs)) return { value: unknownBool(), diagnostics: rhsDiags };
    return undefined;
  },
};

export const opLogicalAnd: Operation = {
  name: "&&",
  impl: stdlib.and,
  type: bool,
  shortCircuit: (lhs, rhs, lhsDiags, rhsDiags) => {
    const lk = isKnownValue(lhs.value);
    const rk = isKnownValue(rhs.value);
    if (!lk && !rk) return hasErrors(lhsDiags) ? undefined : { value: unknownBool(), diagnostics: lhsDiags };
    if (lk && !isTrue(lhs)) return { value: boolVal(false), diagnostics: lhsDiags };
    if (rk && !isTrue(rhs)) return { value: boolVal(false), diagnostics: rhsDiags };
    if (!lk && isTrue(rhs)) return { value: unknownBool(), diagnostics: lhsDiags };
    if (!rk && isTrue(lhs)) return { value: unknownBool(), diagnostics: rhsDiags };
    return undefined;
  },
};

export const opLogicalNot: Operation = { name: "!", impl: stdlib.not, type: bool };
export const opNegate: Operation = { name: "-", impl: stdlib.negate, type: number };

/** The binary operators by precedence, loosest first, as hclsyntax's table has them. */
export const binaryOps: readonly Readonly<Partial<Record<TokenType, Operation>>>[] = [
  { Or: opLogicalOr },
  { And: opLogicalAnd },
  {
    EqualOp: { name: "==", impl: stdlib.equal, type: bool },
    NotEqual: { name: "!=", impl: stdlib.notEqual, type: bool },
  },
  {
    GreaterThan: { name: ">", impl: stdlib.greaterThan, type: bool },
    GreaterThanEq: { name: ">=", impl: stdlib.greaterThanOrEqualTo, type: bool },
    LessThan: { name: "<", impl: stdlib.lessThan, type: bool },
    LessThanEq: { name: "<=", impl: stdlib.lessThanOrEqualTo, type: bool },
  },
  {
    Plus: { name: "+", impl: stdlib.add, type: number },
    Minus: { name: "-", impl: stdlib.subtract, type: number },
  },
  {
    Star: { name: "*", impl: stdlib.multiply, type: number },
    Slash: { name: "/", impl: stdlib.divide, type: number },
    Percent: { name: "%", impl: stdlib.modulo, type: number },
  },
];

function convertOperand(v: TypedValue, want: CtyType): TypedValue | string {
  try {
    return convertTyped(v.value, v.type, want);
  } catch (e) {
    if (e instanceof ConversionError) return e.reason;
    throw e;
  }
}

function callOp(impl: FunctionSpec, args: TypedValue[]): TypedValue | string {
  try {
    return callFunction(impl, args);
  } catch (e) {
    if (e instanceof Error) return e.message;
    throw e;
  }
}

export class BinaryOpExpr extends NativeExpression {
  readonly kind = "binaryOp";
  constructor(
    readonly lhs: NativeExpression,
    readonly op: Operation,
    readonly rhs: NativeExpression,
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.lhs.startRange;
  }
  value(ctx?: EvalContext): EvalResult {
    const [lp, rp] = this.op.impl.params;
    const diagnostics: Diagnostic[] = [];
    const l = this.lhs.value(ctx);
    const lc = convertOperand(l.value, lp!.type);
    if (typeof lc === "string") {
      diagnostics.push(
        errorDiag(
          "Invalid operand",
          `Unsuitable value for left operand: ${lc}.`,
          this.lhs.range,
          this.range,
          this.lhs,
          ctx,
        ),
      );
    }
    const r = this.rhs.value(ctx);
    const rc = convertOperand(r.value, rp!.type);
    if (typeof rc === "string") {
      diagnostics.push(
        errorDiag(
          "Invalid operand",
          `Unsuitable value for right operand: ${rc}.`,
          this.rhs.range,
          this.range,
          this.rhs,
          ctx,
        ),
      );
    }
    if (typeof lc === "string" || typeof rc === "string") {
      return {
        value: unknownOf(this.op.type),
        diagnostics: [...diagnostics, ...l.diagnostics, ...r.diagnostics],
      };
    }
    const { value: lv, marks: lm } = unmarkTop(lc.value);
    const { value: rv, marks: rm } = unmarkTop(rc.value);
    const lhs: TypedValue = { value: lv, type: lc.type };
    const rhs: TypedValue = { value: rv, type: rc.type };
    if (this.op.shortCircuit) {
      const forced = this.op.shortCircuit(lhs, rhs, l.diagnostics, r.diagnostics);
      if (forced) {
        return {
          value: { value: withMarks(forced.value.value, lm, rm), type: forced.value.type },
          diagnostics: forced.diagnostics,
        };
      }
    }
    diagnostics.push(...l.diagnostics, ...r.diagnostics);
    if (hasErrors(diagnostics)) {
      return { value: { value: withMarks(Unknown, lm, rm), type: this.op.type } as TypedValue, diagnostics };
    }
    const result = callOp(this.op.impl, [lhs, rhs]);
    if (typeof result === "string") {
      diagnostics.push(
        errorDiag("Operation failed", `Error during operation: ${result}.`, this.range, undefined, this, ctx),
      );
      return { value: unknownOf(this.op.type), diagnostics };
    }
    return { value: { value: withMarks(result.value, lm, rm), type: result.type }, diagnostics };
  }
  children(): ChildNode[] {
    return [{ node: this.lhs }, { node: this.rhs }];
  }
}

export class UnaryOpExpr extends NativeExpression {
  readonly kind = "unaryOp";
  constructor(
    readonly op: Operation,
    readonly val: NativeExpression,
    readonly range: Range,
    readonly symbolRange: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.symbolRange;
  }
  value(ctx?: EvalContext): EvalResult {
    const given = this.val.value(ctx);
    const diagnostics = [...given.diagnostics];
    const converted = convertOperand(given.value, this.op.impl.params[0]!.type);
    if (typeof converted === "string") {
      diagnostics.push(
        errorDiag(
          "Invalid operand",
          `Unsuitable value for unary operand: ${converted}.`,
          this.val.range,
          this.range,
          this.val,
          ctx,
        ),
      );
    }
    if (typeof converted === "string" || hasErrors(diagnostics)) {
      return { value: unknownOf(this.op.type), diagnostics };
    }
    const result = callOp(this.op.impl, [converted]);
    if (typeof result === "string") {
      diagnostics.push(
        errorDiag("Operation failed", `Error during operation: ${result}.`, this.range, undefined, this, ctx),
      );
      return { value: unknownOf(this.op.type), diagnostics };
    }
    return { value: result, diagnostics };
  }
  children(): ChildNode[] {
    return [{ node: this.val }];
  }
}
