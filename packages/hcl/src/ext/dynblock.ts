/**
 * Dynamic blocks: `dynamic "T"` blocks expanded into one block per element of their `for_each`
 * collection.
 *
 * @packageDocumentation
 */
// Dynamic blocks (hcl's ext/dynblock): a `dynamic "T"` block stands for as many blocks of
// type T as its `for_each` collection has elements, each with the body of its `content`
// block and the iterator (`T`, or the name `iterator` gives) holding the element's key and
// value. The expansion happens when the body is read with a schema, as in hcl, so it works
// with any syntax and any consumer of Body (hcldec included), at any depth of nesting.
//
//   dynamic "rule" {
//     for_each = var.rules
//     iterator = r            # optional; the block type otherwise
//     labels   = [r.key]      # when the block type has labels
//     content { port = r.value }
//   }

import * as cty from "@tsvider/cty";
import { ConversionError, convertTyped } from "@tsvider/cty/convert";
import type { TypedValue } from "@tsvider/cty/function";
import type { Attribute, Block, BlockHeaderSchema, Body, BodyContent, BodySchema } from "../body.js";
import { type Diagnostic, hasErrors } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Expression } from "../expression.js";
import type { BodyExtras } from "../hcldec/decode.js";
import { childBlockTypes, impliedSchema } from "../hcldec/schema.js";
import type { Spec } from "../hcldec/spec.js";
import { goQuote } from "../internal/go-quote.js";
import {
  dynamicUnknown,
  isKnownValue,
  isNullValue,
  marksOf,
  objectVal,
  unmarkTop,
  withMarks,
} from "../internal/typed-values.js";
import { elementsOf } from "../native/expr-for.js";
import type { Range } from "../pos.js";
import { absTraversalForExpr, exprList, staticExpr } from "../static.js";
import { type Traversal, traversalRange, traversalRootName } from "../traversal.js";

/**
 * Checks a `for_each` value before it is expanded (hcl's OptCheckForEach): return error
 * diagnostics to refuse it, say when an application allows only some collections.
 */
export type ForEachCheck = (
  value: TypedValue,
  expr: Expression,
  ctx: EvalContext | undefined,
) => Diagnostic[];

/** Options of `expandDynamicBlocks`: checks to run on each `for_each` value before it is expanded. */
export interface ExpandOptions {
  readonly checkForEach?: readonly ForEachCheck[];
}

/**
 * A body that expands the `dynamic` blocks in it and in every block below it when it is read
 * (hcl's dynblock.Expand). `ctx` evaluates `for_each` and `labels`; the attributes of the
 * generated blocks are evaluated with whatever context their reader passes, plus the
 * iterators.
 */
export function expandDynamicBlocks(body: Body, ctx?: EvalContext, options: ExpandOptions = {}): Body {
  return new ExpandBody(body, ctx, options.checkForEach ?? [], undefined, noMarks);
}

const noMarks: ReadonlySet<unknown> = new Set();

const dynamicHeader: BlockHeaderSchema = { type: "dynamic", labelNames: ["type"] };
const specSchemaWithLabels: BodySchema = {
  attributes: [
    { name: "for_each", required: true },
    { name: "iterator" },
    { name: "labels", required: true },
  ],
  blocks: [{ type: "content" }],
};
const specSchemaWithoutLabels: BodySchema = {
  attributes: [{ name: "for_each", required: true }, { name: "iterator" }],
  blocks: [{ type: "content" }],
};

/** One level of iteration: its iterator's key and value, and those of the levels around it. */
class Iteration {
  constructor(
    readonly iteratorName: string,
    readonly key: TypedValue,
    readonly value: TypedValue,
    readonly inherited: ReadonlyMap<string, Iteration>,
  ) {}

  static child(parent: Iteration | undefined, name: string, key: TypedValue, value: TypedValue): Iteration {
    if (parent === undefined) return new Iteration(name, key, value, new Map());
    const inherited = new Map(parent.inherited);
    inherited.set(parent.iteratorName, parent);
    return new Iteration(name, key, value, inherited);
  }

  object(): TypedValue {
    return objectVal(
      new Map([
        ["key", this.key],
        ["value", this.value],
      ]),
    );
  }

  /** A child of `base` with every iterator in scope (the innermost wins a name). */
  context(base: EvalContext | undefined): EvalContext {
    const variables: Record<string, TypedValue> = {};
    for (const [name, it] of this.inherited) variables[name] = it.object();
    variables[this.iteratorName] = this.object();
    return base === undefined ? { variables } : { parent: base, variables };
  }
}

/** hcl gives a generated body a child context even where there is no base context. */
function contextFor(iteration: Iteration | undefined, base: EvalContext | undefined): EvalContext {
  if (iteration !== undefined) return iteration.context(base);
  return base === undefined ? {} : { parent: base };
}

/** An attribute's expression in a generated block: evaluated with the iterators in scope. */
class IteratedExpression implements Expression {
  constructor(
    readonly inner: Expression,
    private readonly iteration: Iteration | undefined,
    private readonly resultMarks: ReadonlySet<unknown>,
  ) {}
  get range(): Range {
    return this.inner.range;
  }
  get startRange(): Range {
    return this.inner.startRange;
  }
  value(ctx?: EvalContext): { value: TypedValue; diagnostics: Diagnostic[] } {
    const inner = this.inner.value(this.iteration === undefined ? ctx : this.iteration.context(ctx));
    if (this.resultMarks.size === 0) return inner;
    return {
      value: { value: withMarks(inner.value.value, this.resultMarks), type: inner.value.type },
      diagnostics: inner.diagnostics,
    };
  }
  /** The references, leaving out the iterators (they are not variables of the caller's). */
  variables() {
    const it = this.iteration;
    if (it === undefined) return this.inner.variables();
    return this.inner.variables().filter((t) => {
      const root = traversalRootName(t);
      return root !== it.iteratorName && !it.inherited.has(root);
    });
  }
  /** The expression as written (hcl's UnwrapExpression). */
  unwrapExpression(): Expression {
    return this.inner;
  }
}

class ExpandBody implements Body, BodyExtras {
  constructor(
    private readonly original: Body,
    private readonly forEachCtx: EvalContext | undefined,
    private readonly checks: readonly ForEachCheck[],
    private readonly iteration: Iteration | undefined,
    private readonly valueMarks: ReadonlySet<unknown>,
    private readonly hiddenAttributes: ReadonlySet<string> = new Set(),
    private readonly hiddenBlocks: ReadonlyMap<string, BlockHeaderSchema> = new Map(),
  ) {}

  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] } {
    const { content: raw, diagnostics } = this.original.content(this.extendSchema(schema));
    const blocks = this.expandBlocks(schema, raw.blocks, false, diagnostics);
    return {
      content: {
        attributes: this.prepareAttributes(raw.attributes),
        blocks,
        missingItemRange: this.original.missingItemRange(),
      },
      diagnostics,
    };
  }

  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    const { content: raw, diagnostics } = this.original.partialContent(this.extendSchema(schema));
    const blocks = this.expandBlocks(schema, raw.blocks, true, diagnostics);
    // What is left is the same original body with what this schema took hidden, as hcl
    // does it (without the value marks, as hcl leaves them off too).
    const hiddenAttributes = new Set(this.hiddenAttributes);
    for (const a of schema.attributes ?? []) hiddenAttributes.add(a.name);
    const hiddenBlocks = new Map(this.hiddenBlocks);
    for (const b of schema.blocks ?? []) hiddenBlocks.set(b.type, b);
    const remain = new ExpandBody(
      this.original,
      this.forEachCtx,
      this.checks,
      this.iteration,
      noMarks,
      hiddenAttributes,
      hiddenBlocks,
    );
    return {
      content: {
        attributes: this.prepareAttributes(raw.attributes),
        blocks,
        missingItemRange: this.original.missingItemRange(),
      },
      remain,
      diagnostics,
    };
  }

  /** As hcl: attributes come straight from the original body, without the iterators. */
  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] } {
    return this.original.justAttributes();
  }

  missingItemRange(): Range {
    return this.original.missingItemRange();
  }

  bodyValueMarks(): ReadonlySet<unknown> {
    return this.valueMarks;
  }

  private extendSchema(schema: BodySchema): BodySchema {
    const blocks = [...(schema.blocks ?? []), dynamicHeader, ...this.hiddenBlocks.values()];
    if (this.hiddenAttributes.size === 0) return { attributes: schema.attributes ?? [], blocks };
    const attributes = [...(schema.attributes ?? [])];
    for (const name of this.hiddenAttributes) attributes.push({ name });
    return { attributes, blocks };
  }

  private prepareAttributes(raw: Readonly<Record<string, Attribute>>): Record<string, Attribute> {
    if (this.hiddenAttributes.size === 0 && this.iteration === undefined && this.valueMarks.size === 0) {
      return { ...raw };
    }
    const out: Record<string, Attribute> = {};
    for (const [name, attr] of Object.entries(raw)) {
      if (this.hiddenAttributes.has(name)) continue;
      if (this.iteration === undefined && this.valueMarks.size === 0) {
        out[name] = attr;
        continue;
      }
      out[name] = withExpr(attr, new IteratedExpression(attr.expr, this.iteration, this.valueMarks));
    }
    return out;
  }

  private expandBlocks(
    schema: BodySchema,
    raw: readonly Block[],
    partial: boolean,
    diagnostics: Diagnostic[],
  ): Block[] {
    const blocks: Block[] = [];
    for (const rawBlock of raw) {
      if (rawBlock.type !== "dynamic") {
        if (!this.hiddenBlocks.has(rawBlock.type)) {
          blocks.push(withBody(rawBlock, this.expandChild(rawBlock.body, this.iteration, noMarks)));
        }
        continue;
      }
      const realType = rawBlock.labels[0]!;
      if (this.hiddenBlocks.has(realType)) continue;
      const header = (schema.blocks ?? []).find((b) => b.type === realType);
      if (header === undefined) {
        if (!partial) {
          diagnostics.push({
            severity: "error",
            summary: "Unsupported block type",
            detail: `Blocks of type ${goQuote(realType)} are not expected here.`,
            subject: rawBlock.labelRanges[0]!,
          });
        }
        continue;
      }
      const spec = this.decodeSpec(header, rawBlock, diagnostics);
      if (spec === undefined) continue;
      const { value: forEach, marks } = unmarkTop(spec.forEach.value);
      if (isKnownValue(forEach)) {
        for (const [key, value] of elementsOf(forEach, spec.forEach.type)) {
          const it = Iteration.child(this.iteration, spec.iteratorName, key, value);
          const block = spec.newBlock(it, this.forEachCtx, diagnostics);
          if (block !== undefined) blocks.push(withBody(block, this.expandChild(block.body, it, marks)));
        }
      } else {
        const it = Iteration.child(this.iteration, spec.iteratorName, dynamicUnknown, dynamicUnknown);
        const block = spec.newBlock(it, this.forEachCtx, diagnostics);
        if (block !== undefined) {
          blocks.push(withBody(block, new UnknownBody(this.expandChild(block.body, it, marks), marks)));
        }
      }
    }
    return blocks;
  }

  private expandChild(child: Body, it: Iteration | undefined, marks: ReadonlySet<unknown>): ExpandBody {
    return new ExpandBody(child, contextFor(it, this.forEachCtx), this.checks, it, marks);
  }

  /** The checked spec of a `dynamic` block, its diagnostics added to `out`. */
  private decodeSpec(header: BlockHeaderSchema, raw: Block, out: Diagnostic[]): ExpandSpec | undefined {
    const diagnostics: Diagnostic[] = [];
    const spec = this.checkSpec(header, raw, diagnostics);
    out.push(...diagnostics);
    return spec;
  }

  // Its own list of diagnostics: an error in one dynamic block does not stop the next.
  private checkSpec(
    header: BlockHeaderSchema,
    raw: Block,
    diagnostics: Diagnostic[],
  ): ExpandSpec | undefined {
    const hasLabels = (header.labelNames ?? []).length > 0;
    const { content, diagnostics: specDiags } = raw.body.content(
      hasLabels ? specSchemaWithLabels : specSchemaWithoutLabels,
    );
    diagnostics.push(...specDiags);
    if (hasErrors(specDiags)) return undefined;

    let iteratorName = header.type;
    const iteratorAttr = content.attributes.iterator;
    if (iteratorAttr !== undefined) {
      const { traversal, diagnostics: itDiags } = absTraversalForExpr(iteratorAttr.expr);
      diagnostics.push(...itDiags);
      if (traversal === undefined || hasErrors(itDiags)) return undefined;
      if (traversal.length !== 1) {
        diagnostics.push({
          severity: "error",
          summary: "Invalid dynamic iterator name",
          detail: "Dynamic iterator must be a single variable name.",
          subject: traversalRange(traversal)!,
        });
        return undefined;
      }
      iteratorName = traversalRootName(traversal);
    }

    const eachAttr = content.attributes.for_each!;
    const each = eachAttr.expr.value(this.forEachCtx);
    diagnostics.push(...each.diagnostics);
    if (hasErrors(diagnostics)) return undefined;
    for (const check of this.checks) {
      const more = check(each.value, eachAttr.expr, this.forEachCtx);
      diagnostics.push(...more);
      if (hasErrors(more)) return undefined;
    }
    const unmarked = unmarkTop(each.value.value).value;
    const type = each.value.type;
    const iterable = ["list", "map", "set", "tuple", "object"].includes(type.kind);
    if (!iterable && type.kind !== "dynamic") {
      diagnostics.push({
        severity: "error",
        summary: "Invalid dynamic for_each value",
        detail: `Cannot use a ${cty.friendlyName(type)} value in for_each. An iterable collection is required.`,
        subject: eachAttr.expr.range,
        expression: eachAttr.expr,
        ...(this.forEachCtx === undefined ? {} : { evalContext: this.forEachCtx }),
      });
      return undefined;
    }
    if (isNullValue(unmarked)) {
      diagnostics.push({
        severity: "error",
        summary: "Invalid dynamic for_each value",
        detail: "Cannot use a null value in for_each.",
        subject: eachAttr.expr.range,
        expression: eachAttr.expr,
        ...(this.forEachCtx === undefined ? {} : { evalContext: this.forEachCtx }),
      });
      return undefined;
    }

    let labelExprs: Expression[] = [];
    const labelsAttr = content.attributes.labels;
    if (labelsAttr !== undefined) {
      const list = exprList(labelsAttr.expr);
      diagnostics.push(...list.diagnostics);
      if (hasErrors(list.diagnostics)) return undefined;
      labelExprs = [...(list.list ?? [])];
      const want = (header.labelNames ?? []).length;
      if (labelExprs.length > want) {
        diagnostics.push({
          severity: "error",
          summary: "Extraneous dynamic block label",
          detail: `Blocks of type ${goQuote(header.type)} require ${want} label(s).`,
          subject: labelExprs[want]!.range,
        });
        return undefined;
      }
      if (labelExprs.length < want) {
        diagnostics.push({
          severity: "error",
          summary: "Insufficient dynamic block labels",
          detail: `Blocks of type ${goQuote(header.type)} require ${want} label(s).`,
          subject: labelsAttr.expr.range,
        });
        return undefined;
      }
    }

    if (content.blocks.length === 0) {
      diagnostics.push({
        severity: "error",
        summary: "Missing dynamic content block",
        detail:
          'A dynamic block must have a nested block of type "content" to describe the body of each generated block.',
        subject: content.missingItemRange,
      });
      return undefined;
    }
    if (content.blocks.length > 1) {
      diagnostics.push({
        severity: "error",
        summary: "Extraneous dynamic content block",
        detail: "Only one nested content block is allowed for each dynamic block.",
        subject: content.blocks[1]!.defRange,
      });
      return undefined;
    }
    return new ExpandSpec(
      header.type,
      raw.labelRanges[0]!,
      raw.defRange,
      each.value,
      iteratorName,
      labelExprs,
      content.blocks[0]!.body,
    );
  }
}

/** What a `dynamic` block says, once checked: how to make each of its blocks. */
class ExpandSpec {
  constructor(
    readonly blockType: string,
    readonly blockTypeRange: Range,
    readonly defRange: Range,
    readonly forEach: TypedValue,
    readonly iteratorName: string,
    readonly labelExprs: readonly Expression[],
    readonly contentBody: Body,
  ) {}

  newBlock(it: Iteration, ctx: EvalContext | undefined, diagnostics: Diagnostic[]): Block | undefined {
    const labels: string[] = [];
    const labelRanges: Range[] = [];
    const labelCtx = it.context(ctx);
    for (const expr of this.labelExprs) {
      const got = expr.value(labelCtx);
      diagnostics.push(...got.diagnostics);
      if (hasErrors(got.diagnostics)) return undefined;
      const invalid = (detail: string) => {
        diagnostics.push({
          severity: "error",
          summary: "Invalid dynamic block label",
          detail,
          subject: expr.range,
          expression: expr,
          evalContext: labelCtx,
        });
        return undefined;
      };
      let label: cty.CtyValue;
      try {
        label = convertTyped(got.value.value, got.value.type, cty.string).value;
      } catch (e) {
        if (e instanceof ConversionError)
          return invalid(`Cannot use this value as a dynamic block label: ${e.reason}.`);
        throw e;
      }
      const bare = unmarkTop(label).value;
      if (isNullValue(bare)) return invalid("Cannot use a null value as a dynamic block label.");
      if (!isKnownValue(bare)) {
        return invalid("This value is not yet known. Dynamic block labels must be immediately-known values.");
      }
      if (marksOf(label).size > 0) {
        return invalid("This value has dynamic marks that make it unsuitable for use as a block label.");
      }
      labels.push(bare as string);
      labelRanges.push(expr.range);
    }
    return {
      type: this.blockType,
      typeRange: this.blockTypeRange,
      labels,
      labelRanges,
      defRange: this.defRange,
      body: this.contentBody,
    };
  }
}

/**
 * The body of the one block made for a `for_each` that is not known yet (hcl's unknownBody):
 * its attributes are unknown values of no known type, and hcldec makes the whole block's
 * value unknown.
 */
class UnknownBody implements Body, BodyExtras {
  constructor(
    private readonly template: Body,
    private readonly marks: ReadonlySet<unknown>,
  ) {}

  unknown(): boolean {
    return true;
  }

  bodyValueMarks(): ReadonlySet<unknown> {
    return (this.template as Body & BodyExtras).bodyValueMarks?.() ?? noMarks;
  }

  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] } {
    const { content, diagnostics } = this.template.content(schema);
    return { content: this.fixContent(content), diagnostics };
  }

  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    const { content, remain, diagnostics } = this.template.partialContent(schema);
    return { content: this.fixContent(content), remain: new UnknownBody(remain, this.marks), diagnostics };
  }

  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] } {
    const { attributes, diagnostics } = this.template.justAttributes();
    return { attributes: this.fixAttributes(attributes), diagnostics };
  }

  missingItemRange(): Range {
    return this.template.missingItemRange();
  }

  // hcl builds the content anew here and leaves its missing-item range at the zero range.
  private fixContent(got: BodyContent): BodyContent {
    return {
      attributes: this.fixAttributes(got.attributes),
      blocks: got.blocks.map((b) => withBody(b, new UnknownBody(b.body, this.marks))),
      missingItemRange: zeroRange,
    };
  }

  private fixAttributes(got: Readonly<Record<string, Attribute>>): Record<string, Attribute> {
    const out: Record<string, Attribute> = {};
    for (const [name, attr] of Object.entries(got)) {
      out[name] = withExpr(attr, staticExpr(markedUnknown(this.marks), cty.dynamic, attr.expr.range));
    }
    return out;
  }
}

/** A copy of a block with another body (blocks may be class instances with getters, so no spread). */
function withBody(b: Block, body: Body): Block {
  return {
    type: b.type,
    labels: b.labels,
    labelRanges: b.labelRanges,
    typeRange: b.typeRange,
    defRange: b.defRange,
    body,
  };
}

function withExpr(a: Attribute, expr: Expression): Attribute {
  return { name: a.name, range: a.range, nameRange: a.nameRange, expr };
}

const zeroPos = { line: 0, column: 0, byte: 0 };
const zeroRange: Range = { filename: "", start: zeroPos, end: zeroPos };

function markedUnknown(marks: ReadonlySet<unknown>): cty.CtyValue {
  return marks.size === 0 ? cty.Unknown : withMarks(cty.Unknown, marks);
}

/** A block type found by a variables walk, with the walk of its body (hcl's WalkVariablesChild). */
export interface VariablesWalkChild {
  readonly blockTypeName: string;
  readonly node: VariablesWalkNode;
}

const detectionSchema: BodySchema = {
  attributes: [{ name: "for_each" }, { name: "labels" }, { name: "iterator" }],
  blocks: [{ type: "content" }],
};

/**
 * One body in a walk for the variables a body needs before (and, with content, while) it is
 * expanded (hcl's WalkVariablesNode). A body's schema describes one level only, so the walk
 * goes level by level: `visit` with this level's schema gives the references here and the
 * child bodies to visit with theirs.
 */
export class VariablesWalkNode {
  constructor(
    readonly body: Body,
    private readonly iteration: Iteration | undefined,
    private readonly includeContent: boolean,
  ) {}

  visit(schema: BodySchema): { variables: Traversal[]; children: VariablesWalkChild[] } {
    const variables: Traversal[] = [];
    const children: VariablesWalkChild[] = [];
    const { content } = this.body.partialContent({
      attributes: schema.attributes ?? [],
      blocks: [...(schema.blocks ?? []), dynamicHeader],
    });
    const it = this.iteration;
    const outside = (
      t: Traversal,
      own: string | undefined,
      inherited: ReadonlyMap<string, Iteration> | undefined,
    ) => {
      const root = traversalRootName(t);
      return root !== own && !inherited?.has(root);
    };
    if (this.includeContent) {
      for (const attr of Object.values(content.attributes)) {
        for (const t of attr.expr.variables()) {
          if (outside(t, it?.iteratorName, it?.inherited)) variables.push(t);
        }
      }
    }
    for (const block of content.blocks) {
      if (block.type !== "dynamic") {
        children.push({
          blockTypeName: block.type,
          node: new VariablesWalkNode(block.body, it, this.includeContent),
        });
        continue;
      }
      const blockTypeName = block.labels[0]!;
      const { content: inner } = block.body.partialContent(detectionSchema);
      let iteratorName = blockTypeName;
      const iteratorAttr = inner.attributes.iterator;
      if (iteratorAttr !== undefined) {
        const { traversal } = absTraversalForExpr(iteratorAttr.expr);
        if (traversal === undefined || traversal.length === 0) continue;
        iteratorName = traversalRootName(traversal);
      }
      const blockIt = Iteration.child(it, iteratorName, dynamicUnknown, dynamicUnknown);
      for (const t of inner.attributes.for_each?.expr.variables() ?? []) {
        if (outside(t, undefined, blockIt.inherited)) variables.push(t);
      }
      for (const t of inner.attributes.labels?.expr.variables() ?? []) {
        if (outside(t, iteratorName, blockIt.inherited)) variables.push(t);
      }
      for (const contentBlock of inner.blocks) {
        children.push({
          blockTypeName,
          node: new VariablesWalkNode(contentBlock.body, blockIt, this.includeContent),
        });
      }
    }
    return { variables, children };
  }
}

/**
 * A walk for every variable a body refers to once its dynamic blocks are expanded: those
 * `for_each` and `labels` need and those of the attributes, iterators left out (hcl's
 * WalkVariables).
 */
export function walkVariables(body: Body): VariablesWalkNode {
  return new VariablesWalkNode(body, undefined, true);
}

/**
 * A walk for the variables the expansion itself needs (`for_each` and `labels`), the context
 * to give expandDynamicBlocks (hcl's WalkExpandVariables).
 */
export function walkExpandVariables(body: Body): VariablesWalkNode {
  return new VariablesWalkNode(body, undefined, false);
}

/** walkVariables over the levels an hcldec spec describes (hcl's VariablesHCLDec). */
export function variablesForSpec(body: Body, spec: Spec): Traversal[] {
  return walkWithSpec(walkVariables(body), spec);
}

/** walkExpandVariables over the levels an hcldec spec describes (hcl's ExpandVariablesHCLDec). */
export function expandVariablesForSpec(body: Body, spec: Spec): Traversal[] {
  return walkWithSpec(walkExpandVariables(body), spec);
}

function walkWithSpec(root: VariablesWalkNode, rootSpec: Spec): Traversal[] {
  const out: Traversal[] = [];
  // Depth first as hcl recurses, with an explicit stack: bodies nest without bound.
  const pending: [VariablesWalkNode, Spec][] = [[root, rootSpec]];
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const [node, spec] = item;
    const { variables, children } = node.visit(impliedSchema(spec));
    out.push(...variables);
    const childSpecs = childBlockTypes(spec);
    const next: [VariablesWalkNode, Spec][] = [];
    for (const child of children) {
      const childSpec = childSpecs.get(child.blockTypeName);
      if (childSpec !== undefined) next.push([child.node, childSpec]);
    }
    pending.push(...next.reverse());
  }
  return out;
}
