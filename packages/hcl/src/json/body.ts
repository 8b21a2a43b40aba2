// The JSON syntax's Body: object properties read as attributes or blocks according to the
// schema (JSON alone cannot tell them apart), nested objects or arrays of objects as block
// labels and repeated blocks, and "//" properties ignored as comments (json/spec.md).

import type { Attribute, Block, BlockHeaderSchema, Body, BodyContent, BodySchema } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import { nameSuggestion } from "../internal/did-you-mean.js";
import { goQuote } from "../internal/go-quote.js";
import { setOwn } from "../internal/typed-values.js";
import { formatRange, type Range, rangeBetween } from "../pos.js";
import { type JsonNode, nodeStartRange, type ObjectAttr } from "./ast.js";
import { JsonExpression } from "./expression.js";

const attributeOf = (a: ObjectAttr): Attribute => ({
  name: a.name,
  expr: new JsonExpression(a.value),
  range: rangeBetween(a.nameRange, a.value.range),
  nameRange: a.nameRange,
});

/** A body in JSON syntax, as `parseJson` returns it inside a File. */
export class JsonBody implements Body {
  /**
   * @param hidden names already taken by an earlier partialContent, which this body (the
   * "remaining" body) treats as absent.
   */
  constructor(
    readonly node: JsonNode,
    readonly hidden?: ReadonlySet<string>,
  ) {}

  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] } {
    const { content, remain, diagnostics } = this.partialContent(schema);
    const used = (remain as JsonBody).hidden!;
    const suggestions: string[] = [];
    for (const a of schema.attributes ?? []) if (!used.has(a.name)) suggestions.push(a.name);
    // Blocks may repeat, so their names are suggested even when already used.
    for (const b of schema.blocks ?? []) suggestions.push(b.type);
    const { attrs, diagnostics: deep } = this.collectDeepAttrs(this.node, undefined);
    diagnostics.push(...deep);
    for (const attr of attrs) {
      if (attr.name === "//" || used.has(attr.name)) continue;
      const suggestion = nameSuggestion(attr.name, suggestions);
      diagnostics.push({
        severity: "error",
        summary: "Extraneous JSON object property",
        detail: `No argument or block type is named ${goQuote(attr.name)}.${
          suggestion === undefined ? "" : ` Did you mean ${goQuote(suggestion)}?`
        }`,
        subject: attr.nameRange,
        context: attr.nameRange,
      });
    }
    return { content, diagnostics };
  }

  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    const { attrs, diagnostics } = this.collectDeepAttrs(this.node, undefined);
    const used = new Set(this.hidden);
    const attributes: Record<string, Attribute> = {};
    const blocks: Block[] = [];
    const attrSchemas = new Map((schema.attributes ?? []).map((a) => [a.name, a]));
    const blockSchemas = new Map<string, BlockHeaderSchema>((schema.blocks ?? []).map((b) => [b.type, b]));
    for (const attr of attrs) {
      const name = attr.name;
      if (this.hidden?.has(name)) continue;
      if (attrSchemas.has(name)) {
        const existing = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
        if (existing !== undefined) {
          diagnostics.push({
            severity: "error",
            summary: "Duplicate argument",
            detail: `The argument ${goQuote(name)} was already set at ${formatRange(existing.range)}.`,
            subject: attr.nameRange,
            context: attr.nameRange,
          });
          continue;
        }
        setOwn(attributes, name, attributeOf(attr));
        used.add(name);
      } else {
        const blockSchema = blockSchemas.get(name);
        if (blockSchema === undefined) continue; // left for content() or the remaining body
        diagnostics.push(
          ...this.unpackBlock(
            attr.value,
            blockSchema.type,
            attr.nameRange,
            blockSchema.labelNames ?? [],
            [],
            [],
            blocks,
          ),
        );
        used.add(name);
      }
    }
    for (const a of schema.attributes ?? []) {
      if (a.required && !Object.hasOwn(attributes, a.name)) {
        diagnostics.push({
          severity: "error",
          summary: "Missing required argument",
          detail: `The argument ${goQuote(a.name)} is required, but no definition was found.`,
          subject: this.missingItemRange(),
        });
      }
    }
    return {
      content: { attributes, blocks, missingItemRange: this.missingItemRange() },
      remain: new JsonBody(this.node, used),
      diagnostics,
    };
  }

  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] } {
    const attributes: Record<string, Attribute> = {};
    const diagnostics: Diagnostic[] = [];
    const node = this.node;
    if (node.kind !== "object") {
      diagnostics.push({
        severity: "error",
        summary: "Incorrect JSON value type",
        detail: "A JSON object is required here, setting the arguments for this block.",
        subject: nodeStartRange(node),
      });
      return { attributes, diagnostics };
    }
    for (const attr of node.attrs) {
      const name = attr.name;
      if (name === "//" || this.hidden?.has(name)) continue;
      const existing = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
      if (existing !== undefined) {
        diagnostics.push({
          severity: "error",
          summary: "Duplicate attribute definition",
          detail: `The argument ${goQuote(name)} was already set at ${formatRange(existing.range)}.`,
          subject: attr.nameRange,
        });
        continue;
      }
      setOwn(attributes, name, attributeOf(attr));
    }
    return { attributes, diagnostics };
  }

  missingItemRange(): Range {
    const node = this.node;
    if (node.kind === "object") return node.closeRange;
    if (node.kind === "array") return node.openRange;
    return nodeStartRange(node);
  }

  /**
   * Peels one label level per remaining label name (each property name of a nested object
   * is a label), then reads what is left as one block body (an object) or several (an array).
   * Recursion is bounded by the number of label names in the schema.
   */
  private unpackBlock(
    node: JsonNode,
    typeName: string,
    typeRange: Range,
    labelsLeft: readonly string[],
    labelsUsed: readonly string[],
    labelRanges: readonly Range[],
    blocks: Block[],
  ): Diagnostic[] {
    const diagnostics: Diagnostic[] = [];
    const labelName = labelsLeft[0];
    if (labelName !== undefined) {
      const { attrs, diagnostics: deep } = this.collectDeepAttrs(node, labelName);
      diagnostics.push(...deep);
      if (attrs.length === 0) {
        diagnostics.push({
          severity: "error",
          summary: "Missing block label",
          detail: `At least one object property is required, whose name represents the ${typeName} block's ${labelName}.`,
          subject: nodeStartRange(node),
        });
        return diagnostics;
      }
      for (const p of attrs) {
        diagnostics.push(
          ...this.unpackBlock(
            p.value,
            typeName,
            typeRange,
            labelsLeft.slice(1),
            [...labelsUsed, p.name],
            [...labelRanges, p.nameRange],
            blocks,
          ),
        );
      }
      return diagnostics;
    }
    switch (node.kind) {
      case "null":
        // No block content at all.
        break;
      case "object":
        blocks.push({
          type: typeName,
          labels: labelsUsed,
          body: new JsonBody(node),
          defRange: node.openRange,
          typeRange,
          labelRanges,
        });
        break;
      case "array":
        for (const element of node.values) {
          // An element that is not an object is reported when its content is read.
          blocks.push({
            type: typeName,
            labels: labelsUsed,
            body: new JsonBody(element),
            defRange: node.openRange,
            typeRange,
            labelRanges,
          });
        }
        break;
      default:
        diagnostics.push({
          severity: "error",
          summary: "Incorrect JSON value type",
          detail: `Either a JSON object or a JSON array is required, representing the contents of one or more ${goQuote(typeName)} blocks.`,
          subject: nodeStartRange(node),
        });
    }
    return diagnostics;
  }

  /**
   * The properties of an object, or of each object in an array, in order: a body (or a
   * label level) may be split across an array of objects. `labelName` words the errors for
   * a label level.
   */
  private collectDeepAttrs(
    node: JsonNode,
    labelName: string | undefined,
  ): { attrs: ObjectAttr[]; diagnostics: Diagnostic[] } {
    const attrs: ObjectAttr[] = [];
    const diagnostics: Diagnostic[] = [];
    if (node.kind === "null") return { attrs, diagnostics };
    if (node.kind === "object") return { attrs: [...node.attrs], diagnostics };
    if (node.kind === "array") {
      for (const element of node.values) {
        if (element.kind === "object") attrs.push(...element.attrs);
        else
          diagnostics.push({
            severity: "error",
            summary: "Incorrect JSON value type",
            detail:
              labelName === undefined
                ? "A JSON object is required here, to define arguments and child blocks."
                : `A JSON object is required here, to specify ${labelName} labels for this block.`,
            subject: nodeStartRange(element),
          });
      }
      return { attrs, diagnostics };
    }
    diagnostics.push({
      severity: "error",
      summary: "Incorrect JSON value type",
      detail:
        labelName === undefined
          ? "Either a JSON object or JSON array of objects is required here, to define arguments and child blocks."
          : `Either a JSON object or JSON array of objects is required here, to specify ${labelName} labels for this block.`,
      subject: nodeStartRange(node),
    });
    return { attrs, diagnostics };
  }
}
