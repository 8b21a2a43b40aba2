// The proposed new state Terraform sends with PlanResourceChange, computed here as Terraform
// computes it (its objchange.ProposedNew), so the in-process test kit plans from exactly what
// tofu would send: config values, with prior values kept for computed attributes the config
// leaves null, at every level of nesting. Set elements are paired with prior elements the way
// Terraform pairs them: a prior element whose non-computed values all match the config's.
import { type CtyValue, isRecord, isUnknown, Unknown, valuesEqual } from "@tsvider/cty";
import type { Block } from "../schema/blocks.js";
import { elementType, entryType } from "../schema/implied-type.js";
import type { AnyAttribute, NestedAttribute, NestedAttributes } from "../schema/nested.js";
import type { Schema, SchemaEntry } from "../schema/schema.js";
import { innerSchema, setOwn } from "../values/nesting.js";
import type { ObjectValue } from "../values/object-value.js";

/** Terraform's proposed new state: null only for a destroy (config null). */
export function proposedNewState(
  schema: Schema,
  prior: ObjectValue | null,
  config: ObjectValue | null,
): ObjectValue | null {
  if (config === null && prior === null) return null;
  const base = prior ?? (emptyValue(schema) as ObjectValue);
  return proposedObject(schema, base, config) as ObjectValue | null;
}

/** The object a schema has when nothing is set: attributes null, blocks absent. */
function emptyValue(schema: Schema): CtyValue {
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(schema)) {
    if (entry.kind !== "block") setOwn(out, name, null);
    else if (entry.nesting === "list" || entry.nesting === "set") setOwn(out, name, []);
    else if (entry.nesting === "map") setOwn(out, name, {});
    else if (entry.nesting === "group") setOwn(out, name, emptyValue(entry.schema));
    else setOwn(out, name, null);
  }
  return out;
}

function proposedObject(schema: Schema, prior: CtyValue, config: CtyValue): CtyValue {
  // Nothing configured (or not known yet): what was there stays the proposal.
  if (config === null || isUnknown(config) || !isRecord(config)) return prior;
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(schema)) {
    const priorValue = attributeOf(prior, name);
    const configValue = config[name] ?? null;
    setOwn(
      out,
      name,
      entry.kind === "block"
        ? proposedBlock(entry, priorValue, configValue)
        : proposedAttribute(entry, priorValue, configValue),
    );
  }
  return out;
}

/** An attribute of `object`, which may be null (nothing before) or unknown (all of it). */
function attributeOf(object: CtyValue, name: string): CtyValue {
  if (object === null) return null;
  if (isUnknown(object)) return Unknown;
  return isRecord(object) ? (object[name] ?? null) : null;
}

function proposedAttribute(entry: AnyAttribute, prior: CtyValue, config: CtyValue): CtyValue {
  if (entry.options.computed && config === null) {
    // An optional nested attribute whose prior value holds something config must have set
    // was removed from config, not left for the provider to compute.
    return optionalValueNotComputable(entry, prior) ? config : prior;
  }
  if (entry.kind === "nested") return proposedNested(entry, prior, config);
  return config;
}

function proposedAttributes(attributes: NestedAttributes, prior: CtyValue, config: CtyValue): CtyValue {
  if (config === null || !isRecord(config)) return config;
  const out: Record<string, CtyValue> = {};
  for (const [name, entry] of Object.entries(attributes)) {
    setOwn(out, name, proposedAttribute(entry, attributeOf(prior, name), config[name] ?? null));
  }
  return out;
}

function proposedNested(entry: NestedAttribute, prior: CtyValue, config: CtyValue): CtyValue {
  if (isUnknown(config)) return config;
  switch (entry.nesting) {
    case "single":
      return config === null ? config : proposedAttributes(entry.attributes, prior, config);
    case "list":
      return proposedList(entry, prior, config);
    case "map":
      return proposedMap(entry, prior, config);
    case "set":
      return proposedSet(entry, prior, config);
  }
}

function proposedBlock(entry: Block, prior: CtyValue, config: CtyValue): CtyValue {
  if (isUnknown(config)) return config;
  switch (entry.nesting) {
    case "single":
      return config === null ? config : proposedNewOrEmpty(entry.schema, prior, config);
    case "group":
      return proposedNewOrEmpty(entry.schema, prior, config);
    case "list":
      return proposedList(entry, prior, config);
    case "map":
      return proposedMap(entry, prior, config);
    case "set":
      return proposedSet(entry, prior, config);
  }
}

/** ProposedNew for a block's object: a null prior reads as the empty object. */
function proposedNewOrEmpty(schema: Schema, prior: CtyValue, config: CtyValue): CtyValue {
  if (config === null && prior === null) return prior;
  return proposedObject(schema, prior === null ? emptyValue(schema) : prior, config);
}

function proposedElement(entry: NestedAttribute | Block, prior: CtyValue, config: CtyValue): CtyValue {
  return entry.kind === "block"
    ? proposedNewOrEmpty(entry.schema, prior, config)
    : proposedAttributes(entry.attributes, prior, config);
}

/** List elements pair by index; an element the prior list lacks is taken from config as it is. */
function proposedList(entry: NestedAttribute | Block, prior: CtyValue, config: CtyValue): CtyValue {
  if (!Array.isArray(config) || config.length === 0) return config;
  return config.map((element: CtyValue, i) => {
    if (!isUnknown(prior) && (!Array.isArray(prior) || i >= prior.length)) return element;
    return proposedElement(entry, isUnknown(prior) ? Unknown : (prior as CtyValue[])[i]!, element);
  });
}

function proposedMap(entry: NestedAttribute | Block, prior: CtyValue, config: CtyValue): CtyValue {
  if (config === null || isUnknown(config) || !isRecord(config)) return config;
  const out: Record<string, CtyValue> = {};
  for (const [key, element] of Object.entries(config)) {
    const before = isUnknown(prior)
      ? Unknown
      : isRecord(prior) && Object.hasOwn(prior, key)
        ? prior[key]!
        : null;
    setOwn(out, key, proposedElement(entry, before, element));
  }
  return out;
}

/** Set elements pair with the first unused prior element that config could have produced. */
function proposedSet(entry: NestedAttribute | Block, prior: CtyValue, config: CtyValue): CtyValue {
  if (!Array.isArray(config) || config.length === 0) return config;
  const priors: readonly CtyValue[] = Array.isArray(prior) ? prior : [];
  const used = priors.map(() => false);
  return config.map((element: CtyValue) => {
    let match: CtyValue = null;
    for (let i = 0; i < priors.length; i++) {
      if (!used[i] && validPriorFromConfig(entry, priors[i]!, element)) {
        match = priors[i]!;
        used[i] = true;
        break;
      }
    }
    return proposedElement(entry, match, element);
  });
}

/**
 * Whether `prior` (one element of a nested set) could have come from `config`: equal, or
 * differing only in computed attributes config leaves null.
 */
function validPriorFromConfig(entry: NestedAttribute | Block, prior: CtyValue, config: CtyValue): boolean {
  if (valuesEqual(prior, config, elementType(entry))) return true;
  return objectMatches(innerSchema(entry), prior, config);
}

function objectMatches(schema: Schema, prior: CtyValue, config: CtyValue): boolean {
  if (prior === null || isUnknown(prior)) return true;
  if (!isRecord(prior) || !isRecord(config)) return false;
  for (const [name, entry] of Object.entries(schema)) {
    const p = prior[name] ?? null;
    const c = config[name] ?? null;
    if (valuesEqual(p, c, entryType(entry))) continue;
    if (!valueMatches(entry, p, c)) return false;
  }
  return true;
}

function valueMatches(entry: SchemaEntry, prior: CtyValue, config: CtyValue): boolean {
  if (entry.kind === "attribute") return entry.options.computed === true && config === null;
  // A nested attribute or a block: Terraform walks on into it, and a set never matches unless
  // equal (its elements cannot be paired by path).
  if (prior === null || isUnknown(prior)) return true;
  if (config === null || isUnknown(config)) return false;
  const inner = innerSchema(entry);
  switch (entry.nesting) {
    case "set":
      return false;
    case "single":
    case "group":
      return objectMatches(inner, prior, config);
    case "list":
      return (
        Array.isArray(prior) &&
        Array.isArray(config) &&
        prior.every((p: CtyValue, i) => i < config.length && objectMatches(inner, p, config[i]!))
      );
    case "map":
      return (
        isRecord(prior) &&
        isRecord(config) &&
        Object.entries(prior).every(
          ([key, p]) => Object.hasOwn(config, key) && objectMatches(inner, p, config[key]!),
        )
      );
  }
}

/**
 * Terraform's optionalValueNotComputable: an optional+computed nested attribute whose prior
 * value holds a non-null value of an attribute that is not computed.
 */
function optionalValueNotComputable(entry: AnyAttribute, prior: CtyValue): boolean {
  if (!entry.options.optional || entry.kind !== "nested") return false;
  return holdsNonComputed(entry, prior);
}

function holdsNonComputed(entry: NestedAttribute, value: CtyValue): boolean {
  if (value === null || isUnknown(value)) return false;
  const objects: CtyValue[] =
    entry.nesting === "single"
      ? [value]
      : Array.isArray(value)
        ? value
        : isRecord(value)
          ? Object.values(value)
          : [];
  for (const object of objects) {
    if (!isRecord(object)) continue;
    for (const [name, inner] of Object.entries(entry.attributes)) {
      const v = object[name] ?? null;
      if (v === null) continue;
      if (!inner.options.computed) return true;
      if (inner.kind === "nested" && holdsNonComputed(inner, v)) return true;
    }
  }
  return false;
}
