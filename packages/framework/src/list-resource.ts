// List resources: a search for existing objects of one managed resource type, which
// Terraform runs for the `list` blocks of `*.tfquery.hcl` files (`terraform query`, 1.14 and
// later). Each result names an object by the managed resource's identity, with a display name
// for people and, when Terraform asks, the whole object as `read` would return it, from which
// `terraform query -generate-config-out` writes `resource` and `import` blocks.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import type { Identity, IdentitySchema } from "./identity.js";
import { rememberOrigin } from "./internal/origin.js";
import type { Resource } from "./resource.js";
import { checkSchema } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, Returned, State, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** What every list resource callback receives. */
export interface ListResourceContext<P = unknown> {
  /** Whatever the provider's `configure` returned. */
  readonly providerData: P;
  /**
   * Fires when Terraform asks the provider to stop, and when it stops reading results (it has
   * as many as it wants, or one failed): stop fetching then.
   */
  readonly signal: AbortSignal;
  /**
   * Add warnings or errors here; or throw a TsviderError. While listing, warnings reach
   * Terraform with the next result; an error ends the listing.
   */
  readonly diagnostics: Diagnostics;
  /** The provider's log, named by this list resource's type, secrets masked. */
  readonly log: Logger;
}

// biome-ignore lint/suspicious/noExplicitAny: any managed resource, whatever its schema, data, private data and identity.
type AnyResource = Resource<any, any, any, any, any>;

/** The state of the managed resource `R`, as its handlers return it. */
export type ResourceStateOf<R> =
  R extends Resource<infer S, infer _P, infer _V, infer _M, infer _I> ? State<S> : never;

/**
 * The identity of the managed resource `R`: the values that name one of its objects, typed
 * from its identity schema. `never` for a resource without identity, which cannot be listed.
 */
export type ResourceIdentityOf<R> =
  R extends Resource<infer _S, infer _P, infer _V, infer _M, infer I>
    ? [I] extends [never]
      ? never
      : I extends IdentitySchema
        ? Identity<I>
        : never
    : never;

/** One object found by `list`. */
export interface ListResult<R extends AnyResource> {
  /** How people see the object in `terraform query` output: a name, a path, an address. */
  readonly displayName: string;
  /** The managed resource's identity of the object: what an `import` block needs to find it. */
  readonly identity: Returned<ResourceIdentityOf<R>>;
  /**
   * The whole object, as the managed resource's `read` would return it. Needed only when the
   * listing's `includeResource` is true (Terraform then shows it and generates configuration
   * from it); dropped otherwise, so compute it only when asked.
   */
  readonly resource?: Returned<ResourceStateOf<R>> | null;
}

/** What `list` receives besides the context. */
export interface ListRequest<S extends Schema> {
  /** The `config` block of the `list` block, wholly known (an absent block: every attribute null). */
  readonly config: Config<S>;
  /** Whether Terraform wants each result's whole object (`include_resource`, or generating config). */
  readonly includeResource: boolean;
  /**
   * The most results Terraform wants (`limit`, 100 unless the block says). The framework stops
   * asking for more once that many have been sent; a search that pages may use it as a page size.
   */
  readonly limit: number;
}

/**
 * What `defineListResource` takes: the managed resource whose objects it lists, the schema of the
 * list block's `config` block, and the handler that lists them.
 */
export interface ListResourceDefinition<
  S extends Schema = Schema,
  R extends AnyResource = AnyResource,
  P = unknown,
> {
  /**
   * The managed resource whose objects this lists. The list resource has its type name, and
   * results carry its identity (it must declare one) and, when asked, its state.
   */
  readonly resource: R;
  /** The attributes and blocks of the `config` block inside `list` blocks. */
  readonly schema: S;
  readonly description?: string;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(
    ctx: ListResourceContext<P> & { readonly config: ValidationConfig<S> },
  ): void | Promise<void>;
  /**
   * Finds the objects: an async generator yielding one result per object (or any iterable).
   * Terraform reads results as they come; the framework stops the generator (its `finally`
   * runs) once Terraform has `limit` of them or stops reading, and when it throws, the error
   * reaches Terraform after the results already sent.
   */
  list(ctx: ListResourceContext<P> & ListRequest<S>): AsyncIterable<ListResult<R>> | Iterable<ListResult<R>>;
}

/** A checked list resource definition, ready for defineProvider. */
export interface ListResource<S extends Schema = Schema, R extends AnyResource = AnyResource, P = unknown>
  extends ListResourceDefinition<S, R, P> {
  /**
   * Phantom, never set: the `providerData` its handlers expect. First of the members, so that
   * listing it in a provider whose `configure` returns another type is reported by this name,
   * in a few lines (the comparison stops at the first member that differs).
   */
  __providerData?(data: P): void;
  readonly kind: "list resource";
  /** The listed managed resource's type name, which the `list` block names too. */
  readonly typeName: string;
  /** The type of the `config` block's values. */
  readonly valueType: cty.ObjectType;
}

/** Defines a list resource. Throws FrameworkConfigurationError when it is unusable. */
export function defineListResource<const S extends Schema, R extends AnyResource, P = unknown>(
  definition: ListResourceDefinition<S, R, P>,
): ListResource<S, R, P> {
  const resource = definition.resource as AnyResource | undefined;
  if (resource?.kind !== "resource") {
    throw new FrameworkConfigurationError("defineListResource: resource is not a managed resource", {
      detail:
        "Give the managed resource whose objects it lists, as defineResource returned it: defineListResource({ resource: server, schema, list }).",
    });
  }
  const name = resource.typeName;
  if (resource.identityType === undefined) {
    throw new FrameworkConfigurationError(`list resource ${name}: resource ${name} has no identity`, {
      detail:
        "Each listed object is named by the managed resource's identity (Terraform needs it to import what it finds): declare defineResource({ identity: { schema: { ... } } }).",
    });
  }
  if (typeof definition.list !== "function") {
    throw new FrameworkConfigurationError(`list resource ${name} has no list`, {
      detail:
        "Give it an async generator that yields one result per object: async *list({ config }) { yield { displayName, identity } }.",
    });
  }
  if (definition.validateConfig !== undefined && typeof definition.validateConfig !== "function") {
    throw new FrameworkConfigurationError(`list resource ${name}: validateConfig is not a function`, {
      detail: "Give validateConfig as an async function, or leave it out.",
    });
  }
  const schema = definition.schema ?? ({} as S);
  // The block is searched, never planned: no write-only attributes, defaults or plan modifiers.
  checkSchema(`list resource ${name}`, schema, {});
  checkNotComputed(name, schema);
  const listResource: ListResource<S, R, P> = Object.freeze({
    ...definition,
    schema,
    kind: "list resource",
    typeName: name,
    valueType: impliedType(schema),
  });
  return rememberOrigin(listResource, "defineListResource", defineListResource);
}

/** Nothing in a list block's config is computed: no one would ever compute it. */
function checkNotComputed(typeName: string, schema: Schema, prefix: readonly string[] = []): void {
  for (const [name, entry] of Object.entries(schema)) {
    const path = [...prefix, name];
    if (entry.kind !== "block" && entry.options.computed) {
      throw new FrameworkConfigurationError(
        `list resource ${typeName}: attribute "${path.join(".")}" is computed`,
        {
          detail:
            "A list block's config is only read, never planned or stored, so nothing fills in a computed value. Make it required or optional.",
          path: path.map((attribute) => ({ attribute })),
        },
      );
    }
    if (entry.kind === "nested") checkNotComputed(typeName, entry.attributes, path);
    if (entry.kind === "block") checkNotComputed(typeName, entry.schema, path);
  }
}

/**
 * The provider's list resources by type. Throws FrameworkConfigurationError for an entry that
 * is not one, one listed twice, or one whose managed resource the provider does not serve
 * (Terraform looks the resource up by the same type name for its identity and state).
 */
export function collectListResources<P>(
  providerName: string,
  // biome-ignore lint/suspicious/noExplicitAny: list resources of any schema and resource.
  list: readonly ListResource<any, any, P>[],
  resourcesByType: ReadonlyMap<string, AnyResource>,
  // biome-ignore lint/suspicious/noExplicitAny: as above.
): ReadonlyMap<string, ListResource<any, any, P>> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const byType = new Map<string, ListResource<any, any, P>>();
  for (const listResource of list) {
    if (listResource?.kind !== "list resource") {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: an entry of listResources is not a list resource`,
        { detail: "List what defineListResource returns in defineProvider({ listResources })." },
      );
    }
    const name = listResource.typeName;
    if (byType.has(name)) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: list resource ${name} is listed twice`,
        {
          detail: "A managed resource has one list resource: list each once.",
        },
      );
    }
    const served = resourcesByType.get(name);
    if (served === undefined) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: list resource ${name} lists a resource the provider does not serve`,
        {
          detail: `Add the resource ${name} to defineProvider({ resources }) too: Terraform reads its schema and identity for every result.`,
        },
      );
    }
    if (served !== listResource.resource) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: list resource ${name} lists another definition of resource ${name} than the provider serves`,
        {
          detail:
            "Define the resource once and give the same object to defineListResource({ resource }) and defineProvider({ resources }).",
        },
      );
    }
    byType.set(name, listResource);
  }
  return byType;
}
