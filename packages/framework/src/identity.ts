// Resource identity (Terraform and OpenTofu 1.12): a small object of primitives, or lists of
// them, that names one remote object for as long as it exists (a file's path, a region and an
// ID). Terraform stores it beside the state, shows it in `show -json`, and lets an `import {}`
// block name the object by it instead of by an ID string. It has its own schema version and
// upgraders, apart from the state's, and it must never change once the object exists.
//
// This file is the author's side: identityAttr, the identity schema and its start-up check.
// The engine's side is server/identity-slot.ts, the wire's protocol/identity-wire.ts.
import * as cty from "@tsvider/cty";
import { FrameworkConfigurationError } from "./diagnostics.js";
import type { ResourceContext } from "./resource.js";
import { type KnownValue, type PrimitiveShape, t, type ValueType } from "./schema/types.js";
import type { JsonValue } from "./state-upgrade.js";

/**
 * How one identity attribute takes part in import by identity: exactly one of
 * `requiredForImport` (an `import {}` block must set it) and `optionalForImport` (it may).
 */
export interface IdentityAttributeOptions {
  readonly requiredForImport?: boolean;
  readonly optionalForImport?: boolean;
  readonly description?: string;
}

/** One attribute of an identity schema; made by `identityAttr`. */
export interface IdentityAttribute<
  T = unknown,
  O extends IdentityAttributeOptions = IdentityAttributeOptions,
> {
  readonly kind: "identityAttribute";
  /** The value's descriptor: a primitive, or a list of primitives. */
  readonly value: ValueType<T>;
  readonly type: cty.CtyType;
  readonly options: O;
  /** Phantom: the TypeScript type of a value. Never set at run time. */
  readonly __value?: T;
}

/** An identity schema: attribute name to identity attribute. */
export type IdentitySchema = { readonly [name: string]: IdentityAttribute };

type Primitive = typeof t.string | typeof t.number | typeof t.int64 | typeof t.bool;

function define<D extends ValueType>(value: D) {
  return <const O extends IdentityAttributeOptions>(options: O): IdentityAttribute<KnownValue<D>, O> =>
    Object.freeze({
      kind: "identityAttribute",
      value: value as ValueType<KnownValue<D>>,
      type: value.type,
      options,
    });
}

/**
 * Identity attribute builders: `identityAttr.string({ requiredForImport: true })`,
 * `identityAttr.list(t.string, { optionalForImport: true })`. Identity holds primitives and
 * lists of them only (Terraform's rule).
 */
export const identityAttr = {
  string: define(t.string),
  /** Any number, exactly: a JS number when it holds the value, else bigint or Decimal. */
  number: define(t.number),
  /** A whole number in the signed 64-bit range, as `number` (safe integers) or `bigint`. */
  int64: define(t.int64),
  bool: define(t.bool),
  /** A list, read-only in handlers: an identity is set whole, never changed in place. */
  list: <const E extends Primitive, const O extends IdentityAttributeOptions>(
    element: E,
    options: O,
  ): IdentityAttribute<readonly KnownValue<E>[], O> =>
    define(t.list(element) as ValueType<readonly KnownValue<E>[]>)(options),
} as const;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/**
 * An identity object as handlers see and set it: attributes required for import hold a value,
 * the others may be null.
 */
export type Identity<I extends IdentitySchema> = Simplify<{
  -readonly [K in keyof I]: I[K] extends IdentityAttribute<infer T, infer O>
    ? O extends { readonly requiredForImport: true }
      ? T
      : T | null
    : never;
}>;

/**
 * Turns an identity stored by an older identity version into the current one. It gets the
 * stored JSON as plain data with exact numbers; what it returns is checked against the current
 * identity schema. `providerData` may be undefined: Terraform upgrades before it configures.
 */
export type IdentityUpgrader<I extends IdentitySchema = IdentitySchema, P = unknown> = {
  // A method's parameters are compared both ways, as StateUpgrader's are.
  bivarianceHack(
    ctx: ResourceContext<P> & {
      readonly rawIdentity: { readonly [attribute: string]: JsonValue };
      /** The identity version the identity was stored with. */
      readonly version: number;
    },
  ): Identity<I> | Promise<Identity<I>>;
}["bivarianceHack"];

/** `defineResource({ identity: ... })`. */
export interface IdentityDefinition<I extends IdentitySchema = IdentitySchema, P = unknown> {
  readonly schema: I;
  /** The identity schema's version (default 0), stored with each identity; apart from the state's. */
  readonly version?: number;
  /** One upgrader per past identity version, each straight to the current identity schema. */
  readonly upgraders?: { readonly [version: number]: IdentityUpgrader<I, P> };
}

/**
 * What resource handlers receive about identity, when the resource declares one: the object's
 * identity as Terraform has it (null when there is none yet: on create, or for an object stored
 * before the resource had an identity), and a setter. An identity set by create, read or import
 * is stored; read and update that set none keep the one the object had. Once an object exists
 * its identity may not change.
 */
export type IdentityAccess<I> = [I] extends [never]
  ? unknown
  : I extends IdentitySchema
    ? {
        readonly identity: Identity<I> | null;
        /** Sets the object's identity; the last call wins. */
        setIdentity(identity: Identity<I>): void;
      }
    : unknown;

/**
 * What `importState` is asked to import: by ID (`tofu import`, or an `import {}` block with
 * `id`), or, for a resource with an identity, by identity (an `import {}` block with
 * `identity`, already checked against the identity schema: `id` is null then). An object
 * imported by identity keeps that identity unless `setIdentity` replaces it; one imported by ID
 * has the identity `setIdentity` gives it, or none until `read` sets one.
 */
export type ImportRequest<I> = [I] extends [never]
  ? { readonly id: string }
  : I extends IdentitySchema
    ? (
        | { readonly id: string; readonly identity: null }
        | { readonly id: null; readonly identity: Identity<I> }
      ) & {
        /** Sets the imported object's identity; the last call wins. */
        setIdentity(identity: Identity<I>): void;
      }
    : { readonly id: string };

/** The identity object's cty type; undefined for a resource without identity. */
export function identityObjectType(schema: IdentitySchema | undefined): cty.ObjectType | undefined {
  if (schema === undefined) return undefined;
  const types: Record<string, cty.CtyType> = {};
  for (const [name, attribute] of Object.entries(schema)) types[name] = attribute.type;
  return cty.object(types);
}

const identifier = /^[a-z_][a-z0-9_]*$/;
const primitiveKinds = new Set<PrimitiveShape["kind"]>(["string", "number", "int64", "bool"]);

/** Start-up check of a resource's `identity`; throws FrameworkConfigurationError naming the problem. */
export function checkIdentity(component: string, identity: unknown): void {
  if (identity === undefined) return;
  if (typeof identity !== "object" || identity === null || Array.isArray(identity)) {
    throw new FrameworkConfigurationError(`${component} has an identity that is not an object`, {
      detail: "Write identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } }.",
    });
  }
  const { schema, version, upgraders } = identity as IdentityDefinition;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    throw new FrameworkConfigurationError(`${component}'s identity has no schema`, {
      detail: "Write identity: { schema: { name: identityAttr.string({ requiredForImport: true }) } }.",
    });
  }
  const names = Object.keys(schema);
  if (names.length === 0) {
    throw new FrameworkConfigurationError(`${component}'s identity schema has no attributes`, {
      detail: "An identity names the object: give it at least one attribute, or leave identity out.",
    });
  }
  for (const name of names) {
    const where = `${component}'s identity attribute "${name}"`;
    const path = [{ attribute: name }];
    if (!identifier.test(name)) {
      throw new FrameworkConfigurationError(`${where} has a name that is not valid`, {
        detail: "Use lowercase letters, digits and underscores, not starting with a digit.",
        path,
      });
    }
    const entry = schema[name] as Partial<IdentityAttribute> | undefined;
    if (entry?.kind !== "identityAttribute" || entry.value === undefined) {
      throw new FrameworkConfigurationError(`${where} is not an identity attribute`, {
        detail:
          "Build identity attributes with identityAttr (identityAttr.string({ requiredForImport: true })), not attr: identity holds primitives and lists of primitives only.",
        path,
      });
    }
    const value = entry.value;
    const primitive =
      primitiveKinds.has(value.kind as PrimitiveShape["kind"]) ||
      (value.kind === "list" && primitiveKinds.has(value.element.kind as PrimitiveShape["kind"]));
    if (!primitive) {
      throw new FrameworkConfigurationError(`${where} has type ${cty.friendlyName(value.type)}`, {
        detail: "Identity attributes are strings, numbers, bools, or lists of them (Terraform's rule).",
        path,
      });
    }
    const options = entry.options ?? {};
    if (Boolean(options.requiredForImport) === Boolean(options.optionalForImport)) {
      throw new FrameworkConfigurationError(
        `${where} ${options.requiredForImport ? "is both required and optional" : "is neither required nor optional"} for import`,
        {
          detail:
            "Set exactly one: requiredForImport: true (an import block must give it) or optionalForImport: true (it may).",
          path,
        },
      );
    }
  }
  const current = version ?? 0;
  if (typeof current !== "number" || !Number.isSafeInteger(current) || current < 0) {
    throw new FrameworkConfigurationError(`${component}'s identity has version ${String(version)}`, {
      detail: "An identity version is a whole number, 0 or more.",
    });
  }
  if (upgraders === undefined) return;
  if (typeof upgraders !== "object" || upgraders === null || Array.isArray(upgraders)) {
    throw new FrameworkConfigurationError(`${component}'s identity upgraders are not an object`, {
      detail:
        "Write upgraders: { 0: ({ rawIdentity }) => newIdentity }, keyed by the identity version each one upgrades from.",
    });
  }
  for (const [key, upgrader] of Object.entries(upgraders)) {
    const from = /^(0|[1-9]\d*)$/.test(key) ? Number(key) : Number.NaN;
    if (!(from < current)) {
      throw new FrameworkConfigurationError(`${component}'s identity has an upgrader for version "${key}"`, {
        detail:
          current === 0
            ? "Identity upgraders turn an identity of a past version into the current one: set identity.version (to 1 when the identity schema first changes) and key each upgrader by the version it upgrades from."
            : `Identity upgraders are keyed by past versions, 0 to ${current - 1}: the current version, ${current}, needs none.`,
      });
    }
    if (typeof upgrader !== "function") {
      throw new FrameworkConfigurationError(
        `${component}'s identity upgrader for version ${key} is not a function`,
        { detail: "An identity upgrader is ({ rawIdentity }) => newIdentity." },
      );
    }
  }
}

/** What delete receives about identity: the object's identity, when the resource declares one. */
export type IdentityView<I> = [I] extends [never]
  ? unknown
  : I extends IdentitySchema
    ? { readonly identity: Identity<I> | null }
    : unknown;
