// Semantic equality: where a value of a custom type (schema/custom-types.ts) means the same as
// the value Terraform already has, that value's spelling is kept, as terraform-plugin-framework
// does with its custom types. Three places ask:
//
// - ReadResource (read-resource.ts): a refreshed value equal to the prior state's keeps the
//   state's text, so a respelling by the API is not drift. The read after an import has only
//   what importState returned to compare with.
// - ApplyResourceChange (apply-resource-change.ts): a value create or update returns equal to
//   the planned one keeps the planned text, so the result passes Terraform's check against the
//   plan ("Provider produced inconsistent result").
// - PlanResourceChange (plan-resource-change.ts): a configured value equal to the prior
//   state's is planned as the state has it, so no update is planned. Terraform allows a plan
//   to hold the prior value of a configured attribute (objchange's AssertPlanValid), but only
//   the whole value of a plain attribute: a list of timestamps keeps the prior list only when
//   every element is equal, never a mix. Inside nested attributes and blocks each attribute
//   is decided alone, as Terraform checks each alone.
//
// Lists pair elements by index, maps by key, objects by attribute. Set elements have no
// identity but their value, so a set element is paired with a reference element only when the
// two are equal through and through (custom-typed parts by the type's rule, everything else
// exactly, a reference part still unknown matching anything), each reference element with one
// element at most; the paired element then takes the reference's spelling. A set whose
// elements would then collide is left as it was. An element that also differs in anything
// else (a computed attribute the API changed) is not paired, and keeps its own spelling.
import {
  type CtyType,
  type CtyValue,
  Dynamic,
  isRecord,
  isUnknown,
  numberText,
  typeToJSONText,
  valuesEqual,
} from "@tsvider/cty";
import type { Diagnostics } from "../diagnostics.js";
import type { Block } from "../schema/blocks.js";
import { schemaContains } from "../schema/contains.js";
import { type CustomTypeSpec, customTypeOf } from "../schema/custom-types.js";
import type { NestedAttribute } from "../schema/nested.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";
import type { ValueType } from "../schema/types.js";
import { innerSchema, setOwn } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";
import { WalkPosition } from "../values/walk-position.js";

/**
 * `value` with each custom-typed part equal to the matching part of `reference` replaced by
 * the reference's, at any depth. `mode` "plan" keeps whole plain attributes only (Terraform's
 * rule for plans); "result" (apply, read) keeps each equal part. `where` names the operation
 * in the warning a custom type's `equal` that throws gets.
 */
export function keepEquivalent(
  schema: Schema,
  reference: ObjectValue | null,
  value: ObjectValue,
  mode: "plan" | "result",
  where: string,
  diagnostics: Diagnostics,
): ObjectValue {
  if (reference === null || !hasCustomTypes(schema)) return value;
  return new Keeper(mode, where, diagnostics).object(schema, reference, value, WalkPosition.root);
}

const customTypesIn = new WeakMap<object, boolean>();

/** Whether a value type holds a custom type anywhere inside. */
function descriptorHasCustom(descriptor: ValueType): boolean {
  let found = customTypesIn.get(descriptor);
  if (found === undefined) {
    switch (descriptor.kind) {
      case "list":
      case "set":
      case "map":
        found = descriptorHasCustom(descriptor.element);
        break;
      case "object":
        found = Object.values(descriptor.attributes).some(descriptorHasCustom);
        break;
      case "tuple":
        found = descriptor.elements.some(descriptorHasCustom);
        break;
      default:
        found = customTypeOf(descriptor)?.equal !== undefined;
    }
    customTypesIn.set(descriptor, found);
  }
  return found;
}

const hasCustomTypes = schemaContains(
  (entry) => entry.kind === "attribute" && descriptorHasCustom(entry.value),
);

function entryHasCustom(entry: SchemaEntry): boolean {
  return entry.kind === "attribute" ? descriptorHasCustom(entry.value) : hasCustomTypes(innerSchema(entry));
}

/** How to compare and keep one kind of value: a value type's, or a nested schema's objects. */
interface Shape {
  /** Whether `value` means what `reference` means; an unknown part of the reference matches anything. */
  matches(reference: CtyValue, value: CtyValue, path: WalkPosition): boolean;
  /** `value` with the parts equal to the reference's in the reference's spelling. */
  keep(reference: CtyValue, value: CtyValue, path: WalkPosition): CtyValue;
}

class Keeper {
  private readonly warned = new Set<string>();
  /** Shapes made once per descriptor or nested entry for the walk; lists of objects ask often. */
  private readonly shapes = new Map<object, Shape>();

  constructor(
    readonly mode: "plan" | "result",
    readonly where: string,
    readonly diagnostics: Diagnostics,
  ) {}

  object(schema: Schema, reference: ObjectValue, value: ObjectValue, path: WalkPosition): ObjectValue {
    let out: Record<string, CtyValue> | undefined;
    for (const [name, entry] of Object.entries(schema)) {
      if (!entryHasCustom(entry)) continue;
      const before = reference[name] ?? null;
      const after = value[name] ?? null;
      const here = path.attribute(name);
      let kept: CtyValue;
      if (entry.kind === "attribute") {
        const shape = this.valueShape(entry.value);
        kept =
          this.mode === "plan"
            ? shape.matches(before, after, here) && !isUnknown(before)
              ? before
              : after
            : shape.keep(before, after, here);
      } else {
        kept = this.nestedShape(entry).keep(before, after, here);
      }
      if (kept !== after) {
        out ??= { ...value };
        setOwn(out, name, kept);
      }
    }
    return out ?? value;
  }

  /** A nested attribute's or block's value: objects by its nesting. */
  nestedShape(entry: NestedAttribute | Block): Shape {
    return this.cached(entry, () => this.makeNestedShape(entry));
  }

  private cached(key: object, make: () => Shape): Shape {
    let shape = this.shapes.get(key);
    if (!shape) {
      shape = make();
      this.shapes.set(key, shape);
    }
    return shape;
  }

  private makeNestedShape(entry: NestedAttribute | Block): Shape {
    const schema = innerSchema(entry);
    const element: Shape = {
      matches: (r, v, p) => isRecord(r) && isRecord(v) && this.objectMatches(schema, r, v, p),
      keep: (r, v, p) => (isRecord(r) && isRecord(v) ? this.object(schema, r, v, p) : v),
    };
    switch (entry.nesting) {
      case "single":
      case "group":
        return guarded(element);
      case "list":
        return this.listShape(element);
      case "map":
        return this.mapShape(element);
      case "set":
        return this.setShape(element);
    }
  }

  objectMatches(schema: Schema, reference: ObjectValue, value: ObjectValue, path: WalkPosition): boolean {
    for (const [name, entry] of Object.entries(schema)) {
      const before = reference[name] ?? null;
      const after = value[name] ?? null;
      const here = path.attribute(name);
      const shape = entry.kind === "attribute" ? this.valueShape(entry.value) : this.nestedShape(entry);
      if (!shape.matches(before, after, here)) return false;
    }
    return true;
  }

  valueShape(descriptor: ValueType): Shape {
    return this.cached(descriptor, () => this.makeValueShape(descriptor));
  }

  private makeValueShape(descriptor: ValueType): Shape {
    if (!descriptorHasCustom(descriptor)) return exact(descriptor.type);
    switch (descriptor.kind) {
      case "list":
        return this.listShape(this.valueShape(descriptor.element));
      case "set":
        return this.setShape(this.valueShape(descriptor.element));
      case "map":
        return this.mapShape(this.valueShape(descriptor.element));
      case "object": {
        const attributes = Object.entries(descriptor.attributes).map(
          ([name, d]) => [name, this.valueShape(d)] as const,
        );
        return guarded({
          matches: (r, v, p) =>
            isRecord(r) &&
            isRecord(v) &&
            attributes.every(([name, shape]) =>
              shape.matches(r[name] ?? null, v[name] ?? null, p.attribute(name)),
            ),
          keep: (r, v, p) => {
            if (!isRecord(r) || !isRecord(v)) return v;
            let out: Record<string, CtyValue> | undefined;
            for (const [name, shape] of attributes) {
              const after = v[name] ?? null;
              const kept = shape.keep(r[name] ?? null, after, p.attribute(name));
              if (kept !== after) {
                out ??= { ...v };
                setOwn(out, name, kept);
              }
            }
            return out ?? v;
          },
        });
      }
      case "tuple": {
        const elements = descriptor.elements.map((d) => this.valueShape(d));
        return guarded({
          matches: (r, v, p) =>
            Array.isArray(r) &&
            Array.isArray(v) &&
            r.length === v.length &&
            elements.every((shape, i) => shape.matches(r[i] ?? null, v[i] ?? null, p.index(i))),
          keep: (r, v, p) => keepEach(r, v, (a, b, i) => elements[i]?.keep(a, b, p.index(i)) ?? b),
        });
      }
      default:
        return this.customShape(customTypeOf(descriptor)!, descriptor.type);
    }
  }

  customShape(custom: CustomTypeSpec<unknown>, type: CtyType): Shape {
    const matches = (r: CtyValue, v: CtyValue, p: WalkPosition) =>
      isUnknown(r) ||
      valuesEqual(r, v, type) ||
      (r !== null && v !== null && !isUnknown(v) && this.equal(custom, r, v, p));
    return { matches, keep: (r, v, p) => (!isUnknown(r) && matches(r, v, p) ? r : v) };
  }

  /** The custom type's `equal`; one that throws counts as "not equal", with a warning. */
  equal(custom: CustomTypeSpec<unknown>, prior: CtyValue, proposed: CtyValue, path: WalkPosition): boolean {
    try {
      return custom.equal!(prior, proposed) === true;
    } catch (err) {
      const key = path.text;
      if (!this.warned.has(key)) {
        this.warned.add(key);
        this.diagnostics.addWarning(
          `Could not compare "${path.text}" with its ${this.mode === "plan" ? "prior" : "earlier"} value`,
          `In ${this.where}, the provider's custom type "${custom.name}" threw while comparing the values: ${err instanceof Error ? err.message : String(err)}. The new spelling is kept, which may show as a change. This is a bug in the provider: report it to its authors.`,
          path.attributePath,
        );
      }
      return false;
    }
  }

  listShape(element: Shape): Shape {
    return guarded({
      matches: (r, v, p) =>
        Array.isArray(r) &&
        Array.isArray(v) &&
        r.length === v.length &&
        r.every((e: CtyValue, i) => element.matches(e, v[i] as CtyValue, p.index(i))),
      // Elements pair by index; one beyond the reference's has nothing to keep.
      keep: (r, v, p) => keepEach(r, v, (a, b, i) => element.keep(a, b, p.index(i))),
    });
  }

  mapShape(element: Shape): Shape {
    return guarded({
      matches: (r, v, p) => {
        if (!isRecord(r) || !isRecord(v)) return false;
        const keys = Object.keys(v);
        if (keys.length !== Object.keys(r).length) return false;
        return keys.every((k) => Object.hasOwn(r, k) && element.matches(r[k]!, v[k]!, p.key(k)));
      },
      keep: (r, v, p) => {
        if (!isRecord(r) || !isRecord(v)) return v;
        let out: Record<string, CtyValue> | undefined;
        for (const [k, after] of Object.entries(v)) {
          if (!Object.hasOwn(r, k)) continue;
          const kept = element.keep(r[k]!, after, p.key(k));
          if (kept !== after) {
            out ??= { ...v };
            setOwn(out, k, kept);
          }
        }
        return out ?? v;
      },
    });
  }

  setShape(element: Shape): Shape {
    const pairing = (r: readonly CtyValue[], v: readonly CtyValue[], p: WalkPosition) => {
      // Elements already spelled as a reference element are paired with it first.
      const byKey = new Map<string, number[]>();
      r.forEach((e, i) => {
        const k = keyOf(e);
        byKey.set(k, [...(byKey.get(k) ?? []), i]);
      });
      const used = new Set<number>();
      const partner: (number | undefined)[] = v.map((e) => {
        const i = byKey.get(keyOf(e))?.find((j) => !used.has(j));
        if (i !== undefined) used.add(i);
        return i;
      });
      v.forEach((e, at) => {
        if (partner[at] !== undefined) return;
        const i = r.findIndex((ref, j) => !used.has(j) && element.matches(ref, e, p.element()));
        if (i >= 0) {
          used.add(i);
          partner[at] = i;
        }
      });
      return partner;
    };
    return guarded({
      matches: (r, v, p) =>
        Array.isArray(r) &&
        Array.isArray(v) &&
        r.length === v.length &&
        pairing(r, v, p).every((i) => i !== undefined),
      keep: (r, v, p) => {
        if (!Array.isArray(r) || !Array.isArray(v)) return v;
        const partner = pairing(r, v, p);
        let changed = false;
        const out = v.map((e: CtyValue, at) => {
          const i = partner[at];
          if (i === undefined) return e;
          const kept = element.keep(r[i] as CtyValue, e, p.element());
          if (kept !== e) changed = true;
          return kept;
        });
        if (!changed) return v;
        // Two elements spelled alike would collapse into one and change the set's size.
        return new Set(out.map(keyOf)).size === out.length ? out : v;
      },
    });
  }
}

/** A shape that leaves null and unknown values as they are (null matches only null). */
function guarded(shape: Shape): Shape {
  return {
    matches: (r, v, p) =>
      isUnknown(r) || (r === null ? v === null : v !== null && !isUnknown(v) && shape.matches(r, v, p)),
    keep: (r, v, p) => (r === null || v === null || isUnknown(r) || isUnknown(v) ? v : shape.keep(r, v, p)),
  };
}

/** A value without custom types: it matches only the same value, and nothing is kept. */
function exact(type: CtyType): Shape {
  return {
    matches: (r, v) => isUnknown(r) || (!containsUnknownPart(v) && valuesEqual(r, v, type)),
    keep: (_r, v) => v,
  };
}

function containsUnknownPart(value: CtyValue): boolean {
  if (isUnknown(value)) return true;
  if (value instanceof Dynamic) return containsUnknownPart(value.value);
  if (Array.isArray(value)) return value.some(containsUnknownPart);
  if (isRecord(value)) return Object.values(value).some(containsUnknownPart);
  return false;
}

/** The array `v` with element i kept by `fn(r[i], v[i], i)` where r has one; `v` itself when none changes. */
function keepEach(
  r: CtyValue,
  v: CtyValue,
  fn: (reference: CtyValue, value: CtyValue, i: number) => CtyValue,
): CtyValue {
  if (!Array.isArray(r) || !Array.isArray(v)) return v;
  let changed = false;
  const out = v.map((e: CtyValue, i) => {
    if (i >= r.length) return e;
    const kept = fn(r[i] as CtyValue, e, i);
    if (kept !== e) changed = true;
    return kept;
  });
  return changed ? out : v;
}

/** Text that is the same for two values exactly when they are the same value (unknowns alike). */
function keyOf(value: CtyValue): string {
  if (value === null) return "null";
  if (isUnknown(value)) return "?";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return String(value);
  if (typeof value === "number" || typeof value === "bigint") return `#${numberText(value)}`;
  if (value instanceof Dynamic) return `<${typeToJSONText(value.type)}>${keyOf(value.value)}`;
  if (Array.isArray(value)) return `[${value.map(keyOf).join(",")}]`;
  if (isRecord(value)) {
    const names = Object.keys(value).sort();
    return `{${names.map((n) => `${JSON.stringify(n)}:${keyOf(value[n]!)}`).join(",")}}`;
  }
  // A Decimal: its exact text.
  return `#${numberText(value as Parameters<typeof numberText>[0])}`;
}
