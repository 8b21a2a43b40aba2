// Ephemeral resources: values that exist only while Terraform runs (a token, a lease, a
// temporary credential). Terraform opens one when its configuration is wholly known, may renew
// it while it is still in use, and closes it at the latest when the walk ends; the result is
// never written to a plan or state file.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import type { DeferralAccess, Deferred } from "./deferral.js";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { rememberOrigin } from "./internal/origin.js";
import type { PrivateData, PrivateStateMarker } from "./private-state.js";
import { checkSchema, reservedResourceNames } from "./schema/check.js";
import type { ExactResult } from "./schema/exact.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, Returned, State, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** What every ephemeral resource callback receives. */
export interface EphemeralResourceContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /** Fires when Terraform asks the provider to stop (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
  /** The provider's log, named by this ephemeral resource type, secrets masked. */
  readonly log: Logger;
}

/** What `open` answers. */
export interface EphemeralOpenResult<S extends Schema, V extends PrivateData> {
  /** The whole object: configured values as written, computed ones filled in, nothing unknown. */
  readonly result: Returned<State<S>>;
  /** Data `renew` and `close` receive (a lease id, a revocation handle); never shown or stored. */
  readonly private?: V | null;
  /** When Terraform should call `renew`, if it still uses the value then; unset: never. */
  readonly renewAt?: Date;
}

/** What an ephemeral resource's `open` may return. */
export type EphemeralOpenReturn<S extends Schema, V extends PrivateData> = Promise<
  EphemeralOpenResult<S, V> | Deferred
>;

/** What `renew` answers: the new private data (unchanged when omitted) and the next renewal. */
export interface EphemeralRenewResult<V extends PrivateData> {
  readonly private?: V | null;
  readonly renewAt?: Date;
}

/**
 * `R` is what `open` returns: left out, what the schema allows; `defineEphemeralResource`
 * infers it from `open` to refuse attributes the schema lacks.
 */
export interface EphemeralResourceDefinition<
  S extends Schema = Schema,
  P = unknown,
  V extends PrivateData = PrivateData,
  R = EphemeralOpenReturn<S, V>,
> {
  /** The type name, prefixed with the provider name: `mycloud_token`. */
  readonly typeName: string;
  readonly schema: S;
  readonly description?: string;
  /**
   * Types the private data `open` hands to `renew` and `close`, as for resources:
   * `privateState: privateState<{ leaseId: string }>()`. It stays in Terraform's memory for
   * one run, sealed with a key of the provider process, and is never written to a file.
   */
  readonly privateState?: PrivateStateMarker<V>;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(
    ctx: EphemeralResourceContext<P> & { readonly config: ValidationConfig<S> },
  ): void | Promise<void>;
  /** Opens the resource for a wholly known configuration. */
  open(ctx: EphemeralResourceContext<P> & DeferralAccess & { readonly config: Config<S> }): R;
  /** Extends the resource once `renewAt` has passed; needed when `open` sets `renewAt`. */
  renew?(
    ctx: EphemeralResourceContext<P> & { readonly private: V | null },
    // biome-ignore lint/suspicious/noConfusingVoidType: an `async renew() {}` that keeps the data returns Promise<void>.
  ): Promise<EphemeralRenewResult<V> | void>;
  /** Releases what `open` acquired; Terraform calls it once it no longer needs the value. */
  close?(ctx: EphemeralResourceContext<P> & { readonly private: V | null }): Promise<void>;
}

/** A checked ephemeral resource definition, ready for defineProvider. */
export interface EphemeralResource<
  S extends Schema = Schema,
  P = unknown,
  V extends PrivateData = PrivateData,
> extends EphemeralResourceDefinition<S, P, V> {
  /**
   * Phantom, never set: the `providerData` its handlers expect. First of the members, so that
   * listing it in a provider whose `configure` returns another type is reported by this name,
   * in a few lines (the comparison stops at the first member that differs).
   */
  __providerData?(data: P): void;
  readonly kind: "ephemeral resource";
  readonly valueType: cty.ObjectType;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/** Defines an ephemeral resource. Throws FrameworkConfigurationError when it is unusable. */
export function defineEphemeralResource<
  const S extends Schema,
  P = unknown,
  V extends PrivateData = PrivateData,
  // What open returns, inferred whole from its body and held to the schema (schema/exact.ts).
  R extends EphemeralOpenReturn<S, V> = EphemeralOpenReturn<S, V>,
>(
  definition: EphemeralResourceDefinition<S, P, V, ExactResult<EphemeralOpenReturn<S, V>, R, Deferred>>,
): EphemeralResource<S, P, V> {
  const name = definition.typeName;
  if (typeof name !== "string" || !typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`ephemeral resource type name "${String(name)}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_token.",
    });
  }
  if (typeof definition.open !== "function") {
    throw new FrameworkConfigurationError(`ephemeral resource ${name} has no open`, {
      detail:
        "An ephemeral resource is opened by Terraform: give it an async open({ config }) returning { result }.",
    });
  }
  for (const optional of ["validateConfig", "renew", "close"] as const) {
    const fn = definition[optional];
    if (fn !== undefined && typeof fn !== "function") {
      throw new FrameworkConfigurationError(`ephemeral resource ${name}: ${optional} is not a function`, {
        detail: `Give ${optional} as an async function, or leave it out.`,
      });
    }
  }
  // Never planned or stored: write-only attributes, plan modifiers and defaults are refused.
  checkSchema(`ephemeral resource ${name}`, definition.schema, { reservedNames: reservedResourceNames });
  checkNotReplaced(name, definition.schema);
  const resource: EphemeralResource<S, P, V> = Object.freeze({
    // The parameter's type held open's result to the schema; an EphemeralResource's open is
    // typed to return what the schema allows.
    ...(definition as EphemeralResourceDefinition<S, P, V>),
    kind: "ephemeral resource",
    valueType: impliedType(definition.schema),
  });
  return rememberOrigin(resource, "defineEphemeralResource", defineEphemeralResource);
}

/** requiresReplace means nothing for a value that is never planned. */
function checkNotReplaced(typeName: string, schema: Schema, prefix: readonly string[] = []): void {
  for (const [name, entry] of Object.entries(schema)) {
    const path = [...prefix, name];
    if (entry.kind !== "block") {
      const options = entry.options as Readonly<Record<string, unknown>>;
      if (options.requiresReplace !== undefined && options.requiresReplace !== false) {
        throw new FrameworkConfigurationError(
          `ephemeral resource ${typeName}: attribute "${path.join(".")}" has requiresReplace, which ephemeral resources do not have`,
          {
            detail:
              "An ephemeral resource is opened anew in every run, never planned. Remove requiresReplace.",
            path: path.map((attribute) => ({ attribute })),
          },
        );
      }
    }
    if (entry.kind === "nested") checkNotReplaced(typeName, entry.attributes, path);
    if (entry.kind === "block") checkNotReplaced(typeName, entry.schema, path);
  }
}

/**
 * The provider's ephemeral resources by type. Throws FrameworkConfigurationError for an entry
 * that is not one, a type name outside the provider's prefix, or one listed twice.
 */
export function collectEphemeralResources<P>(
  providerName: string,
  // biome-ignore lint/suspicious/noExplicitAny: ephemeral resources of any schema and private data.
  list: readonly EphemeralResource<any, P, any>[],
  // biome-ignore lint/suspicious/noExplicitAny: as above.
): ReadonlyMap<string, EphemeralResource<any, P, any>> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const byType = new Map<string, EphemeralResource<any, P, any>>();
  for (const resource of list) {
    if (resource?.kind !== "ephemeral resource") {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: an entry of ephemeralResources is not an ephemeral resource`,
        { detail: "List what defineEphemeralResource returns in defineProvider({ ephemeralResources })." },
      );
    }
    const name = resource.typeName;
    if (!name.startsWith(`${providerName}_`)) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: ephemeral resource ${name} does not start with "${providerName}_"`,
        {
          detail: `Terraform finds a component's provider by its prefix: name it ${providerName}_<something>.`,
        },
      );
    }
    if (byType.has(name)) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: ephemeral resource ${name} is listed twice`,
        {
          detail: "List each ephemeral resource once, and give each its own type name.",
        },
      );
    }
    byType.set(name, resource);
  }
  return byType;
}
