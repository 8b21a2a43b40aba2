// Components typed by their provider's data. `withProviderData<ApiClient>()` gives the define
// functions with `P`, the type of every handler's `providerData`, fixed to ApiClient, and
// everything else (the schema first) still inferred from the definition: no schema hoisted
// out to write `defineResource<typeof schema, ApiClient>`. defineProvider infers its own `P`
// from `configure` alone, and holds each listed component to it (provider.ts).
//
//   const mycloud = withProviderData<ApiClient>();
//   export const server = mycloud.resource({ typeName: "mycloud_server", schema: {...}, ... });
//   defineProvider({ ..., resources: [server], configure: async ({ config }) => new ApiClient(config) });
//
// The functions are the define functions themselves, only typed: a component made through
// them is the same object, checked the same way, and its origin in start-up errors is the
// author's call.
import { type Action, type ActionDefinition, defineAction } from "./action.js";
import {
  type DataSource,
  type DataSourceDefinition,
  type DataSourceResult,
  defineDataSource,
} from "./data-source.js";
import type { Deferred } from "./deferral.js";
import {
  defineEphemeralResource,
  type EphemeralOpenReturn,
  type EphemeralResource,
  type EphemeralResourceDefinition,
} from "./ephemeral-resource.js";
import type { IdentitySchema } from "./identity.js";
import { defineListResource, type ListResource, type ListResourceDefinition } from "./list-resource.js";
import type { PrivateData } from "./private-state.js";
import {
  defineResource,
  type ExactResourceResults,
  type Resource,
  type ResourceDefinition,
  type ResourceResults,
} from "./resource.js";
import type { ExactResult } from "./schema/exact.js";
import type { Schema } from "./schema/schema.js";
import { defineStateStore, type StateStore, type StateStoreDefinition } from "./state-store.js";

/** The define functions of components whose handlers receive `P` as `providerData`. */
export interface ProviderDataComponents<P> {
  /** defineResource, with `providerData` typed `P`. */
  resource<
    const S extends Schema,
    V extends PrivateData = never,
    M extends Schema = Schema,
    const I extends IdentitySchema = never,
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
  ): Resource<S, P, V, M, I>;
  /** defineDataSource, with `providerData` typed `P`. */
  dataSource<
    const S extends Schema,
    M extends Schema = Schema,
    R extends DataSourceResult<S> = DataSourceResult<S>,
  >(
    definition: DataSourceDefinition<S, P, M, ExactResult<DataSourceResult<S>, R, Deferred>>,
  ): DataSource<S, P, M>;
  /** defineEphemeralResource, with `providerData` typed `P`. */
  ephemeralResource<
    const S extends Schema,
    V extends PrivateData = PrivateData,
    R extends EphemeralOpenReturn<S, V> = EphemeralOpenReturn<S, V>,
  >(
    definition: EphemeralResourceDefinition<S, P, V, ExactResult<EphemeralOpenReturn<S, V>, R, Deferred>>,
  ): EphemeralResource<S, P, V>;
  /** defineListResource, with `providerData` typed `P`. */
  // biome-ignore lint/suspicious/noExplicitAny: lists any managed resource, as defineListResource does.
  listResource<const S extends Schema, R extends Resource<any, any, any, any, any>>(
    definition: ListResourceDefinition<S, R, P>,
  ): ListResource<S, R, P>;
  /** defineAction, with `providerData` typed `P`. */
  action<const S extends Schema>(definition: ActionDefinition<S, P>): Action<S, P>;
  /** defineStateStore, with `providerData` typed `P`. */
  stateStore<const S extends Schema, D = unknown>(
    definition: StateStoreDefinition<S, P, D>,
  ): StateStore<S, P, D>;
}

/**
 * The define functions for components of a provider whose `configure` returns `P`:
 * `const mycloud = withProviderData<ApiClient>()`, then `mycloud.resource({ ... })`,
 * `mycloud.dataSource({ ... })` and so on, each handler's `providerData` an ApiClient.
 */
export function withProviderData<P>(): ProviderDataComponents<P> {
  return components as ProviderDataComponents<P>;
}

// One object for every `P`: the types differ, the functions do not.
const components = Object.freeze({
  resource: defineResource,
  dataSource: defineDataSource,
  ephemeralResource: defineEphemeralResource,
  listResource: defineListResource,
  action: defineAction,
  stateStore: defineStateStore,
});
