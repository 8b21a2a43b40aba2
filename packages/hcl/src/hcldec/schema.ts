// The body schema a spec implies (hcldec.ImpliedSchema): the attributes and block types that
// the spec and the specs decoded against the same body name.

import type { AttributeSchema, BlockHeaderSchema, BodySchema } from "../body.js";
import type { Spec } from "./spec.js";

/** The specs decoded against the same body as this one (not those of nested blocks). */
export function sameBodyChildren(spec: Spec): readonly Spec[] {
  switch (spec.kind) {
    case "object":
      return Object.values(spec.attributes);
    case "tuple":
      return spec.elements;
    case "default":
      return [spec.primary, spec.default];
    case "transformExpr":
    case "transformFunc":
    case "refineValue":
    case "validate":
      return [spec.wrapped];
    default:
      return [];
  }
}

/** Visits the spec and, depth first, every spec decoded against the same body. */
export function visitSameBody(spec: Spec, visit: (s: Spec) => void): void {
  visit(spec);
  for (const child of sameBodyChildren(spec)) visitSameBody(child, visit);
}

/** The attributes a spec itself reads (a default spec reads both of its specs' attributes). */
function attributeSchemata(spec: Spec): AttributeSchema[] {
  if (spec.kind === "attr")
    return [spec.required ? { name: spec.name, required: true } : { name: spec.name }];
  if (spec.kind === "default")
    return [...attributeSchemata(spec.primary), ...attributeSchemata(spec.default)];
  return [];
}

/** The block types a spec itself reads (a default spec only its primary's). */
export function blockHeaderSchemata(spec: Spec): BlockHeaderSchema[] {
  switch (spec.kind) {
    case "block":
    case "blockList":
    case "blockTuple":
    case "blockSet":
      return [{ type: spec.typeName, labelNames: labelNamesOf(spec.nested) }];
    case "blockMap":
    case "blockObject":
      return [{ type: spec.typeName, labelNames: [...spec.labelNames, ...labelNamesOf(spec.nested)] }];
    case "blockAttrs":
      return [{ type: spec.typeName, labelNames: [] }];
    case "default":
      return blockHeaderSchemata(spec.primary);
    default:
      return [];
  }
}

/** The spec that decodes the bodies of the blocks a spec reads, if it reads blocks. */
export function nestedSpecOf(spec: Spec): Spec | undefined {
  switch (spec.kind) {
    case "block":
    case "blockList":
    case "blockTuple":
    case "blockSet":
    case "blockMap":
    case "blockObject":
      return spec.nested;
    case "blockAttrs":
      // Read as attributes, not with a spec; a placeholder that decodes to null.
      return { kind: "literal", value: { value: null, type: { kind: "dynamic" } } };
    case "default":
      return nestedSpecOf(spec.primary);
    default:
      return undefined;
  }
}

/**
 * The body schema a spec reads with: the attributes and block types it decodes
 * (hcldec.ImpliedSchema).
 */
export function impliedSchema(spec: Spec): BodySchema {
  const attributes: AttributeSchema[] = [];
  const blocks: BlockHeaderSchema[] = [];
  visitSameBody(spec, (s) => {
    attributes.push(...attributeSchemata(s));
    blocks.push(...blockHeaderSchemata(s));
  });
  return { attributes, blocks };
}

/**
 * The label names the block-label specs in a nested spec ask for, by index; an index no
 * spec names is "missing00" and so on, as in hcl.
 */
export function labelNamesOf(nested: Spec): string[] {
  const names = new Map<number, string>();
  let max = -1;
  visitSameBody(nested, (s) => {
    if (s.kind === "blockLabel") {
      max = Math.max(max, s.index);
      names.set(s.index, s.name);
    }
  });
  return Array.from({ length: max + 1 }, (_, i) => names.get(i) || `missing${String(i).padStart(2, "0")}`);
}

/** The block types a spec reads with the specs of their bodies (hcldec.ChildBlockTypes). */
export function childBlockTypes(spec: Spec): Map<string, Spec> {
  const out = new Map<string, Spec>();
  visitSameBody(spec, (s) => {
    const nested = nestedSpecOf(s);
    if (nested === undefined) return;
    for (const b of blockHeaderSchemata(s)) out.set(b.type, nested);
  });
  return out;
}
