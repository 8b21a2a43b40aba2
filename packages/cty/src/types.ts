// cty types as values: a type is a small immutable object that can be compared, named for
// humans, and written as the type JSON the protocol carries in schemas.
//
// This first cut holds the kinds the foundation slice needs (string, number, bool, object);
// the full type system (collections, tuples, dynamic, capsules, optional attributes) is
// filled in by the cty issue.

export type PrimitiveKind = "string" | "number" | "bool";

export interface PrimitiveType {
  readonly kind: PrimitiveKind;
}

export interface ObjectType {
  readonly kind: "object";
  /** Attribute types by name. Frozen; iterate with `sortedAttributeNames` for a stable order. */
  readonly attributes: Readonly<Record<string, CtyType>>;
}

export type CtyType = PrimitiveType | ObjectType;

export const string: PrimitiveType = Object.freeze({ kind: "string" });
export const number: PrimitiveType = Object.freeze({ kind: "number" });
export const bool: PrimitiveType = Object.freeze({ kind: "bool" });

export function object(attributes: Record<string, CtyType>): ObjectType {
  const copy: Record<string, CtyType> = Object.create(null);
  for (const name of Object.keys(attributes).sort()) copy[name] = attributes[name]!;
  return Object.freeze({ kind: "object", attributes: Object.freeze(copy) });
}

/** Attribute names in byte-wise order, the order cty uses whenever it walks an object. */
export function sortedAttributeNames(type: ObjectType): string[] {
  return Object.keys(type.attributes).sort(compareBytewise);
}

export function typeEquals(a: CtyType, b: CtyType): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind !== "object" || b.kind !== "object") return true;
  const an = sortedAttributeNames(a);
  const bn = sortedAttributeNames(b);
  return (
    an.length === bn.length &&
    an.every((n, i) => n === bn[i] && typeEquals(a.attributes[n]!, b.attributes[n]!))
  );
}

/** The name go-cty's FriendlyName gives, used in error messages. */
export function friendlyName(type: CtyType): string {
  return type.kind === "object" ? "object" : type.kind;
}

/** The type JSON form: `"string"`, `["object",{"a":"number"}]`. */
export function typeToJSON(type: CtyType): unknown {
  if (type.kind !== "object") return type.kind;
  const attrs: Record<string, unknown> = {};
  for (const name of sortedAttributeNames(type)) attrs[name] = typeToJSON(type.attributes[name]!);
  return ["object", attrs];
}

/**
 * Reads the type JSON form. Types beyond this slice's (collections, tuples, dynamic) are
 * refused with an error saying so; they arrive with the full cty type system.
 */
export function typeFromJSON(json: unknown): CtyType {
  if (json === "string") return string;
  if (json === "number") return number;
  if (json === "bool") return bool;
  if (Array.isArray(json) && json[0] === "object" && json.length === 2 && isPlainObject(json[1])) {
    const attributes: Record<string, CtyType> = {};
    for (const [name, t] of Object.entries(json[1])) attributes[name] = typeFromJSON(t);
    return object(attributes);
  }
  throw new TypeError(
    `unsupported type ${JSON.stringify(json)}: this version of @tsvider/cty reads string, number, bool and object types`,
  );
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export function compareBytewise(a: string, b: string): number {
  // JS compares UTF-16 code units; cty compares UTF-8 bytes. They agree except around
  // astral characters, so compare code points to match byte order exactly.
  if (a === b) return 0;
  const ai = a[Symbol.iterator]();
  const bi = b[Symbol.iterator]();
  for (;;) {
    const x = ai.next();
    const y = bi.next();
    if (x.done) return y.done ? 0 : -1;
    if (y.done) return 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
}
