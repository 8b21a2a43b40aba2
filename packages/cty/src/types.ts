// cty types as values: a type is a small immutable object that can be compared, named for
// humans, and written as the type JSON the protocol carries (schemas, dynamic values).

import { setOwn } from "./internal/records.js";
import { goJsonString } from "./internal/text/go-json.js";

/** The names of cty's three primitive types. */
export type PrimitiveKind = "string" | "number" | "bool";

/** A primitive type: `string`, `number` or `bool` (use the constants of those names). */
export interface PrimitiveType {
  readonly kind: PrimitiveKind;
}

/** A list, set or map: every element has the one element type. */
export interface CollectionType {
  readonly kind: "list" | "set" | "map";
  readonly element: CtyType;
}

/** An object type: a fixed set of named attributes, each with its own type. Make one with `object`. */
export interface ObjectType {
  readonly kind: "object";
  /** Attribute types by name (names in NFC, as cty keeps them). */
  readonly attributes: Readonly<Record<string, CtyType>>;
  /** The attribute names in byte-wise order, the order cty walks and writes them in. */
  readonly attributeNames: readonly string[];
  /** Attributes a type constraint marks optional (they convert from absent to null). */
  readonly optional: ReadonlySet<string>;
}

/** A tuple type: a fixed number of elements, each with its own type. Make one with `tuple`. */
export interface TupleType {
  readonly kind: "tuple";
  readonly elements: readonly CtyType[];
}

/** cty's DynamicPseudoType: "any type" in a constraint, "type not known yet" in a value. */
export interface DynamicType {
  readonly kind: "dynamic";
}

/**
 * A capsule type carries an application's own values through cty. Two capsule types are equal
 * only when they are the same object. Capsule types have no JSON or msgpack form.
 */
export interface CapsuleType {
  readonly kind: "capsule";
  readonly name: string;
}

/** Any cty type. Compare types with `typeEquals`, not `===` (types are built fresh by each call). */
export type CtyType = PrimitiveType | CollectionType | ObjectType | TupleType | DynamicType | CapsuleType;

/** cty's string type: a Unicode string, held in NFC. */
export const string: PrimitiveType = Object.freeze({ kind: "string" });
/** cty's number type: an arbitrary-precision number (a `CtyNumber` in JavaScript). */
export const number: PrimitiveType = Object.freeze({ kind: "number" });
/** cty's bool type. */
export const bool: PrimitiveType = Object.freeze({ kind: "bool" });
/** cty's dynamic pseudo-type: any type in a type constraint, a type not known yet in a value. */
export const dynamic: DynamicType = Object.freeze({ kind: "dynamic" });

/** A list type: an ordered sequence of values of `element`'s type. */
export function list(element: CtyType): CollectionType {
  return Object.freeze({ kind: "list", element });
}

/** A set type: an unordered collection of distinct values of `element`'s type. */
export function set(element: CtyType): CollectionType {
  return Object.freeze({ kind: "set", element });
}

/** A map type: string keys to values of `element`'s type. */
export function map(element: CtyType): CollectionType {
  return Object.freeze({ kind: "map", element });
}

/** A tuple type with one type per element, in order. */
export function tuple(elements: readonly CtyType[]): TupleType {
  return Object.freeze({ kind: "tuple", elements: Object.freeze([...elements]) });
}

/** A new capsule type, named `name` in messages. Each call makes a distinct type. */
export function capsule(name: string): CapsuleType {
  return Object.freeze({ kind: "capsule", name });
}

/**
 * An object type. `optional` names attributes that a type constraint lets be absent; it must
 * only name declared attributes.
 */
export function object(attributes: Record<string, CtyType>, optional: Iterable<string> = []): ObjectType {
  const normalized: Record<string, CtyType> = Object.create(null);
  for (const [name, type] of Object.entries(attributes)) normalized[name.normalize("NFC")] = type;
  const optionalSet = new Set<string>();
  for (const name of optional) {
    const n = name.normalize("NFC");
    if (!Object.hasOwn(normalized, n)) {
      throw new TypeError(`optional attribute "${n}" is not one of the object's attributes`);
    }
    optionalSet.add(n);
  }
  return Object.freeze({
    kind: "object",
    attributes: Object.freeze(normalized),
    attributeNames: Object.freeze(Object.keys(normalized).sort(compareBytewise)),
    optional: optionalSet,
  });
}

/** The object type with no attributes (the type of `{}` in HCL). */
export const emptyObject: ObjectType = object({});
/** The tuple type with no elements (the type of `[]` in HCL). */
export const emptyTuple: TupleType = tuple([]);

/** Whether a type is `string`, `number` or `bool`. */
export function isPrimitiveType(type: CtyType): type is PrimitiveType {
  return type.kind === "string" || type.kind === "number" || type.kind === "bool";
}

/** Whether a type is a list, set or map type. */
export function isCollectionType(type: CtyType): type is CollectionType {
  return type.kind === "list" || type.kind === "set" || type.kind === "map";
}

/** Whether `dynamic` appears anywhere in the type. */
export function hasDynamicTypes(type: CtyType): boolean {
  switch (type.kind) {
    case "dynamic":
      return true;
    case "list":
    case "set":
    case "map":
      return hasDynamicTypes(type.element);
    case "object":
      return type.attributeNames.some((n) => hasDynamicTypes(type.attributes[n]!));
    case "tuple":
      return type.elements.some(hasDynamicTypes);
    default:
      return false;
  }
}

/** The type with every optional-attribute marker removed, at any depth. */
export function withoutOptionalAttributesDeep(type: CtyType): CtyType {
  switch (type.kind) {
    case "list":
      return list(withoutOptionalAttributesDeep(type.element));
    case "set":
      return set(withoutOptionalAttributesDeep(type.element));
    case "map":
      return map(withoutOptionalAttributesDeep(type.element));
    case "tuple":
      return tuple(type.elements.map(withoutOptionalAttributesDeep));
    case "object": {
      const attributes: Record<string, CtyType> = {};
      for (const n of type.attributeNames)
        setOwn(attributes, n, withoutOptionalAttributesDeep(type.attributes[n]!));
      return object(attributes);
    }
    default:
      return type;
  }
}

/** Structural equality, as go-cty's Type.Equals: optional markers count, capsules by identity. */
export function typeEquals(a: CtyType, b: CtyType): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return a.kind === b.kind;
    case "list":
    case "set":
    case "map":
      return b.kind === a.kind && typeEquals(a.element, (b as CollectionType).element);
    case "tuple":
      return (
        b.kind === "tuple" &&
        a.elements.length === b.elements.length &&
        a.elements.every((t, i) => typeEquals(t, b.elements[i]!))
      );
    case "object": {
      if (b.kind !== "object" || a.attributeNames.length !== b.attributeNames.length) return false;
      if (a.optional.size !== b.optional.size) return false;
      for (const n of a.optional) if (!b.optional.has(n)) return false;
      return a.attributeNames.every(
        (n, i) => n === b.attributeNames[i] && typeEquals(a.attributes[n]!, b.attributes[n]!),
      );
    }
    case "capsule":
      return false; // a === b was checked above
  }
}

/** The name go-cty's FriendlyName gives: "list of string", "object", "dynamic". */
export function friendlyName(type: CtyType): string {
  return nameOf(type, false);
}

/**
 * The name go-cty's FriendlyNameForConstraint gives, for types used as constraints:
 * "any type" for dynamic, "list of any single type" for a list of dynamic.
 */
export function friendlyNameForConstraint(type: CtyType): string {
  return nameOf(type, true);
}

function nameOf(type: CtyType, constraint: boolean): string {
  switch (type.kind) {
    case "dynamic":
      return constraint ? "any type" : "dynamic";
    case "list":
    case "set":
    case "map": {
      const element =
        constraint && type.element.kind === "dynamic" ? "any single type" : nameOf(type.element, constraint);
      return `${type.kind} of ${element}`;
    }
    case "capsule":
      return type.name;
    default:
      return type.kind;
  }
}

/**
 * Thrown when type JSON is not a cty type (`typeFromJSON`, `parseTypeJSON`) or a type has no
 * JSON form (`typeToJSON` given a capsule type); the message says what is wrong.
 */
export class TypeJSONError extends Error {
  override readonly name = "TypeJSONError";
}

/** The type JSON form as a JSON value: `"string"`, `["list","number"]`, `["object",{…},["a"]]`. */
export function typeToJSON(type: CtyType): unknown {
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return type.kind;
    case "list":
    case "set":
    case "map":
      return [type.kind, typeToJSON(type.element)];
    case "tuple":
      return ["tuple", type.elements.map(typeToJSON)];
    case "object": {
      const attributes: Record<string, unknown> = {};
      for (const n of type.attributeNames) setOwn(attributes, n, typeToJSON(type.attributes[n]!));
      if (type.optional.size === 0) return ["object", attributes];
      return ["object", attributes, [...type.optional].sort(compareBytewise)];
    }
    case "capsule":
      throw new TypeJSONError(`type not allowed: ${type.name} (capsule types have no JSON form)`);
  }
}

/** The type JSON text byte for byte as go-cty writes it (Go's JSON escaping included). */
export function typeToJSONText(type: CtyType): string {
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return `"${type.kind}"`;
    case "list":
    case "set":
    case "map":
      return `["${type.kind}",${typeToJSONText(type.element)}]`;
    case "tuple":
      return `["tuple",[${type.elements.map(typeToJSONText).join(",")}]]`;
    case "object": {
      const attributes = type.attributeNames.map(
        (n) => `${goJsonString(n)}:${typeToJSONText(type.attributes[n]!)}`,
      );
      const optional =
        type.optional.size === 0
          ? ""
          : `,[${[...type.optional]
              .sort(compareBytewise)
              .map((n) => goJsonString(n))
              .join(",")}]`;
      return `["object",{${attributes.join(",")}}${optional}]`;
    }
    case "capsule":
      throw new TypeJSONError(`type not allowed: ${type.name} (capsule types have no JSON form)`);
  }
}

/** Reads the type JSON form from a parsed JSON value. Throws TypeJSONError saying what is wrong. */
export function typeFromJSON(json: unknown): CtyType {
  if (typeof json === "string") {
    switch (json) {
      case "string":
        return string;
      case "number":
        return number;
      case "bool":
        return bool;
      case "dynamic":
        return dynamic;
      default:
        throw new TypeJSONError(`invalid primitive type name ${JSON.stringify(json)}`);
    }
  }
  if (!Array.isArray(json))
    throw new TypeJSONError("invalid type description: expected a string or an array");
  const [kind, arg, extra] = json as unknown[];
  if (typeof kind !== "string") throw new TypeJSONError("invalid complex type kind name");
  const arity = kind === "object" ? [2, 3] : [2];
  if (!arity.includes(json.length))
    throw new TypeJSONError(`unexpected extra data in the ${kind} type description`);
  switch (kind) {
    case "list":
      return list(typeFromJSON(arg));
    case "set":
      return set(typeFromJSON(arg));
    case "map":
      return map(typeFromJSON(arg));
    case "tuple":
      // go-cty writes a tuple type made from a nil slice as ["tuple",null], and reads it back.
      if (arg === null) return emptyTuple;
      if (!Array.isArray(arg)) throw new TypeJSONError("a tuple type needs an array of element types");
      return tuple(arg.map(typeFromJSON));
    case "object": {
      if (arg === null && extra === undefined) return emptyObject; // as go-cty reads it
      if (typeof arg !== "object" || arg === null || Array.isArray(arg)) {
        throw new TypeJSONError("an object type needs an object of attribute types");
      }
      const attributes: Record<string, CtyType> = {};
      for (const [n, t] of Object.entries(arg)) setOwn(attributes, n, typeFromJSON(t));
      if (extra === undefined) return object(attributes);
      if (!Array.isArray(extra) || !extra.every((n) => typeof n === "string")) {
        throw new TypeJSONError("an object type's optional attributes must be an array of names");
      }
      try {
        return object(attributes, extra as string[]);
      } catch (err) {
        throw new TypeJSONError((err as Error).message);
      }
    }
    default:
      throw new TypeJSONError(`invalid complex type kind name ${JSON.stringify(kind)}`);
  }
}

/** Reads type JSON text, as in a schema's `type` bytes or a dynamic value's wrapper. */
export function parseTypeJSON(text: string | Uint8Array): CtyType {
  const source = typeof text === "string" ? text : new TextDecoder("utf-8", { fatal: true }).decode(text);
  let json: unknown;
  try {
    json = JSON.parse(source);
  } catch (err) {
    throw new TypeJSONError(`type description is not JSON: ${(err as Error).message}`);
  }
  return typeFromJSON(json);
}

/** Byte-wise (UTF-8) order, which is code point order; JS's default sort compares UTF-16 units. */
export function compareBytewise(a: string, b: string): number {
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

/**
 * Why a type does not conform to a constraint, as go-cty's TestConformance reports it (empty
 * when it does): `dynamic` in the constraint accepts anything; objects need exactly the
 * constraint's attributes; tuples its length; collections conforming elements. Each message
 * starts with where in the type it applies, unless `withPath` is false (go-cty's errors'
 * own text, which function argument errors show, has no path).
 */
export function conformanceErrors(given: CtyType, want: CtyType, at = "", withPath = true): string[] {
  if (want.kind === "dynamic" || typeEquals(given, want)) return [];
  const where = (s: string) => (at && withPath ? `${at}: ${s}` : s);
  if (given.kind === "object" && want.kind === "object") {
    const errors: string[] = [];
    for (const n of given.attributeNames) {
      if (!Object.hasOwn(want.attributes, n)) errors.push(where(`unsupported attribute "${n}"`));
    }
    for (const n of want.attributeNames) {
      if (!Object.hasOwn(given.attributes, n)) errors.push(where(`missing required attribute "${n}"`));
    }
    for (const n of want.attributeNames) {
      if (Object.hasOwn(given.attributes, n)) {
        errors.push(
          ...conformanceErrors(given.attributes[n]!, want.attributes[n]!, at ? `${at}.${n}` : n, withPath),
        );
      }
    }
    return errors;
  }
  if (given.kind === "tuple" && want.kind === "tuple") {
    if (given.elements.length !== want.elements.length) {
      return [where(`${want.elements.length} elements are required, but got ${given.elements.length}`)];
    }
    return want.elements.flatMap((t, i) => conformanceErrors(given.elements[i]!, t, `${at}[${i}]`, withPath));
  }
  if ((given.kind === "list" || given.kind === "set" || given.kind === "map") && given.kind === want.kind) {
    return conformanceErrors(given.element, (want as CollectionType).element, `${at}[*]`, withPath);
  }
  return [where(`${friendlyName(want)} required, but received ${friendlyName(given)}`)];
}
