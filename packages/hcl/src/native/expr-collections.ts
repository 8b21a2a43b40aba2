// Tuple and object constructors: `[a, b]` and `{ k = v }`, with hcl's rules for object keys
// (a bare name is a literal string, a reference needs parentheses).

import { string } from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { absTraversalOf, type KeyValuePair } from "../internal/static-expr.js";
import {
  dynamicUnknown,
  isKnownValue,
  isNullValue,
  objectVal,
  tupleVal,
  unmarkTop,
  withMarks,
} from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import type { Traversal } from "../traversal.js";
import { LiteralValueExpr, ScopeTraversalExpr } from "./expr-basic.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

/** A tuple or object constructor, which starts at its opening bracket or brace (as in hcl). */
abstract class ConsExpr extends NativeExpression {
  constructor(
    readonly range: Range,
    readonly openRange: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.openRange;
  }
}

export class TupleConsExpr extends ConsExpr {
  readonly kind = "tupleCons";
  constructor(
    readonly exprs: readonly NativeExpression[],
    range: Range,
    openRange: Range,
  ) {
    super(range, openRange);
  }
  value(ctx?: EvalContext): EvalResult {
    const diagnostics: Diagnostic[] = [];
    const vals: TypedValue[] = [];
    for (const e of this.exprs) {
      const r = e.value(ctx);
      vals.push(r.value);
      diagnostics.push(...r.diagnostics);
    }
    return { value: tupleVal(vals), diagnostics };
  }
  children(): ChildNode[] {
    return this.exprs.map((node) => ({ node }));
  }
  /** Static analysis: the elements unevaluated (hcl's ExprList). */
  exprList(): NativeExpression[] {
    return [...this.exprs];
  }
}

export interface ObjectConsItem {
  readonly keyExpr: ObjectConsKeyExpr;
  readonly valueExpr: NativeExpression;
}

export class ObjectConsExpr extends ConsExpr {
  readonly kind = "objectCons";
  constructor(
    readonly items: readonly ObjectConsItem[],
    range: Range,
    openRange: Range,
  ) {
    super(range, openRange);
  }
  value(ctx?: EvalContext): EvalResult {
    const diagnostics: Diagnostic[] = [];
    const attrs = new Map<string, TypedValue>();
    const marks: ReadonlySet<unknown>[] = [];
    let known = true;
    for (const item of this.items) {
      const k = item.keyExpr.value(ctx);
      diagnostics.push(...k.diagnostics);
      const v = item.valueExpr.value(ctx);
      diagnostics.push(...v.diagnostics);
      if (k.diagnostics.some((d) => d.severity === "error")) {
        known = false;
        continue;
      }
      if (isNullValue(k.value.value)) {
        diagnostics.push(
          errorDiag(
            "Null value as key",
            "Can't use a null value as a key.",
            item.valueExpr.range,
            undefined,
            item.keyExpr,
            ctx,
          ),
        );
        known = false;
        continue;
      }
      const { value: bare, marks: keyMarks } = unmarkTop(k.value.value);
      marks.push(keyMarks);
      let key: TypedValue;
      try {
        key = convertTyped(bare, k.value.type, string);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diagnostics.push(
          errorDiag(
            "Incorrect key type",
            `Can't use this value as a key: ${e.reason}.`,
            item.keyExpr.range,
            undefined,
            item.keyExpr,
            ctx,
          ),
        );
        known = false;
        continue;
      }
      if (!isKnownValue(key.value)) {
        known = false;
        continue;
      }
      // A later item with the same key replaces an earlier one, as in hcl.
      const name = unmarkTop(key.value).value as string;
      attrs.delete(name);
      attrs.set(name, v.value);
    }
    if (!known) return { value: dynamicUnknown, diagnostics };
    const obj = objectVal(attrs);
    return { value: { value: withMarks(obj.value, ...marks), type: obj.type }, diagnostics };
  }
  children(): ChildNode[] {
    return this.items.flatMap((i) => [{ node: i.keyExpr }, { node: i.valueExpr }]);
  }
  /** Static analysis: the items unevaluated (hcl's ExprMap). */
  exprMap(): KeyValuePair[] {
    return this.items.map((i) => ({ key: i.keyExpr, value: i.valueExpr }));
  }
}

/** An object constructor's key: a bare name is the literal string, as hcl reads it. */
export class ObjectConsKeyExpr extends NativeExpression {
  readonly kind = "objectConsKey";
  constructor(
    readonly wrapped: NativeExpression,
    readonly forceNonLiteral: boolean,
  ) {
    super();
  }
  get range(): Range {
    return this.wrapped.range;
  }
  get startRange(): Range {
    return this.wrapped.startRange;
  }
  /** The key as a keyword (`name`, `true`, `null`), or "" when it is not one. */
  literalName(): string {
    return keywordOf(this.wrapped);
  }
  value(ctx?: EvalContext): EvalResult {
    if (!this.forceNonLiteral) {
      if (this.wrapped instanceof ScopeTraversalExpr && this.wrapped.traversal.length > 1) {
        return {
          value: dynamicUnknown,
          diagnostics: [
            errorDiag(
              "Ambiguous attribute key",
              "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
              this.range,
            ),
          ],
        };
      }
      const name = this.literalName();
      if (name !== "") return { value: { value: name, type: string }, diagnostics: [] };
    }
    return this.wrapped.value(ctx);
  }
  children(): ChildNode[] {
    return this.literalName() === "" ? [{ node: this.wrapped }] : [];
  }
  /** Static analysis: a key in parentheses is never a name; otherwise as the wrapped expression. */
  asTraversal(): Traversal | undefined {
    return this.forceNonLiteral ? undefined : absTraversalOf(this.wrapped);
  }
  unwrapExpression(): NativeExpression {
    return this.wrapped;
  }
}

/** hcl.ExprAsKeyword: the single name an expression is, or "". */
export function keywordOf(e: NativeExpression): string {
  const inner = e instanceof ObjectConsKeyExpr ? e.wrapped : e;
  if (inner instanceof ScopeTraversalExpr) {
    const root = inner.traversal[0];
    return inner.traversal.length === 1 && root?.kind === "root" ? root.name : "";
  }
  if (inner instanceof LiteralValueExpr) {
    const v = inner.val.value;
    if (v === null) return "null";
    if (v === true && inner.val.type.kind === "bool") return "true";
    if (v === false && inner.val.type.kind === "bool") return "false";
  }
  return "";
}
