// Translation between framework values and the messages protocols 5 and 6 share: DynamicValue,
// Diagnostic, AttributePath (the wire's form of the framework's, ../attribute-path.ts) and the
// schema's Block / Attribute / NestedBlock. The two .proto files give these messages the same
// fields and their enums the same numbers (wire.test.ts checks), so one translation serves both;
// the shapes below are what either protocol's generated `fromPartial` accepts. What only one
// protocol has (protocol 6's nested attribute types) comes in through a hook from that
// protocol's adapter.
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
import { type AttributePath, attributePathFrom, isAttributePathStep } from "../attribute-path.js";
import type { Diagnostic, Diagnostics } from "../diagnostics.js";
import type { Block } from "../schema/blocks.js";
import type { AnyAttribute, NestedAttribute } from "../schema/nested.js";
import type { Schema } from "../schema/schema.js";

/** Enum numbers, the same in tfplugin5 and tfplugin6. */
export const Severity = { ERROR: 1, WARNING: 2 } as const;
export const StringKind = { PLAIN: 0, MARKDOWN: 1 } as const;
const blockNesting = { single: 1, list: 2, set: 3, map: 4, group: 5 } as const;

export interface WireDynamicValue {
  msgpack: Buffer;
  json: Buffer;
}
export interface WireAttributePath {
  steps: { attributeName?: string; elementKeyString?: string; elementKeyInt?: bigint }[];
}
export interface WireDiagnostic {
  severity: number;
  summary: string;
  detail: string;
  attribute?: WireAttributePath;
}
interface WireDocumentation {
  description: string;
  descriptionKind: number;
  deprecated: boolean;
  deprecationMessage: string;
}
export interface WireAttribute extends WireDocumentation {
  name: string;
  type?: Buffer;
  /** Protocol 6 only: see SchemaTranslation.nestedType. */
  nestedType?: WireObject;
  required: boolean;
  optional: boolean;
  computed: boolean;
  sensitive: boolean;
  writeOnly: boolean;
}
/** Protocol 6's Schema.Object: the attributes of a nested attribute and its nesting. */
export interface WireObject {
  attributes: WireAttribute[];
  nesting: number;
}
export interface WireBlock extends WireDocumentation {
  attributes: WireAttribute[];
  blockTypes: { typeName: string; block: WireBlock; nesting: number; minItems: bigint; maxItems: bigint }[];
}
export interface WireSchema {
  version: bigint;
  block: WireBlock;
}

/**
 * Decodes a DynamicValue: msgpack when present, else JSON, else null (see @tsvider/cty's msgpack.ts).
 * A value that does not fit the schema becomes an error diagnostic naming the attribute, and
 * the result is undefined.
 */
export function decodeDynamic(
  value: { readonly msgpack?: Uint8Array; readonly json?: Uint8Array } | undefined,
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
): WireDynamicValue | undefined {
  try {
    return { msgpack: Buffer.from(encodeMsgpack(value, type)), json: Buffer.alloc(0) };
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

export function toWirePath(path: AttributePath): WireAttributePath {
  return {
    steps: path.map((step) =>
      "attribute" in step
        ? { attributeName: step.attribute }
        : "index" in step
          ? { elementKeyInt: BigInt(step.index) }
          : { elementKeyString: step.key },
    ),
  };
}

export function toWireDiagnostics(diagnostics: Iterable<Diagnostic>): WireDiagnostic[] {
  return [...diagnostics].map((d) => {
    const severity = d.severity === "error" ? Severity.ERROR : Severity.WARNING;
    const path: unknown = d.path;
    if (path === undefined || (Array.isArray(path) && path.length === 0)) {
      return { severity, summary: String(d.summary), detail: String(d.detail ?? "") };
    }
    // Paths come from author code (a TsviderError's `path`, addError's third argument), where
    // plain JavaScript can hand anything: the diagnostic still goes out, without the path.
    if (!Array.isArray(path) || !path.every(isAttributePathStep)) {
      return {
        severity,
        summary: String(d.summary),
        detail: `${d.detail ? `${d.detail}\n\n` : ""}(The provider gave this diagnostic a path tsvider cannot read, ${describePath(path)}: each step is { attribute: "name" }, { index: 0 } or { key: "k" }. This is a bug in the provider.)`,
      };
    }
    return {
      severity,
      summary: String(d.summary),
      detail: String(d.detail ?? ""),
      attribute: toWirePath(path),
    };
  });
}

function describePath(path: unknown): string {
  try {
    return JSON.stringify(path) ?? String(path);
  } catch {
    return String(path);
  }
}

/** What differs between the protocols' schemas. */
export interface SchemaTranslation {
  /**
   * A nested attribute's `nested_type`, which only protocol 6 can express. Protocol 5's
   * adapter gives none and refuses such providers before any schema is translated.
   */
  readonly nestedType?: (entry: NestedAttribute, attribute: AttributeTranslator) => WireObject;
}
export type AttributeTranslator = (name: string, entry: AnyAttribute) => WireAttribute;

/** A resource's or provider's schema as GetProviderSchema describes it. */
export function toWireSchema(
  schema: Schema,
  translation: SchemaTranslation,
  options: { version?: number; description?: string } = {},
): WireSchema {
  const attribute: AttributeTranslator = (name, entry) => {
    const o = entry.options;
    let typed: Pick<WireAttribute, "type" | "nestedType">;
    if (entry.kind === "attribute") typed = { type: Buffer.from(typeToJSONText(entry.type)) };
    else if (translation.nestedType) typed = { nestedType: translation.nestedType(entry, attribute) };
    else throw new Error(`the nested attribute "${name}" cannot be described in this protocol`);
    return {
      name,
      ...typed,
      required: o.required === true,
      optional: o.optional === true,
      computed: o.computed === true,
      sensitive: o.sensitive === true,
      writeOnly: o.writeOnly === true,
      ...describe(o),
    };
  };
  const block = (entries: Schema, documentation: Documentation): WireBlock => {
    const attributes: WireAttribute[] = [];
    const blockTypes: WireBlock["blockTypes"] = [];
    // Terraform sorts by name too; a stable order keeps schema output diffable.
    for (const name of Object.keys(entries).sort(compareBytewise)) {
      const entry = entries[name]!;
      if (entry.kind !== "block") {
        attributes.push(attribute(name, entry));
        continue;
      }
      const o = entry.options as Block["options"] & { minItems?: number; maxItems?: number };
      const minItems = o.minItems ?? 0;
      blockTypes.push({
        typeName: name,
        block: block(entry.schema, o),
        nesting: blockNesting[entry.nesting],
        minItems: BigInt(minItems),
        // A single block's limits must match: at most one, exactly one when required.
        maxItems: BigInt(entry.nesting === "single" ? minItems : (o.maxItems ?? 0)),
      });
    }
    return { attributes, blockTypes, ...describe(documentation) };
  };
  return {
    version: BigInt(options.version ?? 0),
    block: block(schema, options.description === undefined ? {} : { description: options.description }),
  };
}

interface Documentation {
  readonly description?: string;
  readonly markdownDescription?: string;
  readonly deprecationMessage?: string;
}

function describe(o: Documentation): WireDocumentation {
  return {
    description: o.markdownDescription ?? o.description ?? "",
    descriptionKind: o.markdownDescription !== undefined ? StringKind.MARKDOWN : StringKind.PLAIN,
    deprecated: o.deprecationMessage !== undefined,
    deprecationMessage: o.deprecationMessage ?? "",
  };
}
