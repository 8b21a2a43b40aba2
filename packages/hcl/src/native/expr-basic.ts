// The simplest native-syntax expressions: literals, references (a name and the attribute
// and index steps after it), parentheses, index operators, the placeholder a splat binds
// each element to, and the stand-in for an expression that failed to parse.

import { dynamic, Unknown } from "@tsvider/cty";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { absTraversalOf } from "../internal/static-expr.js";
import { dynamicUnknown } from "../internal/typed-values.js";
import { index } from "../ops.js";
import type { Range } from "../pos.js";
import { type Traversal, type Traverser, traverseAbs, traverseRelTyped } from "../traversal.js";
import { type ChildNode, type EvalResult, NativeExpression, withEvalContext } from "./node.js";

export class LiteralValueExpr extends NativeExpression {
  readonly kind = "literal";
  constructor(
    readonly val: TypedValue,
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  value(): EvalResult {
    return { value: this.val, diagnostics: [] };
  }
  children(): ChildNode[] {
    return [];
  }
  /** Static analysis: the keywords `null`, `true` and `false` read back as names, as in hcl. */
  asTraversal(): Traversal | undefined {
    const v = this.val.value;
    let name: string | undefined;
    if (v === null) name = "null";
    else if (this.val.type.kind === "bool" && typeof v === "boolean") name = v ? "true" : "false";
    return name === undefined ? undefined : [{ kind: "root", name, range: this.range }];
  }
}

/** A reference: a variable name with attribute and index steps (`var.a[0]`). */
export class ScopeTraversalExpr extends NativeExpression {
  readonly kind = "scopeTraversal";
  constructor(
    /** Grown in place while parsing. */
    readonly traversal: Traverser[],
    public range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  value(ctx?: EvalContext): EvalResult {
    const r = traverseAbs(this.traversal, ctx);
    return { value: r.value, diagnostics: withEvalContext(r.diagnostics, this, ctx) };
  }
  children(): ChildNode[] {
    return [];
  }
  asTraversal(): Traversal {
    return this.traversal;
  }
}

/** Attribute and index steps applied to the result of another expression (`f(x).a`). */
export class RelativeTraversalExpr extends NativeExpression {
  readonly kind = "relativeTraversal";
  constructor(
    readonly source: NativeExpression,
    readonly traversal: Traverser[],
    public range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  value(ctx?: EvalContext): EvalResult {
    const src = this.source.value(ctx);
    const r = traverseRelTyped(src.value, this.traversal);
    return {
      value: r.value,
      diagnostics: [...src.diagnostics, ...withEvalContext(r.diagnostics, this, ctx)],
    };
  }
  children(): ChildNode[] {
    return [{ node: this.source }];
  }
  /** Static analysis: a traversal only when the source is one too. */
  asTraversal(): Traversal | undefined {
    const head = absTraversalOf(this.source);
    return head === undefined ? undefined : [...head, ...this.traversal];
  }
}

/** `( expr )`: the inner expression, with the parentheses' range. */
export class ParenthesesExpr extends NativeExpression {
  readonly kind = "parentheses";
  constructor(
    readonly expression: NativeExpression,
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    // hcl's ParenthesesExpr takes its start range from the expression inside.
    return this.expression.startRange;
  }
  value(ctx?: EvalContext): EvalResult {
    return this.expression.value(ctx);
  }
  children(): ChildNode[] {
    return [{ node: this.expression }];
  }
}

/** `collection[key]` where the key is not a literal. */
export class IndexExpr extends NativeExpression {
  readonly kind = "index";
  constructor(
    readonly collection: NativeExpression,
    readonly key: NativeExpression,
    readonly range: Range,
    readonly openRange: Range,
    readonly bracketRange: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.openRange;
  }
  value(ctx?: EvalContext): EvalResult {
    const coll = this.collection.value(ctx);
    const key = this.key.value(ctx);
    const r = index(coll.value, key.value, this.bracketRange);
    return {
      value: r.value,
      diagnostics: [...coll.diagnostics, ...key.diagnostics, ...withEvalContext(r.diagnostics, this, ctx)],
    };
  }
  children(): ChildNode[] {
    return [{ node: this.collection }, { node: this.key }];
  }
}

/**
 * The element a splat expression is working on: the steps after `.*` or `[*]` apply to it.
 * Its value is set per evaluation context by the splat.
 */
export class AnonSymbolExpr extends NativeExpression {
  readonly kind = "anonSymbol";
  private readonly values = new Map<EvalContext, TypedValue>();
  constructor(readonly range: Range) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  value(ctx?: EvalContext): EvalResult {
    if (!ctx) return { value: dynamicUnknown, diagnostics: [] };
    return { value: this.values.get(ctx) ?? { value: Unknown, type: dynamic }, diagnostics: [] };
  }
  setValue(ctx: EvalContext, v: TypedValue): void {
    this.values.set(ctx, v);
  }
  clearValue(ctx: EvalContext): void {
    this.values.delete(ctx);
  }
  children(): ChildNode[] {
    return [];
  }
}

/** Where an expression failed to parse: a placeholder value and the parse diagnostics. */
export class ExprSyntaxError extends NativeExpression {
  readonly kind = "syntaxError";
  constructor(
    readonly placeholder: TypedValue,
    readonly parseDiagnostics: readonly Diagnostic[],
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  value(): EvalResult {
    return { value: this.placeholder, diagnostics: [...this.parseDiagnostics] };
  }
  children(): ChildNode[] {
    return [];
  }
}
