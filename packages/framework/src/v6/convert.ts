// Translation between tfplugin6 messages and framework values: DynamicValue <-> cty values,
// Diagnostic, AttributePath, Schema.
import {
  type CtyType,
  type CtyValue,
  CtyValueError,
  compareBytewise,
  formatPath,
  typeToJSONText,
} from "@tsvider/cty";
import { decodeJson } from "@tsvider/cty/json";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import {
  Diagnostic_Severity,
  DynamicValue,
  AttributePath as ProtoAttributePath,
  Diagnostic as ProtoDiagnostic,
  Schema as ProtoSchema,
  Schema_Attribute,
  Schema_Block,
  Schema_NestedBlock,
  Schema_NestedBlock_NestingMode,
  Schema_Object,
  Schema_Object_NestingMode,
  StringKind,
} from "@tsvider/rpcplugin/tfplugin6";
import { type AttributePath, attributePathFrom, type Diagnostic, type Diagnostics } from "../diagnostics.js";
import type { Block } from "../schema/blocks.js";
import type { AnyAttribute } from "../schema/nested.js";
import type { Schema } from "../schema/schema.js";

/**
 * Decodes a DynamicValue: msgpack when present, else JSON, else null (PROTOCOL.md section 4).
 * A value that does not fit the schema becomes an error diagnostic naming the attribute, and
 * the result is undefined.
 */
export function decodeDynamic(
  value: DynamicValue | undefined,
  type: CtyType,
  diagnostics: Diagnostics,
  what: string,
): CtyValue | undefined {
  try {
    if (value?.msgpack && value.msgpack.length > 0) return decodeMsgpack(value.msgpack, type);
    if (value?.json && value.json.length > 0) return decodeJson(value.json, type);
    return null;
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `Invalid ${what}`,
      `${err.path.length ? `The value of "${formatPath(err.path)}" is not valid: ` : ""}${err.reason}.`,
      attributePathFrom(err.path),
    );
    return undefined;
  }
}

export function encodeDynamic(
  value: CtyValue,
  type: CtyType,
  diagnostics: Diagnostics,
  what: string,
): DynamicValue | undefined {
  try {
    return DynamicValue.fromPartial({ msgpack: Buffer.from(encodeMsgpack(value, type)) });
  } catch (err) {
    if (!(err instanceof CtyValueError)) throw err;
    diagnostics.addError(
      `${what} does not match the schema`,
      `${err.message}. This is a bug in the provider.`,
      attributePathFrom(err.path),
    );
    return undefined;
  }
}

export function toProtoPath(path: AttributePath): ProtoAttributePath {
  return ProtoAttributePath.fromPartial({
    steps: path.map((step) =>
      "attribute" in step
        ? { attributeName: step.attribute }
        : "index" in step
          ? { elementKeyInt: BigInt(step.index) }
          : { elementKeyString: step.key },
    ),
  });
}

export function toProtoDiagnostics(diagnostics: Iterable<Diagnostic>): ProtoDiagnostic[] {
  return [...diagnostics].map((d) =>
    ProtoDiagnostic.fromPartial({
      severity: d.severity === "error" ? Diagnostic_Severity.ERROR : Diagnostic_Severity.WARNING,
      summary: d.summary,
      detail: d.detail,
      ...(d.path && d.path.length > 0 ? { attribute: toProtoPath(d.path) } : {}),
    }),
  );
}

/** A resource's or provider's schema as GetProviderSchema describes it. */
export function toProtoSchema(
  schema: Schema,
  options: { version?: number; description?: string } = {},
): ProtoSchema {
  return ProtoSchema.fromPartial({
    version: BigInt(options.version ?? 0),
    block: toProtoBlock(
      schema,
      options.description === undefined ? {} : { description: options.description },
    ),
  });
}

function toProtoBlock(schema: Schema, documentation: Documentation): Schema_Block {
  const attributes: Schema_Attribute[] = [];
  const blockTypes: Schema_NestedBlock[] = [];
  // Terraform sorts by name too; a stable order keeps schema output diffable.
  for (const name of Object.keys(schema).sort(compareBytewise)) {
    const entry = schema[name]!;
    if (entry.kind === "block") {
      const o = entry.options as Block["options"] & { minItems?: number; maxItems?: number };
      const minItems = o.minItems ?? 0;
      blockTypes.push(
        Schema_NestedBlock.fromPartial({
          typeName: name,
          block: toProtoBlock(entry.schema, o),
          nesting: blockNesting[entry.nesting],
          minItems: BigInt(minItems),
          // A single block's limits must match: at most one, exactly one when required.
          maxItems: BigInt(entry.nesting === "single" ? minItems : (o.maxItems ?? 0)),
        }),
      );
    } else {
      attributes.push(toProtoAttribute(name, entry));
    }
  }
  return Schema_Block.fromPartial({ attributes, blockTypes, ...describe(documentation) });
}

function toProtoAttribute(name: string, entry: AnyAttribute): Schema_Attribute {
  const o = entry.options;
  return Schema_Attribute.fromPartial({
    name,
    ...(entry.kind === "attribute"
      ? { type: Buffer.from(typeToJSONText(entry.type)) }
      : {
          nestedType: Schema_Object.fromPartial({
            attributes: Object.keys(entry.attributes)
              .sort(compareBytewise)
              .map((inner) => toProtoAttribute(inner, entry.attributes[inner]!)),
            nesting: objectNesting[entry.nesting],
          }),
        }),
    required: o.required === true,
    optional: o.optional === true,
    computed: o.computed === true,
    sensitive: o.sensitive === true,
    writeOnly: o.writeOnly === true,
    ...describe(o),
  });
}

interface Documentation {
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly deprecationMessage?: string;
}

function describe(o: Documentation) {
  return {
    description: o.markdownDescription ?? o.description ?? "",
    descriptionKind: o.markdownDescription !== undefined ? StringKind.MARKDOWN : StringKind.PLAIN,
    deprecated: o.deprecationMessage !== undefined,
    deprecationMessage: o.deprecationMessage ?? "",
  };
}

const blockNesting = {
  single: Schema_NestedBlock_NestingMode.SINGLE,
  list: Schema_NestedBlock_NestingMode.LIST,
  set: Schema_NestedBlock_NestingMode.SET,
  map: Schema_NestedBlock_NestingMode.MAP,
  group: Schema_NestedBlock_NestingMode.GROUP,
} as const;

const objectNesting = {
  single: Schema_Object_NestingMode.SINGLE,
  list: Schema_Object_NestingMode.LIST,
  set: Schema_Object_NestingMode.SET,
  map: Schema_Object_NestingMode.MAP,
} as const;
