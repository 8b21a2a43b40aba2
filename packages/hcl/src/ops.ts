/**
 * Indexing and attribute access on values, with HCL's rules and diagnostics.
 *
 * @packageDocumentation
 */
// Indexing and attribute access as HCL's `x[k]` and `x.name` do them (hcl.Index and
// hcl.GetAttr), shared by traversals and by both syntaxes: looser than cty's own operations
// (a string key converts to a number for a list) and with HCL's diagnostics.

import * as cty from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import type { Diagnostic } from "./diagnostic.js";
import { goQuote } from "./internal/go-quote.js";
import {
  dynamicUnknown,
  integerOf,
  isNegative,
  isNullValue,
  marksOf,
  typedWithMarks,
  unmarkTop,
} from "./internal/typed-values.js";
import type { Range } from "./pos.js";

/** The result of an operation on values (index, attribute access), with diagnostics on failure. */
export interface OpResult {
  readonly value: TypedValue;
  readonly diagnostics: Diagnostic[];
}

const invalidIndex = "Invalid index";
const notIdentified = "The given key does not identify an element in this collection value";

function fail(summary: string, detail: string, subject: Range | undefined): OpResult {
  const d: Diagnostic = subject
    ? { severity: "error", summary, detail, subject }
    : { severity: "error", summary, detail };
  return { value: dynamicUnknown, diagnostics: [d] };
}

function ok(value: TypedValue): OpResult {
  return { value, diagnostics: [] };
}

/** An unknown of this type carrying the marks of `from`. */
function unknownLike(type: cty.CtyType, from: cty.CtyValue): TypedValue {
  return typedWithMarks({ value: cty.Unknown, type }, marksOf(from));
}

/** Converts a key for an index; the error text is go-cty's conversion message. */
function convertKey(key: TypedValue, want: cty.CtyType): TypedValue | string {
  try {
    return convertTyped(key.value, key.type, want);
  } catch (e) {
    if (e instanceof ConversionError) return e.reason;
    throw e;
  }
}

/**
 * `collection[key]` with HCL's rules (hcl.Index). Values are TypedValues of their own type.
 * `subject` is where diagnostics point.
 */
export function index(collection: TypedValue, key: TypedValue, subject?: Range): OpResult {
  if (isNullValue(collection.value)) {
    return fail(
      "Attempt to index null value",
      "This value is null, so it does not have any indices.",
      subject,
    );
  }
  if (isNullValue(key.value))
    return fail(invalidIndex, "Can't use a null value as an indexing key.", subject);
  const ty = collection.type;
  if (key.type.kind === "dynamic" || ty.kind === "dynamic")
    return ok(unknownLike(cty.dynamic, collection.value));

  switch (ty.kind) {
    case "list":
    case "tuple":
    case "map":
      return indexSequenceOrMap(collection, key, ty, subject);
    case "object":
      return indexObject(collection, key, ty, subject);
    case "set":
      return fail(
        invalidIndex,
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
        subject,
      );
    default:
      return fail(invalidIndex, "This value does not have any indices.", subject);
  }
}

function indexSequenceOrMap(
  collection: TypedValue,
  givenKey: TypedValue,
  ty: cty.CollectionType | cty.TupleType,
  subject: Range | undefined,
): OpResult {
  const converted = convertKey(givenKey, ty.kind === "map" ? cty.string : cty.number);
  if (typeof converted === "string") return fail(invalidIndex, `${notIdentified}: ${converted}.`, subject);
  const { value: coll, marks: collMarks } = unmarkTop(collection.value);
  const { value: key, marks: keyMarks } = unmarkTop(converted.value);
  const has = hasIndex(coll, key, ty);
  if (has === undefined) {
    return ok(
      ty.kind === "tuple"
        ? unknownLike(cty.dynamic, collection.value)
        : unknownLike(ty.element, collection.value),
    );
  }
  if (!has) return fail(invalidIndex, missingIndexDetail(coll, key, ty), subject);
  let element: TypedValue;
  if (ty.kind === "map") {
    element = cty.isUnknown(coll)
      ? { value: cty.Unknown, type: ty.element }
      : { value: (coll as Record<string, cty.CtyValue>)[key as string]!, type: ty.element };
  } else {
    const i = Number(integerOf(key)!);
    const elType = ty.kind === "tuple" ? ty.elements[i]! : ty.element;
    element = cty.isUnknown(coll)
      ? { value: cty.Unknown, type: elType }
      : { value: (coll as cty.CtyValue[])[i]!, type: elType };
  }
  return ok(typedWithMarks(element, collMarks, keyMarks));
}

/** go-cty's HasIndex on unmarked values of a list, tuple or map type; undefined for unknown. */
function hasIndex(
  coll: cty.CtyValue,
  key: cty.CtyValue,
  ty: cty.CollectionType | cty.TupleType,
): boolean | undefined {
  if (cty.isUnknown(key)) return undefined;
  if (ty.kind === "map") {
    if (cty.isUnknown(coll)) return undefined;
    return Object.hasOwn(coll as object, key as string);
  }
  if (ty.kind === "list" && cty.isUnknown(coll)) return undefined;
  const i = integerOf(key);
  // go-cty reads the index as an int64: anything beyond is simply absent.
  if (i === undefined || i < 0n || i > 9223372036854775807n) return false;
  const length = ty.kind === "tuple" ? ty.elements.length : (coll as readonly cty.CtyValue[]).length;
  return i < BigInt(length);
}

/** hcl's explanation for a known key that selects nothing. */
function missingIndexDetail(
  coll: cty.CtyValue,
  key: cty.CtyValue,
  ty: cty.CollectionType | cty.TupleType,
): string {
  if (ty.kind !== "map") {
    const i = integerOf(key);
    if (i === undefined) {
      return `${notIdentified}: indexing a sequence requires a whole number, but the given index has a fractional part.`;
    }
    if (isNegative(key)) return `${notIdentified}: a negative number is not a valid index for a sequence.`;
    const length = ty.kind === "tuple" ? ty.elements.length : (coll as readonly cty.CtyValue[]).length;
    // hcl explains only an index equal to the length (its comparison says "< 1", not "< 0"):
    // beyond that it gives the generic message.
    if (i === BigInt(length)) {
      return length === 0
        ? `${notIdentified}: the collection has no elements.`
        : `${notIdentified}: the given index is greater than or equal to the length of the collection.`;
    }
  }
  return `${notIdentified}.`;
}

function indexObject(
  collection: TypedValue,
  givenKey: TypedValue,
  ty: cty.ObjectType,
  subject: Range | undefined,
): OpResult {
  const wasNumber = givenKey.type.kind === "number";
  const converted = convertKey(givenKey, cty.string);
  if (typeof converted === "string") return fail(invalidIndex, `${notIdentified}: ${converted}.`, subject);
  const key = unmarkTop(converted.value).value;
  if (cty.isUnknown(key)) return ok(unknownLike(cty.dynamic, collection.value));
  const name = key as string;
  if (!Object.hasOwn(ty.attributes, name)) {
    const hint = wasNumber
      ? " An object only supports looking up attributes by name, not by numeric index."
      : "";
    return fail(invalidIndex, `${notIdentified}.${hint}`, subject);
  }
  return ok(attributeOf(collection, name, ty));
}

/** An object's attribute, marked as the object is (go-cty's GetAttr). */
function attributeOf(obj: TypedValue, name: string, ty: cty.ObjectType): TypedValue {
  const { value, marks } = unmarkTop(obj.value);
  const attrType = ty.attributes[name]!;
  if (cty.isUnknown(value)) return typedWithMarks({ value: cty.Unknown, type: attrType }, marks);
  const record = value as Record<string, cty.CtyValue>;
  return typedWithMarks({ value: Object.hasOwn(record, name) ? record[name]! : null, type: attrType }, marks);
}

const unsupportedAttr = "Unsupported attribute";

/** `obj.name` with HCL's rules (hcl.GetAttr). */
export function getAttr(obj: TypedValue, name: string, subject?: Range): OpResult {
  if (isNullValue(obj.value)) {
    return fail(
      "Attempt to get attribute from null value",
      "This value is null, so it does not have any attributes.",
      subject,
    );
  }
  const ty = obj.type;
  switch (ty.kind) {
    case "object":
      if (!Object.hasOwn(ty.attributes, name)) {
        return fail(
          unsupportedAttr,
          `This object does not have an attribute named ${goQuote(name)}.`,
          subject,
        );
      }
      return ok(attributeOf(obj, name, ty));
    case "map": {
      const { value, marks } = unmarkTop(obj.value);
      if (cty.isUnknown(value)) return ok(unknownLike(ty.element, obj.value));
      const record = value as Record<string, cty.CtyValue>;
      if (!Object.hasOwn(record, name)) {
        return fail(
          "Missing map element",
          `This map does not have an element with the key ${goQuote(name)}.`,
          subject,
        );
      }
      return ok(typedWithMarks({ value: record[name]!, type: ty.element }, marks));
    }
    case "dynamic":
      return ok(unknownLike(cty.dynamic, obj.value));
    case "list":
      if (ty.element.kind === "object") {
        return fail(
          unsupportedAttr,
          Object.hasOwn(ty.element.attributes, name)
            ? `Can't access attributes on a list of objects. Did you mean to access attribute ${goQuote(name)} for a specific element of the list, or across all elements of the list?`
            : "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?",
          subject,
        );
      }
      break;
    case "set":
      if (ty.element.kind === "object") {
        return fail(
          unsupportedAttr,
          "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
          subject,
        );
      }
      break;
    case "string":
    case "number":
    case "bool":
      return fail(
        unsupportedAttr,
        `Can't access attributes on a primitive-typed value (${cty.friendlyName(ty)}).`,
        subject,
      );
    default:
      break;
  }
  return fail(unsupportedAttr, "This value does not have any attributes.", subject);
}

export { goQuote };
