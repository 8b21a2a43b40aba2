// Types inferred from a schema. Which of T, null and Unknown an attribute can hold depends on
// where the value comes from, and the same table applies at every level of nesting:
//
//             | required | optional | computed | optional + computed | write-only
//   config    | T        | T | null | null     | T | null            | as required/optional
//   plan      | T        | T | null | T|null|U | T | null | U        | null
//   state     | T        | T | null | T | null | T | null            | null
//
// During validation any configured value may still be Unknown (it may depend on another
// resource), at any depth; by the time create or update runs, config values are known.
//
// One exception, in the plan create and update get: a top-level attribute with a `default`
// is T. Its plan is config's value, known by then, or the default, which is a known value
// that is not null (schema/defaults.ts refuses null, functions and Unknown); planning refuses
// a plan modifier or modifyPlan that makes it null or unknown while its config is known
// (server/planned-defaults.ts), and Terraform applies only once config is wholly known.
// Inside nested attributes and blocks it keeps the table's type: a nested attribute's own
// default, or a computed parent's prior value, may leave an inner attribute null there.
//
// Blocks are never null or unknown outside validation: a list or set block is an array of its
// objects (empty when absent), a map block a record of them, a group block one object, and a
// single block one object or null (never null with `minItems: 1`).
import type { Decimal, Dynamic, Unknown } from "@tsvider/cty";
import type { Block } from "./blocks.js";
import type { NestedAttribute } from "./nested.js";
import type { Schema } from "./schema.js";

// "planning" is the plan while it is being made (modifyPlan, plan modifiers): config values
// may still be unknown there too, so every attribute that is not write-only may be Unknown.
// "apply" is the top level of the plan create and update get, where an attribute with a
// default is known; below the top level it is "plan".
type Mode = "config" | "validation" | "plan" | "apply" | "state" | "planning";

/** The mode of the values inside a nested attribute or block. */
type Inner<M extends Mode> = M extends "apply" ? "plan" : M;

/**
 * Whether the attribute has a default: a value that is neither undefined nor null (a default
 * of undefined is no default at run time; schema/defaults.ts refuses null).
 */
// biome-ignore lint/complexity/noBannedTypes: `{}` is exactly "any value but null and undefined".
type HasDefault<A> = A extends { readonly options: { readonly default: {} } } ? true : false;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Flag<A, K extends string> = A extends { readonly options: { readonly [P in K]: true } } ? true : false;

/** The value of an attribute when it is known and not null. */
type KnownOf<A, M extends Mode> =
  A extends NestedAttribute<infer N, infer Attributes>
    ? Nest<N, ValuesOf<Attributes, Inner<M>>>
    : M extends "validation" | "planning"
      ? A extends { readonly __validation?: infer V }
        ? V
        : never
      : A extends { readonly __value?: infer T }
        ? T
        : never;

/** The value of a nested attribute whose objects are `O`, by its nesting. */
export type Nest<N, O> = N extends "list" | "set" ? O[] : N extends "map" ? Record<string, O> : O;

type AttributeValue<A, M extends Mode> = M extends "config"
  ? ConfigSlot<A, KnownOf<A, M>>
  : M extends "validation"
    ?
        | ConfigSlot<A, KnownOf<A, M>>
        | (Flag<A, "required"> | Flag<A, "optional"> extends false ? never : Unknown)
    : Flag<A, "writeOnly"> extends true
      ? null
      : M extends "planning"
        ? KnownOf<A, M> | (Flag<A, "required"> extends true ? never : null) | Unknown
        : Flag<A, "required"> extends true
          ? KnownOf<A, M>
          : M extends "apply"
            ? HasDefault<A> extends true
              ? KnownOf<A, M>
              : Flag<A, "computed"> extends true
                ? KnownOf<A, M> | null | Unknown
                : KnownOf<A, M> | null
            : M extends "plan"
              ? Flag<A, "computed"> extends true
                ? KnownOf<A, M> | null | Unknown
                : KnownOf<A, M> | null
              : KnownOf<A, M> | null;

type ConfigSlot<A, T> =
  Flag<A, "required"> extends true ? T : Flag<A, "optional"> extends true ? T | null : null;

type BlockValue<B, M extends Mode> =
  B extends Block<infer N, infer S, infer O>
    ?
        | (N extends "list" | "set"
            ? ValuesOf<S, Inner<M>>[]
            : N extends "map"
              ? Record<string, ValuesOf<S, Inner<M>>>
              : N extends "group"
                ? ValuesOf<S, Inner<M>>
                : O extends { readonly minItems: 1 }
                  ? ValuesOf<S, Inner<M>>
                  : ValuesOf<S, Inner<M>> | null)
        | (M extends "validation" | "planning" ? Unknown : never)
    : never;

/** The object a schema describes, at one mode. */
export type ValuesOf<S, M extends Mode> = Simplify<{
  -readonly [K in keyof S]: S[K] extends Block ? BlockValue<S[K], M> : AttributeValue<S[K], M>;
}>;

/** Config as create and update see it: wholly known. */
export type Config<S extends Schema> = ValuesOf<S, "config">;
/** Config as validation sees it: any configured value may still be unknown, at any depth. */
export type ValidationConfig<S extends Schema> = ValuesOf<S, "validation">;
/**
 * The planned state, as create and update get it: computed values that are not known yet are
 * Unknown, except a top-level attribute with a default, which is known and not null.
 */
export type Plan<S extends Schema> = ValuesOf<S, "apply">;
/**
 * The plan while it is being made (modifyPlan): config values may still be unknown, as may
 * anything computed.
 */
export type PlanDraft<S extends Schema> = ValuesOf<S, "planning">;
/** The state as Terraform stores it: wholly known. */
export type State<S extends Schema> = ValuesOf<S, "state">;

/**
 * A value as a handler may return it: the same shape, with arrays that may be readonly at any
 * depth. `defineResource` takes its definition as a `const` type parameter, which makes an
 * array literal in a returned object (`tags: ["a"]`) readonly; the framework never changes
 * what a handler returns, so it accepts it as written.
 */
export type Returned<T> = T extends readonly (infer E)[]
  ? readonly Returned<E>[]
  : T extends object
    ? // A map first: a record of any key would also pass for the value classes below.
      string extends keyof T
      ? { [key: string]: Returned<T[string & keyof T]> }
      : T extends Unknown | Decimal | Dynamic
        ? T
        : { [K in keyof T]: Returned<T[K]> }
    : T;
