// Function calls: `f(a, b)`, `f(a, list...)` (the last argument's elements as arguments),
// and namespaced names (`provider::aws::arn_parse`), looked up in the evaluation context
// with hcl's diagnostics for unknown functions, argument counts and types.

import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import { ArgumentError, callFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { customExpressionDecoderFor } from "../ext/customdecode.js";
import { nameSuggestion } from "../internal/did-you-mean.js";
import { goQuote } from "../internal/go-quote.js";
import type { StaticCall } from "../internal/static-expr.js";
import {
  dynamicUnknown,
  isKnownValue,
  isNullValue,
  unknownOf,
  unmarkTop,
  withMarks,
} from "../internal/typed-values.js";
import { type Range, rangeBetween } from "../pos.js";
import { LiteralValueExpr } from "./expr-basic.js";
import { elementsOf } from "./expr-for.js";
import { type ChildNode, type EvalResult, errorDiag, NativeExpression } from "./node.js";

export class FunctionCallExpr extends NativeExpression {
  readonly kind = "functionCall";
  constructor(
    readonly name: string,
    readonly args: readonly NativeExpression[],
    readonly expandFinal: boolean,
    readonly nameRange: Range,
    readonly openParenRange: Range,
    readonly closeParenRange: Range,
  ) {
    super();
  }
  get range(): Range {
    return rangeBetween(this.nameRange, this.closeParenRange);
  }
  get startRange(): Range {
    return rangeBetween(this.nameRange, this.openParenRange);
  }
  children(): ChildNode[] {
    return this.args.map((node) => ({ node }));
  }
  /** Static analysis: the call unevaluated (hcl's ExprCall). */
  exprCall(): StaticCall {
    return {
      name: this.name,
      nameRange: this.nameRange,
      arguments: [...this.args],
      argsRange: rangeBetween(this.openParenRange, this.closeParenRange),
    };
  }

  private fail(diagnostics: Diagnostic[]): EvalResult {
    return { value: dynamicUnknown, diagnostics };
  }

  private unknownFunction(ctx: EvalContext): EvalResult {
    const available = Object.keys(ctx.functions ?? {});
    const sep = this.name.lastIndexOf("::");
    let detail: string;
    if (sep >= 0) {
      const namespace = this.name.slice(0, sep + 2);
      const name = this.name.slice(sep + 2);
      const inNamespace = available.filter((n) => n.startsWith(namespace));
      if (inNamespace.length === 0) {
        detail = `There are no functions in namespace ${goQuote(namespace)}.`;
      } else {
        // As hcl does, the short name is compared with the full names available.
        const s = nameSuggestion(name, inNamespace);
        detail = `There is no function named ${goQuote(name)} in namespace ${namespace}.${s ? ` Did you mean ${namespace}${s}?` : ""}`;
      }
    } else {
      const s = nameSuggestion(this.name, available);
      detail = `There is no function named ${goQuote(this.name)}.${s ? ` Did you mean ${goQuote(s)}?` : ""}`;
    }
    return this.fail([errorDiag("Call to unknown function", detail, this.nameRange, this.range, this, ctx)]);
  }

  value(ctx?: EvalContext): EvalResult {
    let f: FunctionSpec | undefined;
    let hasFunctions = false;
    for (let c = ctx; c !== undefined; c = c.parent) {
      if (!c.functions) continue;
      hasFunctions = true;
      if (Object.hasOwn(c.functions, this.name)) {
        f = c.functions[this.name];
        break;
      }
    }
    if (!f) {
      if (!hasFunctions || !ctx) {
        return this.fail([
          errorDiag(
            "Function calls not allowed",
            "Functions may not be called here.",
            this.range,
            undefined,
            this,
            ctx,
          ),
        ]);
      }
      return this.unknownFunction(ctx);
    }

    const diagnostics: Diagnostic[] = [];
    const params = f.params;
    const varParam = f.varParam;
    let args: readonly NativeExpression[] = this.args;
    if (this.expandFinal) {
      const expandExpr = args[args.length - 1]!;
      const ev = expandExpr.value(ctx);
      diagnostics.push(...ev.diagnostics);
      if (hasErrors(ev.diagnostics)) return this.fail(diagnostics);
      const invalid = (detail: string): EvalResult => {
        diagnostics.push(
          errorDiag(
            "Invalid expanding argument value",
            detail,
            expandExpr.range,
            this.range,
            expandExpr,
            ctx,
          ),
        );
        return this.fail(diagnostics);
      };
      const t = ev.value.type;
      if (t.kind === "dynamic") {
        if (isNullValue(ev.value.value))
          return invalid("The expanding argument (indicated by ...) must not be null.");
        return this.fail(diagnostics);
      }
      if (t.kind !== "tuple" && t.kind !== "list" && t.kind !== "set") {
        return invalid("The expanding argument (indicated by ...) must be of a tuple, list, or set type.");
      }
      if (isNullValue(ev.value.value))
        return invalid("The expanding argument (indicated by ...) must not be null.");
      if (!isKnownValue(ev.value.value)) return this.fail(diagnostics);
      const { value: bare, marks } = unmarkTop(ev.value.value);
      const expanded = elementsOf(bare, t).map(
        ([, v]) => new LiteralValueExpr({ value: withMarks(v.value, marks), type: v.type }, expandExpr.range),
      );
      args = [...args.slice(0, -1), ...expanded];
    }

    if (args.length < params.length) {
      const missing = params[args.length]!;
      return this.fail([
        errorDiag(
          "Not enough function arguments",
          `Function ${goQuote(this.name)} expects${varParam ? " at least" : ""} ${params.length} argument(s). Missing value for ${goQuote(missing.name)}.`,
          this.closeParenRange,
          this.range,
          this,
          ctx,
        ),
      ]);
    }
    if (!varParam && args.length > params.length) {
      return this.fail([
        errorDiag(
          "Too many function arguments",
          `Function ${goQuote(this.name)} expects only ${params.length} argument(s).`,
          args[params.length]!.startRange,
          this.range,
          this,
          ctx,
        ),
      ]);
    }

    const argVals: TypedValue[] = [];
    for (const [i, argExpr] of args.entries()) {
      const param = params[i] ?? varParam!;
      // A parameter that takes the expression itself (ext/customdecode): not evaluated here.
      const decode = customExpressionDecoderFor(param.type);
      if (decode) {
        const d = decode(argExpr, ctx);
        diagnostics.push(...d.diagnostics);
        argVals.push(d.value ?? unknownOf(param.type));
        continue;
      }
      const r = argExpr.value(ctx);
      diagnostics.push(...r.diagnostics);
      try {
        argVals.push(convertTyped(r.value.value, r.value.type, param.type));
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        diagnostics.push(
          errorDiag(
            "Invalid function argument",
            `Invalid value for ${goQuote(param.name)} parameter: ${e.reason}.`,
            argExpr.startRange,
            this.range,
            argExpr,
            ctx,
          ),
        );
        argVals.push(unknownOf(param.type));
      }
    }
    if (hasErrors(diagnostics)) return this.fail(diagnostics);

    try {
      return { value: callFunction(f, argVals), diagnostics };
    } catch (e) {
      if (!(e instanceof Error)) throw e;
      if (e instanceof ArgumentError) {
        const i = e.argumentIndex;
        const param = params[i] ?? varParam;
        if (param && i <= args.length - 1) {
          const argExpr = args[i]!;
          diagnostics.push(
            errorDiag(
              "Invalid function argument",
              `Invalid value for ${goQuote(param.name)} parameter: ${e.message}.`,
              argExpr.startRange,
              this.range,
              argExpr,
              ctx,
            ),
          );
          return this.fail(diagnostics);
        }
        if (param) {
          diagnostics.push(
            errorDiag(
              "Invalid function argument",
              `Invalid value for ${goQuote(param.name)} parameter: ${e.message}.`,
              this.range,
              undefined,
              this,
              ctx,
            ),
          );
          return this.fail(diagnostics);
        }
      }
      diagnostics.push(
        errorDiag(
          "Error in function call",
          `Call to function ${goQuote(this.name)} failed: ${e.message}.`,
          this.startRange,
          this.range,
          this,
          ctx,
        ),
      );
      return this.fail(diagnostics);
    }
  }
}
