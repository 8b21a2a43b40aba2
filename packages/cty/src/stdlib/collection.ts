// go-cty stdlib, collection.go: functions over lists, sets, maps, tuples and objects.
//
// Result types follow the arguments' types as go-cty has them (see go-typed.ts), and each
// function treats unknowns as go-cty's does: some return an unknown as soon as any part of an
// argument is unknown, others work around unknown elements, and some can say something about
// an unknown result (its length, that it is not null).
import { unify } from "../convert/index.js";
import { canonicalSet, containsUnknown } from "../equality.js";
import { ArgumentError, defineFunction, type FunctionSpec, type TypedValue } from "../function.js";
import { setOwn } from "../internal/records.js";
import { hashBytes } from "../internal/set-elements.js";
import { goQuote } from "../internal/text/go-quote.js";
import { unmark } from "../marks.js";
import { refine } from "../refinement.js";
import {
  bool,
  type CtyType,
  dynamic,
  emptyObject,
  friendlyName,
  list,
  map,
  number,
  object,
  set,
  string,
  tuple,
  typeEquals,
} from "../types.js";
import { type CtyNumber, type CtyValue, isUnknown, mark, Unknown } from "../values.js";
import { ctyEquals, unknownBool } from "./internal/equals.js";
import { goCollection } from "./internal/go-collections.js";
import { goConvert } from "./internal/go-convert.js";
import { exactInt64, goInt, goIntExact } from "./internal/go-int.js";
import { goPanic } from "./internal/go-panic.js";
import {
  elementsOf,
  goTyped,
  mappingEntries,
  returnedAs,
  sequenceElements,
  typedAt,
} from "./internal/go-typed.js";
import { goLength, lengthBounds, storedLength } from "./internal/length.js";
import { conformingResult } from "./internal/result-check.js";

const notNull = { notNull: true } as const;

/** Calls `fn` and turns a plain Error into one saying what the number was for, as go-cty words it. */
function prefixed<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof Error && !(err instanceof ArgumentError)) throw new Error(`${prefix}${err.message}`);
    throw err;
  }
}

const isSequenceKind = (t: CtyType) => t.kind === "list" || t.kind === "set" || t.kind === "tuple";

/**
 * go-cty's Value.HasIndex for a collection and key known to their top level (no marks): true,
 * false, or an unknown bool when an unknown stands in the way.
 */
function hasIndexOf(collection: TypedValue, key: TypedValue): CtyValue {
  const t = collection.type;
  if (t.kind === "dynamic") return unknownBool;
  switch (t.kind) {
    case "list":
    case "tuple": {
      if (key.type.kind === "dynamic") return unknownBool;
      if (key.type.kind !== "number") return false;
      if (isUnknown(key.value)) return unknownBool;
      if (t.kind === "list" && isUnknown(collection.value)) return unknownBool;
      const index = exactInt64(key.value as CtyNumber);
      if (index === undefined || index < 0n) return false;
      const length =
        t.kind === "tuple" ? t.elements.length : (collection.value as readonly CtyValue[]).length;
      return index < BigInt(length);
    }
    case "map": {
      if (key.type.kind === "dynamic") return unknownBool;
      if (key.type.kind !== "string") return false;
      if (isUnknown(key.value) || isUnknown(collection.value)) return unknownBool;
      return Object.hasOwn(collection.value as Record<string, CtyValue>, key.value as string);
    }
    default:
      throw goPanic("not a list, map, or tuple type");
  }
}

/**
 * The cty function `hasIndex`, a FunctionSpec to call with `callFunction`. Whether looking key up
 * in a list, tuple or map would succeed: a whole number within range for a list or tuple, a present
 * key for a map.
 */
export const hasIndex: FunctionSpec = defineFunction({
  description:
    "Whether looking key up in a list, tuple or map would succeed: a whole number within range for a list or tuple, a present key for a map. A key of the wrong type gives false, not an error; unknowns in the way make the answer unknown.",
  params: [
    { name: "collection", type: dynamic, allowDynamicType: true },
    { name: "key", type: dynamic, allowDynamicType: true },
  ],
  returnType: ([collection]) => {
    const k = collection!.type.kind;
    if (k !== "tuple" && k !== "list" && k !== "map" && k !== "dynamic") {
      throw new Error("collection must be a list, a map or a tuple");
    }
    return bool;
  },
  refineResult: notNull,
  impl: ([collection, key]) => hasIndexOf(goTyped(collection!), goTyped(key!)),
});

/**
 * The cty function `index`, a FunctionSpec to call with `callFunction`. Looks up one element: by
 * whole-number position in a list or tuple, by string key in a map.
 */
export const index: FunctionSpec = defineFunction({
  description:
    "Looks up one element: by whole-number position in a list or tuple, by string key in a map. A key with no element behind it is an error.",
  params: [
    { name: "collection", type: dynamic },
    { name: "key", type: dynamic, allowDynamicType: true },
  ],
  returnType: (args) => {
    const collection = goTyped(args[0]!);
    const key = goTyped(args[1]!);
    const t = collection.type;
    const keyKind = key.type.kind;
    switch (t.kind) {
      case "tuple": {
        if (keyKind !== "number" && keyKind !== "dynamic") throw new Error("key for tuple must be number");
        if (isUnknown(key.value)) return dynamic;
        const i = prefixed("invalid key for tuple: ", () => goInt(key.value as CtyNumber));
        if (i >= t.elements.length || i < 0) {
          throw new Error(`key must be between 0 and ${t.elements.length} inclusive`);
        }
        return t.elements[i]!;
      }
      case "list":
        if (keyKind !== "number" && keyKind !== "dynamic") throw new Error("key for list must be number");
        return t.element;
      case "map":
        if (keyKind !== "string" && keyKind !== "dynamic") throw new Error("key for map must be string");
        return t.element;
      default:
        throw new Error("collection must be a list, a map or a tuple");
    }
  },
  impl: (args, returnType) => {
    const collection = goTyped(args[0]!);
    const key = goTyped(args[1]!);
    if (hasIndexOf(collection, key) !== true) throw new Error("invalid index");
    const t = collection.type;
    let element: TypedValue;
    if (t.kind === "map") {
      element = typedAt((collection.value as Record<string, CtyValue>)[key.value as string]!, t.element);
    } else {
      const i = Number(key.value);
      element = sequenceElements(collection.value, t)[i]!;
    }
    return returnedAs(element, returnType);
  },
});

/**
 * The cty function `length`, a FunctionSpec to call with `callFunction`. How many elements a list,
 * set, map or tuple holds.
 */
export const length: FunctionSpec = defineFunction({
  description:
    "How many elements a list, set, map or tuple holds. When that is not known yet, the result is an unknown number kept within whatever bounds are known.",
  params: [
    { name: "collection", type: dynamic, allowDynamicType: true, allowUnknown: true, allowMarked: true },
  ],
  returnType: ([collection]) => {
    const k = collection!.type.kind;
    if (k !== "tuple" && k !== "list" && k !== "map" && k !== "set" && k !== "dynamic") {
      throw new Error("collection must be a list, a map or a tuple");
    }
    return number;
  },
  refineResult: notNull,
  impl: ([collection]) => {
    const { value, marks } = unmark(collection!.value);
    const typed = goTyped({ value, type: collection!.type });
    return mark(goLength(typed.value, typed.type), ...marks);
  },
});

/**
 * The cty function `element`, a FunctionSpec to call with `callFunction`. Picks an element of a
 * list or tuple by position, wrapping around: the index is taken modulo the length, so one past the
 * end is the first element and -1 the last.
 */
export const element: FunctionSpec = defineFunction({
  description:
    "Picks an element of a list or tuple by position, wrapping around: the index is taken modulo the length, so one past the end is the first element and -1 the last. An empty list or tuple is an error.",
  params: [
    { name: "list", type: dynamic, allowMarked: true },
    { name: "index", type: number },
  ],
  returnType: ([listArg, indexArg]) => {
    const t = goTyped(listArg!).type;
    switch (t.kind) {
      case "list":
        return t.element;
      case "tuple": {
        if (isUnknown(indexArg!.value)) return dynamic;
        const i = prefixed("invalid index: ", () => goIntExact(indexArg!.value as CtyNumber));
        if (t.elements.length === 0) throw new Error("cannot use element function with an empty list");
        return t.elements[wrapIndex(i, t.elements.length)]!;
      }
      default:
        throw new Error(`cannot read elements from ${friendlyName(t)}`);
    }
  },
  impl: ([listArg, indexArg], returnType) => {
    const i = prefixed("invalid index: ", () => goIntExact(indexArg!.value as CtyNumber));
    const { value, marks } = unmark(listArg!.value);
    const typed = goTyped({ value, type: listArg!.type });
    const elements = sequenceElements(typed.value, typed.type);
    if (elements.length === 0) throw new Error("cannot use element function with an empty list");
    const found = elements[wrapIndex(i, elements.length)]!;
    return mark(returnedAs(found, returnType), ...marks);
  },
});

/** Go's `i % n`, made non-negative. */
function wrapIndex(i: bigint, n: number): number {
  let r = i % BigInt(n);
  if (r < 0n) r += BigInt(n);
  return Number(r);
}

/**
 * The cty function `coalesceList`, a FunctionSpec to call with `callFunction`. The first argument
 * that is a non-empty list or tuple, passing over nulls and empty ones; an error when there is
 * none.
 */
export const coalesceList: FunctionSpec = defineFunction({
  description:
    "The first argument that is a non-empty list or tuple, passing over nulls and empty ones; an error when there is none. Unknown when an unknown argument comes before that one.",
  params: [],
  varParam: { name: "vals", type: dynamic, allowUnknown: true, allowDynamicType: true, allowNull: true },
  returnType: (args) => {
    if (args.length === 0) throw new Error("at least one argument is required");
    const types: CtyType[] = [];
    for (const arg of args) {
      // Which argument wins is not known yet, nor so the result's type.
      if (isUnknown(arg.value)) return dynamic;
      const t = goTyped(arg).type;
      if (t.kind !== "list" && t.kind !== "tuple") {
        throw new Error("coalescelist arguments must be lists or tuples");
      }
      types.push(t);
    }
    return types.every((t) => typeEquals(t, types[0]!)) ? types[0]! : dynamic;
  },
  refineResult: notNull,
  impl: (args, returnType) => {
    for (const arg of args) {
      if (isUnknown(arg.value)) return Unknown;
      if (arg.value === null) continue;
      const typed = goTyped(arg);
      if (storedLength(typed.value, typed.type) > 0) return returnedAs(typed, returnType);
    }
    throw new Error("no non-null arguments");
  },
});

/**
 * The cty function `compact`, a FunctionSpec to call with `callFunction`. The list of strings with
 * every empty string and null left out.
 */
export const compact: FunctionSpec = defineFunction({
  description: "The list of strings with every empty string and null left out. Unknown if any element is.",
  params: [{ name: "list", type: list(string) }],
  returnType: list(string),
  refineResult: notNull,
  impl: ([listArg]) => {
    // Until every element is known, which ones are empty is not.
    if (containsUnknown(listArg!.value)) return Unknown;
    return (listArg!.value as readonly CtyValue[]).filter((e) => e !== null && e !== "");
  },
});

/**
 * The cty function `contains`, a FunctionSpec to call with `callFunction`. Whether some element of
 * a list, tuple or set equals value.
 */
export const contains: FunctionSpec = defineFunction({
  description:
    "Whether some element of a list, tuple or set equals value. When none matches for certain but an unknown one might, the answer is unknown.",
  params: [
    { name: "list", type: dynamic },
    { name: "value", type: dynamic, allowNull: true },
  ],
  returnType: bool,
  refineResult: notNull,
  impl: ([listArg, valueArg]) => {
    const collection = goTyped(listArg!);
    const wanted = goTyped(valueArg!);
    if (!isSequenceKind(collection.type)) throw new Error("argument must be list, tuple, or set");
    let undecided = false;
    for (const e of sequenceElements(collection.value, collection.type)) {
      const eq = ctyEquals(wanted, e);
      // An element that may or may not match; a later one may still match for certain.
      if (isUnknown(eq)) undecided = true;
      else if (eq === true) return true;
    }
    return undecided ? unknownBool : false;
  },
});

/**
 * The cty function `distinct`, a FunctionSpec to call with `callFunction`. The list with repeats
 * dropped: each value stays where it first appears.
 */
export const distinct: FunctionSpec = defineFunction({
  description:
    "The list with repeats dropped: each value stays where it first appears. Unknown if any element is.",
  params: [{ name: "list", type: list(dynamic) }],
  returnType: ([listArg]) => goTyped(listArg!).type,
  refineResult: notNull,
  impl: ([listArg]) => {
    const typed = goTyped(listArg!);
    if (containsUnknown(typed.value)) return Unknown;
    return firstOccurrences(typed.value as readonly CtyValue[], (typed.type as { element: CtyType }).element);
  },
});

/**
 * The elements without later duplicates (by go-cty's Equals on wholly known values, nulls
 * equal), in their order; hashed, so linear in the number of elements.
 */
function firstOccurrences(elements: readonly CtyValue[], elementType: CtyType): CtyValue[] {
  const seen = new Map<string, CtyValue[]>();
  const out: CtyValue[] = [];
  for (const e of elements) {
    // Zeros of either sign share a bucket: go-cty compares with Equals here, not by hash.
    const key = hashBytes(e, elementType, canonicalSet, false);
    const bucket = seen.get(key);
    // go-cty's Equals (appendIfMissing), where sets compare by membership: {-0} is not {0}.
    const same = (other: CtyValue) =>
      unmark(ctyEquals({ value: other, type: elementType }, { value: e, type: elementType })).value === true;
    if (bucket?.some(same)) continue;
    if (bucket) bucket.push(e);
    else seen.set(key, [e]);
    out.push(e);
  }
  return out;
}

/**
 * The cty function `chunklist`, a FunctionSpec to call with `callFunction`. Cuts a list into
 * consecutive lists of size elements, the last one possibly shorter.
 */
export const chunklist: FunctionSpec = defineFunction({
  description:
    "Cuts a list into consecutive lists of size elements, the last one possibly shorter. A size of 0 gives the whole list as one chunk.",
  params: [
    { name: "list", description: "The list to cut up.", type: list(dynamic), allowMarked: true },
    {
      name: "size",
      description: "How many elements go in each chunk (the last may get fewer); 0 puts them all in one.",
      type: number,
      allowMarked: true,
    },
  ],
  returnType: ([listArg]) => list(goTyped(listArg!).type),
  refineResult: notNull,
  impl: ([listArg, sizeArg]) => {
    const listValue = unmark(listArg!.value);
    const sizeValue = unmark(sizeArg!.value);
    const marks = [...listValue.marks, ...sizeValue.marks];
    const size = prefixed("invalid size: ", () => goIntExact(sizeValue.value as CtyNumber));
    if (size < 0n) throw new Error("the size argument must be positive");
    const elements = goTyped({ value: listValue.value, type: listArg!.type }).value as readonly CtyValue[];
    if (elements.length === 0) return mark([], ...marks);
    if (size === 0n) return mark([elements], ...marks);
    const n = Number(size > BigInt(elements.length) ? BigInt(elements.length) : size);
    const chunks: CtyValue[][] = [];
    for (let i = 0; i < elements.length; i += n) chunks.push(elements.slice(i, i + n));
    return mark(chunks, ...marks);
  },
});

interface Flattened {
  readonly elements: TypedValue[];
  readonly marks: unknown[];
  readonly known: boolean;
}

/**
 * go-cty's flattener: the elements of a sequence, nested lists, sets and tuples spliced in,
 * and the marks of every sequence taken apart. Not `known` when a nested sequence is unknown
 * (or of unknown length, or an element's type is not known yet): how many elements result,
 * and of which types, is then not known either.
 */
function flattener(seq: TypedValue): Flattened {
  const { value, marks: own } = unmark(seq.value);
  const marks: unknown[] = [...own];
  if (isUnknown(goLength(value, seq.type))) return { elements: [], marks, known: false };
  const elements: TypedValue[] = [];
  let known = true;
  // Only a list, set or tuple is flattened, but a map or object holding an unknown gets here
  // too (its result type is not worked out first), and go-cty walks its elements as well.
  for (const e of elementsOf(value, seq.type)) {
    // Exactly an unknown of unknown type (a marked one is not recognised, as in go-cty).
    if (e.type.kind === "dynamic" && isUnknown(e.value)) known = false;
    const bare = unmark(e.value);
    if (bare.value !== null && isSequenceKind(e.type)) {
      if (isUnknown(bare.value)) {
        known = false;
        marks.push(...bare.marks);
        continue;
      }
      const nested = flattener(e);
      marks.push(...nested.marks);
      if (nested.known) elements.push(...nested.elements);
      else known = false;
    } else {
      elements.push(e);
    }
  }
  return { elements, marks, known };
}

/**
 * The cty function `flatten`, a FunctionSpec to call with `callFunction`. Splices the lists, sets
 * and tuples nested in a list, set or tuple into it, at any depth, giving one tuple of what
 * remains; other elements, nulls included, stay as they are.
 */
export const flatten: FunctionSpec = defineFunction({
  description:
    "Splices the lists, sets and tuples nested in a list, set or tuple into it, at any depth, giving one tuple of what remains; other elements, nulls included, stay as they are. Unknown if a nested sequence is.",
  params: [{ name: "list", type: dynamic, allowMarked: true }],
  returnType: ([listArg]) => {
    const typed = goTyped(listArg!);
    if (containsUnknown(typed.value)) return dynamic;
    if (!isSequenceKind(typed.type)) throw new Error("can only flatten lists, sets and tuples");
    const flat = flattener(typed);
    return flat.known ? tuple(flat.elements.map((e) => e.type)) : dynamic;
  },
  refineResult: notNull,
  impl: ([listArg], returnType) => {
    const typed = goTyped(listArg!);
    const { value, marks } = unmark(typed.value);
    if (storedLength(value, typed.type) === 0)
      return mark(returnedAs({ value: [], type: tuple([]) }, returnType), ...marks);
    const flat = flattener(typed);
    if (!flat.known) return mark(Unknown, ...flat.marks);
    const result = {
      value: flat.elements.map((e) => e.value),
      type: tuple(flat.elements.map((e) => e.type)),
    };
    return mark(returnedAs(result, returnType), ...flat.marks);
  },
});

/**
 * The cty function `keys`, a FunctionSpec to call with `callFunction`. A map's keys, sorted, as a
 * list of strings; or an object's attribute names as a tuple of strings, known even while the
 * object is not.
 */
export const keys: FunctionSpec = defineFunction({
  description:
    "A map's keys, sorted, as a list of strings; or an object's attribute names as a tuple of strings, known even while the object is not.",
  params: [
    {
      name: "inputMap",
      description: "A map, or an object whose attribute names are wanted.",
      type: dynamic,
      allowUnknown: true,
      allowMarked: true,
    },
  ],
  returnType: ([inputMap]) => {
    const t = goTyped(inputMap!).type;
    if (t.kind === "map") return list(string);
    if (t.kind === "object") return tuple(t.attributeNames.map(() => string));
    throw new ArgumentError(0, "must have map or object type");
  },
  refineResult: notNull,
  impl: ([inputMap]) => {
    // Keys carry no marks of their own: the map's marks go to the result, its elements' not.
    const { value, marks } = unmark(inputMap!.value);
    const t = inputMap!.type;
    // An object's attribute names are in its type, known even when the object is not.
    if (t.kind === "object") return mark([...t.attributeNames], ...marks);
    if (isUnknown(value)) return mark(Unknown, ...marks);
    return mark(
      mappingEntries(value, t).map(([k]) => k),
      ...marks,
    );
  },
});

/**
 * The cty function `lookup`, a FunctionSpec to call with `callFunction`. The element of a map, or
 * attribute of an object, called key; default when there is none.
 */
export const lookup: FunctionSpec = defineFunction({
  description:
    "The element of a map, or attribute of an object, called key; default when there is none. For a map, default must convert to the map's element type.",
  params: [
    { name: "inputMap", type: dynamic, allowMarked: true },
    { name: "key", type: string, allowMarked: true },
    { name: "default", type: dynamic, allowMarked: true },
  ],
  returnType: ([inputMap, keyArg, defaultArg]) => {
    const t = goTyped(inputMap!).type;
    switch (t.kind) {
      case "object": {
        const key = unmark(keyArg!.value).value;
        if (isUnknown(key)) return dynamic;
        if (Object.hasOwn(t.attributes, key as string)) return t.attributes[key as string]!;
        return goTyped(defaultArg!).type;
      }
      case "map":
        try {
          goConvert(goTyped(defaultArg!), t.element);
        } catch {
          throw new ArgumentError(2, "the default value must have the same type as the map elements");
        }
        return t.element;
      default:
        throw new ArgumentError(0, "lookup() requires a map as the first argument");
    }
  },
  impl: ([inputMap, keyArg, defaultArg], returnType) => {
    const collection = unmark(inputMap!.value);
    const key = unmark(keyArg!.value);
    const marks = [...collection.marks, ...key.marks];
    const typed = goTyped({ value: collection.value, type: inputMap!.type });
    if (containsUnknown(typed.value)) return mark(Unknown, ...marks);
    const name = key.value as string;
    const record = typed.value as Record<string, CtyValue>;
    if (typed.type.kind === "object") {
      if (Object.hasOwn(typed.type.attributes, name)) {
        return mark(
          returnedAs(typedAt(record[name] ?? null, typed.type.attributes[name]!), returnType),
          ...marks,
        );
      }
    } else if (typed.type.kind === "map" && Object.hasOwn(record, name)) {
      return mark(returnedAs(typedAt(record[name]!, typed.type.element), returnType), ...marks);
    }
    const fallback = goConvert(goTyped(defaultArg!), returnType);
    return mark(conformingResult(fallback, returnType), ...marks);
  },
});

/**
 * The cty function `merge`, a FunctionSpec to call with `callFunction`. Combines maps and objects
 * into one, a later argument's key winning over an earlier one's; nulls are skipped.
 */
export const merge: FunctionSpec = defineFunction({
  description:
    "Combines maps and objects into one, a later argument's key winning over an earlier one's; nulls are skipped. Arguments all of one type give that type, any other mix an object holding every key.",
  params: [],
  varParam: { name: "maps", type: dynamic, allowDynamicType: true, allowNull: true, allowMarked: true },
  returnType: (args) => {
    if (args.length === 0) return emptyObject;
    const attributes: Record<string, CtyType> = {};
    let first: CtyType | undefined;
    let matching = true;
    let attributesKnown = true;
    for (const arg of args) {
      const typed = goTyped(arg);
      let t = typed.type;
      if (t.kind === "dynamic") return dynamic;
      if (t.kind !== "map" && t.kind !== "object") {
        throw new Error(`arguments must be maps or objects, got ${goQuote(friendlyName(t))}`);
      }
      const value = unmark(typed.value).value;
      if (t.kind === "object") {
        // A null object counts as one with no attributes.
        const objectType = value === null ? emptyObject : t;
        for (const n of objectType.attributeNames) setOwn(attributes, n, objectType.attributes[n]!);
        t = objectType;
      } else if (isUnknown(value)) {
        attributesKnown = false;
      } else if (value !== null) {
        for (const k of Object.keys(value as Record<string, CtyValue>)) setOwn(attributes, k, t.element);
      }
      if (first === undefined) first = t;
      else if (matching && !typeEquals(t, first)) matching = false;
    }
    if (matching) return first!;
    if (!attributesKnown) return dynamic;
    return object(attributes);
  },
  refineResult: notNull,
  impl: (args, returnType) => {
    const merged = new Map<string, TypedValue>();
    const marks: unknown[] = [];
    for (const arg of args) {
      const typed = goTyped(arg);
      const { value, marks: own } = unmark(typed.value);
      if (value === null) continue;
      marks.push(...own);
      for (const [k, v] of keyedElements({ value, type: typed.type })) merged.set(k, v);
    }
    const record: Record<string, CtyValue> = {};
    for (const [k, v] of merged) setOwn(record, k, v.value);
    if (returnType.kind === "map") return mark(record, ...marks);
    const attributes: Record<string, CtyType> = {};
    for (const [k, v] of merged) setOwn(attributes, k, v.type);
    return mark(returnedAs({ value: record, type: object(attributes) }, returnType), ...marks);
  },
});

/**
 * go-cty's merge walks each argument with its element iterator and takes each element's key
 * as a string. Only a map or object gets here normally; after an argument of unknown type
 * (which leaves the result type open) anything known can, and go-cty then panics, except for
 * an empty list or tuple, and a set of strings, whose elements are their own keys.
 */
function keyedElements(typed: TypedValue): [string, TypedValue][] {
  switch (typed.type.kind) {
    case "map":
    case "object":
      return mappingEntries(typed.value, typed.type);
    case "list":
    case "tuple":
      if (storedLength(typed.value, typed.type) > 0) throw goPanic("not a string");
      return [];
    case "set":
      return sequenceElements(typed.value, typed.type).map((e) => {
        if (e.type.kind !== "string") throw goPanic("not a string");
        if (e.value === null) throw goPanic("value is null");
        if (isUnknown(e.value)) throw goPanic("value is unknown");
        return [e.value as string, e];
      });
    default:
      throw goPanic("attempt to iterate on non-collection, non-tuple type");
  }
}

/**
 * The cty function `reverseList`, a FunctionSpec to call with `callFunction`. The elements of a
 * list or tuple, last first.
 */
export const reverseList: FunctionSpec = defineFunction({
  description:
    "The elements of a list or tuple, last first. A set is taken in its own order and gives a list.",
  params: [{ name: "list", type: dynamic, allowMarked: true }],
  returnType: ([listArg]) => {
    const t = goTyped(listArg!).type;
    switch (t.kind) {
      case "tuple":
        return tuple([...t.elements].reverse());
      case "list":
      case "set":
        // A set is taken as a list, as it would be converted to one.
        return list(t.element);
      default:
        throw new ArgumentError(0, `can only reverse list or tuple values, not ${friendlyName(t)}`);
    }
  },
  refineResult: notNull,
  impl: ([listArg]) => {
    const { value, marks } = unmark(listArg!.value);
    const typed = goTyped({ value, type: listArg!.type });
    const reversed = sequenceElements(typed.value, typed.type)
      .map((e) => e.value)
      .reverse();
    return mark(reversed, ...marks);
  },
});

/**
 * The cty function `setProduct`, a FunctionSpec to call with `callFunction`. Every way of picking
 * one element from each argument, as tuples (the Cartesian product): a set of them, or a list in
 * argument order when every argument is a list or tuple.
 */
export const setProduct: FunctionSpec = defineFunction({
  description:
    "Every way of picking one element from each argument, as tuples (the Cartesian product): a set of them, or a list in argument order when every argument is a list or tuple. Needs two or more arguments; an empty one makes the result empty.",
  params: [],
  varParam: {
    name: "sets",
    description: "The sets, lists or tuples to combine.",
    type: dynamic,
    allowMarked: true,
    allowUnknown: true,
  },
  returnType: (args) => {
    if (args.length < 2) throw new Error("at least two arguments are required");
    let lists = 0;
    const elementTypes = args.map((arg, i): CtyType => {
      const t = goTyped(arg).type;
      switch (t.kind) {
        case "set":
          return t.element;
        case "list":
          lists++;
          return t.element;
        case "tuple": {
          lists++;
          if (t.elements.length === 0) return dynamic;
          // A tuple's elements must have a type in common, for the product's tuples.
          const unified = unify(t.elements, { unsafe: true });
          if (unified === undefined) throw new ArgumentError(i, "all elements must be of the same type");
          return unified.type;
        }
        default:
          throw new ArgumentError(i, "a set or a list is required");
      }
    });
    const product = tuple(elementTypes);
    return lists === args.length ? list(product) : set(product);
  },
  refineResult: notNull,
  impl: (args, returnType) => {
    const marks: unknown[] = [];
    const sequences = args.map((arg) => {
      const { value, marks: own } = unmark(arg.value);
      marks.push(...own);
      return goTyped({ value, type: arg.type });
    });
    const unknownLength = sequences.some((s) => isUnknown(s.value) || isUnknown(goLength(s.value, s.type)));
    if (unknownLength) return mark(unknownProduct(sequences, returnType), ...marks);

    const productType = (returnType as { element: CtyType }).element as ReturnType<typeof tuple>;
    const columns = sequences.map((s) => sequenceElements(s.value, s.type));
    // Any empty argument makes the product empty, of the return type, converting nothing.
    if (columns.some((c) => c.length === 0)) return mark([], ...marks);
    const converted = columns.map((column, j) => {
      const want = productType.elements[j]!;
      return column.map((e): TypedValue | undefined => {
        if (typeEquals(e.type, want)) return e;
        try {
          return goConvert(e, want);
        } catch {
          return undefined;
        }
      });
    });
    const failed = firstFailedConversion(converted);
    if (failed !== undefined) {
      const [j, n] = failed;
      throw new Error(
        `failed to convert argVals[${j}][${n}] to ${friendlyName(productType.elements[j]!)}; this is a bug in cty`,
      );
    }
    let rows: TypedValue[][] = [[]];
    for (const column of converted) rows = rows.flatMap((row) => column.map((v) => [...row, v!]));
    const tuples = rows.map((row) => ({
      value: row.map((e) => e.value),
      type: tuple(row.map((e) => e.type)),
    }));
    const kind = returnType.kind === "list" ? "list" : "set";
    const result = goCollection(kind, tuples, productType);
    const { value, marks: hoisted } = unmark(result.value);
    return mark(conformingResult({ value, type: result.type }, returnType), ...marks, ...hoisted);
  },
});

/**
 * Which element's conversion go-cty reports failing: it converts as it builds the product
 * row by row, so the first failure in row order, where element n of column j first appears
 * in row n × (the product of the later columns' lengths).
 */
function firstFailedConversion(
  columns: readonly (readonly (TypedValue | undefined)[])[],
): [number, number] | undefined {
  let best: { row: number; j: number; n: number } | undefined;
  let stride = 1;
  for (let j = columns.length - 1; j >= 0; j--) {
    const n = columns[j]!.indexOf(undefined);
    if (n >= 0) {
      const row = n * stride;
      if (best === undefined || row < best.row || (row === best.row && j < best.j)) best = { row, j, n };
    }
    stride *= columns[j]!.length;
  }
  return best && [best.j, best.n];
}

/**
 * The unknown product of sequences of which some length is unknown, refined as go-cty does:
 * at most the product of the arguments' greatest lengths (when that is small enough to be
 * worth tracking), and at least one element unless it must be empty.
 */
function unknownProduct(sequences: readonly TypedValue[], returnType: CtyType): CtyValue {
  let longest = 1n;
  for (const s of sequences) {
    let upper: bigint;
    if (s.type.kind === "tuple") upper = BigInt(s.type.elements.length);
    else if (s.type.kind === "list" || s.type.kind === "set" || s.type.kind === "map") {
      upper = BigInt(lengthBounds(s.value, s.type).upper);
    } else return Unknown;
    if (upper > 1024n) return Unknown;
    longest *= upper;
    if (longest > 2048n) return Unknown;
  }
  if (longest === 0n) return refine(returnType, { lengthLower: 0, lengthUpper: 0 });
  return refine(returnType, { lengthLower: 1, lengthUpper: Number(longest) });
}

/**
 * The cty function `slice`, a FunctionSpec to call with `callFunction`. The elements of a list or
 * tuple from start_index up to, not including, end_index.
 */
export const slice: FunctionSpec = defineFunction({
  description:
    "The elements of a list or tuple from start_index up to, not including, end_index. A set has no order, so it cannot be sliced.",
  params: [
    { name: "list", type: dynamic, allowMarked: true },
    { name: "start_index", type: number },
    { name: "end_index", type: number },
  ],
  returnType: (args) => {
    const t = goTyped(args[0]!).type;
    if (t.kind === "set") {
      throw new ArgumentError(
        0,
        "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
      );
    }
    if (t.kind !== "list" && t.kind !== "tuple") throw new ArgumentError(0, "must be a list or tuple value");
    const indexes = sliceIndexes(args);
    if (t.kind !== "tuple") return t;
    if (indexes === undefined) return dynamic;
    return tuple(t.elements.slice(indexes.start, indexes.end));
  },
  refineResult: notNull,
  impl: (args, returnType) => {
    const { value, marks } = unmark(args[0]!.value);
    if (returnType.kind === "dynamic") return mark(Unknown, ...marks);
    const { start, end } = sliceIndexes(args)!;
    const typed = goTyped({ value, type: args[0]!.type });
    return mark((typed.value as readonly CtyValue[]).slice(start, end), ...marks);
  },
});

/**
 * The start and end of a slice, checked as go-cty checks them (against the length where it is
 * known); undefined when either is unknown.
 */
function sliceIndexes(args: readonly TypedValue[]): { start: number; end: number } | undefined {
  const seq = goTyped({ value: unmark(args[0]!.value).value, type: args[0]!.type });
  let length: bigint | undefined;
  if (seq.type.kind === "tuple") length = BigInt(seq.type.elements.length);
  else {
    const l = goLength(seq.value, seq.type);
    if (!isUnknown(l)) {
      // go-cty then asks the collection itself how long it is, which an unknown cannot say.
      if (isUnknown(seq.value)) throw goPanic("value is not known");
      length = BigInt(l as number);
    }
  }
  const read = (i: 1 | 2, what: "start" | "end"): bigint | undefined => {
    const v = args[i]!.value;
    if (isUnknown(v)) return undefined;
    let n: bigint;
    try {
      n = goIntExact(v as CtyNumber);
    } catch (err) {
      throw new ArgumentError(i, `invalid ${what} index: ${(err as Error).message}`);
    }
    if (n < 0n) throw new ArgumentError(i, `${what} index must not be less than zero`);
    if (length !== undefined && n > length) {
      throw new ArgumentError(i, `${what} index must not be greater than the length of the list`);
    }
    return n;
  };
  const start = read(1, "start");
  const end = read(2, "end");
  if (start === undefined || end === undefined) return undefined;
  if (start > end) throw new ArgumentError(1, "start index must not be greater than end index");
  return { start: Number(start), end: Number(end) };
}

/**
 * The cty function `values`, a FunctionSpec to call with `callFunction`. A map's element values as
 * a list, or an object's attribute values as a tuple, in the sorted order of their keys.
 */
export const values: FunctionSpec = defineFunction({
  description:
    "A map's element values as a list, or an object's attribute values as a tuple, in the sorted order of their keys.",
  params: [{ name: "mapping", type: dynamic, allowMarked: true }],
  returnType: ([mapping]) => {
    const t = goTyped(mapping!).type;
    if (t.kind === "map") return list(t.element);
    if (t.kind === "object") return tuple(t.attributeNames.map((n) => t.attributes[n]!));
    throw new Error("values() requires a map as the first argument");
  },
  refineResult: notNull,
  impl: ([mapping]) => {
    const { value, marks } = unmark(mapping!.value);
    const typed = goTyped({ value, type: mapping!.type });
    return mark(
      mappingEntries(typed.value, typed.type).map(([, v]) => v.value),
      ...marks,
    );
  },
});

/**
 * The cty function `zipmap`, a FunctionSpec to call with `callFunction`. Pairs a list of keys with
 * an equally long list or tuple of values: a list gives a map, a tuple an object.
 */
export const zipmap: FunctionSpec = defineFunction({
  description:
    "Pairs a list of keys with an equally long list or tuple of values: a list gives a map, a tuple an object. A null key is an error.",
  params: [
    { name: "keys", type: list(string), allowMarked: true },
    { name: "values", type: dynamic, allowMarked: true },
  ],
  returnType: ([keysArg, valuesArg]) => {
    const t = goTyped(valuesArg!).type;
    switch (t.kind) {
      case "list":
        return map(t.element);
      case "tuple": {
        // The result is an object, whose attribute names must all be known.
        if (containsUnknown(keysArg!.value)) return dynamic;
        const names = unmark(keysArg!.value).value as readonly CtyValue[];
        if (names.length !== t.elements.length) {
          throw new Error(
            `number of keys (${names.length}) does not match number of values (${t.elements.length})`,
          );
        }
        const attributes: Record<string, CtyType> = {};
        names.forEach((name, i) => {
          const bare = unmark(name).value;
          if (bare === null) throw new Error(`keys list has null value at index ${i}`);
          setOwn(attributes, bare as string, t.elements[i]!);
        });
        return object(attributes);
      }
      default:
        throw new Error("values argument must be a list or tuple value");
    }
  },
  refineResult: notNull,
  impl: ([keysArg, valuesArg], returnType) => {
    const keyList = unmark(keysArg!.value);
    const valueSeq = unmark(valuesArg!.value);
    const marks: unknown[] = [...keyList.marks, ...valueSeq.marks];
    if (containsUnknown(keyList.value)) return mark(Unknown, ...marks);
    const names = keyList.value as readonly CtyValue[];
    const typed = goTyped({ value: valueSeq.value, type: valuesArg!.type });
    const elements = sequenceElements(typed.value, typed.type);
    if (names.length !== elements.length) {
      throw new Error(
        `number of keys (${names.length}) does not match number of values (${elements.length})`,
      );
    }
    const record: Record<string, CtyValue> = {};
    names.forEach((name, i) => {
      // Keys cannot carry marks, so a marked key's marks go to the whole result.
      const bare = unmark(name);
      marks.push(...bare.marks);
      if (bare.value === null) throw goPanic("value is null");
      setOwn(record, bare.value as string, elements[i]!.value);
    });
    if (returnType.kind === "map" || returnType.kind === "object") return mark(record, ...marks);
    throw new Error(`internally selected incorrect result type ${friendlyName(returnType)} (this is a bug)`);
  },
});
