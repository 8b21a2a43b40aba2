// Templates: "a ${b} c", heredocs, and the %{if} / %{for} directives inside them. Parts are
// converted to strings and joined; an unknown part makes the result unknown, refined with
// the known text before it as its prefix.

import * as cty from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { isKnownValue, isNullValue, unmarkTop, withMarks } from "../internal/typed-values.js";
import type { Range } from "../pos.js";
import { LiteralValueExpr } from "./expr-basic.js";
import { elementsOf } from "./expr-for.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

const utf8 = new TextEncoder();
const utf8Decode = new TextDecoder();

/** The first `max` bytes of a string's UTF-8, without a character cut in two. */
function utf8Prefix(s: string, max: number): string {
  const bytes = utf8.encode(s);
  if (bytes.length <= max) return s;
  let end = max;
  // Back off continuation bytes of a character the cut would split.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return utf8Decode.decode(bytes.subarray(0, end));
}

function toStringValue(v: TypedValue): TypedValue | string {
  try {
    return convertTyped(v.value, v.type, cty.string);
  } catch (e) {
    if (e instanceof ConversionError) return e.reason;
    throw e;
  }
}

export class TemplateExpr extends NativeExpression {
  readonly kind = "template";
  constructor(
    readonly parts: readonly NativeExpression[],
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.parts[0]!.startRange;
  }
  children(): ChildNode[] {
    return this.parts.map((node) => ({ node }));
  }
  /** A template that is one literal string and nothing else. */
  isStringLiteral(): boolean {
    return this.parts.length === 1 && this.parts[0] instanceof LiteralValueExpr;
  }

  value(ctx?: EvalContext): EvalResult {
    const diagnostics: Diagnostic[] = [];
    const marks: ReadonlySet<unknown>[] = [];
    let buf = "";
    let known = true;
    for (const part of this.parts) {
      const r = part.value(ctx);
      diagnostics.push(...r.diagnostics);
      if (isNullValue(r.value.value)) {
        diagnostics.push(
          errorDiag(
            "Invalid template interpolation value",
            "The expression result is null. Cannot include a null value in a string template.",
            part.range,
            this.range,
            part,
            ctx,
          ),
        );
        continue;
      }
      const { value: bare, marks: partMarks } = unmarkTop(r.value.value);
      marks.push(partMarks);
      if (cty.isUnknown(bare)) {
        known = false;
        continue;
      }
      const s = toStringValue({ value: bare, type: r.value.type });
      if (typeof s === "string") {
        diagnostics.push(
          errorDiag(
            "Invalid template interpolation value",
            `Cannot include the given value in a string template: ${s}.`,
            part.range,
            this.range,
            part,
            ctx,
          ),
        );
        continue;
      }
      if (known && !hasErrors(diagnostics)) buf += unmarkTop(s.value).value as string;
    }
    let value: cty.CtyValue;
    if (!known) {
      const prefix = hasErrors(diagnostics) ? "" : cty.safeKnownPrefix(utf8Prefix(buf, 128));
      value = cty.refine(
        cty.string,
        prefix === "" ? { notNull: true } : { notNull: true, stringPrefix: prefix },
      );
    } else {
      value = buf.normalize("NFC");
    }
    return { value: { value: withMarks(value, ...marks), type: cty.string }, diagnostics };
  }
}

/** A %{for} directive: the results of a 'for' expression over the body, joined. */
export class TemplateJoinExpr extends NativeExpression {
  readonly kind = "templateJoin";
  constructor(readonly tuple: NativeExpression) {
    super();
  }
  get range(): Range {
    return this.tuple.range;
  }
  get startRange(): Range {
    return this.tuple.startRange;
  }
  children(): ChildNode[] {
    return [{ node: this.tuple }];
  }
  value(ctx?: EvalContext): EvalResult {
    const r = this.tuple.value(ctx);
    const diagnostics = [...r.diagnostics];
    const unknownString = (m: readonly ReadonlySet<unknown>[]): EvalResult => ({
      value: { value: withMarks(cty.Unknown, ...m), type: cty.string },
      diagnostics,
    });
    if (r.value.type.kind !== "tuple" || !isKnownValue(r.value.value)) return unknownString([]);
    const { value: bare, marks } = unmarkTop(r.value.value);
    const allMarks = [marks];
    let buf = "";
    for (const [, v] of elementsOf(bare, r.value.type)) {
      if (isNullValue(v.value)) {
        diagnostics.push(
          errorDiag(
            "Invalid template interpolation value",
            "An iteration result is null. Cannot include a null value in a string template.",
            this.range,
            undefined,
            this,
            ctx,
          ),
        );
        continue;
      }
      if (v.type.kind === "dynamic") return unknownString([marks]);
      const s = toStringValue(v);
      if (typeof s === "string") {
        diagnostics.push(
          errorDiag(
            "Invalid template interpolation value",
            `Cannot include one of the interpolation results into the string template: ${s}.`,
            this.range,
            undefined,
            this,
            ctx,
          ),
        );
        continue;
      }
      if (!isKnownValue(v.value)) return unknownString([marks]);
      const { value: text, marks: textMarks } = unmarkTop(s.value);
      allMarks.push(textMarks);
      buf += text as string;
    }
    return { value: { value: withMarks(buf.normalize("NFC"), ...allMarks), type: cty.string }, diagnostics };
  }
}

/** A template that is a single interpolation ("${x}"): x's own value, not a string. */
export class TemplateWrapExpr extends NativeExpression {
  readonly kind = "templateWrap";
  constructor(
    readonly wrapped: NativeExpression,
    readonly range: Range,
  ) {
    super();
  }
  get startRange(): Range {
    return this.range;
  }
  children(): ChildNode[] {
    return [{ node: this.wrapped }];
  }
  value(ctx?: EvalContext): EvalResult {
    return this.wrapped.value(ctx);
  }
}
