// Managed resources: the author's definition, and the checks it passes at start-up.
import type * as cty from "@tsvider/cty";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import type { Schema } from "./schema/attributes.js";
import { checkSchema, schemaType } from "./schema/check.js";
import type { Config, Plan, State, ValidationConfig } from "./schema/infer.js";

/** What every resource callback receives. */
export interface ResourceContext<P = unknown> {
  /** Whatever the provider's `configure` returned; undefined before configuration. */
  readonly providerData: P;
  /** Fires when Terraform asks the provider to stop (Ctrl-C). */
  readonly signal: AbortSignal;
  /** Add warnings or errors here; or throw a TsviderError. */
  readonly diagnostics: Diagnostics;
}

export interface ResourceDefinition<S extends Schema = Schema, P = unknown> {
  /** The resource type name, prefixed with the provider name: `mycloud_server`. */
  readonly typeName: string;
  readonly schema: S;
  readonly description?: string;
  /** Checks beyond the schema's; config values may still be unknown here. */
  validateConfig?(ctx: ResourceContext<P> & { readonly config: ValidationConfig<S> }): void | Promise<void>;
  /** Creates the object and returns its state: the plan with every unknown filled in. */
  create(ctx: ResourceContext<P> & { readonly plan: Plan<S>; readonly config: Config<S> }): Promise<State<S>>;
  /** Returns the object as it is now, or null when it no longer exists. */
  read(ctx: ResourceContext<P> & { readonly state: State<S> }): Promise<State<S> | null>;
  /** Changes the object in place. Needed unless every configurable attribute requires replacement. */
  update?(
    ctx: ResourceContext<P> & {
      readonly plan: Plan<S>;
      readonly state: State<S>;
      readonly config: Config<S>;
    },
  ): Promise<State<S>>;
  delete(ctx: ResourceContext<P> & { readonly state: State<S> }): Promise<void>;
  /**
   * `tofu import` and `import {}` blocks: turns the ID the practitioner gave into enough state
   * for `read` to find the object. Attributes left out are null until `read` fills them.
   */
  importState?(ctx: ResourceContext<P> & { readonly id: string }): Promise<Partial<State<S>>>;
}

/** A checked resource definition, ready for defineProvider. */
export interface Resource<S extends Schema = Schema, P = unknown> extends ResourceDefinition<S, P> {
  readonly valueType: cty.ObjectType;
}

const typeNamePattern = /^[a-z][a-z0-9_]*$/;

/** Defines a managed resource. Throws FrameworkConfigurationError when the definition is unusable. */
export function defineResource<const S extends Schema, P = unknown>(
  definition: ResourceDefinition<S, P>,
): Resource<S, P> {
  const name = definition.typeName;
  if (!typeNamePattern.test(name)) {
    throw new FrameworkConfigurationError(`resource type name "${name}" is not valid`, {
      detail:
        "Use lowercase letters, digits and underscores, starting with the provider name: mycloud_server.",
    });
  }
  checkSchema(`resource ${name}`, definition.schema);
  if (!definition.update) {
    const changeable = Object.entries(definition.schema).filter(
      ([, a]) => (a.options.required || a.options.optional) && !a.options.requiresReplace,
    );
    if (changeable.length > 0) {
      throw new FrameworkConfigurationError(
        `resource ${name} has no update, but "${changeable[0]![0]}" can change in place`,
        {
          detail: "Add an update handler, or mark every configurable attribute requiresReplace.",
          path: [{ attribute: changeable[0]![0] }],
        },
      );
    }
  }
  return Object.freeze({ ...definition, valueType: schemaType(definition.schema) });
}
