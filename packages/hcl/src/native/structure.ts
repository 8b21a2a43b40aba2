// Bodies, attributes and blocks of the native syntax, and reading a body against a schema
// (content, partialContent, justAttributes) with hcl's diagnostics.

import type { Attribute, AttributeSchema, Block, Body, BodyContent, BodySchema } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import { nameSuggestion } from "../internal/did-you-mean.js";
import { goQuote } from "../internal/go-quote.js";
import { formatRange, type Range, rangeBetween } from "../pos.js";
import type { NativeExpression } from "./node.js";

/** An attribute in native syntax, with the range of its `=` too. */
export class NativeAttribute implements Attribute {
  constructor(
    readonly name: string,
    readonly expr: NativeExpression,
    readonly range: Range,
    readonly nameRange: Range,
    readonly equalsRange: Range,
  ) {}
}

/** A block in native syntax, with the ranges of its braces too. */
export class NativeBlock implements Block {
  constructor(
    readonly type: string,
    readonly labels: readonly string[],
    readonly body: NativeBody,
    readonly typeRange: Range,
    readonly labelRanges: readonly Range[],
    readonly openBraceRange: Range,
    readonly closeBraceRange: Range,
  ) {}
  /** The header: the type and its labels (hcl's Block.DefRange). */
  get defRange(): Range {
    const last = this.labelRanges[this.labelRanges.length - 1] ?? this.typeRange;
    return rangeBetween(this.typeRange, last);
  }
  /** From the type to the closing brace. */
  get range(): Range {
    return rangeBetween(this.typeRange, this.closeBraceRange);
  }
}

/** A body in native syntax: its attributes (by name) and blocks, in source order. */
export class NativeBody implements Body {
  constructor(
    /** In source order; a name defined twice keeps its first definition. */
    readonly attributes: ReadonlyMap<string, NativeAttribute>,
    readonly blocks: readonly NativeBlock[],
    readonly range: Range,
    /** Just after the body's last token (zero-length). */
    readonly endRange: Range,
    private readonly hiddenAttrs: ReadonlySet<string> = new Set(),
    private readonly hiddenBlocks: ReadonlySet<string> = new Set(),
  ) {}

  missingItemRange(): Range {
    return { filename: this.range.filename, start: this.range.start, end: this.range.start };
  }

  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] } {
    const { content, remain, diagnostics } = this.partialContentNative(schema);
    for (const [name, attr] of this.attributes) {
      if (remain.hiddenAttrs.has(name)) continue;
      const candidates = (schema.attributes ?? [])
        .map((a) => a.name)
        .filter((n) => !Object.hasOwn(content.attributes, n));
      const s = nameSuggestion(name, candidates);
      let suggestion = s ? ` Did you mean ${goQuote(s)}?` : "";
      if (!s && (schema.blocks ?? []).some((b) => b.type === name)) {
        suggestion = ` Did you mean to define a block of type ${goQuote(name)}?`;
      }
      diagnostics.push({
        severity: "error",
        summary: "Unsupported argument",
        detail: `An argument named ${goQuote(name)} is not expected here.${suggestion}`,
        subject: attr.nameRange,
      });
    }
    for (const block of this.blocks) {
      if (remain.hiddenBlocks.has(block.type)) continue;
      const s = nameSuggestion(
        block.type,
        (schema.blocks ?? []).map((b) => b.type),
      );
      let suggestion = s ? ` Did you mean ${goQuote(s)}?` : "";
      if (!s && (schema.attributes ?? []).some((a) => a.name === block.type)) {
        suggestion = ` Did you mean to define argument ${goQuote(block.type)}? If so, use the equals sign to assign it a value.`;
      }
      diagnostics.push({
        severity: "error",
        summary: "Unsupported block type",
        detail: `Blocks of type ${goQuote(block.type)} are not expected here.${suggestion}`,
        subject: block.typeRange,
      });
    }
    return { content, diagnostics };
  }

  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    return this.partialContentNative(schema);
  }

  private partialContentNative(schema: BodySchema): {
    content: BodyContent;
    remain: NativeBody;
    diagnostics: Diagnostic[];
  } {
    const attrs: Record<string, Attribute> = {};
    const blocks: Block[] = [];
    const diagnostics: Diagnostic[] = [];
    const hiddenAttrs = new Set(this.hiddenAttrs);
    const hiddenBlocks = new Set(this.hiddenBlocks);
    for (const attrS of schema.attributes ?? ([] as AttributeSchema[])) {
      const attr = this.attributes.get(attrS.name);
      if (hiddenAttrs.has(attrS.name) || !attr) {
        if (attrS.required) {
          diagnostics.push({
            severity: "error",
            summary: "Missing required argument",
            detail: `The argument ${goQuote(attrS.name)} is required, but no definition was found.`,
            subject: this.missingItemRange(),
          });
        }
        continue;
      }
      hiddenAttrs.add(attrS.name);
      Object.defineProperty(attrs, attrS.name, {
        value: attr,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const wanted = new Map((schema.blocks ?? []).map((b) => [b.type, b]));
    for (const block of this.blocks) {
      if (hiddenBlocks.has(block.type)) continue;
      const blockS = wanted.get(block.type);
      if (!blockS) continue;
      const labelNames = blockS.labelNames ?? [];
      const context = rangeBetween(block.typeRange, block.openBraceRange);
      if (block.labels.length > labelNames.length) {
        diagnostics.push({
          severity: "error",
          summary: `Extraneous label for ${block.type}`,
          detail:
            labelNames.length === 0
              ? `No labels are expected for ${block.type} blocks.`
              : `Only ${labelNames.length} labels (${labelNames.join(", ")}) are expected for ${block.type} blocks.`,
          subject: block.labelRanges[labelNames.length]!,
          context,
        });
        continue;
      }
      if (block.labels.length < labelNames.length) {
        diagnostics.push({
          severity: "error",
          summary: `Missing ${labelNames[block.labels.length]} for ${block.type}`,
          detail: `All ${block.type} blocks must have ${labelNames.length} labels (${labelNames.join(", ")}).`,
          subject: block.openBraceRange,
          context,
        });
        continue;
      }
      blocks.push(block);
    }
    for (const b of schema.blocks ?? []) hiddenBlocks.add(b.type);
    const remain = new NativeBody(
      this.attributes,
      this.blocks,
      this.range,
      this.endRange,
      hiddenAttrs,
      hiddenBlocks,
    );
    return {
      content: { attributes: attrs, blocks, missingItemRange: this.missingItemRange() },
      remain,
      diagnostics,
    };
  }

  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] } {
    const diagnostics: Diagnostic[] = [];
    const first = this.blocks[0];
    if (first) {
      diagnostics.push({
        severity: "error",
        summary: `Unexpected ${goQuote(first.type)} block`,
        detail: "Blocks are not allowed here.",
        subject: first.typeRange,
      });
    }
    const attributes: Record<string, Attribute> = {};
    for (const [name, attr] of this.attributes) {
      if (this.hiddenAttrs.has(name)) continue;
      Object.defineProperty(attributes, name, {
        value: attr,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return { attributes, diagnostics };
  }
}

/** "The argument "a" was already set at f.hcl:1,1-2. ..." */
export function redefinedDetail(name: string, existing: Range): string {
  return `The argument ${goQuote(name)} was already set at ${formatRange(existing)}. Each argument may be set only once.`;
}
