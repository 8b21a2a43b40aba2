// What a schema says that GetProviderSchema has no field for: each attribute's custom type
// (which the schema shows as its base, a string), its default, the validators that describe themselves, whether a change replaces the object, and which
// resources can be imported. `tsvider docs` shows them on each component's page; it reads them
// from the provider it starts to ask for the schema, which writes this JSON to the file
// TSVIDER_SCHEMA_DETAILS_FILE names (serve.ts) before it answers. The shape follows the
// schema's own JSON (`providers schema -json`): the same component keys, `attributes` and
// `block_types` by name, so the reader walks both side by side (packages/cli/src/schema/details.ts
// reads it; keep the two in step).
import type { CtyType, CtyValue } from "@tsvider/cty";
import { Dynamic } from "@tsvider/cty";
import { encodeJson } from "@tsvider/cty/json";
import type { Provider } from "../provider.js";
import type { Block } from "../schema/blocks.js";
import { customTypeOf } from "../schema/custom-types.js";
import { defaultOf } from "../schema/defaults.js";
import { entryType } from "../schema/implied-type.js";
import type { AnyAttribute } from "../schema/nested.js";
import { alwaysReplaces, isBuiltinModifier } from "../schema/plan-modifiers.js";
import type { Schema } from "../schema/schema.js";
import type { ValueType } from "../schema/types.js";
import { normalizeValidator } from "../schema/validators.js";

/** The environment variable naming the file serve() writes the details to. */
export const SCHEMA_DETAILS_FILE_ENV = "TSVIDER_SCHEMA_DETAILS_FILE";

export interface SchemaDetailsJson {
  /** Bumped when a field changes meaning; readers ignore fields they do not know. */
  readonly format_version: 1;
  readonly provider?: BlockDetailsJson;
  readonly resource_schemas?: Readonly<Record<string, ResourceDetailsJson>>;
  readonly data_source_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly ephemeral_resource_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly list_resource_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly action_schemas?: Readonly<Record<string, BlockDetailsJson>>;
  readonly state_store_schemas?: Readonly<Record<string, BlockDetailsJson>>;
}

export interface ResourceDetailsJson extends BlockDetailsJson {
  /** The resource has `importState`: `terraform import` and `import {}` blocks work. */
  readonly importable: boolean;
}

export interface BlockDetailsJson {
  readonly attributes?: Readonly<Record<string, AttributeDetailsJson>>;
  readonly block_types?: Readonly<Record<string, BlockTypeDetailsJson>>;
}

export interface BlockTypeDetailsJson extends BlockDetailsJson {
  /** The descriptions of the block's validators that have one, in order. */
  readonly validators?: readonly string[];
}

/** A custom type (schema/custom-types.ts), as the pages name and describe it. */
export interface CustomTypeDetailsJson {
  /** The type's name: "RFC 3339 timestamp". */
  readonly name: string;
  /** The type's own sentence on what a value looks like and when two are the same, when it has one. */
  readonly description?: string;
}

export interface AttributeDetailsJson {
  /** The attribute's value is of a custom type (`attr.custom(types.rfc3339, ...)`). */
  readonly custom_type?: CustomTypeDetailsJson;
  /** Each element of the attribute's list, set or map is of a custom type (`attr.list(types.ip, ...)`). */
  readonly element_custom_type?: CustomTypeDetailsJson;
  /** The default as cty JSON text (`"0644"`, `3`, `["a"]`), when the attribute has one. */
  readonly default?: string;
  /** The descriptions of the attribute's validators that have one, in order. */
  readonly validators?: readonly string[];
  /** Any change of the attribute replaces the object. */
  readonly requires_replace?: true;
  /** The descriptions of `requiresReplaceIf` modifiers: when a change replaces the object. */
  readonly requires_replace_if?: readonly string[];
  /** A nested attribute's own attributes. */
  readonly attributes?: Readonly<Record<string, AttributeDetailsJson>>;
}

/** The details of every component of the provider, as practitioners get it. */
export function schemaDetails(provider: Provider): SchemaDetailsJson {
  const byType = <C extends { readonly schema?: Schema | undefined }, D>(
    components: ReadonlyMap<string, C>,
    details: (component: C) => D,
  ): Record<string, D> | undefined => {
    if (components.size === 0) return undefined;
    const out: Record<string, D> = {};
    for (const [name, component] of [...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      out[name] = details(component);
    }
    return out;
  };
  const plain = (component: { readonly schema?: Schema | undefined }) => blockDetails(component.schema ?? {});
  const resources = byType(provider.resourcesByType, (resource) => ({
    ...blockDetails(resource.schema),
    importable: typeof resource.importState === "function",
  }));
  const sections = {
    resource_schemas: resources,
    data_source_schemas: byType(provider.dataSourcesByType, plain),
    ephemeral_resource_schemas: byType(provider.ephemeralResourcesByType, plain),
    list_resource_schemas: byType(provider.listResourcesByType, plain),
    action_schemas: byType(provider.actionsByType, plain),
    state_store_schemas: byType(provider.stateStoresByType, plain),
  };
  return {
    format_version: 1,
    provider: blockDetails(provider.schema ?? {}),
    ...Object.fromEntries(Object.entries(sections).filter(([, v]) => v !== undefined)),
  };
}

function blockDetails(schema: Schema): BlockDetailsJson {
  const attributes: Record<string, AttributeDetailsJson> = {};
  const blockTypes: Record<string, BlockTypeDetailsJson> = {};
  for (const name of Object.keys(schema).sort()) {
    const entry = schema[name]!;
    if (entry.kind === "block") {
      const details = blockTypeDetails(entry);
      if (Object.keys(details).length > 0) blockTypes[name] = details;
    } else {
      const details = attributeDetails(entry);
      if (Object.keys(details).length > 0) attributes[name] = details;
    }
  }
  return {
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    ...(Object.keys(blockTypes).length > 0 ? { block_types: blockTypes } : {}),
  };
}

function blockTypeDetails(block: Block): BlockTypeDetailsJson {
  const validators = described(block.options.validators);
  return { ...blockDetails(block.schema), ...(validators.length > 0 ? { validators } : {}) };
}

function attributeDetails(entry: AnyAttribute): AttributeDetailsJson {
  const options = entry.options;
  const value = defaultOf(entry);
  const defaultText = value === undefined ? undefined : jsonText(value, entryType(entry));
  const validators = described(options.validators);
  const replaceIf = (options.planModifiers ?? [])
    .filter((m) => isBuiltinModifier(m) && m.builtin === "requiresReplaceIf")
    .map((m) => (m as { readonly description: string }).description.trim())
    .filter((text) => text !== "");
  const nested: Record<string, AttributeDetailsJson> = {};
  if (entry.kind === "nested") {
    for (const name of Object.keys(entry.attributes).sort()) {
      const details = attributeDetails(entry.attributes[name]!);
      if (Object.keys(details).length > 0) nested[name] = details;
    }
  }
  const custom = entry.kind === "attribute" ? customTypeDetails(entry.value) : undefined;
  // A collection's element: a list, set or map descriptor keeps it (schema/types.ts).
  const elementType =
    entry.kind === "attribute" ? (entry.value as { readonly element?: ValueType }).element : undefined;
  const element = elementType === undefined ? undefined : customTypeDetails(elementType);
  return {
    ...(custom !== undefined ? { custom_type: custom } : {}),
    ...(element !== undefined ? { element_custom_type: element } : {}),
    ...(defaultText !== undefined ? { default: defaultText } : {}),
    ...(validators.length > 0 ? { validators } : {}),
    ...(alwaysReplaces(options) ? { requires_replace: true as const } : {}),
    ...(replaceIf.length > 0 ? { requires_replace_if: replaceIf } : {}),
    ...(Object.keys(nested).length > 0 ? { attributes: nested } : {}),
  };
}

/** The name and description of `descriptor` when it is a custom type. */
function customTypeDetails(descriptor: { readonly kind: string }): CustomTypeDetailsJson | undefined {
  const custom = customTypeOf(descriptor);
  if (custom === undefined) return undefined;
  const description = custom.description?.trim();
  return { name: custom.name, ...(description ? { description } : {}) };
}

/**
 * The descriptions of the validators that carry one (the built-ins of schema/validate.ts, and
 * validator objects an author described). A function or a Standard Schema says nothing about
 * what it checks, so it has no entry.
 */
function described(validators: readonly unknown[] | undefined): string[] {
  const out: string[] = [];
  for (const validator of validators ?? []) {
    const normalized = normalizeValidator(validator);
    if (normalized?.kind !== "object") continue;
    const text = normalized.self.description?.trim();
    if (text) out.push(text);
  }
  return out;
}

/** A default as cty JSON; a dynamic attribute's as its value's own type writes it. */
function jsonText(value: CtyValue, type: CtyType): string | undefined {
  try {
    return value instanceof Dynamic ? encodeJson(value.value, value.type) : encodeJson(value, type);
  } catch {
    // A value JSON cannot write (an infinity) is left undocumented rather than failing serve.
    return undefined;
  }
}
