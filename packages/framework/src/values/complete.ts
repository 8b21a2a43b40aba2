// Objects that come back from author code, made whole before they are checked and encoded:
// absent attributes filled in at every level, attributes the schema lacks refused, write-only
// values dropped.
import { type CtyValue, containsUnknown, isRecord } from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import { schemaContains } from "../schema/contains.js";
import type { Schema } from "../schema/schema.js";
import { elementPath, innerSchema, mapObjects, setOwn } from "./nesting.js";
import type { ObjectValue } from "./object-value.js";
import { WalkPosition } from "./walk-position.js";

export function isWhollyKnown(value: CtyValue): boolean {
  return !containsUnknown(value);
}

/**
 * Fills what the author left out, level by level: attributes and single blocks with null,
 * list and set blocks with [], map blocks with {}, group blocks with the object an empty block
 * gives. Refuses attributes the schema does not have; undefined then, with an error naming
 * the attribute.
 */
export function completeObject(
  schema: Schema,
  partial: object,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue | undefined {
  if (!isRecord(partial as CtyValue)) {
    diagnostics.addError(
      `${where} returned something other than an object`,
      "Return the state as an object with the schema's attributes.",
    );
    return undefined;
  }
  const problems = diagnostics.items.length;
  const out = complete(schema, partial, WalkPosition.root, where, diagnostics);
  return diagnostics.items.length === problems ? out : undefined;
}

function complete(
  schema: Schema,
  partial: object,
  path: WalkPosition,
  where: string,
  diagnostics: Diagnostics,
): ObjectValue {
  const given = partial as Record<string, CtyValue | undefined>;
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(schema)) {
    const v = Object.hasOwn(given, name) ? given[name] : undefined;
    if (entry.kind === "attribute") {
      out[name] = v ?? null;
      continue;
    }
    let value: CtyValue = v ?? null;
    if (entry.kind === "block" && value === null) {
      // Blocks are never null on the wire, except a single block that is absent.
      if (entry.nesting === "list" || entry.nesting === "set") value = [];
      else if (entry.nesting === "map") value = {};
      else if (entry.nesting === "group") value = {};
    }
    const here = path.attribute(name);
    out[name] = mapObjects(entry.nesting, value, (object, at) => {
      return complete(innerSchema(entry), object, elementPath(entry.nesting, here, at), where, diagnostics);
    });
  }
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(schema, name) && given[name] !== undefined) {
      const here = path.attribute(name);
      diagnostics.addError(
        `${where} returned an attribute the schema does not have`,
        `"${here.text}" is not in the schema. Remove it from the returned object, or add it to the schema.`,
        here.attributePath,
      );
    }
  }
  return out;
}

/** The object with every write-only attribute null, at any depth: they are never stored. */
export function withoutWriteOnly(schema: Schema, object: ObjectValue): ObjectValue {
  let out: Record<string, CtyValue> | undefined;
  const set = (name: string, value: CtyValue) => {
    if (value === object[name]) return;
    out ??= { ...object };
    setOwn(out, name, value);
  };
  for (const [name, entry] of Object.entries(schema)) {
    if (entry.kind !== "block" && entry.options.writeOnly) set(name, null);
    else if (entry.kind !== "attribute" && hasWriteOnly(innerSchema(entry))) {
      set(
        name,
        mapObjects(entry.nesting, object[name] ?? null, (inner) =>
          withoutWriteOnly(innerSchema(entry), inner),
        ),
      );
    }
  }
  return out ?? object;
}

const hasWriteOnly = schemaContains((entry) => entry.options.writeOnly === true);
