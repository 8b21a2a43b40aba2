// `cond ? a : b`, with hcl's rules: both results are evaluated and unified to one type first;
// an unknown condition gives an unknown refined by what both results share (number bounds,
// collection lengths, not-null).

import * as cty from "@tsvider/cty";
import {
  ConversionError,
  convertTyped,
  getTypedConversion,
  type TypedConversion,
  unify,
} from "@tsvider/cty/convert";
import { callFunction, type TypedValue } from "@tsvider/cty/function";
import { lessThan } from "@tsvider/cty/stdlib";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { goQuote } from "../internal/go-quote.js";
import { dynamicUnknown, isNullValue, unknownOf, unmarkTop, withMarks } from "../internal/typed-values.js";
import { type Range, rangeBetween } from "../pos.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

export class ConditionalExpr extends NativeExpression {
  readonly kind = "conditional";
  constructor(
    readonly condition: NativeExpression,
    readonly trueResult: NativeExpression,
    readonly falseResult: NativeExpression,
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.condition.startRange;
  }
  children(): ChildNode[] {
    return [{ node: this.condition }, { node: this.trueResult }, { node: this.falseResult }];
  }

  value(ctx?: EvalContext): EvalResult {
    const t = this.trueResult.value(ctx);
    const f = this.falseResult.value(ctx);
    const diagnostics: Diagnostic[] = [];
    let resultType: cty.CtyType | undefined = cty.dynamic;
    const convs: (TypedConversion | undefined)[] = [undefined, undefined];
    const isBareNull = (v: TypedValue) => v.value === null && v.type.kind === "dynamic";
    if (isBareNull(t.value)) {
      resultType = f.value.type;
      convs[0] = getTypedConversion(cty.dynamic, resultType, { unsafe: true });
    } else if (isBareNull(f.value)) {
      resultType = t.value.type;
      convs[1] = getTypedConversion(cty.dynamic, resultType, { unsafe: true });
    } else if (t.value.type.kind === "dynamic" || f.value.type.kind === "dynamic") {
      resultType = cty.dynamic;
    } else {
      const u = unify([t.value.type, f.value.type], { unsafe: true });
      resultType = u?.type;
      if (u) {
        convs[0] = u.typedConversions[0];
        convs[1] = u.typedConversions[1];
      }
    }
    if (resultType === undefined) {
      return {
        value: dynamicUnknown,
        diagnostics: [
          errorDiag(
            "Inconsistent conditional result types",
            `The true and false result expressions must have consistent types. ${describeMismatch(t.value.type, f.value.type)}.`,
            rangeBetween(this.trueResult.range, this.falseResult.range),
            this.range,
            this,
            ctx,
          ),
        ],
      };
    }

    const c = this.condition.value(ctx);
    diagnostics.push(...c.diagnostics);
    if (isNullValue(c.value.value)) {
      diagnostics.push(
        errorDiag(
          "Null condition",
          "The condition value is null. Conditions must either be true or false.",
          this.condition.range,
          this.range,
          this.condition,
          ctx,
        ),
      );
      return { value: unknownOf(resultType), diagnostics };
    }
    const cu = unmarkTop(c.value.value);
    const tu = unmarkTop(t.value.value);
    const fu = unmarkTop(f.value.value);
    const marks = [cu.marks, tu.marks, fu.marks];
    const trueVal: TypedValue = { value: tu.value, type: t.value.type };
    const falseVal: TypedValue = { value: fu.value, type: f.value.type };

    if (cty.isUnknown(cu.value)) {
      return { value: unknownResult(trueVal, falseVal, resultType, marks), diagnostics };
    }

    let cond: TypedValue;
    try {
      cond = convertTypedValue({ value: cu.value, type: c.value.type }, cty.bool);
    } catch (e) {
      if (!(e instanceof ConversionError)) throw e;
      diagnostics.push(
        errorDiag(
          "Incorrect condition type",
          "The condition expression must be of type bool.",
          this.condition.range,
          this.range,
          this.condition,
          ctx,
        ),
      );
      return { value: unknownOf(resultType), diagnostics };
    }
    const which = unmarkTop(cond.value).value === true ? 0 : 1;
    const chosen = which === 0 ? trueVal : falseVal;
    diagnostics.push(...(which === 0 ? t : f).diagnostics);
    let out = chosen;
    const conv = convs[which];
    if (conv) {
      try {
        out = conv(chosen.value);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        const expr = which === 0 ? this.trueResult : this.falseResult;
        diagnostics.push(
          errorDiag(
            "Inconsistent conditional result types",
            `The ${which === 0 ? "true" : "false"} result value has the wrong type: ${e.reason}.`,
            expr.range,
            this.range,
            expr,
            ctx,
          ),
        );
        out = unknownOf(resultType);
      }
    }
    return { value: { value: withMarks(out.value, ...marks), type: out.type }, diagnostics };
  }
}

function convertTypedValue(v: TypedValue, to: cty.CtyType): TypedValue {
  return convertTyped(v.value, v.type, to);
}

/** Whether a value is surely not null: known and not null, or refined as not null. */
function definitelyNotNull(v: cty.CtyValue): boolean {
  if (v === null) return false;
  if (v === cty.Unknown) return false;
  if (v instanceof cty.RefinedUnknown) return v.notNull === true;
  return true;
}

interface Bound {
  value: cty.CtyNumber;
  inclusive: boolean;
}

function lowerBound(v: cty.CtyValue): Bound {
  if (v instanceof cty.RefinedUnknown && v.numberLower) return { ...v.numberLower };
  if (v !== null && !cty.isUnknown(v)) return { value: v as cty.CtyNumber, inclusive: true };
  return { value: Number.NEGATIVE_INFINITY, inclusive: false };
}

function upperBound(v: cty.CtyValue): Bound {
  if (v instanceof cty.RefinedUnknown && v.numberUpper) return { ...v.numberUpper };
  if (v !== null && !cty.isUnknown(v)) return { value: v as cty.CtyNumber, inclusive: true };
  return { value: Number.POSITIVE_INFINITY, inclusive: false };
}

function less(a: cty.CtyNumber, b: cty.CtyNumber): boolean {
  return (
    callFunction(lessThan, [
      { value: a, type: cty.number },
      { value: b, type: cty.number },
    ]).value === true
  );
}

function lengthBounds(v: cty.CtyValue): [number, number] {
  if (v instanceof cty.RefinedUnknown) return [v.lengthLower ?? 0, v.lengthUpper ?? Number.POSITIVE_INFINITY];
  if (v === null || cty.isUnknown(v)) return [0, Number.POSITIVE_INFINITY];
  const n = Array.isArray(v) ? v.length : Object.keys(v as object).length;
  return [n, n];
}

/** The result for an unknown condition (hcl's refinements of it). */
function unknownResult(
  t: TypedValue,
  f: TypedValue,
  resultType: cty.CtyType,
  marks: ReadonlySet<unknown>[],
): TypedValue {
  const mk = (value: cty.CtyValue): TypedValue => ({ value: withMarks(value, ...marks), type: resultType });
  if (t.value === null && f.value === null) return mk(null);
  const notNull = definitelyNotNull(t.value) && definitelyNotNull(f.value);
  if (t.type.kind === "number" && f.type.kind === "number") {
    const refinements: { -readonly [K in keyof cty.Refinements]: cty.Refinements[K] } = {};
    if (notNull) refinements.notNull = true;
    const tl = lowerBound(t.value);
    const fl = lowerBound(f.value);
    let lo = fl;
    if (less(tl.value, fl.value)) lo = tl;
    else if (!less(fl.value, tl.value)) lo = { value: fl.value, inclusive: tl.inclusive || fl.inclusive };
    const th = upperBound(t.value);
    const fh = upperBound(f.value);
    let hi = fh;
    if (less(fh.value, th.value)) hi = th;
    else if (!less(th.value, fh.value)) hi = { value: fh.value, inclusive: th.inclusive || fh.inclusive };
    refinements.numberLower = lo;
    refinements.numberUpper = hi;
    return mk(cty.refine(cty.number, refinements));
  }
  if (cty.isCollectionType(t.type) && cty.isCollectionType(f.type) && cty.typeEquals(t.type, f.type)) {
    const [tlo, thi] = lengthBounds(t.value);
    const [flo, fhi] = lengthBounds(f.value);
    const lo = Math.min(tlo, flo);
    const hi = Math.max(thi, fhi);
    const refinements: { -readonly [K in keyof cty.Refinements]: cty.Refinements[K] } = {};
    if (notNull) refinements.notNull = true;
    if (lo > 0) refinements.lengthLower = lo;
    if (Number.isFinite(hi)) refinements.lengthUpper = hi;
    return mk(cty.refine(resultType, refinements));
  }
  return mk(notNull ? cty.refine(resultType, { notNull: true }) : cty.Unknown);
}

/** hcl's explanation of why the two result types do not unify. */
export function describeMismatch(a: cty.CtyType, b: cty.CtyType): string {
  if (a.kind === "object" && b.kind === "object") {
    const an = [...a.attributeNames].sort(cty.compareBytewise);
    const bn = [...b.attributeNames].sort(cty.compareBytewise);
    for (const name of an) {
      if (!Object.hasOwn(b.attributes, name)) {
        return `The 'true' value includes object attribute ${goQuote(name)}, which is absent in the 'false' value`;
      }
      const at = a.attributes[name]!;
      const bt = b.attributes[name]!;
      if (!cty.typeEquals(at, bt))
        return `Type mismatch for object attribute ${goQuote(name)}: ${describeMismatch(at, bt)}`;
    }
    for (const name of bn) {
      if (!Object.hasOwn(a.attributes, name)) {
        return `The 'false' value includes object attribute ${goQuote(name)}, which is absent in the 'true' value`;
      }
    }
  } else if (a.kind === "tuple" && b.kind === "tuple") {
    if (a.elements.length !== b.elements.length) {
      return `The 'true' tuple has length ${a.elements.length}, but the 'false' tuple has length ${b.elements.length}`;
    }
    for (let i = 0; i < a.elements.length; i++) {
      const at = a.elements[i]!;
      const bt = b.elements[i]!;
      if (!cty.typeEquals(at, bt)) return `Type mismatch for tuple element ${i}: ${describeMismatch(at, bt)}`;
    }
  } else if (cty.isCollectionType(a) && cty.isCollectionType(b) && a.kind === b.kind) {
    const ae = a.element;
    const be = b.element;
    if ((ae.kind === "object" && be.kind === "object") || (ae.kind === "tuple" && be.kind === "tuple")) {
      return `Mismatched ${a.kind} element types: ${describeMismatch(ae, be)}`;
    }
  }
  const an = cty.friendlyName(a);
  const bn = cty.friendlyName(b);
  if (an === bn) {
    return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value";
  }
  return `The 'true' value is ${an}, but the 'false' value is ${bn}`;
}
