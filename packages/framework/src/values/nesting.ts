// Stepping into the value of a nested attribute or a block: one object (single, group), the
// elements of a list or set, or the entries of a map, each with its path. Every walk over
// values goes through here (the engine's, the config checks', the schema's over defaults), so
// each nesting mode is handled in one place.
import { type CtyValue, isRecord, isUnknown } from "@tsvider/cty";
import type { Block } from "../schema/blocks.js";
import type { NestedAttribute } from "../schema/nested.js";
import type { ObjectValue } from "./object-value.js";
import type { WalkPosition } from "./walk-position.js";

export type Nesting = NestedAttribute["nesting"] | Block["nesting"];

/** The schema of the objects inside a nested attribute or block. */
export function innerSchema(entry: NestedAttribute | Block) {
  return entry.kind === "nested" ? entry.attributes : entry.schema;
}

export interface Element {
  readonly value: CtyValue;
  readonly path: WalkPosition;
}

/**
 * The objects a known, non-null nested value holds, with their paths; none when the value is
 * null, unknown, or not of the shape its nesting says (the codecs report that one).
 */
export function elementsOf(nesting: Nesting, value: CtyValue, path: WalkPosition): Element[] {
  if (value === null || isUnknown(value)) return [];
  switch (nesting) {
    case "single":
    case "group":
      return [{ value, path }];
    case "list":
      return Array.isArray(value) ? value.map((v: CtyValue, i) => ({ value: v, path: path.index(i) })) : [];
    case "set":
      return Array.isArray(value) ? value.map((v: CtyValue) => ({ value: v, path: path.element() })) : [];
    case "map":
      return isRecord(value) ? Object.entries(value).map(([k, v]) => ({ value: v, path: path.key(k) })) : [];
  }
}

/**
 * The nested value with each of its objects replaced by `fn(object, index or key)`; the value
 * itself when it is null, unknown or of the wrong shape. Elements that are not objects (null,
 * unknown) are kept as they are.
 */
export function mapObjects(
  nesting: Nesting,
  value: CtyValue,
  fn: (object: ObjectValue, at: number | string) => CtyValue,
): CtyValue {
  const each = (v: CtyValue, at: number | string) => (isRecord(v) ? fn(v, at) : v);
  if (value === null || isUnknown(value)) return value;
  switch (nesting) {
    case "single":
    case "group":
      return each(value, 0);
    case "list":
    case "set":
      return Array.isArray(value) ? value.map((v: CtyValue, i) => each(v, i)) : value;
    case "map": {
      if (!isRecord(value)) return value;
      const out: Record<string, CtyValue> = {};
      for (const [k, v] of Object.entries(value)) setOwn(out, k, each(v, k));
      return out;
    }
  }
}

/** Where the element at `at` (an index or a key) of a nested value at `path` is. */
export function elementPath(nesting: Nesting, path: WalkPosition, at: number | string): WalkPosition {
  switch (nesting) {
    case "list":
      return path.index(at as number);
    case "map":
      return path.key(at as string);
    case "set":
      return path.element();
    default:
      return path;
  }
}

/** The element of `value` at `at` (an index or a key), or null when there is none. */
export function elementAt(nesting: Nesting, value: CtyValue, at: number | string): CtyValue {
  if (value === null || isUnknown(value)) return null;
  switch (nesting) {
    case "single":
    case "group":
      return value;
    case "list":
    case "set":
      return Array.isArray(value) && typeof at === "number"
        ? ((value[at] as CtyValue | undefined) ?? null)
        : null;
    case "map":
      return isRecord(value) && typeof at === "string" && Object.hasOwn(value, at) ? value[at]! : null;
  }
}

/** Sets a property even when its name is `__proto__`, which a map key may be. */
export function setOwn(record: Record<string, CtyValue>, key: string, value: CtyValue): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}
