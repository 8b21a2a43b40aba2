// Functions declared in HCL (hcl's ext/userfunc), as spec files declare them for the
// configuration they decode:
//
//   function "add_one" {
//     params         = [n]
//     variadic_param = rest    # optional: the extra arguments, as a tuple
//     result         = n + 1
//   }

import * as cty from "@tsvider/cty";
import { defineFunction, type FunctionSpec, type TypedValue } from "@tsvider/cty/function";
import type { Body } from "../body.js";
import { type Diagnostic, HclError, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { setOwn, tupleVal } from "../internal/typed-values.js";
import { exprAsKeyword, exprList } from "../static.js";

/**
 * Decodes the `function` blocks of a body; the rest is returned as `remain`. Function bodies
 * are evaluated in a child of `baseContext()`, with the parameters as variables.
 */
export function decodeUserFunctions(
  body: Body,
  blockType: string,
  baseContext: () => EvalContext,
): { functions: Record<string, FunctionSpec>; remain: Body; diagnostics: Diagnostic[] } {
  const { content, remain, diagnostics } = body.partialContent({
    blocks: [{ type: blockType, labelNames: ["name"] }],
  });
  const functions: Record<string, FunctionSpec> = {};
  for (const block of content.blocks) {
    const name = block.labels[0]!;
    const { content: fc, diagnostics: fd } = block.body.content({
      attributes: [
        { name: "params", required: true },
        { name: "variadic_param" },
        { name: "result", required: true },
      ],
    });
    diagnostics.push(...fd);
    if (hasErrors(fd)) continue;
    const list = exprList(fc.attributes.params!.expr);
    diagnostics.push(...list.diagnostics);
    if (hasErrors(list.diagnostics)) continue;
    const params: string[] = [];
    for (const p of list.list ?? []) {
      const param = exprAsKeyword(p);
      if (param === "") {
        diagnostics.push({
          severity: "error",
          summary: "Invalid param element",
          detail: "Each parameter name must be an identifier.",
          subject: p.range,
        });
        continue;
      }
      params.push(param);
    }
    const varParamExpr = Object.hasOwn(fc.attributes, "variadic_param")
      ? fc.attributes.variadic_param!.expr
      : undefined;
    let varParam = "";
    if (varParamExpr !== undefined) {
      varParam = exprAsKeyword(varParamExpr);
      if (varParam === "") {
        diagnostics.push({
          severity: "error",
          summary: "Invalid variadic_param",
          detail: "The variadic parameter name must be an identifier.",
          subject: varParamExpr.range,
        });
      }
    }
    const resultExpr = fc.attributes.result!.expr;
    const call = (args: readonly TypedValue[]): TypedValue => {
      const variables: Record<string, TypedValue> = {};
      for (const [i, p] of params.entries()) setOwn(variables, p, args[i]!);
      if (varParamExpr !== undefined) setOwn(variables, varParam, tupleVal(args.slice(params.length)));
      const r = resultExpr.value({ variables, parent: baseContext() });
      // The diagnostics travel as the function's error.
      if (hasErrors(r.diagnostics)) throw new HclError(r.diagnostics);
      return r.value;
    };
    setOwn(
      functions,
      name,
      defineFunction({
        params: params.map((p) => ({ name: p, type: cty.dynamic })),
        ...(varParamExpr === undefined ? {} : { varParam: { name: varParam, type: cty.dynamic } }),
        returnType: (args) => call(args).type,
        impl: (args) => {
          const r = call(args);
          return r.type.kind === "dynamic" ? r.value : new cty.Dynamic(r.type, r.value);
        },
      }),
    );
  }
  return { functions, remain, diagnostics };
}
