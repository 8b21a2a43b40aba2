// Decoding a body with a spec (hcldec.Decode): the body's content is read against the schema
// the spec implies, then each spec makes its part of the value, with hcldec's diagnostics.

import * as cty from "@tsvider/cty";
import { canonicalSet } from "@tsvider/cty";
import { convertTyped, unify } from "@tsvider/cty/convert";
import { callFunction, type TypedValue } from "@tsvider/cty/function";
import type { Block, Body, BodyContent } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import { hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import { customExpressionDecoderFor } from "../ext/customdecode.js";
import { goQuote } from "../internal/go-quote.js";
import { isNullValue, listVal, objectVal, setOwn, tupleVal } from "../internal/typed-values.js";
import { formatRange, type Range, rangeBetween } from "../pos.js";
import { impliedType } from "./implied-type.js";
import { impliedSchema } from "./schema.js";
import type { BlockSpec, Spec } from "./spec.js";

/**
 * What a Body may also say of itself (hcldec's UnknownBody and MarkedBody): that its content
 * is not known yet (a block generated from an unknown collection), or marks for the value
 * made from it.
 */
export interface BodyExtras {
  unknown?(): boolean;
  bodyValueMarks?(): ReadonlySet<unknown>;
}

const isUnknownBody = (body: Body): boolean => (body as Body & BodyExtras).unknown?.() === true;

function withBodyMarks(value: TypedValue, body: Body): TypedValue {
  const marks = (body as Body & BodyExtras).bodyValueMarks?.();
  return marks === undefined || marks.size === 0
    ? value
    : { value: cty.mark(value.value, ...marks), type: value.type };
}

/** A label of the block whose body is being decoded, for block-label specs. */
export interface BlockLabel {
  readonly value: string;
  readonly range: Range;
}

/** The value `decode` read from a body by a spec, with the problems found. */
export interface DecodeResult {
  readonly value: TypedValue;
  readonly diagnostics: Diagnostic[];
}

const labelsOf = (block: Block): BlockLabel[] =>
  block.labels.map((value, i) => ({ value, range: block.labelRanges[i]! }));

const withoutOptional = (type: cty.CtyType) => cty.withoutOptionalAttributesDeep(type);
const nullOf = (type: cty.CtyType): TypedValue => ({ value: null, type: withoutOptional(type) });
const unknownOf = (type: cty.CtyType): TypedValue => ({ value: cty.Unknown, type: withoutOptional(type) });
const dynamicUnknown: TypedValue = { value: cty.Unknown, type: cty.dynamic };

/**
 * Decodes a body with a spec. Everything in the body must be something the spec reads.
 * With errors, the value is as complete as could be made (unknown where a part failed).
 */
export function decode(body: Body, spec: Spec, ctx?: EvalContext): DecodeResult {
  return decodeBody(body, [], ctx, spec);
}

/**
 * As decode, but what the spec does not read is left in `remain` instead of being an error.
 * Nested block bodies are still decoded in full.
 */
export function partialDecode(body: Body, spec: Spec, ctx?: EvalContext): DecodeResult & { remain: Body } {
  const { content, remain, diagnostics } = body.partialContent(impliedSchema(spec));
  const r = decodeContent(spec, content, [], ctx);
  return { value: r.value, diagnostics: [...diagnostics, ...r.diagnostics], remain };
}

function decodeBody(
  body: Body,
  labels: readonly BlockLabel[],
  ctx: EvalContext | undefined,
  spec: Spec,
): DecodeResult {
  const { content, diagnostics } = body.content(impliedSchema(spec));
  const r = decodeContent(spec, content, labels, ctx);
  return { value: r.value, diagnostics: [...diagnostics, ...r.diagnostics] };
}

/**
 * Where the value a spec takes from a body comes from (hcldec.SourceRange), for an
 * application's own diagnostics about it; where the item is missing, where it would go.
 */
export function sourceRange(body: Body, spec: Spec): Range {
  return sourceRangeIn(body, [], spec);
}

function sourceRangeIn(body: Body, labels: readonly BlockLabel[], spec: Spec): Range {
  const { content } = body.partialContent(impliedSchema(spec));
  return specSourceRange(spec, content, labels);
}

const blocksOfType = (content: BodyContent, type: string) => content.blocks.filter((b) => b.type === type);

function specSourceRange(spec: Spec, content: BodyContent, labels: readonly BlockLabel[]): Range {
  switch (spec.kind) {
    case "object":
    case "tuple":
      return content.missingItemRange;
    case "attr": {
      const attr = Object.hasOwn(content.attributes, spec.name) ? content.attributes[spec.name] : undefined;
      return attr === undefined ? content.missingItemRange : attr.expr.range;
    }
    case "literal": {
      const zero = { line: 0, column: 0, byte: 0 };
      return { filename: "<unknown>", start: zero, end: zero };
    }
    case "expr":
      return spec.expr.range;
    case "block":
    case "blockList":
    case "blockTuple":
    case "blockSet":
    case "blockMap":
    case "blockObject": {
      // The first block of the type: the blocks need not be next to each other.
      const first = blocksOfType(content, spec.typeName)[0];
      return first === undefined
        ? content.missingItemRange
        : sourceRangeIn(first.body, labelsOf(first), spec.nested);
    }
    case "blockAttrs": {
      const first = blocksOfType(content, spec.typeName)[0];
      return first === undefined ? content.missingItemRange : first.defRange;
    }
    case "blockLabel":
      return labelAt(labels, spec.index).range;
    case "default":
      return specSourceRange(spec.primary, content, labels);
    case "transformExpr":
    case "transformFunc":
    case "refineValue":
    case "validate":
      return specSourceRange(spec.wrapped, content, labels);
  }
}

function labelAt(labels: readonly BlockLabel[], index: number): BlockLabel {
  const label = labels[index];
  // A programming error in the spec, as in hcl (which panics).
  if (label === undefined)
    throw new Error("a block label spec was used outside a block with that many labels");
  return label;
}

function decodeContent(
  spec: Spec,
  content: BodyContent,
  labels: readonly BlockLabel[],
  ctx: EvalContext | undefined,
): DecodeResult {
  const ctxField = ctx === undefined ? {} : { evalContext: ctx };
  switch (spec.kind) {
    case "object": {
      const diagnostics: Diagnostic[] = [];
      const values = new Map<string, TypedValue>();
      for (const [name, child] of Object.entries(spec.attributes)) {
        const r = decodeContent(child, content, labels, ctx);
        diagnostics.push(...r.diagnostics);
        values.set(name, r.value);
      }
      return { value: objectVal(values), diagnostics };
    }
    case "tuple": {
      const diagnostics: Diagnostic[] = [];
      const values = spec.elements.map((child) => {
        const r = decodeContent(child, content, labels, ctx);
        diagnostics.push(...r.diagnostics);
        return r.value;
      });
      return { value: tupleVal(values), diagnostics };
    }
    case "attr": {
      const attr = Object.hasOwn(content.attributes, spec.name) ? content.attributes[spec.name] : undefined;
      // A missing required attribute was already reported when the content was read.
      if (attr === undefined) return { value: nullOf(spec.type), diagnostics: [] };
      // A capsule type with a custom decoder takes the expression itself (ext/customdecode).
      const decodeExpr = customExpressionDecoderFor(spec.type);
      if (decodeExpr) {
        const d = decodeExpr(attr.expr, ctx);
        return {
          value: d.value ?? { value: cty.Unknown, type: cty.withoutOptionalAttributesDeep(spec.type) },
          diagnostics: d.diagnostics,
        };
      }
      const { value, diagnostics } = attr.expr.value(ctx);
      try {
        return { value: convertTyped(value.value, value.type, spec.type), diagnostics };
      } catch (e) {
        diagnostics.push({
          severity: "error",
          summary: "Incorrect attribute value type",
          detail: `Inappropriate value for attribute ${goQuote(spec.name)}: ${(e as Error).message}.`,
          subject: attr.expr.range,
          context: rangeBetween(attr.nameRange, attr.expr.range),
          expression: attr.expr,
          ...ctxField,
        });
        // Unknown, but of the right type, so the rest can still be analysed.
        return { value: unknownOf(spec.type), diagnostics };
      }
    }
    case "literal":
      return { value: spec.value, diagnostics: [] };
    case "expr":
      return spec.expr.value(ctx);
    case "block":
      return decodeBlock(spec, content, ctx);
    case "blockList":
    case "blockTuple":
    case "blockSet":
      return decodeRepeated(spec, content, ctx);
    case "blockMap":
    case "blockObject":
      return decodeKeyed(spec, content, ctx);
    case "blockAttrs":
      return decodeBlockAttrs(spec, content, ctx);
    case "blockLabel":
      return { value: { value: labelAt(labels, spec.index).value, type: cty.string }, diagnostics: [] };
    case "default": {
      const primary = decodeContent(spec.primary, content, labels, ctx);
      if (!isNullValue(primary.value.value)) return primary;
      const fallback = decodeContent(spec.default, content, labels, ctx);
      return { value: fallback.value, diagnostics: [...primary.diagnostics, ...fallback.diagnostics] };
    }
    case "transformExpr": {
      const wrapped = decodeContent(spec.wrapped, content, labels, ctx);
      // With errors the transform would most likely add confusing errors of its own.
      if (hasErrors(wrapped.diagnostics))
        return { value: unknownOf(impliedType(spec)), diagnostics: wrapped.diagnostics };
      const variables = { [spec.varName]: wrapped.value };
      const child =
        spec.transformContext === undefined ? { variables } : { variables, parent: spec.transformContext };
      const r = spec.expr.value(child);
      return { value: r.value, diagnostics: [...wrapped.diagnostics, ...r.diagnostics] };
    }
    case "transformFunc": {
      const wrapped = decodeContent(spec.wrapped, content, labels, ctx);
      if (hasErrors(wrapped.diagnostics))
        return { value: unknownOf(impliedType(spec)), diagnostics: wrapped.diagnostics };
      try {
        return { value: callFunction(spec.func, [wrapped.value]), diagnostics: wrapped.diagnostics };
      } catch (e) {
        // A bug in the application's transform rather than something a user can fix.
        wrapped.diagnostics.push({
          severity: "error",
          summary: "Transform function failed",
          detail: `Decoder transform returned an error: ${(e as Error).message}`,
          subject: specSourceRange(spec, content, labels),
        });
        return { value: unknownOf(impliedType(spec)), diagnostics: wrapped.diagnostics };
      }
    }
    case "refineValue": {
      const wrapped = decodeContent(spec.wrapped, content, labels, ctx);
      if (hasErrors(wrapped.diagnostics))
        return { value: unknownOf(impliedType(spec)), diagnostics: wrapped.diagnostics };
      const { value, type } = wrapped.value;
      // Known values are the application's promise to keep (hcl panics when one breaks it).
      if (!cty.isUnknown(value)) return wrapped;
      const current = value instanceof cty.RefinedUnknown ? value : {};
      return {
        value: { value: cty.refine(type, { ...current, ...spec.refinements }), type },
        diagnostics: wrapped.diagnostics,
      };
    }
    case "validate": {
      const wrapped = decodeContent(spec.wrapped, content, labels, ctx);
      if (hasErrors(wrapped.diagnostics))
        return { value: unknownOf(impliedType(spec)), diagnostics: wrapped.diagnostics };
      const found = spec
        .validate(wrapped.value)
        .map((d) =>
          d.subject === undefined ? { ...d, subject: specSourceRange(spec, content, labels) } : d,
        );
      return { value: wrapped.value, diagnostics: [...wrapped.diagnostics, ...found] };
    }
  }
}

function decodeBlock(spec: BlockSpec, content: BodyContent, ctx: EvalContext | undefined): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  let found: Block | undefined;
  for (const candidate of blocksOfType(content, spec.typeName)) {
    if (found !== undefined) {
      diagnostics.push(duplicateBlock(spec.typeName, found, candidate));
      break;
    }
    found = candidate;
  }
  if (found === undefined) {
    if (spec.required) diagnostics.push(missingBlock(spec.typeName, content));
    return { value: nullOf(impliedType(spec.nested)), diagnostics };
  }
  const r = decodeBody(found.body, labelsOf(found), ctx, spec.nested);
  return { value: r.value, diagnostics: [...diagnostics, ...r.diagnostics] };
}

function decodeRepeated(
  spec: Extract<Spec, { kind: "blockList" | "blockTuple" | "blockSet" }>,
  content: BodyContent,
  ctx: EvalContext | undefined,
): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  const elements: TypedValue[] = [];
  const ranges: Range[] = [];
  for (const block of blocksOfType(content, spec.typeName)) {
    const r = decodeBody(block.body, labelsOf(block), ctx, spec.nested);
    diagnostics.push(...r.diagnostics);
    // One block of unknown content (a dynamic block's) makes the whole collection unknown.
    if (isUnknownBody(block.body)) return { value: unknownOf(impliedType(spec)), diagnostics };
    elements.push(withBodyMarks(r.value, block.body));
    ranges.push(sourceRangeIn(block.body, labelsOf(block), spec.nested));
  }
  const min = spec.minItems ?? 0;
  const max = spec.maxItems ?? 0;
  if (elements.length < min) {
    diagnostics.push({
      severity: "error",
      summary: `Insufficient ${spec.typeName} blocks`,
      detail: `At least ${min} ${goQuote(spec.typeName)} blocks are required.`,
      subject: content.missingItemRange,
    });
  } else if (max > 0 && elements.length > max) {
    diagnostics.push({
      severity: "error",
      summary: `Too many ${spec.typeName} blocks`,
      detail: `No more than ${max} ${goQuote(spec.typeName)} blocks are allowed`,
      subject: ranges[max]!,
    });
  }
  if (spec.kind === "blockTuple") return { value: tupleVal(elements), diagnostics };
  const nestedType = impliedType(spec.nested);
  if (elements.length === 0) {
    return {
      value: { value: [], type: spec.kind === "blockList" ? cty.list(nestedType) : cty.set(nestedType) },
      diagnostics,
    };
  }
  // A list or set needs one element type: decoded values can differ where the nested spec
  // has `dynamic` attributes, so they must all convert to one type.
  const unified = unify(
    elements.map((e) => e.type),
    { unsafe: true },
  );
  if (unified === undefined) {
    diagnostics.push({
      severity: "error",
      summary: `Unconsistent argument types in ${spec.typeName} blocks`,
      detail: "Corresponding attributes in all blocks of this type must be the same.",
      subject: ranges[0]!,
    });
    return { value: dynamicUnknown, diagnostics };
  }
  for (const [i, conv] of unified.typedConversions.entries()) {
    if (conv === undefined) continue;
    try {
      elements[i] = conv(elements[i]!.value);
    } catch (e) {
      diagnostics.push({
        severity: "error",
        summary: `Unconsistent argument types in ${spec.typeName} blocks`,
        detail: `Block with index ${i} has inconsistent argument types: ${(e as Error).message}.`,
        subject: ranges[i]!,
      });
      return { value: dynamicUnknown, diagnostics };
    }
  }
  const list = listVal(elements);
  if (spec.kind === "blockList") return { value: list, diagnostics };
  const elementType = (list.type as cty.CollectionType).element;
  return {
    value: {
      value: canonicalSet(
        elements.map((e) => e.value),
        elementType,
      ),
      type: cty.set(elementType),
    },
    diagnostics,
  };
}

type Tree = Map<string, Tree | TypedValue>;

function decodeKeyed(
  spec: Extract<Spec, { kind: "blockMap" | "blockObject" }>,
  content: BodyContent,
  ctx: EvalContext | undefined,
): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  const depth = spec.labelNames.length;
  if (spec.kind === "blockMap" && cty.hasDynamicTypes(impliedType(spec))) {
    // A programming error in the spec, as in hcl (which panics).
    throw new Error("dynamic-typed attributes may not be used inside a block map spec");
  }
  const tree: Tree = new Map();
  for (const block of blocksOfType(content, spec.typeName)) {
    if (isUnknownBody(block.body)) return { value: unknownOf(impliedType(spec)), diagnostics };
    const labels = labelsOf(block);
    const decoded = decodeBody(block.body, labels.slice(depth), ctx, spec.nested);
    const r = { value: withBodyMarks(decoded.value, block.body), diagnostics: decoded.diagnostics };
    let target = tree;
    for (const key of block.labels.slice(0, depth - 1)) {
      let next = target.get(key);
      if (next === undefined) {
        next = new Map();
        target.set(key, next);
      }
      target = next as Tree;
    }
    diagnostics.push(...r.diagnostics);
    const key = block.labels[depth - 1]!;
    if (target.has(key)) {
      diagnostics.push({
        severity: "error",
        summary: `Duplicate ${spec.typeName} block`,
        detail: `A block for ${spec.typeName}${block.labels.map((l) => ` ${goQuote(l)}`).join("")} was already defined. The ${spec.typeName} labels must be unique.`,
        subject: block.defRange,
      });
      continue;
    }
    target.set(key, r.value);
  }
  if (tree.size === 0) {
    return {
      value:
        spec.kind === "blockMap"
          ? { value: {}, type: cty.map(impliedType(spec.nested)) }
          : { value: {}, type: cty.emptyObject },
      diagnostics,
    };
  }
  const build = (node: Tree, level: number): TypedValue => {
    const entries = [...node.entries()]
      .map(([k, v]): [string, TypedValue] => [
        k,
        level === 1 ? (v as TypedValue) : build(v as Tree, level - 1),
      ])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (spec.kind === "blockObject") return objectVal(new Map(entries));
    const record: Record<string, cty.CtyValue> = {};
    for (const [k, v] of entries) setOwn(record, k, v.value);
    return { value: record, type: cty.map(entries[0]![1].type) };
  };
  return { value: build(tree, depth), diagnostics };
}

function decodeBlockAttrs(
  spec: Extract<Spec, { kind: "blockAttrs" }>,
  content: BodyContent,
  ctx: EvalContext | undefined,
): DecodeResult {
  const diagnostics: Diagnostic[] = [];
  const [block, other] = blocksOfType(content, spec.typeName);
  if (block === undefined) {
    if (spec.required) diagnostics.push(missingBlock(spec.typeName, content));
    return { value: nullOf(cty.map(spec.elementType)), diagnostics };
  }
  if (other !== undefined) {
    diagnostics.push(duplicateBlock(spec.typeName, block, other));
  }
  const { attributes, diagnostics: attrDiags } = block.body.justAttributes();
  diagnostics.push(...attrDiags);
  const names = Object.keys(attributes);
  if (names.length === 0) return { value: { value: {}, type: cty.map(spec.elementType) }, diagnostics };
  const values = new Map<string, TypedValue>();
  for (const name of names) {
    const attr = attributes[name]!;
    const decodeExpr = customExpressionDecoderFor(spec.elementType);
    if (decodeExpr) {
      const d = decodeExpr(attr.expr, ctx);
      diagnostics.push(...d.diagnostics);
      values.set(name, d.value ?? { value: cty.Unknown, type: spec.elementType });
      continue;
    }
    const r = attr.expr.value(ctx);
    diagnostics.push(...r.diagnostics);
    try {
      values.set(name, convertTyped(r.value.value, r.value.type, spec.elementType));
    } catch (e) {
      diagnostics.push({
        severity: "error",
        summary: "Invalid attribute value",
        detail: `Invalid value for attribute of ${goQuote(spec.typeName)} block: ${(e as Error).message}.`,
        subject: attr.expr.range,
        context: rangeBetween(attr.nameRange, attr.expr.range),
        expression: attr.expr,
        ...(ctx === undefined ? {} : { evalContext: ctx }),
      });
      values.set(name, { value: cty.Unknown, type: spec.elementType });
    }
  }
  const record: Record<string, cty.CtyValue> = {};
  for (const name of [...values.keys()].sort()) setOwn(record, name, values.get(name)!.value);
  const elementType = [...values.values()].find((v) => v.type.kind !== "dynamic")?.type ?? spec.elementType;
  return { value: { value: record, type: cty.map(elementType) }, diagnostics };
}

/** The error for a second block of a type that allows one. */
function duplicateBlock(typeName: string, first: Block, second: Block): Diagnostic {
  return {
    severity: "error",
    summary: `Duplicate ${typeName} block`,
    detail: `Only one block of type ${goQuote(typeName)} is allowed. Previous definition was at ${formatRange(first.defRange)}.`,
    subject: second.defRange,
  };
}

/** The error for a required block that the body lacks. */
function missingBlock(typeName: string, content: BodyContent): Diagnostic {
  return {
    severity: "error",
    summary: `Missing ${typeName} block`,
    detail: `A block of type ${goQuote(typeName)} is required here.`,
    subject: content.missingItemRange,
  };
}
