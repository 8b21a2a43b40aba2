/**
 * Evaluation contexts: the variables and functions expressions are evaluated with.
 *
 * @packageDocumentation
 */
// What an expression is evaluated against (hcl.EvalContext): variables and functions, with
// an optional parent whose names a child inherits unless it declares its own.

import * as cty from "@tsvider/cty";
import type { FunctionSpec, TypedValue } from "@tsvider/cty/function";
import { makeToFunction, stdlibFunctions } from "@tsvider/cty/stdlib";
import { operatorFunctionNames } from "./internal/operator-functions.js";

/**
 * The variables and functions an expression is evaluated with; names not found are looked up in
 * `parent` (hcl.EvalContext).
 */
export interface EvalContext {
  readonly variables?: Readonly<Record<string, TypedValue>>;
  readonly functions?: Readonly<Record<string, FunctionSpec>>;
  readonly parent?: EvalContext;
}

/** A context with no names of its own, inheriting everything from `parent`. */
export function childContext(parent: EvalContext): EvalContext {
  return { parent };
}

let stdlibByName: Readonly<Record<string, FunctionSpec>> | undefined;

/**
 * The go-cty stdlib under the lower-case names HCL applications use (`upper`, `jsonencode`,
 * `formatdate`, `tostring`...), plus `abs` for go-cty's `absolute`, as hcldec's command does.
 * Operator functions are left out.
 */
function stdlibNamed(): Readonly<Record<string, FunctionSpec>> {
  if (stdlibByName) return stdlibByName;
  const named: Record<string, FunctionSpec> = {};
  for (const [name, spec] of Object.entries(stdlibFunctions)) {
    if (operatorFunctionNames.has(name)) continue;
    named[name.toLowerCase()] = spec;
  }
  named.abs = stdlibFunctions.absolute!;
  named.tostring = makeToFunction(cty.string);
  named.tonumber = makeToFunction(cty.number);
  named.tobool = makeToFunction(cty.bool);
  named.tolist = makeToFunction(cty.list(cty.dynamic));
  named.toset = makeToFunction(cty.set(cty.dynamic));
  named.tomap = makeToFunction(cty.map(cty.dynamic));
  stdlibByName = Object.freeze(named);
  return stdlibByName;
}

/** A context with all of go-cty's stdlib functions (see stdlibNamed) and these variables. */
export const stdlibContext = (variables?: EvalContext["variables"]): EvalContext =>
  variables === undefined ? { functions: stdlibNamed() } : { variables, functions: stdlibNamed() };
