// Provider functions: `provider::NAME::FN(...)` in configuration. A function is declared with
// the framework's value descriptors (`t.string`, `t.list(t.number)`), so its implementation's
// arguments and result are typed; the argument rules (count, null, type, unknown) are
// go-cty's, applied by @tsvider/cty/function. Named `defineProviderFunction` so it is not
// mistaken for cty's `defineFunction`, which works on bare cty values.
import { type CtyValue, containsUnknown, Unknown } from "@tsvider/cty";
import {
  ArgumentError,
  callFunction,
  defineFunction,
  type FunctionSpec,
  type TypedValue,
} from "@tsvider/cty/function";
import { Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import type { KnownValue, ValidationValue, ValueType } from "./schema/types.js";
import { checkValue } from "./values/config-checks.js";
import { WalkPosition } from "./values/walk-position.js";

/**
 * One parameter of a provider function: its name, its type and documentation, and whether null
 * and unknown arguments reach the implementation.
 */
export interface FunctionParameter<D extends ValueType = ValueType> {
  /** An identifier, unique among the function's parameters; documentation and errors use it. */
  readonly name: string;
  readonly type: D;
  readonly description?: string;
  readonly markdownDescription?: string;
  /** The implementation receives null here (otherwise Terraform refuses a null argument). */
  readonly allowNullValue?: boolean;
  /**
   * The implementation receives values that are not wholly known here (otherwise the result
   * is unknown and the implementation is not called).
   */
  readonly allowUnknownValues?: boolean;
}

/** What the implementation receives for a parameter. */
export type ArgumentValue<P> = P extends { readonly type: infer D }
  ?
      | (P extends { readonly allowUnknownValues: true } ? ValidationValue<D> : KnownValue<D>)
      | (P extends { readonly allowNullValue: true } ? null : never)
  : never;

type Arguments<P extends readonly unknown[]> = { -readonly [K in keyof P]: ArgumentValue<P[K]> };

/** The implementation's parameters: one per fixed parameter, then the variadic ones spread. */
export type FunctionArguments<P extends readonly unknown[], V> = [V] extends [undefined]
  ? Arguments<P>
  : [...Arguments<P>, ...ArgumentValue<V>[]];

/**
 * What `defineProviderFunction` takes: the function's name, parameters, return type,
 * documentation and implementation.
 */
export interface ProviderFunctionDefinition<
  P extends readonly FunctionParameter[] = readonly FunctionParameter[],
  V extends FunctionParameter | undefined = FunctionParameter | undefined,
  R extends ValueType = ValueType,
> {
  /** Called as `provider::<provider>::<name>(...)`: lowercase letters, digits and underscores. */
  readonly name: string;
  /** A short line, for documentation and tools. */
  readonly summary?: string;
  readonly description?: string;
  readonly markdownDescription?: string;
  /** Marks the function deprecated; the message says what to use instead. */
  readonly deprecationMessage?: string;
  readonly params: P;
  /** Takes any number of further arguments of this parameter's type. */
  readonly variadic?: V;
  readonly returns: R;
  /**
   * The function. Must be deterministic: Terraform records results during plan and fails the
   * apply if they change. A thrown `FunctionError` (or cty's `ArgumentError`) is shown with
   * its text and, when given, the argument it blames; any other exception is shown too, and
   * the provider keeps serving.
   */
  run(...args: FunctionArguments<P, V>): ValidationValue<R> | null | Promise<ValidationValue<R> | null>;
}

/**
 * A provider function as `defineProviderFunction` returns it, ready for the provider's `functions`
 * list.
 */
export interface ProviderFunction<
  P extends readonly FunctionParameter[] = readonly FunctionParameter[],
  V extends FunctionParameter | undefined = FunctionParameter | undefined,
  R extends ValueType = ValueType,
> extends ProviderFunctionDefinition<P, V, R> {
  readonly kind: "function";
  /** The cty function that checks arguments and results as go-cty does. */
  readonly spec: FunctionSpec;
}

/**
 * A refusal from a provider function. Terraform and OpenTofu show the text as
 * `Invalid value for "<parameter>" parameter: <text>.` when it blames an argument, and as
 * `Call to function "<name>" failed: <text>.` when not: so leave out the parameter's name and
 * the final period (a final period is dropped before the text is sent).
 */
export class FunctionError extends Error {
  override readonly name = "FunctionError";
  /** Zero-based, counting variadic arguments after the fixed ones. */
  readonly argument: number | undefined;
  constructor(message: string, options: { readonly argument?: number; readonly cause?: unknown } = {}) {
    super(message, options.cause === undefined ? {} : { cause: options.cause });
    this.argument = options.argument;
  }
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/**
 * Defines a provider function, called in configuration as `provider::<provider>::<name>(...)`.
 * Argument and result types are inferred from the parameters and return type.
 *
 * @param definition the name, parameters, return type and implementation
 * @returns the function, for the `functions` list of `defineProvider`
 * @throws FrameworkConfigurationError when the definition is unusable (a bad name, two
 *   parameters with one name, ...)
 */
export function defineProviderFunction<
  const P extends readonly FunctionParameter[],
  const R extends ValueType,
  const V extends FunctionParameter | undefined = undefined,
>(definition: ProviderFunctionDefinition<P, V, R>): ProviderFunction<P, V, R> {
  const where = `function ${definition.name}`;
  if (!identifier.test(definition.name)) {
    throw new FrameworkConfigurationError(`${where}: the name is not valid`, {
      detail: "A function name is lowercase letters, digits and underscores, not starting with a digit.",
    });
  }
  const all = [...definition.params, ...(definition.variadic ? [definition.variadic] : [])];
  const seen = new Set<string>();
  for (const p of all) {
    if (!identifier.test(p.name)) {
      throw new FrameworkConfigurationError(`${where}: parameter name "${p.name}" is not valid`, {
        detail: "A parameter name is lowercase letters, digits and underscores, not starting with a digit.",
      });
    }
    if (seen.has(p.name)) {
      throw new FrameworkConfigurationError(`${where}: parameter "${p.name}" is declared twice`, {
        detail: "Give each parameter, the variadic one included, its own name.",
      });
    }
    seen.add(p.name);
  }
  const param = (p: FunctionParameter) => ({
    name: p.name,
    type: p.type.type,
    allowNull: p.allowNullValue === true,
    allowUnknown: p.allowUnknownValues === true,
    // A dynamic parameter's argument arrives with its type over the wire.
    allowDynamicType: true,
  });
  const spec = defineFunction({
    ...(definition.description !== undefined ? { description: definition.description } : {}),
    params: definition.params.map(param),
    ...(definition.variadic ? { varParam: param(definition.variadic) } : {}),
    returnType: definition.returns.type,
    // Replaced per call: the implementation may be async, so callFunction only checks.
    impl: () => null,
  });
  return Object.freeze({ ...definition, kind: "function" as const, spec });
}

/** The parameter an argument binds to. */
export function parameterAt(fn: ProviderFunction, index: number): FunctionParameter | undefined {
  return fn.params[index] ?? fn.variadic;
}

/** Hides the implementation's parameter types for a call through the registry. */
type AnyRun = (...args: readonly CtyValue[]) => CtyValue | null | Promise<CtyValue | null>;

/**
 * Calls a function with decoded arguments, as go-cty's Function.Call would: argument count and
 * nulls checked, an unknown where the parameter takes none makes the result unknown without
 * calling, the result checked against the return type. Errors are `FunctionError`s with the
 * argument they blame.
 */
export async function runProviderFunction(
  fn: ProviderFunction,
  args: readonly CtyValue[],
): Promise<{ value: CtyValue; unknown: boolean }> {
  const typed = args.map(
    (value, i): TypedValue => ({ value, type: parameterAt(fn, i)?.type.type ?? fn.returns.type }),
  );
  const check = (impl: FunctionSpec["impl"]) => {
    try {
      return callFunction({ ...fn.spec, impl }, typed).value;
    } catch (err) {
      throw asFunctionError(err);
    }
  };
  // First only the checks: an unknown result means the implementation is not called.
  let called = false;
  const probe = check(() => {
    called = true;
    return null;
  });
  if (!called) return { value: probe, unknown: true };
  for (const [i, value] of args.entries()) {
    const p = parameterAt(fn, i)!;
    // Terraform hands such parameters only wholly known values; other hosts may not.
    if (!p.allowUnknownValues && containsUnknown(value)) return { value: Unknown, unknown: true };
    // What the TypeScript type promises beyond cty's (int64 whole, no null elements).
    const diagnostics = new Diagnostics();
    checkValue(p.type, value, WalkPosition.root.attribute(p.name), diagnostics);
    const problem = diagnostics.items.find((d) => d.severity === "error");
    if (problem) throw new FunctionError(problem.detail, { argument: i });
  }
  let result: CtyValue | null;
  try {
    result = await (fn.run as unknown as AnyRun)(...args);
  } catch (err) {
    const wrapped = asFunctionError(err);
    if (wrapped !== err) runExceptions.set(wrapped, err);
    throw wrapped;
  }
  // go-cty's checks on the result; the author's value goes back as written, in the form the
  // return type encodes (a Dynamic where the return type is dynamic).
  check(() => result);
  return { value: result, unknown: false };
}

/** The FunctionErrors made from what a function's own code threw, with what it threw. */
const runExceptions = new WeakMap<FunctionError, unknown>();

/**
 * Whether `err` was made from an exception the function's code threw that was no
 * FunctionError, and that exception: CallFunction reports it as a handler's exception is
 * reported (the provider's mapError, a bug for a TypeError; values/handler.ts).
 */
export function runExceptionOf(err: FunctionError): { readonly thrown: unknown } | undefined {
  return runExceptions.has(err) ? { thrown: runExceptions.get(err) } : undefined;
}

function asFunctionError(err: unknown): FunctionError {
  if (err instanceof FunctionError) return err;
  if (err instanceof ArgumentError) {
    return new FunctionError(err.message, { argument: err.argumentIndex, cause: err });
  }
  // The host names the function already: the message alone says what went wrong.
  return new FunctionError(err instanceof Error ? err.message : String(err), { cause: err });
}
