// Values as authors see them, and back. Decoded values are what the types promise already,
// except float64 attributes: cty numbers (exact decimals, bigints) that authors get as the
// nearest double. When the author hands such a double back unchanged, the exact number it came
// from goes back to Terraform, so rounding never shows up as a change. A request's
// provider_meta reaches handlers the same way (providerMetaForAuthor; the author's side of
// provider_meta is ../provider-meta.ts).
import { type CtyNumber, type CtyValue, Decimal, isRecord } from "@tsvider/cty";
import { schemaContains } from "../schema/contains.js";
import type { Schema } from "../schema/schema.js";
import { elementAt, innerSchema, mapObjects } from "./nesting.js";
import type { ObjectValue } from "./object-value.js";

/** The object with every float64 attribute as the nearest double. */
export function forAuthor(schema: Schema, object: ObjectValue): ObjectValue {
  if (!hasFloat64(schema)) return object;
  const out: Record<string, CtyValue> = { ...object };
  for (const [name, entry] of Object.entries(schema)) {
    const value = object[name] ?? null;
    if (entry.kind === "attribute") {
      if (entry.value.kind === "float64" && isNumber(value)) out[name] = toDouble(value);
    } else if (hasFloat64(innerSchema(entry))) {
      out[name] = mapObjects(entry.nesting, value, (inner) => forAuthor(innerSchema(entry), inner));
    }
  }
  return out;
}

/**
 * `providerMeta` for a handler (../provider-meta.ts): the request's provider_meta as authors see
 * it, or null when the module set none or the provider declares no `metaSchema`.
 */
export function providerMetaForAuthor(
  metaSchema: Schema | undefined,
  meta: ObjectValue | null | undefined,
): ObjectValue | null {
  if (meta === null || meta === undefined || metaSchema === undefined) return null;
  return forAuthor(metaSchema, meta);
}

/**
 * The author's result with each float64 value that equals, as a double, the value it came from
 * (in the plan for apply, in prior state for read) replaced by that exact value. Set elements
 * cannot be paired, so inside sets results stay as they are.
 */
export function withExactNumbers(
  schema: Schema,
  reference: ObjectValue | null,
  result: ObjectValue,
): ObjectValue {
  if (reference === null || !hasFloat64(schema)) return result;
  const out: Record<string, CtyValue> = { ...result };
  for (const [name, entry] of Object.entries(schema)) {
    const before = reference[name] ?? null;
    const after = result[name] ?? null;
    if (entry.kind === "attribute") {
      if (
        entry.value.kind === "float64" &&
        isNumber(before) &&
        typeof after === "number" &&
        toDouble(before) === after
      ) {
        out[name] = before;
      }
    } else if (entry.nesting !== "set" && hasFloat64(innerSchema(entry))) {
      out[name] = mapObjects(entry.nesting, after, (inner, at) => {
        const matching = elementAt(entry.nesting, before, at);
        return withExactNumbers(innerSchema(entry), isRecord(matching) ? matching : null, inner);
      });
    }
  }
  return out;
}

function isNumber(value: CtyValue): value is CtyNumber {
  return typeof value === "number" || typeof value === "bigint" || value instanceof Decimal;
}

const hasFloat64 = schemaContains((entry) => entry.kind === "attribute" && entry.value.kind === "float64");

/** The nearest double to a cty number. */
export function toDouble(n: CtyNumber): number {
  if (typeof n === "number") return n;
  // Number() reads decimal text to the nearest double, and a bigint to the nearest too.
  return Number(typeof n === "bigint" ? n : n.text);
}
