// Attributes: the leaves of a schema. Each carries its cty type and flags, and its TypeScript
// value type as a phantom parameter, from which config, plan and state types are inferred.
import * as cty from "@tsvider/cty";

export interface AttributeOptions {
  /** The practitioner must set it. */
  readonly required?: boolean;
  /** The practitioner may set it. */
  readonly optional?: boolean;
  /** The provider sets it (with `optional`, when the practitioner did not). */
  readonly computed?: boolean;
  /** Hidden in plan output and logs (still stored in state). */
  readonly sensitive?: boolean;
  readonly description?: string;
  /** Markdown instead of plain text in `description`. */
  readonly markdownDescription?: string;
  /** Deprecated, with the message Terraform shows to whoever still sets it. */
  readonly deprecationMessage?: string;
  /** A change to this attribute destroys the object and creates a new one. */
  readonly requiresReplace?: boolean;
}

export type AttributeKind = "string" | "number" | "bool";

export interface Attribute<T = unknown, O extends AttributeOptions = AttributeOptions> {
  readonly kind: AttributeKind;
  readonly type: cty.CtyType;
  readonly options: O;
  /** Phantom: the TypeScript type of a known value. Never set at run time. */
  readonly __value?: T;
}

function define<T>(kind: AttributeKind, type: cty.CtyType) {
  return <const O extends AttributeOptions>(options: O): Attribute<T, O> =>
    Object.freeze({ kind, type, options });
}

/** Attribute builders: `attr.string({ required: true })`. */
export const attr = {
  string: define<string>("string", cty.string),
  /** Any number, exactly: a JS number when it holds the value, else bigint or Decimal. */
  number: define<cty.CtyNumber>("number", cty.number),
  bool: define<boolean>("bool", cty.bool),
} as const;

export type Schema = Readonly<Record<string, Attribute>>;
