// Data sources: read-only components. Terraform sends the configuration and the provider
// answers with the whole object, computed attributes filled in; nothing is planned, applied
// or kept between runs beyond what state records of the last read.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import type { DeferralAccess, Deferred } from "./deferral.js";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { rememberOrigin } from "./internal/origin.js";
import type { ProviderMetaAccess } from "./provider-meta.js";
import { checkSchema, reservedResourceNames } from "./schema/check.js";
import type { ExactResult } from "./schema/exact.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, Returned, State, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** What every data source callback receives. */
export interface DataSourceContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /** Fires when Terraform asks the provider to stop (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError (DataSourceError, ValidationError). */
  readonly diagnostics: Diagnostics;
  /** The provider's log, named by this data source type, secrets masked; see ResourceContext. */
  readonly log: Logger;
}

/**
 * `R` is what `read` returns: left out, what the schema allows; `defineDataSource` infers it
 * from `read` to refuse attributes the schema lacks.
 */
export interface DataSourceDefinition<
  S extends Schema = Schema,
  P = unknown,
  M extends Schema = Schema,
  R = DataSourceResult<S>,
> {
  /** The data source type name, prefixed with the provider name: `mycloud_image`. */
  readonly typeName: string;
  readonly schema: S;
  readonly description?: string;
  /** The provider's `metaSchema`, the same object, when `read` uses `providerMeta`: it types it. */
  readonly metaSchema?: M;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(ctx: DataSourceContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /**
   * Reads the object the configuration describes and returns it whole: configured values as
   * they are, computed ones filled in (null is allowed), nothing unknown.
   */
  read(
    ctx: DataSourceContext<P> & ProviderMetaAccess<M> & DeferralAccess & { readonly config: Config<S> },
  ): R;
}

/** What a data source's `read` may return. */
export type DataSourceResult<S extends Schema> = Promise<Returned<State<S>> | Deferred>;

/** A checked data source definition, ready for defineProvider. */
export interface DataSource<S extends Schema = Schema, P = unknown, M extends Schema = Schema>
  extends DataSourceDefinition<S, P, M> {
  /**
   * Phantom, never set: the `providerData` its handlers expect. First of the members, so that
   * listing it in a provider whose `configure` returns another type is reported by this name,
   * in a few lines (the comparison stops at the first member that differs).
   */
  __providerData?(data: P): void;
  readonly kind: "data source";
  readonly valueType: cty.ObjectType;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/**
 * Attribute options that only mean something when a resource is planned, beyond those
 * checkSchema refuses in every component that is not planned (planModifiers, default).
 */
const planOnlyOptions = ["requiresReplace"] as const;

/** Defines a data source. Throws FrameworkConfigurationError when the definition is unusable. */
export function defineDataSource<
  const S extends Schema,
  P = unknown,
  M extends Schema = Schema,
  // What read returns, inferred whole from its body and held to the schema (schema/exact.ts).
  R extends DataSourceResult<S> = DataSourceResult<S>,
>(
  definition: DataSourceDefinition<S, P, M, ExactResult<DataSourceResult<S>, R, Deferred>>,
): DataSource<S, P, M> {
  const name = definition.typeName;
  if (typeof name !== "string" || !typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`data source type name "${String(name)}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_image.",
    });
  }
  if (typeof definition.read !== "function") {
    throw new FrameworkConfigurationError(`data source ${name} has no read`, {
      detail:
        "A data source answers Terraform's reads: give it an async read({ config }) returning the object.",
    });
  }
  // Not planned: write-only attributes (Terraform sends them to managed resources only), plan
  // modifiers and defaults are refused here.
  checkSchema(`data source ${name}`, definition.schema, { reservedNames: reservedResourceNames });
  checkNothingPlanned(name, definition.schema);
  const dataSource: DataSource<S, P, M> = Object.freeze({
    // The parameter's type held read's result to the schema; a DataSource's read is typed to
    // return what the schema allows.
    ...(definition as DataSourceDefinition<S, P, M>),
    kind: "data source",
    valueType: impliedType(definition.schema),
  });
  return rememberOrigin(dataSource, "defineDataSource", defineDataSource);
}

/** Refuses options a data source would silently ignore: it is read, never planned. */
function checkNothingPlanned(typeName: string, schema: Schema, prefix: readonly string[] = []): void {
  for (const [name, entry] of Object.entries(schema)) {
    const path = [...prefix, name];
    if (entry.kind !== "block") {
      const options = entry.options as Readonly<Record<string, unknown>>;
      for (const option of planOnlyOptions) {
        if (options[option] !== undefined && options[option] !== false) {
          throw new FrameworkConfigurationError(
            `data source ${typeName}: attribute "${path.join(".")}" has ${option}, which data sources do not have`,
            {
              detail: `A data source is read, never planned, so ${option} would have no effect. Remove it.`,
              path: path.map((attribute) => ({ attribute })),
            },
          );
        }
      }
    }
    if (entry.kind === "nested") checkNothingPlanned(typeName, entry.attributes, path);
    if (entry.kind === "block") checkNothingPlanned(typeName, entry.schema, path);
  }
}
