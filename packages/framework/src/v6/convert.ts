// Translation between tfplugin6 messages and framework values: DynamicValue <-> cty values,
// Diagnostic, AttributePath, Schema.
import { type CtyType, type CtyValue, CtyValueError, formatPath, typeToJSONText } from "@tsvider/cty";
import { decodeJson } from "@tsvider/cty/json";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import {
  Diagnostic_Severity,
  DynamicValue,
  AttributePath as ProtoAttributePath,
  Diagnostic as ProtoDiagnostic,
  Schema as ProtoSchema,
  Schema_Attribute,
  StringKind,
} from "@tsvider/rpcplugin/tfplugin6";
import { type AttributePath, attributePathFrom, type Diagnostic, type Diagnostics } from "../diagnostics.js";
import type { Schema } from "../schema/attributes.js";

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

export function toProtoSchema(
  schema: Schema,
  options: { version?: number; description?: string } = {},
): ProtoSchema {
  const attributes = Object.keys(schema)
    .sort()
    .map((name) => {
      const a = schema[name]!;
      const o = a.options;
      return Schema_Attribute.fromPartial({
        name,
        type: Buffer.from(typeToJSONText(a.type)),
        description: o.markdownDescription ?? o.description ?? "",
        descriptionKind: o.markdownDescription !== undefined ? StringKind.MARKDOWN : StringKind.PLAIN,
        required: o.required === true,
        optional: o.optional === true,
        computed: o.computed === true,
        sensitive: o.sensitive === true,
        deprecated: o.deprecationMessage !== undefined,
        deprecationMessage: o.deprecationMessage ?? "",
      });
    });
  return ProtoSchema.fromPartial({
    version: BigInt(options.version ?? 0),
    block: { attributes, description: options.description ?? "", descriptionKind: StringKind.PLAIN },
  });
}
