// Several bodies read as one (hcl.MergeBodies), as cmd/hcldec reads several input files:
// blocks from all of them in order, and an attribute defined in two of them an error.

import type { Attribute, Block, Body, BodyContent, BodySchema } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import { goQuote } from "../internal/go-quote.js";
import { setOwn } from "../internal/typed-values.js";
import { formatRange, type Range } from "../pos.js";

const zero = { line: 0, column: 0, byte: 0 };

export class MergedBody implements Body {
  readonly bodies: readonly Body[];
  constructor(bodies: readonly Body[]) {
    this.bodies = bodies.flatMap((b) => (b instanceof MergedBody ? b.bodies : [b]));
  }

  content(schema: BodySchema): { content: BodyContent; diagnostics: Diagnostic[] } {
    const { content, diagnostics } = this.merged(schema, false);
    return { content, diagnostics };
  }

  partialContent(schema: BodySchema): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    return this.merged(schema, true);
  }

  justAttributes(): { attributes: Record<string, Attribute>; diagnostics: Diagnostic[] } {
    const attributes: Record<string, Attribute> = {};
    const diagnostics: Diagnostic[] = [];
    for (const body of this.bodies) {
      const r = body.justAttributes();
      diagnostics.push(...r.diagnostics);
      this.addAttributes(attributes, r.attributes, diagnostics);
    }
    return { attributes, diagnostics };
  }

  missingItemRange(): Range {
    return this.bodies[0]?.missingItemRange() ?? { filename: "<empty>", start: zero, end: zero };
  }

  private addAttributes(
    into: Record<string, Attribute>,
    from: Readonly<Record<string, Attribute>>,
    diagnostics: Diagnostic[],
  ): void {
    for (const [name, attr] of Object.entries(from)) {
      const existing = Object.hasOwn(into, name) ? into[name] : undefined;
      if (existing !== undefined) {
        diagnostics.push({
          severity: "error",
          summary: "Duplicate argument",
          detail: `Argument ${goQuote(name)} was already set at ${formatRange(existing.nameRange)}`,
          subject: attr.nameRange,
        });
        continue;
      }
      setOwn(into, name, attr);
    }
  }

  private merged(
    schema: BodySchema,
    partial: boolean,
  ): { content: BodyContent; remain: Body; diagnostics: Diagnostic[] } {
    // Each body alone may lack a required attribute another one has.
    const each: BodySchema = {
      attributes: (schema.attributes ?? []).map((a) => ({ name: a.name })),
      blocks: schema.blocks ?? [],
    };
    const attributes: Record<string, Attribute> = {};
    const blocks: Block[] = [];
    const leftovers: Body[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const body of this.bodies) {
      const r = partial ? body.partialContent(each) : { ...body.content(each), remain: undefined };
      if (r.remain !== undefined) leftovers.push(r.remain);
      diagnostics.push(...r.diagnostics);
      this.addAttributes(attributes, r.content.attributes, diagnostics);
      blocks.push(...r.content.blocks);
    }
    for (const a of schema.attributes ?? []) {
      if (a.required && !Object.hasOwn(attributes, a.name)) {
        diagnostics.push({
          severity: "error",
          summary: "Missing required argument",
          detail: `The argument ${goQuote(a.name)} is required, but was not set.`,
        });
      }
    }
    // hcl leaves a merged content's missing-item range empty.
    const content: BodyContent = {
      attributes,
      blocks,
      missingItemRange: { filename: "", start: zero, end: zero },
    };
    return { content, remain: new MergedBody(leftovers), diagnostics };
  }
}
