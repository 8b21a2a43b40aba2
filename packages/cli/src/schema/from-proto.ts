// GetProviderSchema's answer (tfplugin6 or tfplugin5) to ProviderSchemaJson, as the hosts'
// plugin6/convert and jsonprovider packages turn it into JSON. The structural types below
// cover both protocol majors; v5 simply has no nested_type and no state stores.

import { goKeyOrder, mapValues, omitEmpty } from "./go-json.js";
import type {
  ActionSchemaJson,
  AttributeJson,
  AttributeNestingMode,
  BlockJson,
  BlockNestingMode,
  BlockTypeJson,
  DescriptionKind,
  FunctionJson,
  FunctionParameterJson,
  IdentityAttributeJson,
  IdentitySchemaJson,
  ProviderSchemaJson,
  SchemaJson,
  TypeJson,
} from "./json.js";

interface ProtoAttribute {
  readonly name: string;
  readonly type: Uint8Array;
  readonly nestedType?: ProtoObject | undefined;
  readonly description: string;
  readonly descriptionKind: number;
  readonly required: boolean;
  readonly optional: boolean;
  readonly computed: boolean;
  readonly sensitive: boolean;
  readonly deprecated: boolean;
  readonly deprecationMessage: string;
  readonly writeOnly: boolean;
}
interface ProtoObject {
  readonly attributes: readonly ProtoAttribute[];
  readonly nesting: number;
}
interface ProtoBlock {
  readonly attributes: readonly ProtoAttribute[];
  readonly blockTypes: readonly ProtoNestedBlock[];
  readonly description: string;
  readonly descriptionKind: number;
  readonly deprecated: boolean;
  readonly deprecationMessage: string;
}
interface ProtoNestedBlock {
  readonly typeName: string;
  readonly block: ProtoBlock | undefined;
  readonly nesting: number;
  readonly minItems: bigint;
  readonly maxItems: bigint;
}
interface ProtoSchema {
  readonly version: bigint;
  readonly block: ProtoBlock | undefined;
}
interface ProtoParameter {
  readonly name: string;
  readonly type: Uint8Array;
  readonly allowNullValue: boolean;
  readonly description: string;
}
interface ProtoFunction {
  readonly parameters: readonly ProtoParameter[];
  readonly variadicParameter: ProtoParameter | undefined;
  readonly return: { readonly type: Uint8Array } | undefined;
  readonly summary: string;
  readonly description: string;
  readonly deprecationMessage: string;
}
interface ProtoDiagnostic {
  readonly severity: number;
  readonly summary: string;
  readonly detail: string;
}

/** The parts of GetProviderSchema.Response the JSON shows, in either protocol major. */
export interface ProtoProviderSchema {
  readonly provider: ProtoSchema | undefined;
  readonly resourceSchemas: Readonly<Record<string, ProtoSchema>>;
  readonly dataSourceSchemas: Readonly<Record<string, ProtoSchema>>;
  readonly ephemeralResourceSchemas: Readonly<Record<string, ProtoSchema>>;
  readonly listResourceSchemas: Readonly<Record<string, ProtoSchema>>;
  readonly stateStoreSchemas?: Readonly<Record<string, ProtoSchema>>;
  readonly actionSchemas: Readonly<Record<string, { readonly schema: ProtoSchema | undefined }>>;
  readonly functions: Readonly<Record<string, ProtoFunction>>;
  readonly diagnostics: readonly ProtoDiagnostic[];
}

export interface ProtoIdentitySchemas {
  readonly identitySchemas: Readonly<
    Record<
      string,
      {
        readonly version: bigint;
        readonly identityAttributes: readonly {
          readonly name: string;
          readonly type: Uint8Array;
          readonly requiredForImport: boolean;
          readonly optionalForImport: boolean;
          readonly description: string;
        }[];
      }
    >
  >;
}

/** Diagnostic.Severity.ERROR in both protocol majors. */
const SEVERITY_ERROR = 1;

export class ProviderSchemaError extends Error {
  override readonly name = "ProviderSchemaError";
}

export function providerSchemaFromProto(
  response: ProtoProviderSchema,
  identity: ProtoIdentitySchemas | undefined,
): ProviderSchemaJson {
  const errors = response.diagnostics.filter((d) => d.severity === SEVERITY_ERROR);
  if (errors.length > 0) {
    throw new ProviderSchemaError(
      `the provider answered GetProviderSchema with errors: ${errors
        .map((d) => (d.detail ? `${d.summary}: ${d.detail}` : d.summary))
        .join("; ")}`,
    );
  }
  if (!response.provider)
    throw new ProviderSchemaError("the provider's GetProviderSchema answer has no provider schema");

  const identities: Record<string, IdentitySchemaJson> = {};
  for (const [name, id] of Object.entries(identity?.identitySchemas ?? {})) {
    // Hosts attach an identity only to a resource type they know.
    if (!(name in response.resourceSchemas)) continue;
    const attributes: Record<string, IdentityAttributeJson> = {};
    for (const a of [...id.identityAttributes].sort((x, y) => goKeyOrder(x.name, y.name))) {
      attributes[a.name] = omitEmpty({
        type: a.type.length > 0 ? typeJson(a.type) : undefined,
        description: a.description,
        required_for_import: a.requiredForImport,
        optional_for_import: a.optionalForImport,
      });
    }
    identities[name] = omitEmpty({ version: Number(id.version), attributes });
  }

  return omitEmpty<ProviderSchemaJson>({
    provider: schema(response.provider),
    resource_schemas: mapValues(response.resourceSchemas, schema),
    data_source_schemas: mapValues(response.dataSourceSchemas, schema),
    ephemeral_resource_schemas: mapValues(response.ephemeralResourceSchemas, schema),
    list_resource_schemas: mapValues(response.listResourceSchemas, schema),
    functions: mapValues(response.functions, fn),
    resource_identity_schemas: mapValues(identities, (v) => v),
    action_schemas: mapValues(
      response.actionSchemas,
      (a): ActionSchemaJson => ({ block: block(a.schema?.block) }),
    ),
    state_store_schemas: mapValues(response.stateStoreSchemas, schema),
  });
}

function schema(s: ProtoSchema): SchemaJson {
  // The hosts panic on a schema without a block; print it as they would an empty one.
  return { version: Number(s.version), block: block(s.block) };
}

function descriptionKind(kind: number): DescriptionKind {
  return kind === 1 ? "markdown" : "plain";
}

function block(b: ProtoBlock | undefined): BlockJson {
  if (!b) return { description_kind: "plain" };
  const attributes: Record<string, AttributeJson> = {};
  for (const a of sortedByName(b.attributes)) attributes[a.name] = attribute(a);
  const blockTypes: Record<string, BlockTypeJson> = {};
  for (const nb of [...b.blockTypes].sort((x, y) => goKeyOrder(x.typeName, y.typeName))) {
    blockTypes[nb.typeName] = omitEmpty<BlockTypeJson>({
      nesting_mode: blockNesting(nb.nesting),
      block: block(nb.block),
      min_items: Number(nb.minItems) || undefined,
      max_items: Number(nb.maxItems) || undefined,
    });
  }
  return omitEmpty<BlockJson>({
    attributes,
    block_types: blockTypes,
    description: b.description,
    description_kind: descriptionKind(b.descriptionKind),
    deprecated: b.deprecated,
    deprecation_message: b.deprecationMessage,
  });
}

function attribute(a: ProtoAttribute): AttributeJson {
  let nestedType: AttributeJson["nested_type"];
  if (a.nestedType) {
    const attributes: Record<string, AttributeJson> = {};
    for (const inner of sortedByName(a.nestedType.attributes)) attributes[inner.name] = attribute(inner);
    nestedType = omitEmpty({ attributes, nesting_mode: attributeNesting(a.nestedType.nesting) });
  }
  return omitEmpty<AttributeJson>({
    type: a.type.length > 0 ? typeJson(a.type) : undefined,
    nested_type: nestedType,
    description: a.description,
    description_kind: descriptionKind(a.descriptionKind),
    deprecated: a.deprecated,
    deprecation_message: a.deprecationMessage,
    required: a.required,
    optional: a.optional,
    computed: a.computed,
    sensitive: a.sensitive,
    write_only: a.writeOnly,
  });
}

function fn(f: ProtoFunction): FunctionJson {
  // Texts stay even when empty (OpenTofu prints them so); schemaDocument drops them for Terraform.
  const withEmptyText = (p: ProtoParameter): FunctionParameterJson => ({
    name: p.name,
    description: p.description,
    type: typeJson(p.type),
    ...(p.allowNullValue ? { is_nullable: true } : {}),
  });
  return {
    description: f.description,
    summary: f.summary,
    ...(f.deprecationMessage ? { deprecation_message: f.deprecationMessage } : {}),
    return_type: typeJson(f.return?.type ?? new Uint8Array()),
    ...(f.parameters.length > 0 ? { parameters: f.parameters.map(withEmptyText) } : {}),
    ...(f.variadicParameter ? { variadic_parameter: withEmptyText(f.variadicParameter) } : {}),
  };
}

function blockNesting(mode: number): BlockNestingMode {
  return (["invalid", "single", "list", "set", "map", "group"] as const)[mode] ?? "invalid";
}

function attributeNesting(mode: number): AttributeNestingMode {
  return (["invalid", "single", "list", "set", "map"] as const)[mode] ?? "invalid";
}

function sortedByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((x, y) => goKeyOrder(x.name, y.name));
}

/**
 * The type bytes as cty re-marshals them: object attribute names and the optional list sorted.
 * The provider's JSON is taken as it is otherwise.
 */
export function typeJson(bytes: Uint8Array): TypeJson {
  const text = Buffer.from(bytes).toString("utf8");
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderSchemaError(
      `the provider sent a type that is not JSON: ${JSON.stringify(text.slice(0, 80))}`,
    );
  }
  return canonicalType(parsed);
}

function canonicalType(value: unknown): TypeJson {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    const [kind, ...rest] = value as unknown[];
    if (kind === "object") {
      const attrs = (rest[0] ?? {}) as Record<string, unknown>;
      const sorted: Record<string, TypeJson> = {};
      for (const key of Object.keys(attrs).sort(goKeyOrder)) sorted[key] = canonicalType(attrs[key]);
      const optional = Array.isArray(rest[1]) ? [...(rest[1] as string[])].sort(goKeyOrder) : [];
      return optional.length > 0 ? ["object", sorted, optional] : ["object", sorted];
    }
    if (kind === "tuple") return ["tuple", ((rest[0] ?? []) as unknown[]).map(canonicalType)];
    return [String(kind), ...rest.map(canonicalType)];
  }
  throw new ProviderSchemaError(`the provider sent a type the hosts cannot read: ${JSON.stringify(value)}`);
}
