// Functions as data, as go-cty's function package has them: parameters with their types and
// what they accept (null, unknown, dynamic, marked), an optional variadic parameter, a
// return type (fixed, or worked out from the arguments), an optional refinement of unknown
// results, and the implementation. `callFunction` applies go-cty's rules around the
// implementation: argument checks, unknown and mark propagation, result checks.

import { containsMarks, unmarkDeep } from "./marks.js";
import { refine } from "./refinement.js";
import { type CtyType, conformanceErrors, dynamic, friendlyName } from "./types.js";

import {
  type CtyValue,
  Dynamic,
  isUnknown,
  mark,
  RefinedUnknown,
  type Refinements,
  Unknown,
} from "./values.js";

/** A value with its type, as function arguments and results travel. */
export interface TypedValue {
  readonly value: CtyValue;
  readonly type: CtyType;
}

export interface Parameter {
  readonly name: string;
  readonly description?: string;
  /** A type constraint: `dynamic` anywhere in it accepts any type there. */
  readonly type: CtyType;
  /** Call the implementation with a null here (otherwise a null is an error). */
  readonly allowNull?: boolean;
  /** Call the implementation with an unknown here (otherwise the result is unknown). */
  readonly allowUnknown?: boolean;
  /** Call the implementation with a value of not-yet-known type here. */
  readonly allowDynamicType?: boolean;
  /** Hand marked values to the implementation (otherwise marks pass straight to the result). */
  readonly allowMarked?: boolean;
}

export interface FunctionSpec {
  readonly description?: string;
  readonly params: readonly Parameter[];
  readonly varParam?: Parameter;
  /** The return type, or how to work it out from the arguments (which are type-checked). */
  readonly returnType: CtyType | ((args: readonly TypedValue[]) => CtyType);
  /** What an unknown result is known to be (go-cty's RefineResult). */
  readonly refineResult?: Refinements;
  /** The function itself; `returnType` is what the result must conform to. */
  readonly impl: (args: readonly TypedValue[], returnType: CtyType) => CtyValue;
}

/** A function's refusal of one argument, with its index, for a diagnostic that points at it. */
export class ArgumentError extends Error {
  override readonly name = "ArgumentError";
  constructor(
    readonly argumentIndex: number,
    message: string,
  ) {
    super(message);
  }
}

export function defineFunction(spec: FunctionSpec): FunctionSpec {
  const names = new Set<string>();
  for (const p of [...spec.params, ...(spec.varParam ? [spec.varParam] : [])]) {
    if (names.has(p.name)) throw new TypeError(`parameter "${p.name}" is declared twice`);
    names.add(p.name);
  }
  return Object.freeze({ ...spec });
}

/** The parameter an argument index binds to. */
function parameterAt(spec: FunctionSpec, index: number): Parameter {
  return spec.params[index] ?? spec.varParam!;
}

/**
 * The return type for these arguments, after go-cty's checks: the count; no null where not
 * allowed; each type conforming to its parameter. `dynamicArguments` is true when an argument
 * of not-yet-known type reached a parameter that does not take one: the result is then an
 * unknown of dynamic type.
 */
export function returnTypeFor(
  spec: FunctionSpec,
  args: readonly TypedValue[],
): { type: CtyType; dynamicArguments: boolean } {
  const n = spec.params.length;
  if (!spec.varParam && args.length !== n) {
    throw new Error(`wrong number of arguments (${n} required; ${args.length} given)`);
  }
  if (spec.varParam && args.length < n) {
    throw new Error(`wrong number of arguments (at least ${n} required; ${args.length} given)`);
  }
  const checked = args.map((arg, i): { arg: TypedValue; dynamic: boolean } => {
    const param = parameterAt(spec, i);
    const value: CtyValue = param.allowMarked ? arg.value : unmarkDeep(arg.value, arg.type).value;
    if (value === null && !param.allowNull) throw new ArgumentError(i, "argument must not be null");
    if (arg.type.kind === "dynamic") return { arg: { ...arg, value }, dynamic: !param.allowDynamicType };
    const errors = conformanceErrors(arg.type, param.type);
    if (errors.length > 0) throw new ArgumentError(i, errors[0]!);
    return { arg: { ...arg, value }, dynamic: false };
  });
  if (checked.some((c) => c.dynamic)) return { type: dynamic, dynamicArguments: true };
  const type =
    typeof spec.returnType === "function" ? spec.returnType(checked.map((c) => c.arg)) : spec.returnType;
  return { type, dynamicArguments: false };
}

/**
 * Calls a function as go-cty's Function.Call does: an unknown argument where the parameter
 * does not take one, or an argument of unknown type, makes the result unknown without calling
 * the implementation; marks on arguments a parameter does not take pass to the result; the
 * result must conform to the return type.
 */
export function callFunction(spec: FunctionSpec, args: readonly TypedValue[]): TypedValue {
  const { type: returnType, dynamicArguments } = returnTypeFor(spec, args);
  let returnUnknown = dynamicArguments;
  const resultMarks: unknown[] = [];
  const prepared = args.map((arg, i): TypedValue => {
    const param = parameterAt(spec, i);
    let value: CtyValue = arg.value;
    if (!param.allowMarked && containsMarks(value, arg.type)) {
      const stripped = unmarkDeep(value, arg.type);
      value = stripped.value;
      resultMarks.push(...stripped.marks);
    }
    // go-cty looks only at the argument itself: a list holding an unknown is known.
    if (isUnknown(value) && !param.allowUnknown) returnUnknown = true;
    return { value, type: arg.type };
  });

  if (returnUnknown) {
    const unknown = spec.refineResult && !dynamicArguments ? refine(returnType, spec.refineResult) : Unknown;
    return { value: mark(unknown, ...resultMarks), type: returnType };
  }
  let value = spec.impl(prepared, returnType);
  if (returnType.kind === "dynamic" && !(value === null || isUnknown(value) || value instanceof Dynamic)) {
    throw new Error("a function with a dynamic return type must return a Dynamic (or null, or unknown)");
  }
  if (isUnknown(value) && spec.refineResult) {
    value = refine(returnType, { ...(value instanceof RefinedUnknown ? value : {}), ...spec.refineResult });
  }
  return { value: mark(value, ...resultMarks), type: returnType };
}

/** For messages: `upper(str string)`. */
export function signature(name: string, spec: FunctionSpec): string {
  const params = spec.params.map((p) => `${p.name} ${friendlyName(p.type)}`);
  if (spec.varParam) params.push(`${spec.varParam.name}... ${friendlyName(spec.varParam.type)}`);
  return `${name}(${params.join(", ")})`;
}
