// Plan modifiers: per-attribute steps of planning, run after defaults and after the framework
// has marked what the provider will compute as unknown. A modifier may set the planned value,
// ask for replacement, or add diagnostics; the framework then holds the plan to Terraform's
// rules, so a modifier's mistake is reported against the attribute that made it.
import { isUnknown } from "@tsvider/cty";
import type { AttributePath } from "../attribute-path.js";
import type { Diagnostics } from "../diagnostics.js";

/**
 * What a plan modifier sees. `T` is the attribute's known value (as state holds it) and `P`
 * its value while planning, where any part may still be unknown (config that depends on
 * something not yet created).
 */
export interface PlanModifierRequest<T = unknown, P = unknown> {
  /** Where the attribute is, as a diagnostic path (it stops at a set). */
  readonly path: AttributePath;
  /** The same place written for people: `disk.size`, `network[0].id`. */
  readonly pathText: string;
  /** The attribute's configured value; null when config leaves it out. */
  readonly config: P | null;
  /** The planned value so far: the proposal, with defaults, unknowns and earlier modifiers applied. */
  readonly plan: P | null;
  /**
   * The value in prior state: null when the resource is being created, or when the nested
   * object or block holding the attribute is new (see `inPriorState`).
   */
  readonly state: T | null;
  /** The resource is being created: there is no prior state. */
  readonly creating: boolean;
  /**
   * Whether the object holding the attribute was in prior state: false on create, and for an
   * element of a nested attribute or block that config added since (a new list index or map
   * key), whose `state` is null because there was nothing, not because the value was null.
   */
  readonly inPriorState: boolean;
  /**
   * Whether the planned value differs from the prior state's (an unknown plan counts as
   * different). False on create.
   */
  readonly changed: boolean;
  /** The whole configuration, planned state and prior state (null on create). */
  readonly resourceConfig: Readonly<Record<string, unknown>>;
  readonly resourcePlan: Readonly<Record<string, unknown>>;
  readonly resourceState: Readonly<Record<string, unknown>> | null;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
}

/** What a plan modifier may return: a new planned value, a request for replacement, or both. */
export interface PlanModifierResult<P = unknown> {
  /** The planned value from here on (null and `Unknown` included). Leave out to keep it. */
  readonly plan?: P | null;
  /** A change of this attribute destroys the object and creates a new one. */
  readonly requiresReplace?: boolean;
}

// biome-ignore lint/suspicious/noConfusingVoidType: a modifier that returns nothing keeps the plan as it is.
type Returned<P> = PlanModifierResult<P> | undefined | void;

/** `(request) => result | undefined`, declared through a method so narrower modifiers still fit. */
export type PlanModifierFunction<T, P> = {
  bivarianceHack(request: PlanModifierRequest<T, P>): Returned<P> | Promise<Returned<P>>;
}["bivarianceHack"];

/** A plan modifier with a description, for documentation. */
export interface PlanModifierObject<T, P> {
  readonly description?: string;
  modify(request: PlanModifierRequest<T, P>): Returned<P> | Promise<Returned<P>>;
}

/** Anything `planModifiers: [...]` accepts for an attribute of known value `T`. */
export type PlanModifier<T = unknown, P = unknown> = PlanModifierFunction<T, P> | PlanModifierObject<T, P>;

/** The built-ins, by name: start-up checks know where each one makes sense. */
export type BuiltinModifierName =
  | "requiresReplace"
  | "requiresReplaceIf"
  | "useStateForUnknown"
  | "useNonNullStateForUnknown";

/**
 * A modifier the framework provides. It fits an attribute of any type (its request and result
 * are typed `never`, which every attribute's request is assignable to).
 */
export interface BuiltinPlanModifier<N extends BuiltinModifierName = BuiltinModifierName> {
  readonly description: string;
  /** Which built-in it is; the option checks of attributes.ts read it to see `useStateForUnknown()`. */
  readonly builtin: N;
  modify(request: PlanModifierRequest<never, never>): Returned<never> | Promise<Returned<never>>;
}

function builtin(
  name: BuiltinModifierName,
  description: string,
  modify: (request: PlanModifierRequest) => Returned<unknown> | Promise<Returned<unknown>>,
): BuiltinPlanModifier {
  return Object.freeze({ builtin: name, description, modify }) as BuiltinPlanModifier;
}

/**
 * A change of the attribute replaces the object: the same as the `requiresReplace: true`
 * option. The framework compares the prior and planned values itself, inside sets too, where
 * the elements' values are compared as a whole.
 */
export function requiresReplace(): BuiltinPlanModifier<"requiresReplace"> {
  // Handled by the framework's own comparison (plan-values.ts), which sees into sets.
  return builtin(
    "requiresReplace",
    "A change of this attribute destroys the object and creates a new one.",
    () => undefined,
  ) as BuiltinPlanModifier<"requiresReplace">;
}

/**
 * A change of the attribute replaces the object when `condition` says so. It is asked only on
 * update and only when the planned value differs from the prior one. `description` says when,
 * for documentation: "Replaces the disk when it shrinks."
 */
export function requiresReplaceIf<T = unknown, P = unknown>(
  condition: (request: PlanModifierRequest<T, P>) => boolean | Promise<boolean>,
  description: string,
): TypedBuiltin<T, P> {
  return builtin("requiresReplaceIf", description, async (request) => {
    if (request.creating || !request.changed) return undefined;
    return (await condition(request as PlanModifierRequest<T, P>)) ? { requiresReplace: true } : undefined;
  }) as TypedBuiltin<T, P>;
}

/**
 * A built-in typed by the attribute it is written for: naming the attribute's types in its
 * result lets the compiler infer them from where it is used, so `requiresReplaceIf((r) => ...)`
 * gets `r` typed without annotations.
 */
export type TypedBuiltin<T, P> = Omit<BuiltinPlanModifier<"requiresReplaceIf">, "modify"> &
  PlanModifierObject<T, P>;

function keepState<N extends "useStateForUnknown" | "useNonNullStateForUnknown">(
  name: N,
): BuiltinPlanModifier<N> {
  const nonNull = name === "useNonNullStateForUnknown";
  return builtin(
    name,
    nonNull
      ? "Once set to a value other than null, this attribute keeps it on update."
      : "Once set, this attribute keeps its value on update.",
    (request) => {
      // Nothing to keep for a new object, nested ones included (null there is not a prior value).
      if (!request.inPriorState || !isUnknown(request.plan)) return undefined;
      // Config that is itself unknown must stay unknown in the plan: it may set any value.
      if (isUnknown(request.config)) return undefined;
      if (nonNull && request.state === null) return undefined;
      return { plan: request.state };
    },
  ) as BuiltinPlanModifier<N>;
}

/**
 * On update, plan the prior state's value instead of unknown: for a computed value that does
 * not change once the object exists (an ID, a creation time), so the plan shows it instead of
 * "(known after apply)". The prior value is kept even when it is null; an element of a nested
 * attribute or block that config added since has no prior value, and stays unknown.
 */
export function useStateForUnknown(): BuiltinPlanModifier<"useStateForUnknown"> {
  return keepState("useStateForUnknown");
}

/**
 * As `useStateForUnknown`, but only when the prior value is not null: for a value state may
 * hold as null until the provider first fills it in, such as an attribute added to the schema
 * after the object was created.
 */
export function useNonNullStateForUnknown(): BuiltinPlanModifier<"useNonNullStateForUnknown"> {
  return keepState("useNonNullStateForUnknown");
}

export function isBuiltinModifier(modifier: unknown): modifier is BuiltinPlanModifier {
  return (
    typeof modifier === "object" &&
    modifier !== null &&
    typeof (modifier as { builtin?: unknown }).builtin === "string"
  );
}

/** The modifiers as functions to call, in order; the framework's own `requiresReplace` left out. */
export function modifiersToRun(options: {
  readonly planModifiers?: readonly unknown[];
}): readonly ((request: PlanModifierRequest) => Returned<unknown> | Promise<Returned<unknown>>)[] {
  const list = options.planModifiers;
  if (!list || list.length === 0) return [];
  let out = runnable.get(options);
  if (!out) {
    out = list
      .filter((m) => !(isBuiltinModifier(m) && m.builtin === "requiresReplace"))
      .map((m) =>
        typeof m === "function"
          ? (m as PlanModifierFunction<unknown, unknown>)
          : (request: PlanModifierRequest) => (m as PlanModifierObject<unknown, unknown>).modify(request),
      );
    runnable.set(options, out);
  }
  return out;
}

const runnable = new WeakMap<
  object,
  readonly ((request: PlanModifierRequest) => Returned<unknown> | Promise<Returned<unknown>>)[]
>();

/**
 * Whether any change of the attribute replaces the object: `requiresReplace: true`, or the
 * `requiresReplace()` modifier.
 */
export function alwaysReplaces(options: {
  readonly requiresReplace?: boolean;
  readonly planModifiers?: readonly unknown[];
}): boolean {
  return (
    options.requiresReplace === true ||
    (options.planModifiers?.some((m) => isBuiltinModifier(m) && m.builtin === "requiresReplace") ?? false)
  );
}

/** Where an attribute lies, as far as plan modifiers care. */
export interface ModifierPlace {
  /** Whether this kind of component plans at all (managed resources only). */
  readonly planned: boolean;
  /** The list (nested attribute or block) it lies in, if any. */
  readonly inList: string | false;
  /** The set (nested attribute or block) it lies in, if any. */
  readonly inSet: string | false;
}

/** Start-up check of `planModifiers`: the problem and its fix, or undefined when they are fine. */
export function planModifiersProblem(
  options: { readonly planModifiers?: unknown; readonly computed?: boolean },
  place: ModifierPlace,
): { problem: string; fix: string } | undefined {
  const list = options.planModifiers;
  if (list === undefined) return undefined;
  if (!place.planned) {
    return {
      problem: "has plan modifiers, which only managed resources have",
      fix: "Remove planModifiers: only resources are planned.",
    };
  }
  if (!Array.isArray(list)) {
    return {
      problem: "has planModifiers that are not a list",
      fix: "Write planModifiers: [useStateForUnknown()], a list.",
    };
  }
  for (const [i, m] of list.entries()) {
    const isObject =
      typeof m === "object" && m !== null && typeof (m as { modify?: unknown }).modify === "function";
    if (typeof m !== "function" && !isObject) {
      return {
        problem: `has planModifiers[${i}], which is not a plan modifier`,
        fix: "A plan modifier is a function (request) => ({ plan, requiresReplace }) | undefined, or an object with modify(request).",
      };
    }
    if (place.inSet !== false && !(isBuiltinModifier(m) && m.builtin === "requiresReplace")) {
      return {
        problem: `has a plan modifier inside the set "${place.inSet}"`,
        fix: "A set's elements cannot be paired with config's or the prior state's, so a modifier there would have nothing to compare. Use requiresReplace(), which compares the set as a whole, or change the set in modifyPlan.",
      };
    }
    if (!isBuiltinModifier(m)) continue;
    const keeps = m.builtin === "useStateForUnknown" || m.builtin === "useNonNullStateForUnknown";
    if (keeps && !options.computed) {
      return {
        problem: `has ${m.builtin}() but is not computed`,
        fix: "Only a computed attribute is planned unknown, so there is nothing to keep. Remove the modifier, or make the attribute computed.",
      };
    }
    if (keeps && place.inList !== false) {
      return {
        problem: `has ${m.builtin}() inside the list "${place.inList}"`,
        fix: "Elements of a list may move between plans, so the prior value at the same index may belong to another element. Keep the value in modifyPlan, where you can match elements yourself, or use a map nested attribute, whose elements have keys.",
      };
    }
  }
  return undefined;
}

/** What a resource's `modifyPlan` may return. */
export interface ModifyPlanResult<Plan> {
  /** The plan from here on; leave out to keep it. */
  readonly plan?: Plan;
  /**
   * Paths whose change replaces the object: a top-level attribute's name, or a full path
   * (`[{ attribute: "disk" }, { attribute: "size" }]`). Ignored on create.
   */
  readonly requiresReplace?: readonly (string | AttributePath)[];
}

/**
 * What a `modifyPlan` handler may return: a `ModifyPlanResult` (a changed plan, and the paths
 * whose change requires replacement), or nothing to keep the plan as it is.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: a modifyPlan that returns nothing keeps the plan.
export type ModifyPlanReturn<Plan> = ModifyPlanResult<Plan> | undefined | void;
