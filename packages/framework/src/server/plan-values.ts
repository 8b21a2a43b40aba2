// The planned state and the paths that force replacement, worked out over the schema at every
// level of nesting.
import { type CtyValue, isRecord, isUnknown, Unknown, valuesEqual } from "@tsvider/cty";
import type { AttributePath } from "../attribute-path.js";
import { defaultOf } from "../schema/defaults.js";
import { entryType } from "../schema/implied-type.js";
import { alwaysReplaces } from "../schema/plan-modifiers.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";
import { elementAt, elementPath, innerSchema, mapObjects } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

/**
 * The planned object: Terraform's proposed new state with write-only values null and, when the
 * object is changing, every computed attribute that config leaves null made unknown (the
 * provider will compute it). `config` is undefined inside sets, whose elements cannot be paired
 * with config's; there an optional + computed attribute counts as unset when it is null.
 */
export function plannedObject(
  schema: Schema,
  proposed: ObjectValue,
  config: ObjectValue | undefined,
  changing: boolean,
): ObjectValue {
  const planned: Record<string, CtyValue> = { ...proposed };
  for (const [name, entry] of Object.entries(schema)) {
    const value = proposed[name] ?? null;
    if (entry.kind !== "block") {
      if (entry.options.writeOnly) {
        planned[name] = null;
        continue;
      }
      if (changing && entry.options.computed) {
        const unset =
          config !== undefined ? (config[name] ?? null) === null : !entry.options.optional || value === null;
        // An attribute with a default was given it already (plan-defaults.ts): not unknown.
        if (unset && defaultOf(entry) === undefined) {
          planned[name] = Unknown;
          continue;
        }
      }
      if (entry.kind === "attribute") continue;
    }
    const configValue = config?.[name] ?? null;
    planned[name] = mapObjects(entry.nesting, value, (object, at) => {
      const inner = entry.nesting === "set" ? undefined : elementAt(entry.nesting, configValue, at);
      return plannedObject(
        innerSchema(entry),
        object,
        inner !== undefined && isRecord(inner) ? inner : undefined,
        changing,
      );
    });
  }
  return planned;
}

/**
 * The paths whose change forces replacement: requiresReplace attributes whose prior and planned
 * values differ, at any depth. Inside a set, whose elements the protocol cannot address, the
 * path is the set's, reported when the requiresReplace values it holds changed.
 */
export function replacePaths(schema: Schema, prior: ObjectValue, planned: ObjectValue): AttributePath[] {
  const out: AttributePath[] = [];
  collect(schema, prior, planned, WalkPosition.root, out);
  return out;
}

function collect(
  schema: Schema,
  prior: ObjectValue | null,
  planned: ObjectValue | null,
  path: WalkPosition,
  out: AttributePath[],
): void {
  for (const [name, entry] of Object.entries(schema)) {
    const before = prior?.[name] ?? null;
    const after = planned?.[name] ?? null;
    const here = path.attribute(name);
    if (entry.kind !== "block" && alwaysReplaces(entry.options)) {
      if (!valuesEqual(before, after, entryType(entry))) out.push(here.attributePath);
      continue;
    }
    if (entry.kind === "attribute" || !replacesInside(entry)) continue;
    if (isUnknown(before) || isUnknown(after)) {
      // Terraform replaces when it cannot tell; say so rather than leave it to chance.
      out.push(here.attributePath);
    } else if (entry.nesting === "set") {
      const inner = innerSchema(entry);
      const project = (v: CtyValue) => mapObjects("set", v, (object) => replaceRelevant(inner, object));
      if (!valuesEqual(project(before), project(after), entryType(entry))) out.push(here.attributePath);
    } else {
      // Every index or key either side has: an element added or removed is a change too.
      const keys: (number | string)[] = [];
      if (entry.nesting === "map") {
        keys.push(...new Set([before, after].flatMap((v) => (isRecord(v) ? Object.keys(v) : []))));
      } else if (entry.nesting === "list") {
        const length = Math.max(...[before, after].map((v) => (Array.isArray(v) ? v.length : 0)));
        for (let i = 0; i < length; i++) keys.push(i);
      } else {
        keys.push(0);
      }
      for (const at of keys) {
        const a = elementAt(entry.nesting, before, at);
        const b = elementAt(entry.nesting, after, at);
        if (a === null && b === null) continue;
        const inner = elementPath(entry.nesting, here, at);
        collect(innerSchema(entry), isRecord(a) ? a : null, isRecord(b) ? b : null, inner, out);
      }
    }
  }
}

const replacing = new WeakMap<SchemaEntry, boolean>();

/** Whether a nested attribute or block has a requiresReplace attribute anywhere inside. */
function replacesInside(entry: SchemaEntry): boolean {
  let found = replacing.get(entry);
  if (found === undefined) {
    found =
      entry.kind === "attribute"
        ? alwaysReplaces(entry.options)
        : (entry.kind === "nested" && alwaysReplaces(entry.options)) ||
          Object.values(innerSchema(entry)).some(replacesInside);
    replacing.set(entry, found);
  }
  return found;
}

/** An object with only what requiresReplace cares about kept, everything else null. */
function replaceRelevant(schema: Schema, object: ObjectValue): ObjectValue {
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(schema)) {
    const value = object[name] ?? null;
    if (entry.kind !== "block" && alwaysReplaces(entry.options)) out[name] = value;
    else if (entry.kind === "attribute" || !replacesInside(entry)) out[name] = null;
    else out[name] = mapObjects(entry.nesting, value, (inner) => replaceRelevant(innerSchema(entry), inner));
  }
  return out;
}
