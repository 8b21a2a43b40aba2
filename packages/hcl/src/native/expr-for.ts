// `for` expressions: `[for k, v in coll : expr if cond]` and `{for k, v in coll : key => val...}`,
// with hcl's rules for null, unknown and marked collections, conditions and duplicate keys.

import * as cty from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { goQuote } from "../internal/go-quote.js";
import {
  dynamicUnknown,
  isKnownValue,
  isNullValue,
  marksOf,
  objectVal,
  setOwn,
  tupleVal,
  unmarkTop,
  withMarks,
} from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

/** The key and value of each element, in go-cty's iteration order. */
export function elementsOf(coll: cty.CtyValue, type: cty.CtyType): [TypedValue, TypedValue][] {
  switch (type.kind) {
    case "list":
      return (coll as cty.CtyValue[]).map((v, i) => [
        { value: i, type: cty.number },
        { value: v, type: type.element },
      ]);
    case "tuple":
      return (coll as cty.CtyValue[]).map((v, i) => [
        { value: i, type: cty.number },
        { value: v, type: type.elements[i]! },
      ]);
    case "set":
      return cty.canonicalSet(coll as cty.CtyValue[], type.element).map((v) => {
        const e: TypedValue = { value: v, type: type.element };
        return [e, e] as [TypedValue, TypedValue];
      });
    case "map": {
      const rec = coll as Record<string, cty.CtyValue>;
      return Object.keys(rec)
        .sort(cty.compareBytewise)
        .map((k) => [
          { value: k, type: cty.string },
          { value: rec[k]!, type: type.element },
        ]);
    }
    case "object": {
      const rec = coll as Record<string, cty.CtyValue>;
      return [...type.attributeNames].sort(cty.compareBytewise).map((k) => [
        { value: k, type: cty.string },
        { value: Object.hasOwn(rec, k) ? rec[k]! : null, type: type.attributes[k]! },
      ]);
    }
    default:
      return [];
  }
}

function canIterate(type: cty.CtyType): boolean {
  return ["list", "map", "set", "tuple", "object"].includes(type.kind);
}

function childScope(ctx: EvalContext | undefined, names: Record<string, TypedValue>): EvalContext {
  return ctx ? { parent: ctx, variables: names } : { variables: names };
}

function convertOrReason(v: TypedValue, to: cty.CtyType): TypedValue | string {
  try {
    return convertTyped(v.value, v.type, to);
  } catch (e) {
    if (e instanceof ConversionError) return e.reason;
    throw e;
  }
}

export class ForExpr extends NativeExpression {
  readonly kind = "for";
  constructor(
    readonly keyVar: string,
    readonly valVar: string,
    readonly collExpr: NativeExpression,
    readonly keyExpr: NativeExpression | undefined,
    readonly valExpr: NativeExpression,
    readonly condExpr: NativeExpression | undefined,
    readonly group: boolean,
    readonly range: Range,
    readonly openRange: Range,
    readonly closeRange: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.openRange;
  }
  children(): ChildNode[] {
    const localNames = new Set<string>();
    if (this.keyVar !== "") localNames.add(this.keyVar);
    if (this.valVar !== "") localNames.add(this.valVar);
    const out: ChildNode[] = [{ node: this.collExpr }];
    if (this.keyExpr) out.push({ node: this.keyExpr, localNames });
    out.push({ node: this.valExpr, localNames });
    if (this.condExpr) out.push({ node: this.condExpr, localNames });
    return out;
  }

  private names(k: TypedValue, v: TypedValue): Record<string, TypedValue> {
    const names: Record<string, TypedValue> = {};
    if (this.keyVar !== "") setOwn(names, this.keyVar, k);
    setOwn(names, this.valVar, v);
    return names;
  }

  value(ctx?: EvalContext): EvalResult {
    const diagnostics: Diagnostic[] = [];
    const marks: ReadonlySet<unknown>[] = [];
    // An error about one of the clauses, as evaluated in `scope`.
    const clauseError = (summary: string, detail: string, clause: NativeExpression, scope?: EvalContext) =>
      errorDiag(summary, detail, clause.range, this.range, clause, scope);
    // An error that leaves nothing to iterate: the result is an unknown of unknown type.
    const fail = (summary: string, detail: string, clause: NativeExpression): EvalResult => {
      diagnostics.push(clauseError(summary, detail, clause, ctx));
      return { value: dynamicUnknown, diagnostics };
    };
    let known = true;
    // An element the result cannot be known for: only the first such error is reported.
    const unknownFor = (summary: string, detail: string, clause: NativeExpression, scope: EvalContext) => {
      if (known) diagnostics.push(clauseError(summary, detail, clause, scope));
      known = false;
    };
    const coll = this.collExpr.value(ctx);
    diagnostics.push(...coll.diagnostics);
    if (isNullValue(coll.value.value)) {
      return fail(
        "Iteration over null value",
        "A null value cannot be used as the collection in a 'for' expression.",
        this.collExpr,
      );
    }
    const collType = coll.value.type;
    if (collType.kind === "dynamic") return { value: dynamicUnknown, diagnostics };
    const { value: collVal, marks: collMarks } = unmarkTop(coll.value.value);
    marks.push(collMarks);
    if (!canIterate(collType)) {
      return fail(
        "Iteration over non-iterable value",
        `A value of type ${cty.friendlyName(collType)} cannot be used as the collection in a 'for' expression.`,
        this.collExpr,
      );
    }

    let condMarks: ReadonlySet<unknown> = new Set();
    if (this.condExpr) {
      // The condition is checked once with unknown key and value, so errors in it are
      // reported even when the collection is empty or unknown.
      const unknownNames = this.names(dynamicUnknown, dynamicUnknown);
      const child = childScope(ctx, unknownNames);
      const r = this.condExpr.value(child);
      diagnostics.push(...r.diagnostics);
      if (isNullValue(r.value.value)) {
        return fail("Condition is null", "The value of the 'if' clause must not be null.", this.condExpr);
      }
      condMarks = marksOf(r.value.value);
      const converted = convertOrReason(r.value, cty.bool);
      if (typeof converted === "string") {
        return fail(
          "Invalid 'for' condition",
          `The 'if' clause value is invalid: ${converted}.`,
          this.condExpr,
        );
      }
      if (hasErrors(r.diagnostics)) return { value: dynamicUnknown, diagnostics };
    }

    if (cty.isUnknown(collVal)) {
      return {
        value: { value: withMarks(cty.Unknown, ...marks, condMarks), type: cty.dynamic },
        diagnostics,
      };
    }

    const elements = elementsOf(collVal, collType);
    const tupleVals: TypedValue[] = [];
    const objVals = new Map<string, TypedValue>();
    const groups = new Map<string, TypedValue[]>();
    for (const [k, v] of elements) {
      const child = childScope(ctx, this.names(k, v));
      if (this.condExpr) {
        const r = this.condExpr.value(child);
        diagnostics.push(...r.diagnostics);
        if (isNullValue(r.value.value)) {
          unknownFor(
            "Invalid 'for' condition",
            "The value of the 'if' clause must not be null.",
            this.condExpr,
            child,
          );
          continue;
        }
        marks.push(marksOf(r.value.value));
        // The tuple form checks for an unknown before converting, the object form after.
        if (!this.keyExpr && !isKnownValue(r.value.value)) {
          known = false;
          continue;
        }
        const include = convertOrReason(r.value, cty.bool);
        if (typeof include === "string") {
          unknownFor(
            "Invalid 'for' condition",
            `The 'if' clause value is invalid: ${include}.`,
            this.condExpr,
            child,
          );
          continue;
        }
        if (!isKnownValue(include.value)) {
          known = false;
          continue;
        }
        if (unmarkTop(include.value).value === false) continue;
      }

      if (!this.keyExpr) {
        const r = this.valExpr.value(child);
        diagnostics.push(...r.diagnostics);
        tupleVals.push(r.value);
        continue;
      }

      const kr = this.keyExpr.value(child);
      diagnostics.push(...kr.diagnostics);
      if (isNullValue(kr.value.value)) {
        unknownFor(
          "Invalid object key",
          "Key expression in 'for' expression must not produce a null value.",
          this.keyExpr,
          child,
        );
        continue;
      }
      marks.push(marksOf(kr.value.value));
      if (!isKnownValue(kr.value.value)) {
        known = false;
        continue;
      }
      const key = convertOrReason(kr.value, cty.string);
      if (typeof key === "string") {
        unknownFor(
          "Invalid object key",
          `The key expression produced an invalid result: ${key}.`,
          this.keyExpr,
          child,
        );
        continue;
      }
      const name = unmarkTop(key.value).value as string;
      const vr = this.valExpr.value(child);
      diagnostics.push(...vr.diagnostics);
      if (this.group) {
        const g = groups.get(name);
        if (g) g.push(vr.value);
        else groups.set(name, [vr.value]);
      } else if (objVals.has(name)) {
        diagnostics.push(
          clauseError(
            "Duplicate object key",
            `Two different items produced the key ${goQuote(name)} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`,
            this.keyExpr,
            child,
          ),
        );
      } else {
        objVals.set(name, vr.value);
      }
    }

    if (!known) return { value: { value: withMarks(cty.Unknown, ...marks), type: cty.dynamic }, diagnostics };
    let result: TypedValue;
    if (!this.keyExpr) {
      result = tupleVal(tupleVals);
    } else if (this.group) {
      const attrs = new Map<string, TypedValue>();
      for (const [k, vs] of groups) attrs.set(k, tupleVal(vs));
      result = objectVal(attrs);
    } else {
      result = objectVal(objVals);
    }
    return { value: { value: withMarks(result.value, ...marks), type: result.type }, diagnostics };
  }
}
