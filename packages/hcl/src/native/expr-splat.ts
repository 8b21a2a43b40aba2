// Splat expressions: `list.*.attr` and `list[*].attr[0]`. The steps after the marker apply to
// each element; a value that is not a sequence is treated as a one-element tuple (null as
// an empty one), as hcl does.

import * as cty from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import {
  dynamicUnknown,
  isNullValue,
  listElementsAgree,
  listVal,
  marksOf,
  tupleVal,
  unknownOf,
  unmarkTop,
  withMarks,
} from "../internal/typed-values.js";
import { type Range, rangeBetween } from "../pos.js";
import type { AnonSymbolExpr } from "./expr-basic.js";
import { elementsOf } from "./expr-for.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

export class SplatExpr extends NativeExpression {
  readonly kind = "splat";
  constructor(
    readonly source: NativeExpression,
    readonly each: NativeExpression,
    readonly item: AnonSymbolExpr,
    readonly range: Range,
    readonly markerRange: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.markerRange;
  }
  children(): ChildNode[] {
    return [{ node: this.source }, { node: this.each }];
  }

  /** The type the result has, worked out from unknown elements of the source's types. */
  private resultType(
    sourceTy: cty.CtyType,
    ctx: EvalContext | undefined,
  ): { type: cty.CtyType; diagnostics: Diagnostic[] } {
    const child: EvalContext = ctx ? { parent: ctx } : {};
    const diagnostics: Diagnostic[] = [];
    const eachType = (t: cty.CtyType): cty.CtyType => {
      this.item.setValue(child, unknownOf(t));
      const r = this.each.value(child);
      diagnostics.push(...r.diagnostics);
      this.item.clearValue(child);
      return r.value.type;
    };
    switch (sourceTy.kind) {
      case "list":
      case "set":
        return { type: cty.list(eachType(sourceTy.element)), diagnostics };
      case "tuple":
        return { type: cty.tuple(sourceTy.elements.map(eachType)), diagnostics };
      default:
        return { type: cty.dynamic, diagnostics };
    }
  }

  value(ctx?: EvalContext): EvalResult {
    const src = this.source.value(ctx);
    const diagnostics = [...src.diagnostics];
    if (hasErrors(diagnostics)) return { value: dynamicUnknown, diagnostics };
    let source: TypedValue = src.value;
    const autoUpgrade = !["tuple", "list", "set"].includes(source.type.kind);
    if (isNullValue(source.value)) {
      if (autoUpgrade) {
        return { value: { value: withMarks([], marksOf(source.value)), type: cty.emptyTuple }, diagnostics };
      }
      diagnostics.push(
        errorDiag(
          "Splat of null value",
          "Splat expressions (with the * symbol) cannot be applied to null sequences.",
          this.source.range,
          rangeBetween(this.source.range, this.markerRange),
          this.source,
          ctx,
        ),
      );
      return { value: dynamicUnknown, diagnostics };
    }
    if (source.type.kind === "dynamic") {
      return {
        value: { value: withMarks(cty.Unknown, marksOf(source.value)), type: cty.dynamic },
        diagnostics,
      };
    }
    let upgradedUnknown = false;
    if (autoUpgrade) {
      const bare = unmarkTop(source.value).value;
      if (cty.isUnknown(bare) && !(bare instanceof cty.RefinedUnknown && bare.notNull))
        upgradedUnknown = true;
      const wrapped = tupleVal([source]);
      source = { value: withMarks(wrapped.value, marksOf(source.value)), type: wrapped.type };
    }
    const sourceTy = source.type;
    const { value: bare, marks } = unmarkTop(source.value);

    if (cty.isUnknown(bare)) {
      const rt = this.resultType(sourceTy, ctx);
      diagnostics.push(...rt.diagnostics);
      const refinements: { -readonly [K in keyof cty.Refinements]: cty.Refinements[K] } = {};
      if (rt.type.kind !== "dynamic") refinements.notNull = true;
      if (rt.type.kind === "list" && cty.isCollectionType(sourceTy) && bare instanceof cty.RefinedUnknown) {
        if (bare.lengthLower !== undefined) refinements.lengthLower = bare.lengthLower;
        if (bare.lengthUpper !== undefined) refinements.lengthUpper = bare.lengthUpper;
      }
      return {
        value: { value: withMarks(cty.refine(rt.type, refinements), marks), type: rt.type },
        diagnostics,
      };
    }

    // hcl binds each element under the caller's own context (a fresh one when there is none).
    const itemCtx: EvalContext = ctx ?? {};
    const vals: TypedValue[] = [];
    let known = true;
    for (const [, element] of elementsOf(bare, sourceTy)) {
      this.item.setValue(itemCtx, element);
      const r = this.each.value(itemCtx);
      diagnostics.push(...r.diagnostics);
      if (hasErrors(r.diagnostics)) known = false;
      vals.push(r.value);
    }
    this.item.clearValue(itemCtx);

    if (upgradedUnknown)
      return { value: { value: withMarks(cty.Unknown, marks), type: cty.dynamic }, diagnostics };
    if (!known) {
      const rt = this.resultType(sourceTy, ctx);
      return { value: { value: withMarks(cty.Unknown, marks), type: rt.type }, diagnostics };
    }
    if (sourceTy.kind === "list" || sourceTy.kind === "set") {
      if (vals.length === 0) {
        const rt = this.resultType(sourceTy, ctx);
        diagnostics.push(...rt.diagnostics);
        const elementType = rt.type.kind === "list" ? rt.type.element : cty.dynamic;
        return { value: { value: withMarks([], marks), type: cty.list(elementType) }, diagnostics };
      }
      if (!listElementsAgree(vals)) {
        diagnostics.push(
          errorDiag(
            "Invalid nested splat expressions",
            "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
            this.each.range,
            this.range,
          ),
        );
        return { value: dynamicUnknown, diagnostics };
      }
      const l = listVal(vals);
      return { value: { value: withMarks(l.value, marks), type: l.type }, diagnostics };
    }
    const t = tupleVal(vals);
    return { value: { value: withMarks(t.value, marks), type: t.type }, diagnostics };
  }
}
