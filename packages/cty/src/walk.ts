// Paths applied to values, and walks over values, as go-cty's Path.Apply, Walk and Transform:
// every value is visited with the path that leads to it and its type.

import { canonicalSet } from "./equality.js";
import { setOwn } from "./internal/records.js";
import { mark } from "./marks.js";
import { CtyValueError, type Path, type PathStep } from "./path.js";
import { type CtyType, compareBytewise, dynamic, friendlyName } from "./types.js";
import { type CtyValue, Dynamic, isRecord, isUnknown, Marked, Unknown } from "./values.js";

/** A value found inside another, with its type, as `applyPath` returns it. */
export interface Located {
  readonly value: CtyValue;
  readonly type: CtyType;
}

/**
 * The value a path leads to, with its type. A step into an unknown value gives an unknown
 * of the type found there; a step into null, or to something that is not there, throws a
 * CtyValueError naming the path up to the step that failed. A Dynamic found on the way, or at
 * the end, counts as the value it holds, as in walk.
 */
export function applyPath(value: CtyValue, type: CtyType, path: Path): Located {
  let current: Located = { value, type };
  for (let i = 0; i < path.length; i++) {
    current = applyStep(current, path[i]!, path.slice(0, i + 1));
  }
  return current.value instanceof Dynamic
    ? { value: current.value.value, type: current.value.type }
    : current;
}

function applyStep(at: Located, step: PathStep, here: Path): Located {
  let { value, type } = at;
  if (value instanceof Marked) {
    // What a marked value holds carries its marks, as in go-cty.
    const found = applyStep({ value: value.value, type }, step, here);
    return { value: mark(found.value, ...value.marks), type: found.type };
  }
  if (value instanceof Dynamic) ({ value, type } = { value: value.value, type: value.type });
  const fail = (reason: string) => new CtyValueError(here, reason);
  const inner = stepType(type, step, fail);
  if (isUnknown(value)) return { value: Unknown, type: inner };
  if (value === null) throw fail(`cannot take a step into a null ${friendlyName(type)}`);
  if ("attribute" in step) {
    return { value: (value as Record<string, CtyValue>)[step.attribute] ?? null, type: inner };
  }
  if ("index" in step) {
    const elements = value as readonly CtyValue[];
    if (!Number.isInteger(step.index) || step.index < 0 || step.index >= elements.length) {
      throw fail(
        `index ${step.index} is out of range for a ${friendlyName(type)} of ${elements.length} elements`,
      );
    }
    return { value: elements[step.index]!, type: inner };
  }
  if ("key" in step) {
    const record = value as Record<string, CtyValue>;
    if (!Object.hasOwn(record, step.key))
      throw fail(`the map has no element with key ${JSON.stringify(step.key)}`);
    return { value: record[step.key]!, type: inner };
  }
  return { value: step.element, type: inner };
}

/** The type a step leads to from `type`, or the reason it cannot be taken. */
function stepType(type: CtyType, step: PathStep, fail: (reason: string) => Error): CtyType {
  if (type.kind === "dynamic") return dynamic;
  if ("attribute" in step) {
    if (type.kind !== "object") throw fail(`a ${friendlyName(type)} has no attributes`);
    const t = type.attributes[step.attribute];
    if (t === undefined) throw fail(`the object has no attribute "${step.attribute}"`);
    return t;
  }
  if ("index" in step) {
    if (type.kind === "list") return type.element;
    if (type.kind === "tuple") {
      const t = type.elements[step.index];
      if (t === undefined)
        throw fail(`index ${step.index} is out of range for a tuple of ${type.elements.length} elements`);
      return t;
    }
    throw fail(`a ${friendlyName(type)} cannot be indexed by number`);
  }
  if ("key" in step) {
    if (type.kind !== "map") throw fail(`a ${friendlyName(type)} has no keys`);
    return type.element;
  }
  if (type.kind !== "set") throw fail(`a ${friendlyName(type)} has no set elements`);
  return type.element;
}

/** Whether to go on into a value's elements; returning false skips them. */
export type Visitor = (path: Path, value: CtyValue, type: CtyType) => boolean | undefined;

/**
 * Visits a value and then everything inside it, depth first: object attributes in name order,
 * list and tuple elements by index, map elements in key order, set elements in go-cty's order
 * (addressed by the element itself). A Dynamic is visited as the value it holds.
 */
export function walk(value: CtyValue, type: CtyType, visit: Visitor): void {
  walkAt([], value, type, visit);
}

function walkAt(path: Path, value: CtyValue, type: CtyType, visit: Visitor): void {
  if (value instanceof Dynamic) {
    walkAt(path, value.value, value.type, visit);
    return;
  }
  if (visit(path, value, type) === false) return;
  const inner = value instanceof Marked ? value.value : value;
  for (const child of children(inner, type)) walkAt([...path, child.step], child.value, child.type, visit);
}

function children(value: CtyValue, type: CtyType): { step: PathStep; value: CtyValue; type: CtyType }[] {
  if (value === null || isUnknown(value)) return [];
  switch (type.kind) {
    case "object":
      return type.attributeNames.map((attribute) => ({
        step: { attribute },
        value: (value as Record<string, CtyValue>)[attribute] ?? null,
        type: type.attributes[attribute]!,
      }));
    case "list":
    case "tuple":
      return (value as readonly CtyValue[]).map((e, index) => ({
        step: { index },
        value: e,
        type: type.kind === "tuple" ? type.elements[index]! : type.element,
      }));
    case "map": {
      const record = value as Record<string, CtyValue>;
      return Object.keys(record)
        .sort(compareBytewise)
        .map((key) => ({ step: { key }, value: record[key]!, type: type.element }));
    }
    case "set":
      return canonicalSet(value as readonly CtyValue[], type.element).map((e) => ({
        step: { element: e },
        value: e,
        type: type.element,
      }));
    default:
      return [];
  }
}

/** Replaces a value at a path; given the path, the old value and its type, returns the new one. */
export type Transformer = (path: Path, value: CtyValue, type: CtyType) => CtyValue;

/**
 * Rebuilds a value bottom-up, as go-cty's Transform: each element is transformed first, then
 * the value holding the transformed elements. The input is not changed.
 */
export function transform(value: CtyValue, type: CtyType, fn: Transformer): CtyValue {
  return transformAt([], value, type, fn);
}

function transformAt(path: Path, value: CtyValue, type: CtyType, fn: Transformer): CtyValue {
  if (value instanceof Dynamic)
    return new Dynamic(value.type, transformAt(path, value.value, value.type, fn));
  // A marked value is handed to fn once, as a whole, after its elements.
  if (value instanceof Marked) {
    return fn(path, new Marked(rebuildElements(path, value.value, type, fn), value.marks), type);
  }
  return fn(path, rebuildElements(path, value, type, fn), type);
}

/** The value with each of its elements transformed (the value itself is not handed to fn). */
function rebuildElements(path: Path, value: CtyValue, type: CtyType, fn: Transformer): CtyValue {
  if (value === null || isUnknown(value) || value instanceof Marked || value instanceof Dynamic) return value;
  if (type.kind === "object" || type.kind === "map") {
    if (!isRecord(value)) throw new CtyValueError(path, `a ${friendlyName(type)} is required`);
    const out: Record<string, CtyValue> = {};
    for (const child of children(value, type)) {
      const name = "attribute" in child.step ? child.step.attribute : (child.step as { key: string }).key;
      setOwn(out, name, transformAt([...path, child.step], child.value, child.type, fn));
    }
    return out;
  }
  if (type.kind === "list" || type.kind === "tuple" || type.kind === "set") {
    if (!Array.isArray(value)) throw new CtyValueError(path, `a ${friendlyName(type)} is required`);
    return children(value, type).map((child) =>
      transformAt([...path, child.step], child.value, child.type, fn),
    );
  }
  return value;
}
