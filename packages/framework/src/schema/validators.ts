// Validators: checks an attribute or block attaches to its own value, run when Terraform
// validates configuration (ValidateResourceConfig, ValidateProviderConfig). A validator is a
// function, an object with `validate` (which may ask to see null too), or any Standard Schema
// (zod, valibot, arktype, ...), so authors can reuse the schemas they already have.
import type { AttributePath } from "../attribute-path.js";
import type { Diagnostics } from "../diagnostics.js";

/** What a validator is told besides the value. */
export interface ValidatorContext {
  /** Where the value is, as a diagnostic path (it stops at a set, which has no addressable elements). */
  readonly path: AttributePath;
  /**
   * The same place written for people: `network[0].cidr`, `rule[*].port` inside a set, and
   * `keys(tags)` for a key that `validate.keys` checks.
   */
  readonly pathText: string;
  /**
   * The object that holds the value: its sibling attributes and blocks, as config gives them
   * (any of them may be null, or `Unknown` when it depends on something not yet known).
   */
  readonly parent: Readonly<Record<string, unknown>>;
  /** The whole configuration being validated; parts may be null or `Unknown`. */
  readonly config: Readonly<Record<string, unknown>>;
  /** Add warnings or further errors here. */
  readonly diagnostics: Diagnostics;
}

/** A message (an error at the value's path), or nothing when the value is fine. */
// biome-ignore lint/suspicious/noConfusingVoidType: a validator that returns nothing (a block body without return) passes.
export type ValidatorResult = string | undefined | void;

/**
 * `(value, ctx) => message | undefined`: a returned string becomes an error diagnostic at the
 * value's path; so does a thrown `TsviderError` (at its own path when it has one). Declared
 * through a method so a validator of a narrower value still fits a list of wider ones.
 */
export type ValidatorFunction<T> = {
  bivarianceHack(value: T, ctx: ValidatorContext): ValidatorResult | Promise<ValidatorResult>;
}["bivarianceHack"];

/** A validator with a description, which may also ask to run when the value is null. */
export interface ValidatorObject<T> {
  /** What the validator requires, for documentation. */
  readonly description?: string;
  /** Run when the value is null (not set) too; by default null values are skipped. */
  readonly includeNull?: boolean;
  validate(value: T | null, ctx: ValidatorContext): ValidatorResult | Promise<ValidatorResult>;
}

/** One problem a Standard Schema found, with the path inside the value it validated. */
export interface StandardSchemaIssue {
  readonly message: string;
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined;
}

/** The result of a Standard Schema's `validate`. */
export type StandardSchemaResult =
  | { readonly value: unknown; readonly issues?: undefined }
  | { readonly issues: readonly StandardSchemaIssue[] };

/**
 * Any validation library implementing Standard Schema v1 (https://standardschema.dev): zod 4,
 * valibot, arktype. Its issues become error diagnostics at the value's path followed by the
 * issue's own path inside the value.
 */
export interface StandardSchema {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    validate(value: unknown): StandardSchemaResult | Promise<StandardSchemaResult>;
  };
}

/**
 * Where `validate.each` and `validate.keys` keep what they run: the framework's validator run
 * (server/run-validators.ts) recognises the key and applies the validators to each element or
 * key, each at its own path, as it applies any validator to a value.
 */
export const elementValidators: unique symbol = Symbol.for("tsvider.elementValidators");

/**
 * Validators of a list's, set's or map's elements (`over: "elements"`), or of a map's keys
 * (`over: "keys"`): what `validate.each` and `validate.keys` make, for a collection of type `C`.
 */
export interface ElementValidator<C> {
  /** What the validator requires, for documentation. */
  readonly description: string;
  readonly [elementValidators]: {
    readonly over: "elements" | "keys";
    readonly validators: readonly NormalizedValidator[];
  };
  /**
   * Phantom, never set: ties the validator to the collection it checks, so `validate.each`
   * infers the element type from the attribute it is written on. A method type, so a validator
   * of a narrower collection still fits a list of wider ones, as ValidatorFunction does.
   */
  readonly __collection?: { bivarianceHack(value: C): void }["bivarianceHack"];
}

/** The element type of a list or set (an array) or of a map (a record of one value type). */
export type ElementOf<C> = C extends readonly (infer E)[]
  ? E
  : C extends { readonly [key: string]: infer E }
    ? E
    : never;

/** Anything `validators: [...]` accepts for a value of type `T`. */
export type Validator<T> = ValidatorFunction<T> | ValidatorObject<T> | StandardSchema | ElementValidator<T>;

/** The kinds a validator comes in, told apart once so the server runs each the same way. */
export type NormalizedValidator =
  | { readonly kind: "function"; readonly run: ValidatorFunction<unknown>; readonly includeNull: false }
  | {
      readonly kind: "object";
      readonly run: ValidatorObject<unknown>["validate"];
      readonly self: ValidatorObject<unknown>;
      readonly includeNull: boolean;
    }
  | { readonly kind: "standard"; readonly schema: StandardSchema; readonly includeNull: false }
  | {
      readonly kind: "elements";
      readonly over: "elements" | "keys";
      readonly validators: readonly NormalizedValidator[];
      readonly includeNull: false;
    };

export function isElementValidator(value: unknown): value is ElementValidator<unknown> {
  return typeof value === "object" && value !== null && elementValidators in value;
}

export function isStandardSchema(value: unknown): value is StandardSchema {
  if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
  const props = (value as { "~standard"?: unknown })["~standard"];
  return (
    typeof props === "object" &&
    props !== null &&
    typeof (props as { validate?: unknown }).validate === "function"
  );
}

/**
 * The validator in its normalized form, or undefined when it is none of the three kinds. A
 * Standard Schema is recognised first: some libraries' schemas are functions too.
 */
export function normalizeValidator(validator: unknown): NormalizedValidator | undefined {
  if (isElementValidator(validator)) {
    const { over, validators } = validator[elementValidators];
    return { kind: "elements", over, validators, includeNull: false };
  }
  if (isStandardSchema(validator)) return { kind: "standard", schema: validator, includeNull: false };
  if (typeof validator === "function") {
    return { kind: "function", run: validator as ValidatorFunction<unknown>, includeNull: false };
  }
  if (
    typeof validator === "object" &&
    validator !== null &&
    typeof (validator as { validate?: unknown }).validate === "function"
  ) {
    const self = validator as ValidatorObject<unknown>;
    return { kind: "object", run: self.validate, self, includeNull: self.includeNull === true };
  }
  return undefined;
}

const normalized = new WeakMap<object, readonly NormalizedValidator[]>();

/**
 * The validators of an attribute's or block's options, normalized (once per options object:
 * schemas are frozen). Start-up checks have refused anything that is not a validator.
 */
export function validatorsOf(options: {
  readonly validators?: readonly unknown[];
}): readonly NormalizedValidator[] {
  const list = options.validators;
  if (!list || list.length === 0) return [];
  let out = normalized.get(options);
  if (!out) {
    out = list.map(normalizeValidator).filter((v): v is NormalizedValidator => v !== undefined);
    normalized.set(options, out);
  }
  return out;
}

/**
 * The shape of the value validators check, as far as the start-up check needs it: its kind
 * (a cty type's kind, or a nesting mode) and, for a collection, its element's. A cty type is
 * one.
 */
export interface ValueShape {
  readonly kind: string;
  readonly element?: ValueShape;
}

/**
 * Start-up check of a `validators` option: the problem and its fix when it is not a list of
 * validators, or holds `validate.each` or `validate.keys` for a value (`shape`) that has no
 * elements or keys; undefined when it is fine.
 */
export function validatorsProblem(
  validators: unknown,
  shape?: ValueShape,
): { problem: string; fix: string } | undefined {
  if (validators === undefined) return undefined;
  if (!Array.isArray(validators)) {
    return {
      problem: "has validators that are not a list",
      fix: "Write validators: [validate.length({ min: 1 }), (value) => ...], a list.",
    };
  }
  const index = validators.findIndex((v) => normalizeValidator(v) === undefined);
  if (index >= 0) {
    return {
      problem: `has validators[${index}], which is not a validator`,
      fix: "A validator is a function (value, ctx) => message | undefined, an object with validate(value, ctx), or a Standard Schema such as a zod schema.",
    };
  }
  return shape === undefined ? undefined : elementsProblem(validatorsOf({ validators }), shape, "validators");
}

/** validate.each where the value has no elements, or validate.keys where it is no map, at any depth. */
function elementsProblem(
  validators: readonly NormalizedValidator[],
  shape: ValueShape,
  where: string,
): { problem: string; fix: string } | undefined {
  for (const [index, validator] of validators.entries()) {
    if (validator.kind !== "elements") continue;
    const here = `${where}[${index}]`;
    const name = validator.over === "keys" ? "validate.keys" : "validate.each";
    const fits = validator.over === "keys" ? shape.kind === "map" : collectionKinds.has(shape.kind);
    if (!fits || shape.element === undefined) {
      return {
        problem: `has ${here}, ${name}, but its value is ${shapeText(shape)}, which has no ${validator.over}`,
        fix:
          validator.over === "keys"
            ? "validate.keys checks the keys of a map (attr.map, attr.mapNested, block.map); put its validators straight in validators for any other value."
            : "validate.each checks the elements of a list, set or map (attr.list, set, map, their nested forms, block.list, set, map); put its validators straight in validators for any other value.",
      };
    }
    if (validator.over === "elements") {
      const inner = elementsProblem(validator.validators, shape.element, `${here} (its elements)`);
      if (inner) return inner;
    }
  }
  return undefined;
}

const collectionKinds = new Set(["list", "set", "map"]);

function shapeText(shape: ValueShape): string {
  if (shape.kind === "object") return "one object";
  if (shape.kind === "dynamic") return "of any type";
  return `a ${shape.kind}`;
}
