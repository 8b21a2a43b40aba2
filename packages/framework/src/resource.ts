// Managed resources: the author's definition, and the checks it passes at start-up.
import type * as cty from "@tsvider/cty";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import { checkSchema, reservedResourceNames } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, Plan, State, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

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
  checkSchema(`resource ${name}`, definition.schema, {
    writeOnlyAllowed: true,
    reservedNames: reservedResourceNames,
  });
  if (!definition.update) {
    const changeable = changeableInPlace(definition.schema);
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
  return Object.freeze({ ...definition, valueType: impliedType(definition.schema) });
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
    const { required, optional, requiresReplace } = entry.options;
    if (!(required || optional) || requiresReplace) continue;
    if (entry.kind === "attribute") return path;
    // A nested attribute changes in place only through what is inside it: an element added or
    // removed also changes each requiresReplace attribute inside, which replaces.
    const inner = changeableInPlace(entry.attributes, path);
    if (inner) return inner;
  }
  return undefined;
}
