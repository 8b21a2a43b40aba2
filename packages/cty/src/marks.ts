// Marks: annotations an application attaches to values (Terraform marks sensitive values),
// carried alongside the value and never encoded. A Marked wraps a value with its marks; the
// functions here add, read, strip and restore them, shallowly or through a whole value.
import type { Path } from "./path.js";
import type { CtyType } from "./types.js";
import { type CtyValue, Marked, mark, numberText } from "./values.js";
import { transform, walk } from "./walk.js";

export { mark };

/** Whether a value carries marks of its own (is a `Marked`); marks on values inside it are not looked at. */
export function isMarked(value: CtyValue): value is Marked {
  return value instanceof Marked;
}

/** The value without its own marks, and those marks (inner values keep theirs). */
export function unmark(value: CtyValue): { value: CtyValue; marks: ReadonlySet<unknown> } {
  return value instanceof Marked ? { value: value.value, marks: value.marks } : { value, marks: new Set() };
}

/** Whether the value or anything inside it is marked. */
export function containsMarks(value: CtyValue, type: CtyType): boolean {
  let found = false;
  walk(value, type, (_path, v) => {
    if (v instanceof Marked) found = true;
    return !found;
  });
  return found;
}

/**
 * The marks found at one place inside a value, as `unmarkDeepWithPaths` returns them and
 * `markWithPaths` puts them back.
 */
export interface PathMarks {
  readonly path: Path;
  readonly marks: ReadonlySet<unknown>;
}

/** The value with every mark removed, and where each was: for codecs, which refuse marks. */
export function unmarkDeepWithPaths(
  value: CtyValue,
  type: CtyType,
): { value: CtyValue; pathMarks: PathMarks[] } {
  const pathMarks: PathMarks[] = [];
  const stripped = transform(value, type, (path, v) => {
    if (!(v instanceof Marked)) return v;
    pathMarks.push({ path, marks: v.marks });
    return v.value;
  });
  return { value: stripped, pathMarks };
}

/** The value with every mark removed, and all the marks it had. */
export function unmarkDeep(value: CtyValue, type: CtyType): { value: CtyValue; marks: ReadonlySet<unknown> } {
  const { value: stripped, pathMarks } = unmarkDeepWithPaths(value, type);
  return { value: stripped, marks: new Set(pathMarks.flatMap((p) => [...p.marks])) };
}

/** Puts marks back where unmarkDeepWithPaths found them. */
export function markWithPaths(value: CtyValue, type: CtyType, pathMarks: readonly PathMarks[]): CtyValue {
  const byPath = new Map<string, ReadonlySet<unknown>[]>();
  for (const pm of pathMarks) {
    const key = pathKey(pm.path);
    byPath.set(key, [...(byPath.get(key) ?? []), pm.marks]);
  }
  return transform(value, type, (path, v) => {
    const sets = byPath.get(pathKey(path));
    return sets ? mark(v, ...sets.flatMap((s) => [...s])) : v;
  });
}

/**
 * A path as a map key. A set element step names the element by value, and marks inside that
 * element are not part of its identity (they are exactly what gets stripped), so they are
 * left out of the key.
 */
function pathKey(path: Path): string {
  return JSON.stringify(path, (_k, v) => {
    if (v instanceof Marked) return v.value;
    // One number, one key, whether it is held as a number or a bigint (decoding may change it).
    if (typeof v === "number" || typeof v === "bigint") return `#${numberText(v)}`;
    return typeof v === "symbol" ? String(v) : v;
  });
}
