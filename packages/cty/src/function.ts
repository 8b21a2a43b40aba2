/**
 * cty functions as data: define one with `defineFunction`, call it with `callFunction`, which
 * applies go-cty's rules for null, unknown and marked arguments.
 *
 * @packageDocumentation
 */
// Functions as data, as go-cty's function package has them: parameters with their types and
// what they accept (null, unknown, dynamic, marked), an optional variadic parameter, a
// return type (fixed, or worked out from the arguments), an optional refinement of unknown
// results, and the implementation. `callFunction` applies go-cty's rules around the
// implementation: argument checks, unknown and mark propagation, result checks.

import { ownTyped } from "./convert/typed-values.js";
import { containsMarks, unmark, unmarkDeep } from "./marks.js";
import { mergeRefinements, refine } from "./refinement.js";
import { type CtyType, conformanceErrors, dynamic, friendlyName } from "./types.js";

import {
  type CtyValue,
  Dynamic,
  isUnknown,
  Marked,
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

/**
 * One parameter of a cty function: its name, its type constraint, and which special values
 * (null, unknown, not-yet-typed, marked) reach the implementation instead of being handled for it.
 */
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

/**
 * A cty function as go-cty's `function.Spec` describes one: its parameters, its return type and
 * its implementation. Make one with `defineFunction` and call it with `callFunction`.
 */
export interface FunctionSpec {
  readonly description?: string;
  readonly params: readonly Parameter[];
  readonly varParam?: Parameter;
  /** The return type, or how to work it out from the arguments (which are type-checked). */
  readonly returnType: CtyType | ((args: readonly TypedValue[]) => CtyType);
  /** What an unknown result is known to be (go-cty's RefineResult). */
  readonly refineResult?: Refinements;
  /**
   * The function itself; `returnType` is what the result must conform to. The result is
   * written for `returnType`, or given as a Dynamic to say its own type (as go-cty's results
   * have, which may differ from the return type: a conversion drops optional attributes).
   */
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

/**
 * Checks and freezes a function specification.
 *
 * @param spec the function's parameters, return type and implementation
 * @returns the same specification, frozen
 * @throws TypeError when two parameters share a name
 */
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
  const checked: TypedValue[] = [];
  for (const [i, arg] of args.entries()) {
    const param = parameterAt(spec, i);
    const value: CtyValue = param.allowMarked ? arg.value : unmarkDeep(arg.value, arg.type).value;
    // go-cty's IsNull looks through marks.
    if (unmark(value).value === null && !param.allowNull) {
      throw new ArgumentError(i, "argument must not be null");
    }
    // go-cty stops checking at the first argument of unknown type that the parameter does not
    // take: later arguments are not checked at all.
    if (arg.type.kind === "dynamic" && !param.allowDynamicType)
      return { type: dynamic, dynamicArguments: true };
    const errors = arg.type.kind === "dynamic" ? [] : conformanceErrors(arg.type, param.type, "", false);
    // go-cty blames a variadic argument by its index among the variadic ones (its own slip).
    if (errors.length > 0) throw new ArgumentError(i < n ? i : i - n, errors[0]!);
    checked.push({ ...arg, value });
  }
  const type = typeof spec.returnType === "function" ? spec.returnType(checked) : spec.returnType;
  return { type, dynamicArguments: false };
}

/**
 * Calls a function as go-cty's Function.Call does: an unknown argument where the parameter
 * does not take one, or an argument of unknown type, makes the result unknown without calling
 * the implementation; marks on arguments a parameter does not take pass to the result; the
 * result must conform to the return type.
 */
export function callFunction(spec: FunctionSpec, givenArgs: readonly TypedValue[]): TypedValue {
  const args = givenArgs.map(ownTypedValue);
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
    // go-cty looks only at the argument itself (through its marks): a list holding an
    // unknown is known.
    if (isUnknown(unmark(value).value) && !param.allowUnknown) returnUnknown = true;
    return { value, type: arg.type };
  });

  if (returnUnknown) {
    const unknown = spec.refineResult && !dynamicArguments ? refine(returnType, spec.refineResult) : Unknown;
    return { value: mark(unknown, ...resultMarks), type: returnType };
  }
  const returned = spec.impl(prepared, returnType);
  const bare = unmark(returned).value;
  if (returnType.kind === "dynamic" && !(bare === null || isUnknown(bare) || bare instanceof Dynamic)) {
    throw new Error("a function with a dynamic return type must return a Dynamic (or null, or unknown)");
  }
  // The result is handed back with its own type, as go-cty's is: where the return type has
  // `dynamic` in it, the Dynamic wrappers in the result decide; and a result given as a
  // Dynamic carries its type itself (which may differ from the return type it conforms to).
  const { value: result, type } =
    bare instanceof Dynamic
      ? concreteTyped({ value: returned, type: dynamic })
      : ownTypedValue({ value: returned, type: returnType });
  const { marks } = unmark(result);
  let value = unmark(result).value;
  // go-cty does not refine an unknown of unknown type; it refines a marked one under its marks.
  if (isUnknown(value) && spec.refineResult && type.kind !== "dynamic") {
    value = refine(type, mergeRefinements(value instanceof RefinedUnknown ? value : {}, spec.refineResult));
  }
  return { value: mark(value, ...marks, ...resultMarks), type };
}

/**
 * A value with its own type, as go-cty's values have it (`Value.Type()`), from a value written
 * for `arg.type`: where the type has `dynamic` in it, the Dynamic wrappers inside decide (a list
 * of `dynamic` holding strings is a list of string; a null or unknown under `dynamic` stays of
 * type `dynamic`); elsewhere the value comes back as it is. This is how callFunction sees its
 * arguments, and how an evaluator holding values of their own type takes in values written for
 * a declared type.
 */
export function ownTypedValue(arg: TypedValue): TypedValue {
  return mentionsDynamic(arg.type) ? ownTyped(arg.value, arg.type) : arg;
}

/** hasDynamicTypes without recursion: results may be nested thousands deep (JSON). */
function mentionsDynamic(type: CtyType): boolean {
  const pending: CtyType[] = [type];
  for (let t = pending.pop(); t !== undefined; t = pending.pop()) {
    switch (t.kind) {
      case "dynamic":
        return true;
      case "list":
      case "set":
      case "map":
        pending.push(t.element);
        break;
      case "tuple":
        pending.push(...t.elements);
        break;
      case "object":
        for (const n of t.attributeNames) pending.push(t.attributes[n]!);
        break;
      default:
        break;
    }
  }
  return false;
}

/**
 * A value with its own type: a Dynamic under the type `dynamic` is unwrapped to the type and
 * value it holds (marks on the wrapper kept), so functions see what go-cty's see.
 */
export function concreteTyped(arg: TypedValue): TypedValue {
  if (arg.type.kind !== "dynamic") return arg;
  const { value, marks } = arg.value instanceof Marked ? arg.value : { value: arg.value, marks: undefined };
  if (!(value instanceof Dynamic)) return arg;
  const inner = concreteTyped({ value: value.value, type: value.type });
  return marks ? { value: mark(inner.value, ...marks), type: inner.type } : inner;
}

/** For messages: `upper(str string)`. */
export function signature(name: string, spec: FunctionSpec): string {
  const params = spec.params.map((p) => `${p.name} ${friendlyName(p.type)}`);
  if (spec.varParam) params.push(`${spec.varParam.name}... ${friendlyName(spec.varParam.type)}`);
  return `${name}(${params.join(", ")})`;
}
