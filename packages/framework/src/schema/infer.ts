// Types inferred from a schema. Which of T, null and Unknown an attribute can hold depends on
// where the value comes from:
//
//             | required | optional | computed | optional + computed
//   config    | T        | T | null | null     | T | null
//   plan      | T        | T | null | T|null|U | T | null | U
//   state     | T        | T | null | T | null | T | null
//
// During validation any configured value may still be Unknown (it may depend on another
// resource); by the time create or update runs, config values are known.
import type { Unknown } from "@tsvider/cty";
import type { Attribute, AttributeOptions, Schema } from "./attributes.js";

type ValueOf<A> = A extends Attribute<infer T, AttributeOptions> ? T : never;
type OptionsOf<A> = A extends Attribute<unknown, infer O> ? O : never;
type IsTrue<X> = X extends true ? true : false;

type Required<A> = IsTrue<OptionsOf<A>["required"]>;
type Computed<A> = IsTrue<OptionsOf<A>["computed"]>;
type Optional<A> = IsTrue<OptionsOf<A>["optional"]>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

export type ConfigValue<A> =
  Required<A> extends true ? ValueOf<A> : Optional<A> extends true ? ValueOf<A> | null : null;
export type PlanValue<A> =
  Required<A> extends true
    ? ValueOf<A>
    : Computed<A> extends true
      ? ValueOf<A> | null | Unknown
      : ValueOf<A> | null;
export type StateValue<A> = Required<A> extends true ? ValueOf<A> : ValueOf<A> | null;

export type Config<S extends Schema> = Simplify<{ -readonly [K in keyof S]: ConfigValue<S[K]> }>;
/** Config as validation sees it: any value may still be unknown. */
export type ValidationConfig<S extends Schema> = Simplify<{
  -readonly [K in keyof S]: ConfigValue<S[K]> | Unknown;
}>;
export type Plan<S extends Schema> = Simplify<{ -readonly [K in keyof S]: PlanValue<S[K]> }>;
export type State<S extends Schema> = Simplify<{ -readonly [K in keyof S]: StateValue<S[K]> }>;
