// A provider's schema as JSON, in the shape `tofu providers schema -json` and
// `terraform providers schema -json` print (their internal/command/jsonprovider packages).
// ProviderSchemaJson holds everything either host shows; schemaDocument() cuts it down to what
// one of them prints, field for field and in their key order, so the two can be compared byte
// for byte.

import { goJson, mapValues, omitEmpty, sortedMap } from "./go-json.js";

/** A cty type in its JSON form: "string", ["list","number"], ["object",{...},["optional"]]. */
export type TypeJson = string | readonly TypeJson[] | { readonly [name: string]: TypeJson };

export type DescriptionKind = "plain" | "markdown";
export type BlockNestingMode = "single" | "list" | "set" | "map" | "group" | "invalid";
export type AttributeNestingMode = "single" | "list" | "set" | "map" | "invalid";

/** Flags appear only when true, strings only when non-empty (Go's omitempty). */
export interface AttributeJson {
  readonly type?: TypeJson;
  readonly nested_type?: NestedTypeJson;
  readonly description?: string;
  readonly description_kind?: DescriptionKind;
  readonly deprecated?: boolean;
  /** OpenTofu leaves it out for attributes inside a nested_type; Terraform shows it. */
  readonly deprecation_message?: string;
  readonly required?: boolean;
  readonly optional?: boolean;
  readonly computed?: boolean;
  readonly sensitive?: boolean;
  readonly write_only?: boolean;
}

export interface NestedTypeJson {
  readonly attributes?: Readonly<Record<string, AttributeJson>>;
  readonly nesting_mode?: AttributeNestingMode;
}

export interface BlockJson {
  readonly attributes?: Readonly<Record<string, AttributeJson>>;
  readonly block_types?: Readonly<Record<string, BlockTypeJson>>;
  readonly description?: string;
  readonly description_kind?: DescriptionKind;
  readonly deprecated?: boolean;
  readonly deprecation_message?: string;
}

export interface BlockTypeJson {
  readonly nesting_mode?: BlockNestingMode;
  readonly block?: BlockJson;
  readonly min_items?: number;
  readonly max_items?: number;
}

export interface SchemaJson {
  readonly version: number;
  readonly block?: BlockJson;
}

/**
 * A provider-defined function. Kept in OpenTofu's shape (description and summary always
 * there, even empty); Terraform's differs slightly and schemaDocument() produces it.
 */
export interface FunctionJson {
  readonly description: string;
  readonly summary: string;
  /** Terraform only. */
  readonly deprecation_message?: string;
  /** The full cty type JSON (OpenTofu drops an object's optional-attribute list here). */
  readonly return_type: TypeJson;
  readonly parameters?: readonly FunctionParameterJson[];
  readonly variadic_parameter?: FunctionParameterJson;
}

export interface FunctionParameterJson {
  readonly name: string;
  readonly description: string;
  readonly type: TypeJson;
  /** Present (true) when the parameter accepts null. */
  readonly is_nullable?: boolean;
}

export interface IdentitySchemaJson {
  readonly version: number;
  readonly attributes?: Readonly<Record<string, IdentityAttributeJson>>;
}

export interface IdentityAttributeJson {
  readonly type?: TypeJson;
  readonly description?: string;
  readonly required_for_import?: boolean;
  readonly optional_for_import?: boolean;
}

export interface ActionSchemaJson {
  readonly block?: BlockJson;
}

/** One provider's entry under `provider_schemas`. */
export interface ProviderSchemaJson {
  readonly provider?: SchemaJson;
  readonly resource_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly data_source_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly ephemeral_resource_schemas?: Readonly<Record<string, SchemaJson>>;
  /** Terraform only. */
  readonly list_resource_schemas?: Readonly<Record<string, SchemaJson>>;
  readonly functions?: Readonly<Record<string, FunctionJson>>;
  readonly resource_identity_schemas?: Readonly<Record<string, IdentitySchemaJson>>;
  /** Terraform only. */
  readonly action_schemas?: Readonly<Record<string, ActionSchemaJson>>;
  /** Terraform only. */
  readonly state_store_schemas?: Readonly<Record<string, SchemaJson>>;
}

/** What `providers schema -json` prints. */
export interface SchemaDocument {
  readonly format_version: "1.0";
  readonly provider_schemas?: Readonly<Record<string, ProviderSchemaJson>>;
}

export type SchemaFlavor = "tofu" | "terraform";

/** The registry each host assumes for a provider address without a hostname. */
export function providerAddress(namespace: string, type: string, flavor: SchemaFlavor): string {
  const host = flavor === "terraform" ? "registry.terraform.io" : "registry.opentofu.org";
  return `${host}/${namespace}/${type}`;
}

/**
 * The whole document as the chosen host prints it for a configuration that uses this one
 * provider: the kinds that host knows, its function shape, keys in its order.
 */
export function schemaDocument(
  address: string,
  schema: ProviderSchemaJson,
  flavor: SchemaFlavor,
): SchemaDocument {
  return {
    format_version: "1.0",
    provider_schemas: { [address]: flavor === "tofu" ? forTofu(schema) : forTerraform(schema) },
  };
}

/**
 * The document as text, byte for byte what the host prints: Go's encoding/json (compact,
 * `<`, `>` and `&` escaped) plus the newline of the host's output.
 */
export function formatSchemaDocument(document: SchemaDocument): string {
  return `${goJson(document)}\n`;
}

function forTofu(schema: ProviderSchemaJson): ProviderSchemaJson {
  return omitEmpty({
    provider: schema.provider,
    resource_schemas: mapValues(schema.resource_schemas, tofuSchema),
    data_source_schemas: mapValues(schema.data_source_schemas, tofuSchema),
    ephemeral_resource_schemas: mapValues(schema.ephemeral_resource_schemas, tofuSchema),
    functions: mapValues(schema.functions, tofuFunction),
    resource_identity_schemas: sortedMap(schema.resource_identity_schemas),
  });
}

function forTerraform(schema: ProviderSchemaJson): ProviderSchemaJson {
  return omitEmpty({
    provider: schema.provider,
    resource_schemas: sortedMap(schema.resource_schemas),
    data_source_schemas: sortedMap(schema.data_source_schemas),
    ephemeral_resource_schemas: sortedMap(schema.ephemeral_resource_schemas),
    list_resource_schemas: sortedMap(schema.list_resource_schemas),
    functions: mapValues(schema.functions, terraformFunction),
    resource_identity_schemas: sortedMap(schema.resource_identity_schemas),
    action_schemas: sortedMap(schema.action_schemas),
    state_store_schemas: sortedMap(schema.state_store_schemas),
  });
}

// OpenTofu does not copy deprecation_message into attributes of a nested_type.
function tofuSchema(schema: SchemaJson): SchemaJson {
  return schema.block ? { version: schema.version, block: tofuBlock(schema.block) } : schema;
}

function tofuBlock(block: BlockJson): BlockJson {
  return omitEmpty({
    attributes: mapValues(block.attributes, tofuAttribute(false)),
    block_types: mapValues(block.block_types, (bt) =>
      omitEmpty({ ...bt, block: bt.block && tofuBlock(bt.block) }),
    ),
    description: block.description,
    description_kind: block.description_kind,
    deprecated: block.deprecated,
    deprecation_message: block.deprecation_message,
  });
}

function tofuAttribute(nested: boolean): (attribute: AttributeJson) => AttributeJson {
  return (attribute) =>
    omitEmpty({
      ...attribute,
      nested_type: attribute.nested_type && {
        ...omitEmpty({
          attributes: mapValues(attribute.nested_type.attributes, tofuAttribute(true)),
          nesting_mode: attribute.nested_type.nesting_mode,
        }),
      },
      deprecation_message: nested ? undefined : attribute.deprecation_message,
    });
}

// OpenTofu prints description, summary and each parameter's name and description even when
// they are empty, is_nullable only when true, and no deprecation message.
function tofuFunction(fn: FunctionJson): FunctionJson {
  const parameter = (p: FunctionParameterJson): FunctionParameterJson => ({
    name: p.name,
    description: p.description,
    type: tofuFunctionType(p.type),
    ...(p.is_nullable ? { is_nullable: true } : {}),
  });
  return {
    description: fn.description,
    summary: fn.summary,
    return_type: tofuFunctionType(fn.return_type),
    ...(fn.parameters && fn.parameters.length > 0 ? { parameters: fn.parameters.map(parameter) } : {}),
    ...(fn.variadic_parameter ? { variadic_parameter: parameter(fn.variadic_parameter) } : {}),
  };
}

/**
 * OpenTofu prints a function's types from their parts (["object", attribute types]), which
 * loses the list of optional attributes of an outermost object type; the rest is cty's JSON.
 */
function tofuFunctionType(type: TypeJson): TypeJson {
  if (Array.isArray(type) && type[0] === "object" && type.length > 2) return [type[0], type[1] as TypeJson];
  return type;
}

function terraformFunction(fn: FunctionJson): FunctionJson {
  const parameter = (p: FunctionParameterJson) =>
    omitEmpty({
      name: p.name || undefined,
      description: p.description || undefined,
      is_nullable: p.is_nullable,
      type: p.type,
    }) as FunctionParameterJson;
  return omitEmpty({
    description: fn.description || undefined,
    summary: fn.summary || undefined,
    deprecation_message: fn.deprecation_message,
    return_type: fn.return_type,
    parameters: fn.parameters && fn.parameters.length > 0 ? fn.parameters.map(parameter) : undefined,
    variadic_parameter: fn.variadic_parameter && parameter(fn.variadic_parameter),
  }) as FunctionJson;
}
