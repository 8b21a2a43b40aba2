// The class form of components, a thin layer over the define functions: a TC39 standard
// decorator (TypeScript 5 decorators, not `experimentalDecorators`) turns a class into the
// definition object defineResource, defineDataSource, defineEphemeralResource, defineAction,
// defineStateStore or defineProviderFunction makes of the same members, by calling that
// function, and adds it to a hub (hub.ts), whose `components()` go into defineProvider's lists
// like any other definition. Nothing here registers a component with a provider.
//
//   @hub.resource("mycloud_server")
//   class Server {
//     schema = schema;
//     async create({ plan }: ResourceInput<typeof schema>["create"]) { ... }
//   }
//
// The decorator makes one instance (the constructor takes no arguments) once the class is
// fully defined, reads its fields (`schema`, `description`, ...) and its methods (bound to
// that instance, so `this` works in them), and hands them to the define function, which checks
// them as it checks a plain definition.
//
// What TypeScript infers for a class: the schema's types, from the `schema` field, and
// whether each method fits them, checked where the decorator is applied (a create returning
// the wrong shape is an error on the decorator). What it cannot infer: the types of a
// method's parameters. Decorators give no contextual types to class members, so each
// handler's parameter needs its type written out; ResourceInput and DataSourceInput name them.
import { type Action, type ActionDefinition, defineAction } from "./action.js";
import { type DataSource, type DataSourceDefinition, defineDataSource } from "./data-source.js";
import { FrameworkConfigurationError } from "./diagnostics.js";
import {
  defineEphemeralResource,
  type EphemeralResource,
  type EphemeralResourceDefinition,
} from "./ephemeral-resource.js";
import {
  defineProviderFunction,
  type ProviderFunction,
  type ProviderFunctionDefinition,
} from "./function.js";
import type { IdentitySchema } from "./identity.js";
import { copyOrigin, rememberOrigin } from "./internal/origin.js";
import type { PrivateData } from "./private-state.js";
import { defineResource, type Resource, type ResourceDefinition } from "./resource.js";
import type { Schema } from "./schema/schema.js";
import { defineStateStore, type StateStore, type StateStoreDefinition } from "./state-store.js";

/**
 * The argument of each resource callback, for classes:
 * `async create({ plan }: ResourceInput<typeof schema>["create"])`. `P` is the provider's data,
 * `V` the type of the resource's private data, when it declares `privateState`, `I` its
 * identity schema, when it declares `identity` (none by default).
 */
export type ResourceInput<
  S extends Schema,
  P = unknown,
  // biome-ignore lint/suspicious/noExplicitAny: as ResourceDefinition's default, any private data.
  V extends PrivateData = any,
  I extends IdentitySchema = never,
> = {
  readonly [K in HandlerKeys<ResourceDefinition<S, P, V, Schema, I>>]-?: FirstParameter<
    ResourceDefinition<S, P, V, Schema, I>[K]
  >;
};

/**
 * The argument of each data source callback, for classes:
 * `async read({ config }: DataSourceInput<typeof schema>["read"])`.
 */
export type DataSourceInput<S extends Schema, P = unknown> = {
  readonly [K in HandlerKeys<DataSourceDefinition<S, P>>]-?: FirstParameter<DataSourceDefinition<S, P>[K]>;
};

/**
 * The argument of each ephemeral resource callback, for classes:
 * `async open({ config }: EphemeralResourceInput<typeof schema>["open"])`.
 */
// biome-ignore lint/suspicious/noExplicitAny: as ResourceInput's, any private data.
export type EphemeralResourceInput<S extends Schema, P = unknown, V extends PrivateData = any> = {
  readonly [K in HandlerKeys<EphemeralResourceDefinition<S, P, V>>]-?: FirstParameter<
    EphemeralResourceDefinition<S, P, V>[K]
  >;
};

/** The argument of each action callback, for classes: `ActionInput<typeof schema>["invoke"]`. */
export type ActionInput<S extends Schema, P = unknown> = {
  readonly [K in HandlerKeys<ActionDefinition<S, P>>]-?: FirstParameter<ActionDefinition<S, P>[K]>;
};

/**
 * The argument of each state store callback, for classes: `StateStoreInput<typeof schema, P, D>["readState"]`,
 * `D` being what its configure returns.
 */
export type StateStoreInput<S extends Schema, P = unknown, D = unknown> = {
  readonly [K in HandlerKeys<StateStoreDefinition<S, P, D>>]-?: FirstParameter<
    StateStoreDefinition<S, P, D>[K]
  >;
};

type HandlerKeys<D> = {
  // biome-ignore lint/suspicious/noExplicitAny: matches any handler, whatever its argument.
  [K in keyof D]-?: NonNullable<D[K]> extends (...args: any[]) => unknown ? K : never;
}[keyof D];
// biome-ignore lint/suspicious/noExplicitAny: matches any handler, whatever its argument.
type FirstParameter<F> = NonNullable<F> extends (arg: infer A, ...rest: any[]) => unknown ? A : never;

/** A class the decorators accept: made with no arguments, its instances holding a schema. */
export type ComponentClass = abstract new () => { readonly schema: Schema };

type InstanceOf<C> = C extends abstract new () => infer I ? I : never;
type SchemaOf<C> = InstanceOf<C> extends { readonly schema: infer S extends Schema } ? S : never;

/** What a resource class's instances must be: a resource definition, the type name aside. */
export type ResourceClass<C, P> = abstract new () => Omit<ResourceDefinition<SchemaOf<C>, P>, "typeName">;
/** What a data source class's instances must be: a data source definition, the type name aside. */
export type DataSourceClass<C, P> = abstract new () => Omit<DataSourceDefinition<SchemaOf<C>, P>, "typeName">;
/** What an ephemeral resource class's instances must be: its definition, the type name aside. */
export type EphemeralResourceClass<C, P> = abstract new () => Omit<
  // biome-ignore lint/suspicious/noExplicitAny: any private data; open's result types it.
  EphemeralResourceDefinition<SchemaOf<C>, P, any>,
  "typeName"
>;
/** What an action class's instances must be: its definition, the type name aside. */
export type ActionClass<C, P> = abstract new () => Omit<ActionDefinition<SchemaOf<C>, P>, "typeName">;
/** What a state store class's instances must be: its definition, the type name aside. */
export type StateStoreClass<C, P> = abstract new () => Omit<
  // biome-ignore lint/suspicious/noExplicitAny: any store data; configure's result types it.
  StateStoreDefinition<SchemaOf<C>, P, any>,
  "typeName"
>;
/**
 * What a function class's instances must be: a function definition (params, returns, run), the
 * name aside. run's parameters are checked against params when the definition is made.
 */
export type FunctionClass = abstract new () => Omit<ProviderFunctionDefinition, "name" | "run"> & {
  run(...args: never[]): unknown;
};

export type ResourceDecorator<P> = <C extends ComponentClass>(
  value: C & ResourceClass<C, P>,
  context: ClassDecoratorContext<C>,
) => void;
export type DataSourceDecorator<P> = <C extends ComponentClass>(
  value: C & DataSourceClass<C, P>,
  context: ClassDecoratorContext<C>,
) => void;
export type EphemeralResourceDecorator<P> = <C extends ComponentClass>(
  value: C & EphemeralResourceClass<C, P>,
  context: ClassDecoratorContext<C>,
) => void;
export type ActionDecorator<P> = <C extends ComponentClass>(
  value: C & ActionClass<C, P>,
  context: ClassDecoratorContext<C>,
) => void;
export type StateStoreDecorator<P> = <C extends ComponentClass>(
  value: C & StateStoreClass<C, P>,
  context: ClassDecoratorContext<C>,
) => void;
export type FunctionDecorator = <C extends FunctionClass>(
  value: C,
  context: ClassDecoratorContext<C>,
) => void;

type Definition = Resource | DataSource | EphemeralResource | Action | StateStore | ProviderFunction;
const definitions = new WeakMap<object, Definition>();

/**
 * What definitionOf gives for a class, by its members: a class with `create` is a resource, one
 * with `open` an ephemeral resource, `invoke` an action, `getStates` a state store, only `read`
 * a data source (each typed with the class's schema), one with `run` a provider function.
 */
export type DefinitionOf<C extends ComponentClass | FunctionClass> =
  InstanceOf<C> extends { readonly create: unknown }
    ? Resource<SchemaOf<C>>
    : InstanceOf<C> extends { readonly open: unknown }
      ? EphemeralResource<SchemaOf<C>>
      : InstanceOf<C> extends { readonly invoke: unknown }
        ? Action<SchemaOf<C>>
        : InstanceOf<C> extends { readonly getStates: unknown }
          ? StateStore<SchemaOf<C>>
          : InstanceOf<C> extends { readonly read: unknown }
            ? DataSource<SchemaOf<C>>
            : InstanceOf<C> extends { readonly run: unknown }
              ? ProviderFunction
              : // biome-ignore lint/suspicious/noExplicitAny: a class of no known shape; the definition is checked.
                Resource<any> | DataSource<any> | EphemeralResource<any>;

/**
 * The definition a decorator made of `componentClass`: the object to list in
 * `defineProvider({ resources })` without a hub, or to serve in tests. Throws when the class was
 * not decorated.
 */
export function definitionOf<C extends ComponentClass | FunctionClass>(componentClass: C): DefinitionOf<C> {
  const definition = definitions.get(componentClass) as DefinitionOf<C> | undefined;
  if (!definition) {
    throw new FrameworkConfigurationError(`class ${componentClass.name} is not a decorated component`, {
      detail:
        'Decorate it with @hub.resource("<type name>") (or dataSource, ephemeralResource, action, stateStore) or @hub.providerFunction("<name>"), and import its module before asking for its definition.',
    });
  }
  return definition;
}

type Kind = "resource" | "data source" | "ephemeral resource" | "action" | "state store";

/** Each kind's define function, which checks what a class gives as it checks a plain definition. */
const defineByKind: Readonly<Record<Kind, (members: never) => Exclude<Definition, ProviderFunction>>> = {
  resource: defineResource,
  "data source": defineDataSource,
  "ephemeral resource": defineEphemeralResource,
  action: defineAction,
  "state store": defineStateStore,
};

/**
 * The decorator behind `hub.resource(typeName)` and `hub.dataSource(typeName)`; `register`
 * receives the definition. `decoratorName` (`@hub.resource`) describes the origin in errors,
 * and `below` is the function the author called, where the recorded call stack is cut.
 */
export function componentDecorator<P>(
  kind: Kind,
  typeName: string,
  decoratorName: string,
  register: (definition: Exclude<Definition, ProviderFunction>) => void,
  // biome-ignore lint/complexity/noBannedTypes: any function can mark where the stack is cut.
  below: Function,
): (value: ComponentClass, context: ClassDecoratorContext) => void {
  // The decorator's own line, which is where the class is; the class has no stack of its own.
  const site = rememberOrigin({}, decoratorName, below);
  return (value, context) => {
    if (context?.kind !== "class") {
      throw new FrameworkConfigurationError(
        `${decoratorName}("${typeName}") is applied to a ${String(context?.kind ?? "non-class")}`,
        {
          detail: `Apply ${decoratorName} to a class whose instances hold the ${kind}'s schema and handlers.`,
        },
      );
    }
    const className = String(context.name ?? value.name ?? "(anonymous)");
    // After the class is wholly defined, static fields included, so the instance sees them.
    context.addInitializer(function (this: unknown) {
      const componentClass = (this ?? value) as ComponentClass;
      const members = classMembers(componentClass, className, kind, typeName, "typeName");
      const definition = defineByKind[kind](members as never) as Resource<Schema, P>;
      copyOrigin(site, definition, `class ${className} (${decoratorName})`);
      definitions.set(componentClass, definition);
      if (componentClass !== value) definitions.set(value, definition);
      register(definition);
    });
  };
}

/**
 * The decorator behind `hub.providerFunction(name)`: the class's `params`, `returns` and `run` (and
 * the optional texts) become a provider function, checked as defineProviderFunction checks it.
 */
export function functionDecorator(
  name: string,
  register: (fn: ProviderFunction) => void,
  // biome-ignore lint/complexity/noBannedTypes: any function can mark where the stack is cut.
  below: Function,
): (value: FunctionClass, context: ClassDecoratorContext) => void {
  const site = rememberOrigin({}, "@hub.providerFunction", below);
  return (value, context) => {
    if (context?.kind !== "class") {
      throw new FrameworkConfigurationError(
        `@hub.providerFunction("${name}") is applied to a ${String(context?.kind ?? "non-class")}`,
        { detail: "Apply @hub.providerFunction to a class with params, returns and a run method." },
      );
    }
    const className = String(context.name ?? value.name ?? "(anonymous)");
    context.addInitializer(function (this: unknown) {
      const functionClass = (this ?? value) as unknown as ComponentClass;
      const members = classMembers(functionClass, className, "function", name, "name");
      const fn = defineProviderFunction(members as never) as unknown as ProviderFunction;
      copyOrigin(site, fn, `class ${className} (@hub.providerFunction)`);
      definitions.set(functionClass, fn);
      if ((functionClass as unknown) !== value) definitions.set(value, fn);
      register(fn);
    });
  };
}

/**
 * One instance's fields and methods as a plain definition: own fields as they are, methods
 * from the class and its ancestors bound to the instance.
 */
function classMembers(
  componentClass: ComponentClass,
  className: string,
  kind: Kind | "function",
  typeName: string,
  /** The member the decorator's name fills: `typeName`, or a function's `name`. */
  nameField: "typeName" | "name",
): Record<string, unknown> {
  let instance: Record<string, unknown>;
  try {
    instance = new (componentClass as unknown as new () => Record<string, unknown>)();
  } catch (err) {
    throw new FrameworkConfigurationError(
      `${kind} ${typeName}: class ${className} could not be constructed`,
      {
        detail: `The decorator makes one instance with no arguments; its constructor threw: ${err instanceof Error ? err.message : String(err)}`,
        cause: err,
      },
    );
  }
  const members: Record<string, unknown> = {};
  for (let proto = Object.getPrototypeOf(instance); proto && proto !== Object.prototype; ) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name === "constructor" || Object.hasOwn(members, name)) continue;
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (typeof descriptor?.value === "function") members[name] = descriptor.value.bind(instance);
    }
    proto = Object.getPrototypeOf(proto);
  }
  Object.assign(members, instance);
  if (members[nameField] !== undefined && members[nameField] !== typeName) {
    throw new FrameworkConfigurationError(
      `class ${className} is decorated as ${kind} ${typeName} but says ${nameField} "${String(members[nameField])}"`,
      {
        detail: `Give the ${nameField === "name" ? "name" : "type name"} once, in the decorator; remove the ${nameField} field.`,
      },
    );
  }
  members[nameField] = typeName;
  return members;
}
