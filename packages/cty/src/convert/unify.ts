// Unification, as go-cty's Unify: the most general type a list of types all convert to, and
// the conversion of each (none where the type is that already). Types of one structural kind
// may unify to a type none of them is (two objects to one with each attribute unified); mixed
// kinds go by a preference order in which string is above the other primitives, collections
// above the structures they can hold, and `dynamic` below everything.
import type { TypedValue } from "../function.js";
import { setOwn } from "../internal/records.js";
import { type CtyType, dynamic, list, map, object, set, tuple, typeEquals } from "../types.js";
import { Unknown } from "../values.js";
import { type Conv, conversionFor, conversionsTo } from "./conversion.js";

export interface Unified {
  readonly type: CtyType;
  /** For each given type, its conversion to `type`; undefined where it needs none. */
  readonly conversions: (Conv | undefined)[];
}

/** The unified type alone. */
export function unifiedType(types: readonly CtyType[], unsafe: boolean): CtyType | undefined {
  return unify(types, unsafe)?.type;
}

export function unify(types: readonly CtyType[], unsafe: boolean): Unified | undefined {
  if (types.length === 0) return undefined;
  const count = { map: 0, list: 0, set: 0, object: 0, tuple: 0, dynamic: 0 };
  for (const t of types) {
    if (t.kind in count) count[t.kind as keyof typeof count]++;
  }
  const n = types.length;
  const hasDynamic = count.dynamic > 0;
  // Types all of one structural kind (or dynamic) may unify to a new type of that kind. This
  // comes first because, unsafe, an object converts to any subset of itself: a poor choice.
  if (count.map > 0 && count.map + count.dynamic === n)
    return unifyCollections(map, types, unsafe, hasDynamic);
  if (count.map > 0 && count.map + count.object + count.dynamic === n) {
    // Objects often hold map data: try them as maps before the general rule.
    const unified = unifyObjectsAsMaps(types, unsafe);
    if (unified?.type.kind === "map") return unified;
  } else if (count.list > 0 && count.list + count.dynamic === n) {
    return unifyCollections(list, types, unsafe, hasDynamic);
  } else if (count.list > 0 && count.list + count.tuple + count.dynamic === n) {
    // Tuples are often lists in disguise.
    const unified = unifyTuplesAsList(types, unsafe);
    if (unified?.type.kind === "list") return unified;
  } else if (count.set > 0 && count.set + count.dynamic === n) {
    return unifyCollections(set, types, unsafe, hasDynamic);
  } else if (count.object > 0 && count.object + count.dynamic === n) {
    return unifyObjects(types, unsafe, hasDynamic);
  } else if (count.tuple > 0 && count.tuple + count.dynamic === n) {
    return unifyTuples(types, unsafe, hasDynamic);
  } else if (count.object > 0 && count.tuple > 0) {
    return undefined;
  }
  // The general rule: the first type, in order of preference, that all the others convert to.
  const conversions: (Conv | undefined)[] = new Array(n).fill(undefined);
  preferences: for (const wantedIndex of sortTypes(types)) {
    const wanted = types[wantedIndex]!;
    for (const [i, t] of types.entries()) {
      conversions[i] = undefined;
      if (i === wantedIndex || typeEquals(t, wanted)) continue;
      const convert = conversionFor(t, wanted, unsafe);
      if (convert === undefined) continue preferences;
      conversions[i] = convert;
    }
    return { type: wanted, conversions };
  }
  return undefined;
}

/**
 * A conversion made of two, as go-cty composes them when tuples unify as a list (or objects
 * as a map). go-cty hands the *original* value to the second one, not the first one's result
 * (the first only reports its errors), and so does this.
 */
function composed(first: Conv, second: Conv | undefined): Conv {
  if (second === undefined) return first;
  return (input, path) => {
    first(input, path);
    return second(input, path);
  };
}

function unifyTuplesAsList(types: readonly CtyType[], unsafe: boolean): Unified | undefined {
  return unifyStructuresAsCollection(types, unsafe, "tuple", "list", unifyTuplesToList);
}

function unifyObjectsAsMaps(types: readonly CtyType[], unsafe: boolean): Unified | undefined {
  return unifyStructuresAsCollection(types, unsafe, "object", "map", unifyObjectsToMap);
}

/**
 * Tuples among the types unified as a list (or objects as a map), and then that collection
 * type unified with the other types; each tuple's conversion is its conversion to the list
 * composed with the list's to the result.
 */
function unifyStructuresAsCollection(
  types: readonly CtyType[],
  unsafe: boolean,
  structure: "tuple" | "object",
  collection: "list" | "map",
  unifyStructures: (structures: readonly CtyType[], unsafe: boolean) => Unified | undefined,
): Unified | undefined {
  const indexes = types.flatMap((t, i) => (t.kind === structure ? [i] : []));
  const asCollection = unifyStructures(
    indexes.map((i) => types[i]!),
    unsafe,
  );
  if (asCollection?.type.kind !== collection) return undefined;
  const collected = types.map((t) => (t.kind === structure ? asCollection.type : t));
  const unified = unify(collected, unsafe);
  if (unified?.type.kind !== collection) return undefined;
  const conversions = [...unified.conversions];
  indexes.forEach((index, i) => {
    conversions[index] = composed(asCollection.conversions[i]!, conversions[index]);
  });
  return { type: unified.type, conversions };
}

function unifyCollections(
  make: (element: CtyType) => CtyType,
  types: readonly CtyType[],
  unsafe: boolean,
  hasDynamic: boolean,
): Unified | undefined {
  // With a type not known yet among them, which way unification goes is not known either.
  if (hasDynamic) return allAsDynamic(types);
  const element = unifiedType(
    types.map((t) => (t as { element: CtyType }).element),
    unsafe,
  );
  if (element === undefined) return undefined;
  const type = make(element);
  const conversions = conversionsTo(types, type, unsafe);
  return conversions && { type, conversions };
}

function unifyObjects(types: readonly CtyType[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return allAsDynamic(types);
  const objects = types as readonly Extract<CtyType, { kind: "object" }>[];
  const first = objects[0]!;
  // Only objects with the same attribute names unify to an object; others may to a map.
  const sameNames = objects.every(
    (o) =>
      o.attributeNames.length === first.attributeNames.length &&
      o.attributeNames.every((n) => Object.hasOwn(first.attributes, n)),
  );
  if (!sameNames) return unifyObjectsToMap(types, unsafe);
  const attributes: Record<string, CtyType> = {};
  for (const name of first.attributeNames) {
    const unified = unifiedType(
      objects.map((o) => o.attributes[name]!),
      unsafe,
    );
    if (unified === undefined) return undefined;
    setOwn(attributes, name, unified);
  }
  const type = object(attributes);
  const conversions = conversionsTo(types, type, unsafe);
  return conversions ? { type, conversions } : unifyObjectsToMap(types, unsafe);
}

function unifyObjectsToMap(types: readonly CtyType[], unsafe: boolean): Unified | undefined {
  const attributeTypes = (types as readonly Extract<CtyType, { kind: "object" }>[]).flatMap((o) =>
    o.attributeNames.map((n) => o.attributes[n]!),
  );
  const element = unifiedType(attributeTypes, unsafe);
  if (element === undefined) return undefined;
  const type = map(element);
  const conversions = conversionsTo(types, type, unsafe);
  return conversions && { type, conversions };
}

function unifyTuples(types: readonly CtyType[], unsafe: boolean, hasDynamic: boolean): Unified | undefined {
  if (hasDynamic) return allAsDynamic(types);
  const tuples = types as readonly Extract<CtyType, { kind: "tuple" }>[];
  const length = tuples[0]!.elements.length;
  if (tuples.some((t) => t.elements.length !== length)) return unifyTuplesToList(types, unsafe);
  const elements: CtyType[] = [];
  for (let i = 0; i < length; i++) {
    const unified = unifiedType(
      tuples.map((t) => t.elements[i]!),
      unsafe,
    );
    if (unified === undefined) return undefined;
    elements.push(unified);
  }
  const type = tuple(elements);
  const conversions = conversionsTo(types, type, unsafe);
  return conversions ? { type, conversions } : unifyTuplesToList(types, unsafe);
}

function unifyTuplesToList(types: readonly CtyType[], unsafe: boolean): Unified | undefined {
  const elementTypes = (types as readonly Extract<CtyType, { kind: "tuple" }>[]).flatMap((t) => t.elements);
  const element = unifiedType(elementTypes, unsafe);
  if (element === undefined) return undefined;
  const type = list(element);
  const conversions = conversionsTo(types, type, unsafe);
  return conversions && { type, conversions };
}

/** `dynamic`, each value "converting" to an unknown of unknown type (its marks dropped, as go-cty's). */
function allAsDynamic(types: readonly CtyType[]): Unified {
  const toUnknown: Conv = (): TypedValue => ({ value: Unknown, type: dynamic });
  return { type: dynamic, conversions: types.map(() => toUnknown) };
}

/**
 * go-cty's compareTypes: negative when `a` is preferred to `b` as a unification target,
 * positive when `b` is, 0 when neither (or it cannot tell).
 */
export function compareTypes(a: CtyType, b: CtyType): number {
  if (a.kind === "dynamic" || b.kind === "dynamic") {
    if (a.kind !== "dynamic") return -1;
    if (b.kind !== "dynamic") return 1;
    return 0;
  }
  if (isPrimitive(a) && isPrimitive(b) && (a.kind === "string" || b.kind === "string")) {
    if (a.kind !== "string") return 1;
    if (b.kind !== "string") return -1;
    return 0;
  }
  if ((a.kind === "list" || a.kind === "set" || a.kind === "map") && b.kind === a.kind) {
    return compareTypes(a.element, (b as { element: CtyType }).element);
  }
  // Put the pair in one order for the checks below, and flip the answer back.
  let swap = 1;
  if (
    (a.kind === "tuple" && b.kind === "list") ||
    (a.kind === "object" && b.kind === "map") ||
    (a.kind === "set" && b.kind === "tuple") ||
    (a.kind === "set" && b.kind === "list")
  ) {
    [a, b] = [b, a];
    swap = -1;
  }
  if (b.kind === "set" && (a.kind === "tuple" || a.kind === "list")) return -1 * swap;
  if (a.kind === "list" && b.kind === "tuple") return -1 * swap;
  if (a.kind === "map" && b.kind === "object") return -1 * swap;
  if (a.kind === "object" && b.kind === "object") {
    if (a.attributeNames.length !== b.attributeNames.length) return 0;
    let aSuper = false;
    let bSuper = false;
    for (const name of a.attributeNames) {
      const other = b.attributes[name];
      if (other === undefined) return 0;
      const c = compareTypes(a.attributes[name]!, other);
      if (c < 0) aSuper = true;
      else if (c > 0) bSuper = true;
    }
    return superOf(aSuper, bSuper, swap);
  }
  if (a.kind === "tuple" && b.kind === "tuple") {
    if (a.elements.length !== b.elements.length) return 0;
    let aSuper = false;
    let bSuper = false;
    for (const [i, t] of a.elements.entries()) {
      const c = compareTypes(t, b.elements[i]!);
      if (c < 0) aSuper = true;
      else if (c > 0) bSuper = true;
    }
    return superOf(aSuper, bSuper, swap);
  }
  return 0;
}

function superOf(aSuper: boolean, bSuper: boolean, swap: number): number {
  if (aSuper && bSuper) return 0;
  if (aSuper) return -1 * swap;
  if (bSuper) return swap;
  return 0;
}

function isPrimitive(t: CtyType): boolean {
  return t.kind === "string" || t.kind === "number" || t.kind === "bool";
}

/**
 * go-cty's sortTypes: indexes of `types`, most general first, by a topological sort of the
 * "more general than" relation (ties keep their order). Where the relation has a cycle its
 * members are never reached, and go-cty's result array keeps its zero fill there: index 0,
 * again. So does this.
 */
export function sortTypes(types: readonly CtyType[]): number[] {
  const n = types.length;
  const edges: number[][] = types.map(() => []);
  for (let i = 0; i < n - 1; i++) {
    for (let j = i + 1; j < n; j++) {
      const c = compareTypes(types[i]!, types[j]!);
      if (c < 0) edges[i]!.push(j);
      else if (c > 0) edges[j]!.push(i);
    }
  }
  const inDegree = new Array<number>(n).fill(0);
  for (const outs of edges) for (const j of outs) inDegree[j]!++;
  const order: number[] = [];
  for (let i = 0; i < n; i++) if (inDegree[i] === 0) order.push(i);
  for (let k = 0; k < order.length; k++) {
    for (const j of edges[order[k]!]!) {
      if (--inDegree[j]! === 0) order.push(j);
    }
  }
  while (order.length < n) order.push(0);
  return order;
}
