// What a handler returns, held to its schema's attributes at compile time. TypeScript checks
// an object literal for properties its target lacks only where the literal meets a declared
// type; a handler's result is inferred from its body, so `return { ...plan, nmae: "x" }`
// would compile, and only the start-up of a plan would refuse it. The define functions infer
// each handler's result as a type parameter instead and ask for `ExactResult<Expected, Result>`,
// which types every property the schema lacks, at any depth, as a message no value matches.
import type { Decimal, Dynamic, Unknown } from "@tsvider/cty";

/** The type of a property a handler returned that its schema does not have. */
export type NotInSchema =
  "is not an attribute of the schema: check its spelling, or add the attribute to the schema";

/** Values that hold no attributes of the schema, whatever their properties. */
type Opaque = Unknown | Decimal | Dynamic | Date | Uint8Array;

/**
 * The objects `E` may be (a single nested attribute or block may also be null; a hook that may
 * return nothing, void).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: generateConfig and modifyPlan may return void, which is excluded here.
type ObjectPart<E, Pass> = Exclude<E, null | undefined | void | Opaque | Pass | readonly unknown[]>;
/** The elements of the arrays `E` may be (list and set values). */
type ElementPart<E> = E extends readonly (infer X)[] ? X : never;

/**
 * A handler's result `T` as it is when it has only properties `E` has, at every depth, else
 * with each property `E` lacks typed `NotInSchema`. A promise is judged by what it resolves
 * to. Only extra properties are judged here: that `T` fits `E` is the constraint of the type
 * parameter `T` is inferred as. `Pass` is what passes whole (`Deferred`).
 */
export type ExactResult<E, T, Pass = never> =
  T extends PromiseLike<infer U> ? Promise<Exact<Awaited<E>, U, Pass>> : Exact<Awaited<E>, T, Pass>;

/** As ExactResult, for a value that is not a promise. */
export type Exact<E, T, Pass = never> = T extends Opaque | Pass
  ? T
  : T extends readonly unknown[]
    ? { [K in keyof T]: Exact<ElementPart<E>, T[K], Pass> }
    : T extends object
      ? ExactObject<ObjectPart<E, Pass>, T, Pass>
      : T;

/** The keys of any of the objects `E` may be. */
type KeysOf<E> = E extends unknown ? keyof E : never;
/** What any of the objects `E` may be holds at `K`. */
type ValueAt<E, K> = E extends unknown ? (K extends keyof E ? E[K] : never) : never;

type ExactObject<E, T, Pass> = [E] extends [never]
  ? T
  : string extends KeysOf<E>
    ? // A map: any key, each value held to the map's element.
      { [K in keyof T]: Exact<ValueAt<E, string>, T[K], Pass> }
    : { [K in keyof T]: K extends KeysOf<E> ? Exact<ValueAt<E, K>, T[K], Pass> : NotInSchema };
