// The hub: a thin layer over defineProvider's lists, for providers whose components are
// spread over many modules or written as classes. It only gathers: `hub.add` takes what the
// define functions return (defineResource, defineDataSource, defineEphemeralResource,
// defineProviderFunction, defineListResource, defineAction, defineStateStore), and its class
// decorators (decorators.ts) turn a class into the same definition through the same define
// function and add it. `hub.components()` gives what it gathered in the lists defineProvider
// takes, which is the one way components join a provider:
//
//   export const hub = createHub<ApiClient>();
//   hub.add(serverResource, imageDataSource, tokenEphemeral, upperFunction);
//
//   @hub.resource("mycloud_volume")
//   class Volume { schema = volumeSchema; async create(...) {...} ... }
//
//   @hub.providerFunction("slug")
//   class Slug { params = [{ name: "text", type: t.string }]; returns = t.string; run(text: string) {...} }
//
//   defineProvider({ name: "mycloud", version: "1.0.0", ...hub.components(), configure: ... });
//
// The hub keeps components in the order they arrive and checks nothing but that each is a
// component: defineProvider checks the lists (prefix, duplicates), naming both definitions of
// a duplicated type name and where each was made, a decorated class by its name. The hub sits
// on top of the definitions: it imports them (and the shape of defineProvider's lists), and no
// definition imports it.
import type { Action } from "./action.js";
import type { DataSource } from "./data-source.js";
import {
  type ActionDecorator,
  componentDecorator,
  type DataSourceDecorator,
  type EphemeralResourceDecorator,
  type FunctionDecorator,
  functionDecorator,
  type ResourceDecorator,
  type StateStoreDecorator,
} from "./decorators.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import type { EphemeralResource } from "./ephemeral-resource.js";
import type { ProviderFunction } from "./function.js";
import { describeValue } from "./internal/origin.js";
import type { ListResource } from "./list-resource.js";
import type { ProviderDefinition } from "./provider.js";
import type { Resource } from "./resource.js";
import type { Schema } from "./schema/schema.js";
import type { StateStore } from "./state-store.js";

// biome-ignore lint/suspicious/noExplicitAny: components of any schema, sharing the provider's data.
export type AnyResource<P = unknown> = Resource<any, P>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyResource.
export type AnyDataSource<P = unknown> = DataSource<any, P>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyResource, with any private data.
export type AnyEphemeralResource<P = unknown> = EphemeralResource<any, P, any>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyResource, listing any resource.
export type AnyListResource<P = unknown> = ListResource<any, any, P>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyResource.
export type AnyAction<P = unknown> = Action<any, P>;
// biome-ignore lint/suspicious/noExplicitAny: as AnyResource, with any stored data.
export type AnyStateStore<P = unknown> = StateStore<any, P, any>;
// biome-ignore lint/suspicious/noExplicitAny: functions of any parameters and return type.
export type AnyFunction = ProviderFunction<any, any, any>;
/** A component of any kind, as its define function returned it. */
export type Component<P = unknown> =
  | AnyResource<P>
  | AnyDataSource<P>
  | AnyEphemeralResource<P>
  | AnyListResource<P>
  | AnyAction<P>
  | AnyStateStore<P>
  | AnyFunction;

/** The lists of components defineProvider takes, each holding what a hub gathered of its kind. */
export type HubComponents<P = unknown> = Required<
  Pick<
    ProviderDefinition<Schema, P>,
    | "resources"
    | "dataSources"
    | "ephemeralResources"
    | "listResources"
    | "actions"
    | "stateStores"
    | "functions"
  >
>;

/**
 * Gathers components defined in several modules, by decorator or by `add`, for one provider:
 * `defineProvider({ name, version, ...hub.components() })`. Make one with `createHub`.
 */
export class Hub<P = unknown> {
  readonly #resources: AnyResource<P>[] = [];
  readonly #dataSources: AnyDataSource<P>[] = [];
  readonly #functions: ProviderFunction[] = [];
  readonly #ephemeralResources: AnyEphemeralResource<P>[] = [];
  readonly #listResources: AnyListResource<P>[] = [];
  readonly #actions: AnyAction<P>[] = [];
  readonly #stateStores: AnyStateStore<P>[] = [];

  /**
   * What the hub has gathered, in the lists defineProvider takes:
   * `defineProvider({ name, version, ...hub.components() })`. Copies, taken when called: a
   * component added later joins no provider defined before.
   */
  components(): HubComponents<P> {
    return {
      resources: [...this.#resources],
      dataSources: [...this.#dataSources],
      ephemeralResources: [...this.#ephemeralResources],
      listResources: [...this.#listResources],
      actions: [...this.#actions],
      stateStores: [...this.#stateStores],
      functions: [...this.#functions],
    };
  }

  /** Adds components of any kind, as their define functions returned them. */
  add(...components: readonly Component<P>[]): this {
    for (const component of components) {
      switch ((component as { readonly kind?: unknown } | null | undefined)?.kind) {
        case "resource":
          this.#resources.push(component as AnyResource<P>);
          break;
        case "data source":
          this.#dataSources.push(component as AnyDataSource<P>);
          break;
        case "ephemeral resource":
          this.#ephemeralResources.push(component as AnyEphemeralResource<P>);
          break;
        case "function":
          this.#functions.push(component as ProviderFunction);
          break;
        case "list resource":
          this.#listResources.push(component as AnyListResource<P>);
          break;
        case "action":
          this.#actions.push(component as AnyAction<P>);
          break;
        case "state store":
          this.#stateStores.push(component as AnyStateStore<P>);
          break;
        default:
          throw new FrameworkConfigurationError("hub.add was given something that is not a component", {
            detail: `Got ${describeValue(component)}. Pass what defineResource, defineDataSource, defineEphemeralResource, defineProviderFunction, defineListResource, defineAction or defineStateStore returned; decorated classes add themselves.`,
          });
      }
    }
    return this;
  }

  /** A class decorator: the class becomes a managed resource of this type and joins the hub. */
  resource(typeName: string): ResourceDecorator<P> {
    return this.#decorator("resource", typeName, Hub.prototype.resource) as unknown as ResourceDecorator<P>;
  }

  /** A class decorator: the class becomes a data source of this type and joins the hub. */
  dataSource(typeName: string): DataSourceDecorator<P> {
    return this.#decorator(
      "data source",
      typeName,
      Hub.prototype.dataSource,
    ) as unknown as DataSourceDecorator<P>;
  }

  /** A class decorator: the class becomes an ephemeral resource of this type and joins the hub. */
  ephemeralResource(typeName: string): EphemeralResourceDecorator<P> {
    return this.#decorator(
      "ephemeral resource",
      typeName,
      Hub.prototype.ephemeralResource,
    ) as unknown as EphemeralResourceDecorator<P>;
  }

  /** A class decorator: the class becomes an action of this type and joins the hub. */
  action(typeName: string): ActionDecorator<P> {
    return this.#decorator("action", typeName, Hub.prototype.action) as unknown as ActionDecorator<P>;
  }

  /** A class decorator: the class becomes a state store of this type and joins the hub. */
  stateStore(typeName: string): StateStoreDecorator<P> {
    return this.#decorator(
      "state store",
      typeName,
      Hub.prototype.stateStore,
    ) as unknown as StateStoreDecorator<P>;
  }

  /**
   * A class decorator turning the class into a `kind` component of this hub; `method` is the
   * hub's own decorator method, which names it in errors (`@hub.<method>`) and marks where the
   * stack is cut for the class's origin.
   */
  // biome-ignore lint/complexity/noBannedTypes: one of this class's methods.
  #decorator(kind: Parameters<typeof componentDecorator>[0], typeName: string, method: Function) {
    return componentDecorator<P>(
      kind,
      typeName,
      `@hub.${method.name}`,
      (definition) => this.add(definition as Component<P>),
      method,
    );
  }

  /**
   * A class decorator: the class (its `params`, `returns` and `run`, as
   * defineProviderFunction takes them) becomes the provider function `name` and joins the hub.
   */
  providerFunction(name: string): FunctionDecorator {
    return functionDecorator(name, (fn) => this.add(fn), Hub.prototype.providerFunction);
  }
}

/** A new, empty hub; `P` is what the provider's configure returns (providerData). */
export function createHub<P = unknown>(): Hub<P> {
  return new Hub<P>();
}
