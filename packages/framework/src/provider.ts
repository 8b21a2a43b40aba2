// The provider: its own configuration and the components it serves.
import type * as cty from "@tsvider/cty";
import { type Diagnostics, FrameworkConfigurationError } from "./diagnostics.js";
import type { Resource } from "./resource.js";
import { checkSchema, reservedProviderNames } from "./schema/check.js";
import { impliedType } from "./schema/implied-type.js";
import type { Config, ValidationConfig } from "./schema/infer.js";
import type { Schema } from "./schema/schema.js";

export interface ProviderDefinition<S extends Schema = Schema, P = unknown> {
  /** The provider's type name, as in `tsvider` for `tsvider_file_content`. */
  readonly name: string;
  readonly version: string;
  readonly schema?: S;
  readonly description?: string;
  // biome-ignore lint/suspicious/noExplicitAny: resources of any schema, sharing this provider's data.
  readonly resources?: readonly Resource<any, P>[];
  validateConfig?(ctx: {
    readonly config: ValidationConfig<S>;
    readonly diagnostics: Diagnostics;
  }): void | Promise<void>;
  /**
   * Runs once per provider process before any resource operation (again under debug reattach).
   * What it returns reaches every resource callback as `providerData`.
   */
  configure?(ctx: {
    readonly config: Config<S>;
    readonly terraformVersion: string;
    readonly diagnostics: Diagnostics;
    readonly signal: AbortSignal;
  }): P | Promise<P>;
}

export interface Provider<S extends Schema = Schema, P = unknown> extends ProviderDefinition<S, P> {
  readonly configType: cty.ObjectType;
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.resources.
  readonly resourcesByType: ReadonlyMap<string, Resource<any, P>>;
}

export function defineProvider<const S extends Schema = Record<never, never>, P = unknown>(
  definition: ProviderDefinition<S, P>,
): Provider<S, P> {
  if (!/^[a-z][a-z0-9]*$/.test(definition.name)) {
    throw new FrameworkConfigurationError(`provider name "${definition.name}" is not valid`, {
      detail:
        "A provider name is lowercase letters and digits, starting with a letter (no underscores or dashes).",
    });
  }
  const schema = (definition.schema ?? {}) as S;
  checkSchema(`provider ${definition.name}`, schema, { reservedNames: reservedProviderNames });
  // biome-ignore lint/suspicious/noExplicitAny: see ProviderDefinition.resources.
  const resourcesByType = new Map<string, Resource<any, P>>();
  for (const resource of definition.resources ?? []) {
    if (!resource.typeName.startsWith(`${definition.name}_`)) {
      throw new FrameworkConfigurationError(
        `resource ${resource.typeName} does not start with the provider name "${definition.name}_"`,
        { detail: "Terraform finds a resource's provider by this prefix; rename the resource type." },
      );
    }
    if (resourcesByType.has(resource.typeName)) {
      throw new FrameworkConfigurationError(`resource ${resource.typeName} is defined twice`, {
        detail: "Each resource type name may appear once in a provider.",
      });
    }
    resourcesByType.set(resource.typeName, resource);
  }
  return Object.freeze({ ...definition, schema, configType: impliedType(schema), resourcesByType });
}
