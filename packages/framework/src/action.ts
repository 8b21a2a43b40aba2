// Actions: operations Terraform runs on request, outside the create/read/update/delete cycle of
// a resource (restart a server, flush a cache, send a notification). A practitioner declares an
// `action "<type>" "<name>" { config { ... } }` block and Terraform invokes it either from a
// resource's `lifecycle { action_trigger { ... } }` or with `terraform apply -invoke=...`.
// An action has a configuration but no state: it reports progress while it runs, then succeeds
// or fails. Terraform calls actions from v1.14; OpenTofu never does.

import type * as cty from "@tsvider/cty";
import type { Logger } from "@tsvider/rpcplugin";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { rememberOrigin } from "./internal/origin.js";
import { checkSchema } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

/** What every action callback receives. */
export interface ActionContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /**
   * Fires when Terraform cancels the invocation or asks the provider to stop (Ctrl-C): stop
   * what you are doing and return (or throw) soon.
   */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
  /** The provider's log, named by this action type, secrets masked. */
  readonly log: Logger;
}

/** What `invoke` receives beyond the common context. */
export interface ActionInvocation<S extends Schema, P> extends ActionContext<P> {
  /** The action's `config` block, wholly known. */
  readonly config: Config<S>;
  /** Shows a line in Terraform's output while the action runs: `Action action.x.y: <message>`. */
  progress(message: string): void;
}

/**
 * What `defineAction` takes: an action's type name, the schema of its `config` block, and the
 * handlers that plan and invoke it.
 */
export interface ActionDefinition<S extends Schema = Schema, P = unknown> {
  /** The type name, prefixed with the provider name: `mycloud_restart`. */
  readonly typeName: string;
  /** The schema of the action's `config` block. */
  readonly schema: S;
  readonly description?: string;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(ctx: ActionContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /**
   * Runs while Terraform plans the invocation: report what would fail (a missing permission,
   * a target that does not exist) before anything is applied. Values may still be unknown.
   */
  plan?(ctx: ActionContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /** Does the work; resolves when done. A throw or an error diagnostic fails the action. */
  invoke(ctx: ActionInvocation<S, P>): Promise<void>;
}

/** A checked action definition, ready for defineProvider. */
export interface Action<S extends Schema = Schema, P = unknown> extends ActionDefinition<S, P> {
  /**
   * Phantom, never set: the `providerData` its handlers expect. First of the members, so that
   * listing it in a provider whose `configure` returns another type is reported by this name,
   * in a few lines (the comparison stops at the first member that differs).
   */
  __providerData?(data: P): void;
  readonly kind: "action";
  readonly valueType: cty.ObjectType;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/** Defines an action. Throws FrameworkConfigurationError when it is unusable. */
export function defineAction<const S extends Schema, P = unknown>(
  definition: ActionDefinition<S, P>,
): Action<S, P> {
  const name = definition.typeName;
  if (typeof name !== "string" || !typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`action type name "${String(name)}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_restart.",
    });
  }
  if (typeof definition.invoke !== "function") {
    throw new FrameworkConfigurationError(`action ${name} has no invoke`, {
      detail: "An action does its work in invoke: give it an async invoke({ config, progress }).",
    });
  }
  for (const optional of ["validateConfig", "plan"] as const) {
    const fn = definition[optional];
    if (fn !== undefined && typeof fn !== "function") {
      throw new FrameworkConfigurationError(`action ${name}: ${optional} is not a function`, {
        detail: `Give ${optional} as an async function, or leave it out.`,
      });
    }
  }
  // The action block's meta-arguments (count, for_each, provider) sit beside its config block,
  // so no attribute name is reserved inside it.
  checkSchema(`action ${name}`, definition.schema);
  checkNothingComputed(name, definition.schema);
  const action: Action<S, P> = Object.freeze({
    ...definition,
    kind: "action",
    valueType: impliedType(definition.schema),
  });
  return rememberOrigin(action, "defineAction", defineAction);
}

/**
 * An action answers no values, so an attribute only the provider could set would stay null
 * forever; Terraform would also refuse a value for it in the config block.
 */
function checkNothingComputed(typeName: string, schema: Schema, prefix: readonly string[] = []): void {
  for (const [name, entry] of Object.entries(schema)) {
    const path = [...prefix, name];
    if (entry.kind !== "block") {
      const options = entry.options as Readonly<Record<string, unknown>>;
      if (options.computed === true) {
        throw new FrameworkConfigurationError(
          `action ${typeName}: attribute "${path.join(".")}" is computed, which an action cannot fill in`,
          {
            detail: "An action has a configuration and no result. Make the attribute required or optional.",
            path: path.map((attribute) => ({ attribute })),
          },
        );
      }
    }
    if (entry.kind === "nested") checkNothingComputed(typeName, entry.attributes, path);
    if (entry.kind === "block") checkNothingComputed(typeName, entry.schema, path);
  }
}

/**
 * The provider's actions by type. Throws FrameworkConfigurationError for an entry that is not
 * one, a type name outside the provider's prefix, or one listed twice.
 */
export function collectActions<P>(
  providerName: string,
  // biome-ignore lint/suspicious/noExplicitAny: actions of any schema.
  list: readonly Action<any, P>[],
  // biome-ignore lint/suspicious/noExplicitAny: as above.
): ReadonlyMap<string, Action<any, P>> {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  const byType = new Map<string, Action<any, P>>();
  for (const action of list) {
    if (action?.kind !== "action") {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: an entry of actions is not an action`,
        {
          detail: "List what defineAction returns in defineProvider({ actions }).",
        },
      );
    }
    const name = action.typeName;
    if (!name.startsWith(`${providerName}_`)) {
      throw new FrameworkConfigurationError(
        `provider ${providerName}: action ${name} does not start with "${providerName}_"`,
        {
          detail: `Terraform finds an action's provider by its prefix: name it ${providerName}_<something>.`,
        },
      );
    }
    if (byType.has(name)) {
      throw new FrameworkConfigurationError(`provider ${providerName}: action ${name} is listed twice`, {
        detail: "List each action once, and give each its own type name.",
      });
    }
    byType.set(name, action);
  }
  return byType;
}
