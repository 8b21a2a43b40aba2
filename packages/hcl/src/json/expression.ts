// The JSON syntax's Expression: JSON values map to HCL values (objects to objects, arrays to
// tuples, null to a null of unknown type), and a string is a native-syntax template when
// evaluated in a context, or literal text without one (json/spec.md, "Expressions").

import { bool, type CtyValue, dynamic, isUnknown, number, string, Unknown } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";
import { goQuote } from "../internal/go-quote.js";
import { type StaticCall, staticCallOf } from "../internal/static-expr.js";
import { objectVal, tupleVal, unmarkTop } from "../internal/typed-values.js";
import { formatRange, type Range } from "../pos.js";
import type { Traversal } from "../traversal.js";
import { type JsonNode, nodeStartRange, type StringNode } from "./ast.js";
import { parseExpression, parseTemplate, parseTraversalAbs } from "./native-template.js";

type Result = { value: TypedValue; diagnostics: Diagnostic[] };

const dynamicUnknown: TypedValue = { value: Unknown, type: dynamic };

/**
 * An expression in JSON syntax: a JSON value whose strings are templates, read as HCL's JSON syntax
 * specifies.
 */
export class JsonExpression implements Expression {
  readonly range: Range;
  readonly startRange: Range;
  constructor(readonly node: JsonNode) {
    this.range = node.range;
    this.startRange = nodeStartRange(node);
  }

  value(ctx?: EvalContext): Result {
    const node = this.node;
    switch (node.kind) {
      case "string":
        return stringValue(node, ctx);
      case "number":
        return { value: { value: node.value, type: number }, diagnostics: [] };
      case "bool":
        return { value: { value: node.value, type: bool }, diagnostics: [] };
      case "null":
        return { value: { value: null, type: dynamic }, diagnostics: [] };
      case "invalid":
        // Lets a tree with broken parts still be evaluated in part.
        return { value: dynamicUnknown, diagnostics: [] };
      case "array": {
        const diagnostics: Diagnostic[] = [];
        const elements = node.values.map((v) => {
          const r = new JsonExpression(v).value(ctx);
          diagnostics.push(...r.diagnostics);
          return r.value;
        });
        return { value: tupleVal(elements), diagnostics };
      }
      case "object":
        return this.objectValue(node.attrs, ctx);
    }
  }

  private objectValue(
    attrs: Extract<JsonNode, { kind: "object" }>["attrs"],
    ctx: EvalContext | undefined,
  ): Result {
    const diagnostics: Diagnostic[] = [];
    const values = new Map<string, TypedValue>();
    const ranges = new Map<string, Range>();
    let known = true;
    for (const attr of attrs) {
      // Property names are templates too when there is a context, as object keys can be
      // expressions in the native syntax.
      const name = stringValue({ kind: "string", value: attr.name, range: attr.nameRange }, ctx);
      const valueExpr = new JsonExpression(attr.value);
      const val = valueExpr.value(ctx);
      diagnostics.push(...name.diagnostics, ...val.diagnostics);
      let key: CtyValue;
      try {
        key = unmarkTop(convert(name.value.value, name.value.type, string)).value;
      } catch (e) {
        diagnostics.push({
          severity: "error",
          summary: "Invalid object key expression",
          detail: `Cannot use this expression as an object key: ${(e as Error).message}.`,
          subject: attr.nameRange,
          expression: valueExpr,
          ...(ctx === undefined ? {} : { evalContext: ctx }),
        });
        continue;
      }
      if (key === null) {
        diagnostics.push({
          severity: "error",
          summary: "Invalid object key expression",
          detail: "Cannot use null value as an object key.",
          subject: attr.nameRange,
          expression: valueExpr,
          ...(ctx === undefined ? {} : { evalContext: ctx }),
        });
        continue;
      }
      if (isUnknown(key)) {
        // An unknown key leaves the object's type unknown; keep going to report other errors.
        known = false;
        continue;
      }
      const keyText = (key as string).normalize("NFC");
      const previous = ranges.get(keyText);
      if (previous !== undefined) {
        diagnostics.push({
          severity: "error",
          summary: "Duplicate object attribute",
          detail: `An attribute named ${goQuote(keyText)} was already defined at ${formatRange(previous)}.`,
          subject: attr.nameRange,
          expression: this,
          ...(ctx === undefined ? {} : { evalContext: ctx }),
        });
        continue;
      }
      values.set(keyText, val.value);
      ranges.set(keyText, attr.nameRange);
    }
    if (!known) return { value: dynamicUnknown, diagnostics };
    return { value: objectVal(values), diagnostics };
  }

  variables(): Traversal[] {
    const node = this.node;
    switch (node.kind) {
      case "string": {
        const { expression, diagnostics } = parseTemplate(node.value, node.range.filename, afterQuote(node));
        if (diagnostics.some((d) => d.severity === "error")) return [];
        return expression.variables();
      }
      case "array":
        return node.values.flatMap((v) => new JsonExpression(v).variables());
      case "object":
        return node.attrs.flatMap((a) => [
          ...new JsonExpression({ kind: "string", value: a.name, range: a.nameRange }).variables(),
          ...new JsonExpression(a.value).variables(),
        ]);
      default:
        return [];
    }
  }

  /**
   * The traversal a string holds, such as "var.a[0]" (hcl.AbsTraversalForExpr on JSON):
   * undefined for anything else, or a string that is no traversal.
   */
  asTraversal(): Traversal | undefined {
    const node = this.node;
    if (node.kind !== "string") return undefined;
    const { traversal, diagnostics } = parseTraversalAbs(node.value, node.range.filename, node.range.start);
    return diagnostics.some((d) => d.severity === "error") ? undefined : traversal;
  }

  /**
   * The call a string holds, such as "list(string)" (hcl.ExprCall on JSON): the string read
   * as a native expression from its opening quote, as hcl reads it.
   */
  exprCall(): StaticCall | undefined {
    const node = this.node;
    if (node.kind !== "string") return undefined;
    const { expression, diagnostics } = parseExpression(node.value, node.range.filename, node.range.start);
    if (diagnostics.some((d) => d.severity === "error")) return undefined;
    return staticCallOf(expression);
  }

  /** The elements of an array, as expressions (hcl.ExprList); undefined for anything else. */
  exprList(): JsonExpression[] | undefined {
    return this.node.kind === "array" ? this.node.values.map((v) => new JsonExpression(v)) : undefined;
  }

  /** The properties of an object as key and value expressions (hcl.ExprMap). */
  exprMap(): { key: JsonExpression; value: JsonExpression }[] | undefined {
    if (this.node.kind !== "object") return undefined;
    return this.node.attrs.map((a) => ({
      key: new JsonExpression({ kind: "string", value: a.name, range: a.nameRange }),
      value: new JsonExpression(a.value),
    }));
  }
}

/**
 * Where a string's template starts: just past the opening quote. Escapes the JSON reader
 * removed shift later positions, as they do in hcl.
 */
function afterQuote(node: StringNode) {
  const s = node.range.start;
  return { line: s.line, column: s.column + 1, byte: s.byte + 1 };
}

function stringValue(node: StringNode, ctx: EvalContext | undefined): Result {
  if (ctx === undefined)
    return { value: { value: node.value.normalize("NFC"), type: string }, diagnostics: [] };
  const { expression, diagnostics } = parseTemplate(node.value, node.range.filename, afterQuote(node));
  if (diagnostics.some((d) => d.severity === "error")) return { value: dynamicUnknown, diagnostics };
  const r = expression.value(ctx);
  return { value: r.value, diagnostics: [...diagnostics, ...r.diagnostics] };
}
