// The provider: its own configuration and the components it serves. Components join a provider
// one way, in its lists (`resources`, `dataSources`, `functions`, ...); a hub (hub.ts) is a thin
// layer that gathers components into those lists.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import { type Action, collectActions } from "./action.js";
import type { DataSource } from "./data-source.js";
import type { Deferred, ProviderDeferralAccess } from "./deferral.js";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { collectEphemeralResources, type EphemeralResource } from "./ephemeral-resource.js";
import type { ProviderFunction } from "./function.js";
import { describeOrigin, describeValue } from "./internal/origin.js";
import { collectListResources, type ListResource } from "./list-resource.js";
import { minimumSecretBytes } from "./private-state.js";
import type { Resource } from "./resource.js";
import { checkSchema, reservedProviderNames } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";
import { collectStateStores, type StateStore } from "./state-store.js";
import type { ErrorContext, ErrorMapping } from "./values/handler.js";

/**
 * What `defineProvider` takes: the provider's name and version, the schema of its configuration,
 * its `configure` handler and every component it serves.
 */
export interface ProviderDefinition<S extends Schema = Schema, P = unknown, M extends Schema = Schema> {
  /** The provider's type name, as in `tsvider` for `tsvider_file_content`. */
  readonly name: string;
  readonly version: string;
  readonly schema?: S;
  /**
   * The schema of the `provider_meta "<name>"` block a module may set in its `terraform`
   * block. Resources and data sources receive it as `providerMeta` when they are planned,
   * applied or read (null when the module sets none); declare the same schema object as the
   * component's `metaSchema` to have it typed there.
   */
  readonly metaSchema?: M;
  readonly description?: string;
  /**
   * The secret resources' private state is encrypted with, when the practitioner sets none in
   * TSVIDER_PRIVATE_STATE_SECRET (which wins). Anyone holding the provider's code holds this
   * one, so it protects the data from being changed but not from being read. Several: the
   * first encrypts, all decrypt (to rotate). At least 16 characters each.
   */
  readonly privateStateSecret?: string | readonly string[];
  // The lists are NoInfer: P comes from `configure` alone, and each component is held to it,
  // so one written for another provider's data is a type error at that component.
  // biome-ignore lint/suspicious/noExplicitAny: resources of any schema, sharing this provider's data.
  readonly resources?: readonly Resource<any, NoInfer<P>>[];
  // biome-ignore lint/suspicious/noExplicitAny: data sources of any schema, sharing this provider's data.
  readonly dataSources?: readonly DataSource<any, NoInfer<P>>[];
  /**
   * Provider functions (`defineProviderFunction`), called as `provider::<name>::<function>`.
   * They run without the provider's configuration: Terraform calls them on an instance it
   * never configures.
   */
  // biome-ignore lint/suspicious/noExplicitAny: functions of any parameters and return type.
  readonly functions?: readonly ProviderFunction<any, any, any>[];
  /** Ephemeral resources (`defineEphemeralResource`): opened for a run, never stored. */
  // biome-ignore lint/suspicious/noExplicitAny: ephemeral resources of any schema and private data.
  readonly ephemeralResources?: readonly EphemeralResource<any, NoInfer<P>, any>[];
  /**
   * List resources (`defineListResource`): searches for existing objects of a managed resource,
   * run by `terraform query` for the list blocks of `*.tfquery.hcl` files (Terraform only).
   */
  // biome-ignore lint/suspicious/noExplicitAny: list resources of any schema and resource.
  readonly listResources?: readonly ListResource<any, any, NoInfer<P>>[];
  /** Actions (`defineAction`): run by `action_trigger` or `terraform apply -invoke` (Terraform only). */
  // biome-ignore lint/suspicious/noExplicitAny: actions of any schema.
  readonly actions?: readonly Action<any, NoInfer<P>>[];
  /** State stores (`defineStateStore`): Terraform's state kept by this provider (Terraform only). */
  // biome-ignore lint/suspicious/noExplicitAny: state stores of any schema and store data.
  readonly stateStores?: readonly StateStore<any, NoInfer<P>, any>[];
  validateConfig?(ctx: {
    readonly config: ValidationConfig<S>;
    readonly diagnostics: Diagnostics;
    /** The provider's log, named by the provider (`@module` provider.mycloud), secrets masked. */
    readonly log: Logger;
  }): void | Promise<void>;
  /**
   * Runs once per provider process before any resource operation (again under debug reattach).
   * What it returns reaches every resource callback as `providerData`.
   */
  configure?(
    ctx: ProviderDeferralAccess & {
      readonly config: Config<S>;
      readonly terraformVersion: string;
      readonly diagnostics: Diagnostics;
      readonly signal: AbortSignal;
      /** As validateConfig's. */
      readonly log: Logger;
    },
  ): P | Promise<P> | Deferred;
  /**
   * When the configuration holds a value not known until apply (set from a resource not yet
   * created), configure is not called: every resource, data source and ephemeral resource
   * call of the process answers "deferred" (provider_config_unknown) without calling its
   * handler. Only a run that accepts deferral (Terraform's `-allow-deferral`) may be
   * answered so; any other fails with an error saying what was deferred.
   */
  readonly deferWhenConfigUnknown?: boolean;
  /**
   * Turns an exception one of the provider's handlers threw into the diagnostic the
   * practitioner reads, once for every component: `ctx` says which component (`kind`,
   * `component`) and which handler (`operation`: `create`, `read`, `configure`, `call`, ...).
   * Return a TsviderError (ResourceError, ...) or `{ summary, detail?, path? }`, or undefined
   * for an exception it does not know, which is then reported as though there were no mapper:
   * a programming error (TypeError, ReferenceError, ...) as a bug in the provider, anything
   * else as "Could not create <type>" with the exception's message. A TsviderError a handler
   * throws and a cancellation never reach it. Secrets of the operation are masked in what it
   * returns. It must answer at once (not async), and what it throws is reported as a bug in
   * it, with the original exception's message.
   */
  mapError?(err: unknown, ctx: ErrorContext): ErrorMapping | undefined;
}

/** A provider as `defineProvider` returns it, checked and indexed by type name, ready for `serve`. */
export interface Provider<S extends Schema = Schema, P = unknown, M extends Schema = Schema>
  extends ProviderDefinition<S, P, M> {
  readonly configType: cty.ObjectType;
  /** The type of `metaSchema`'s values; undefined when the provider declares none. */
  readonly metaType: cty.ObjectType | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.resources.
  readonly resourcesByType: ReadonlyMap<string, Resource<any, P>>;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.dataSources.
  readonly dataSourcesByType: ReadonlyMap<string, DataSource<any, P>>;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.ephemeralResources.
  readonly ephemeralResourcesByType: ReadonlyMap<string, EphemeralResource<any, P, any>>;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.listResources.
  readonly listResourcesByType: ReadonlyMap<string, ListResource<any, any, P>>;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.actions.
  readonly actionsByType: ReadonlyMap<string, Action<any, P>>;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.stateStores.
  readonly stateStoresByType: ReadonlyMap<string, StateStore<any, P, any>>;
  readonly functionsByName: ReadonlyMap<string, ProviderFunction>;
}

/**
 * Defines a provider from its components. Every component is checked here, so a mistake in a
 * schema or a name fails at startup rather than when Terraform first calls.
 *
 * @param definition the provider's name, version, configuration schema and components
 * @returns the provider, to pass to `serve` (or to `testProvider` in tests)
 * @throws FrameworkConfigurationError when the definition is unusable; the message names the
 *   component and what to change
 */
export function defineProvider<
  const S extends Schema = Record<never, never>,
  P = unknown,
  const M extends Schema = Record<never, never>,
>(definition: ProviderDefinition<S, P, M>): Provider<S, P, M> {
  if (!/^[a-z][a-z0-9]*$/.test(definition.name)) {
    throw new FrameworkConfigurationError(`provider name "${definition.name}" is not valid`, {
      detail:
        "A provider name is lowercase letters and digits, starting with a letter (no underscores or dashes).",
    });
  }
  const schema = (definition.schema ?? {}) as S;
  checkSchema(`provider ${definition.name}`, schema, { reservedNames: reservedProviderNames });
  if (definition.metaSchema !== undefined) {
    checkSchema(`provider ${definition.name} metaSchema`, definition.metaSchema, {
      reservedNames: reservedProviderNames,
    });
  }
  checkPrivateStateSecret(definition.name, definition.privateStateSecret);
  if (definition.mapError !== undefined && typeof definition.mapError !== "function") {
    throw new FrameworkConfigurationError(`provider ${definition.name}: mapError is not a function`, {
      detail: `It is ${describeValue(definition.mapError)}. Give mapError(err, ctx) returning a TsviderError, { summary, detail?, path? } or undefined, or leave it out.`,
    });
  }
  // Prefixes and duplicates.
  const resourcesByType = byType(definition.name, "resource", definition.resources ?? []);
  const dataSourcesByType = byType(definition.name, "data source", definition.dataSources ?? []);
  checkMetaSchemas(definition.name, definition.metaSchema, [
    ...resourcesByType.values(),
    ...dataSourcesByType.values(),
  ]);
  return Object.freeze({
    ...definition,
    schema,
    configType: impliedType(schema),
    metaType: definition.metaSchema === undefined ? undefined : impliedType(definition.metaSchema),
    resourcesByType,
    dataSourcesByType,
    ephemeralResourcesByType: collectEphemeralResources(definition.name, definition.ephemeralResources ?? []),
    listResourcesByType: collectListResources(
      definition.name,
      definition.listResources ?? [],
      resourcesByType,
    ),
    actionsByType: collectActions(definition.name, definition.actions ?? []),
    stateStoresByType: collectStateStores(definition.name, definition.stateStores ?? []),
    functionsByName: collectFunctions(definition.name, definition.functions ?? []),
  });
}

function checkPrivateStateSecret(provider: string, secret: string | readonly string[] | undefined): void {
  const secrets = typeof secret === "string" ? [secret] : (secret ?? []);
  for (const one of secrets) {
    if (Buffer.byteLength(one, "utf8") < minimumSecretBytes) {
      throw new FrameworkConfigurationError(`provider ${provider}: privateStateSecret is too short`, {
        detail: `A private state secret needs at least ${minimumSecretBytes} bytes; use a random string such as the output of \`openssl rand -base64 32\`.`,
      });
    }
  }
}

/**
 * A component's metaSchema only types its `providerMeta`; the values come as the provider's
 * metaSchema describes them, so a component naming another schema would be typed wrongly.
 */
function checkMetaSchemas(
  provider: string,
  metaSchema: Schema | undefined,
  components: readonly { readonly typeName: string; readonly metaSchema?: Schema | undefined }[],
): void {
  for (const component of components) {
    if (component.metaSchema === undefined || component.metaSchema === metaSchema) continue;
    throw new FrameworkConfigurationError(
      `${component.typeName} declares a metaSchema that is not provider ${provider}'s`,
      {
        detail:
          metaSchema === undefined
            ? "Declare the schema as the provider's metaSchema too (defineProvider({ metaSchema })), or remove it from the component."
            : "Give the component the same schema object as the provider's metaSchema: define it once and use it in both.",
      },
    );
  }
}

/**
 * A provider's resources or data sources by type name. Throws FrameworkConfigurationError for
 * a type name outside the provider's prefix, or one defined (or listed) twice.
 */
function byType<T extends { readonly kind: string; readonly typeName: string }>(
  providerName: string,
  kind: "resource" | "data source",
  components: readonly T[],
): Map<string, T> {
  const found = new Map<string, T>();
  for (const component of components) {
    if (component?.kind !== (kind === "resource" ? "resource" : "data source")) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: the ${kind === "resource" ? "resources" : "dataSources"} list holds ${describeValue(component)}`,
        {
          detail: `List what ${kind === "resource" ? "defineResource" : "defineDataSource"} returned (for a decorated class, definitionOf(TheClass)).`,
        },
      );
    }
    const name = component.typeName;
    const origin = describeOrigin(component, `${kind} ${name}`);
    if (!name.startsWith(`${providerName}_`)) {
      throw new FrameworkConfigurationError(
        `${kind} ${name} does not start with the provider name "${providerName}_" (${origin})`,
        {
          detail: `Terraform finds a ${kind}'s provider by this prefix; rename the type to ${providerName}_${name.replace(/^[a-z0-9]+_/, "")} or similar.`,
        },
      );
    }
    const earlier = found.get(name);
    if (earlier === component) {
      throw new FrameworkConfigurationError(`${kind} ${name} is defined twice`, {
        detail: `The same definition (${origin}) is listed twice in the provider's ${kind === "resource" ? "resources" : "dataSources"}; list it once.`,
      });
    }
    if (earlier) {
      throw new FrameworkConfigurationError(`${kind} ${name} is defined twice`, {
        detail: `First by ${describeOrigin(earlier, "an earlier definition")}, then by ${origin}. Each ${kind} type name may appear once in a provider: rename or remove one of them.`,
      });
    }
    found.set(name, component);
  }
  return found;
}

/** Functions by name; two of one name would leave Terraform calling the wrong one. */
function collectFunctions(
  provider: string,
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.functions.
  functions: readonly ProviderFunction<any, any, any>[],
): ReadonlyMap<string, ProviderFunction> {
  const byName = new Map<string, ProviderFunction>();
  for (const fn of functions) {
    if (fn?.kind !== "function") {
      throw new FrameworkConfigurationError(`provider ${provider}: an entry of functions is not a function`, {
        detail: "List what defineProviderFunction returns in defineProvider({ functions }).",
      });
    }
    if (byName.has(fn.name)) {
      throw new FrameworkConfigurationError(`provider ${provider}: function ${fn.name} is defined twice`, {
        detail: "Give each provider function its own name, or list it once.",
      });
    }
    byName.set(fn.name, fn as ProviderFunction);
  }
  return byName;
}
