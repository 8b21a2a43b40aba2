// Managed resources: the author's definition, and the checks it passes at start-up.
import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import type { DeferralAccess, Deferred } from "./deferral.js";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import {
  checkIdentity,
  type IdentityAccess,
  type IdentityDefinition,
  type IdentitySchema,
  type IdentityView,
  type ImportRequest,
  identityObjectType,
} from "./identity.js";
import { rememberOrigin } from "./internal/origin.js";
import { checkMovers, type StateMover } from "./move.js";
import type { PrivateData, PrivateStateAccess, PrivateStateMarker } from "./private-state.js";
import type { ProviderMetaAccess } from "./provider-meta.js";
import { checkSchema, reservedResourceNames } from "./schema/check.js";
import type { ExactResult } from "./schema/exact.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, Plan, PlanDraft, Returned, State, ValidationConfig } from "./schema/infer.js";
import { alwaysReplaces, type ModifyPlanReturn } from "./schema/plan-modifiers.js";
import type { Schema } from "./schema/schema.js";
import { checkUpgraders, type StateUpgrader } from "./state-upgrade.js";
import { checkTimeoutDefaults, type TimeoutDefaults, timeoutsBlockName } from "./timeouts.js";

/** What every resource callback receives. */
export interface ResourceContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /** Fires when Terraform asks the provider to stop (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
  /**
   * The provider's log, named by this resource type (`@module` provider.mycloud_server), at
   * the level TF_LOG_PROVIDER asks for. The secrets of the operation's values are masked in
   * messages and fields.
   */
  readonly log: Logger;
}

/**
 * `V` is the type of the private data (see `privateState`). Left out, it is any private data,
 * so `Resource<S>` holds every resource; `defineResource` infers it, as `never` (nothing to
 * store) when the resource declares none. `R` is what the handlers return: left out, what the
 * schema allows; `defineResource` infers it from the handlers to refuse attributes the schema
 * lacks.
 */
export interface ResourceDefinition<
  S extends Schema = Schema,
  P = unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the default admits resources with any private data.
  V extends PrivateData = any,
  M extends Schema = Schema,
  // biome-ignore lint/suspicious/noExplicitAny: the default admits resources with any identity.
  I extends IdentitySchema = any,
  R extends HandlerResults = ResourceResults<S>,
> {
  /** The resource type name, prefixed with the provider name: `mycloud_server`. */
  readonly typeName: string;
  readonly schema: S;
  readonly description?: string;
  /**
   * The provider's `metaSchema`, the same object, when handlers read `providerMeta`: it types
   * them. defineProvider refuses a different one.
   */
  readonly metaSchema?: M;
  /**
   * Private data kept with each object, typed: `privateState: privateState<{ etag: string }>()`.
   * Handlers read it as `private` and replace it with `setPrivate`; it is stored encrypted, so
   * a secret must be set (see the README).
   */
  readonly privateState?: PrivateStateMarker<V>;
  /**
   * How long each operation may take, as Go durations: `{ create: "20m", delete: "1h" }`. A
   * `timeoutsBlock()` in the schema lets practitioners set their own. When one passes, the
   * handler's `signal` fires and the operation fails, keeping the prior state.
   */
  readonly timeouts?: TimeoutDefaults;
  /**
   * The schema's version (default 0), which Terraform stores with each object. Raise it when
   * stored state must be rewritten for a changed schema, and add an upgrader for the old one.
   */
  readonly version?: number;
  /**
   * One upgrader per past version, each straight to the current schema:
   * `{ 0: ({ rawState }) => ({ ...rawState, size_gb: rawState.size }) }`. It gets the state as
   * that version stored it, as plain JSON data with exact numbers, and returns it in the
   * current schema; the framework fills in what it leaves out, checks it and stores it.
   */
  readonly upgraders?: { readonly [version: number]: StateUpgrader<S, P> };
  /**
   * Objects of other resource types this one can take over, through a `moved` block between
   * the two types: `[{ sourceTypeName: "mycloud_old_server", move: ({ sourceState }) => newState }]`.
   * The first mover whose source type (and provider and schema version, when given) match is used.
   */
  readonly moveState?: readonly StateMover<S, P, V, I>[];
  /**
   * The object's identity (Terraform and OpenTofu 1.12): attributes that name it for as long as
   * it exists, which an `import {}` block may give instead of an ID:
   * `identity: { schema: { path: identityAttr.string({ requiredForImport: true }) } }`.
   * Handlers see it as `identity` and set it with `setIdentity`; it has its own `version` and
   * `upgraders`.
   */
  readonly identity?: IdentityDefinition<I, P>;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(ctx: ResourceContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /**
   * The last step of planning, after defaults, unknown values and the attributes' plan
   * modifiers: return a changed plan, paths whose change replaces the object, or nothing.
   * `state` is null on create. The framework then holds the plan to Terraform's rules.
   * It also runs when the object is to be destroyed: `plan` and `config` are null then, and
   * it may add diagnostics (an error stops the destroy) but not return a plan.
   */
  modifyPlan?(
    ctx: ResourceContext<P> &
      ProviderMetaAccess<M> &
      DeferralAccess &
      (
        | {
            readonly config: ValidationConfig<S>;
            readonly plan: PlanDraft<S>;
            readonly state: State<S> | null;
          }
        | { readonly config: null; readonly plan: null; readonly state: State<S> }
      ),
  ): R["modifyPlan"];
  /** Creates the object and returns its state: the plan with every unknown filled in. */
  create(
    ctx: ResourceContext<P> &
      PrivateStateAccess<V> &
      IdentityAccess<I> &
      ProviderMetaAccess<M> & { readonly plan: Plan<S>; readonly config: Config<S> },
  ): R["create"];
  /** Returns the object as it is now, or null when it no longer exists. */
  read(
    ctx: ResourceContext<P> &
      PrivateStateAccess<V> &
      IdentityAccess<I> &
      DeferralAccess &
      ProviderMetaAccess<M> & { readonly state: State<S> },
  ): R["read"];
  /** Changes the object in place. Needed unless every configurable attribute requires replacement. */
  update?(
    ctx: ResourceContext<P> &
      PrivateStateAccess<V> &
      IdentityAccess<I> &
      ProviderMetaAccess<M> & {
        readonly plan: Plan<S>;
        readonly state: State<S>;
        readonly config: Config<S>;
      },
  ): R["update"];
  delete(
    ctx: ResourceContext<P> &
      IdentityView<I> &
      ProviderMetaAccess<M> & { readonly state: State<S>; readonly private: V | null },
  ): Promise<void>;
  /**
   * `tofu import` and `import {}` blocks: turns the ID the practitioner gave into enough state
   * for `read` to find the object. Attributes left out are null until `read` fills them.
   * With an identity, an `import {}` block may give `identity` instead of `id`; the imported
   * object keeps that identity unless `setIdentity` replaces it.
   */
  importState?(
    ctx: ResourceContext<P> & PrivateStateAccess<V> & DeferralAccess & ImportRequest<I>,
  ): R["importState"];
  /**
   * `-generate-config-out` (Terraform with protocol 6.11): the configuration to write for an existing
   * object. `config` is the default, the state without computed-only, write-only and
   * deprecated values; return it changed (drop a value equal to its default, say), or nothing
   * to keep it. Computed-only and write-only attributes must stay null.
   */
  generateConfig?(
    ctx: ResourceContext<P> & { readonly state: State<S>; readonly config: Config<S> },
  ): R["generateConfig"];
}

/**
 * What each handler of a resource of schema `S` may return. defineResource infers what the
 * handlers do return, each within these, and holds it to the schema (schema/exact.ts).
 */
export interface ResourceResults<S extends Schema = Schema> {
  readonly modifyPlan:
    | ModifyPlanReturn<Returned<PlanDraft<S>>>
    | Deferred
    | Promise<ModifyPlanReturn<Returned<PlanDraft<S>>> | Deferred>;
  readonly create: Promise<Returned<State<S>>>;
  readonly read: Promise<Returned<State<S>> | null | Deferred>;
  readonly update: Promise<Returned<State<S>>>;
  readonly importState: Promise<Returned<Partial<State<S>>> | Deferred>;
  // biome-ignore lint/suspicious/noConfusingVoidType: a hook that keeps the default returns nothing.
  readonly generateConfig: Returned<Config<S>> | void | Promise<Returned<Config<S>> | void>;
}

/** The handlers' results, whatever the schema: what `ResourceDefinition`'s `R` holds. */
type HandlerResults = { readonly [K in keyof ResourceResults]: unknown };

/**
 * The results defineResource asks of the handlers, given what each returns: the same, with
 * each attribute the schema lacks typed as a message (schema/exact.ts).
 */
export interface ExactResourceResults<
  S extends Schema,
  Planned,
  Created,
  Read,
  Updated,
  Imported,
  Generated,
> {
  readonly modifyPlan: ExactResult<ResourceResults<S>["modifyPlan"], Planned, Deferred>;
  readonly create: ExactResult<ResourceResults<S>["create"], Created>;
  readonly read: ExactResult<ResourceResults<S>["read"], Read, Deferred>;
  readonly update: ExactResult<ResourceResults<S>["update"], Updated>;
  readonly importState: ExactResult<ResourceResults<S>["importState"], Imported, Deferred>;
  readonly generateConfig: ExactResult<ResourceResults<S>["generateConfig"], Generated>;
}

/** A checked resource definition, ready for defineProvider. */
export interface Resource<
  S extends Schema = Schema,
  P = unknown,
  // biome-ignore lint/suspicious/noExplicitAny: as ResourceDefinition's.
  V extends PrivateData = any,
  M extends Schema = Schema,
  // biome-ignore lint/suspicious/noExplicitAny: as ResourceDefinition's.
  I extends IdentitySchema = any,
> extends ResourceDefinition<S, P, V, M, I> {
  /**
   * Phantom, never set: the `providerData` its handlers expect. First of the members, so that
   * listing it in a provider whose `configure` returns another type is reported by this name,
   * in a few lines (the comparison stops at the first member that differs).
   */
  __providerData?(data: P): void;
  readonly kind: "resource";
  readonly valueType: cty.ObjectType;
  /** The identity object's type (from `identity.schema`); undefined without identity. */
  readonly identityType: cty.ObjectType | undefined;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/** Defines a managed resource. Throws FrameworkConfigurationError when the definition is unusable. */
export function defineResource<
  const S extends Schema,
  P = unknown,
  V extends PrivateData = never,
  M extends Schema = Schema,
  const I extends IdentitySchema = never,
  // What each handler returns, inferred whole from its body (every return statement at once),
  // within what the schema allows, then held to the schema by ExactResult, which types each
  // attribute the schema lacks as a message (schema/exact.ts).
  Planned extends ResourceResults<S>["modifyPlan"] = ResourceResults<S>["modifyPlan"],
  Created extends ResourceResults<S>["create"] = ResourceResults<S>["create"],
  Read extends ResourceResults<S>["read"] = ResourceResults<S>["read"],
  Updated extends ResourceResults<S>["update"] = ResourceResults<S>["update"],
  Imported extends ResourceResults<S>["importState"] = ResourceResults<S>["importState"],
  Generated extends ResourceResults<S>["generateConfig"] = ResourceResults<S>["generateConfig"],
>(
  definition: ResourceDefinition<
    S,
    P,
    V,
    M,
    I,
    ExactResourceResults<S, Planned, Created, Read, Updated, Imported, Generated>
  >,
): Resource<S, P, V, M, I> {
  const name = definition.typeName;
  if (!typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`resource type name "${name}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_server.",
    });
  }
  checkSchema(`resource ${name}`, definition.schema, {
    writeOnlyAllowed: true,
    planned: true,
    reservedNames: reservedResourceNames,
  });
  checkTimeoutDefaults(`resource ${name}`, definition.timeouts);
  checkUpgraders(`resource ${name}`, definition.version, definition.upgraders);
  checkIdentity(`resource ${name}`, definition.identity);
  checkMovers(`resource ${name}`, definition.moveState);
  if (!definition.update) {
    // A change to the timeouts block alone needs no update: the framework applies it.
    const timeouts = timeoutsBlockName(definition.schema);
    const changeable = changeableInPlace(
      timeouts === undefined
        ? definition.schema
        : Object.fromEntries(Object.entries(definition.schema).filter(([key]) => key !== timeouts)),
    );
    if (changeable) {
      throw new FrameworkConfigurationError(
        `resource ${name} has no update, but "${changeable.join(".")}" can change in place`,
        {
          detail: "Add an update handler, or mark every configurable attribute requiresReplace.",
          path: changeable.map((attribute) => ({ attribute })),
        },
      );
    }
  }
  const resource: Resource<S, P, V, M, I> = Object.freeze({
    // The parameter's type held the handlers' results to the schema; a Resource's handlers are
    // typed to return what the schema allows.
    ...(definition as ResourceDefinition<S, P, V, M, I>),
    kind: "resource",
    valueType: impliedType(definition.schema),
    identityType: identityObjectType(definition.identity?.schema),
  });
  return rememberOrigin(resource, "defineResource", defineResource);
}

/**
 * The path of an attribute config can set whose change does not force replacement, so an
 * update would have to apply it; undefined when there is none.
 */
function changeableInPlace(schema: Schema, prefix: readonly string[] = []): string[] | undefined {
  for (const [name, entry] of Object.entries(schema)) {
    const path = [...prefix, name];
    if (entry.kind === "block") {
      const inner = changeableInPlace(entry.schema, path);
      if (inner) return inner;
      continue;
    }
    const { required, optional } = entry.options;
    if (!(required || optional) || alwaysReplaces(entry.options)) continue;
    if (entry.kind === "attribute") return path;
    // A nested attribute changes in place only through what is inside it: an element added or
    // removed also changes each requiresReplace attribute inside, which replaces.
    const inner = changeableInPlace(entry.attributes, path);
    if (inner) return inner;
  }
  return undefined;
}
