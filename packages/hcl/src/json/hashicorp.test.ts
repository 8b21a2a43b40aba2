// HCL's JSON syntax against hashicorp's: testdata/hcl-json-cases.json holds inputs and what
// hcl v2.24.0's json package answers for them (diagnostics with summaries, details and
// ranges; bodies read against a schema; expressions evaluated without a context).

import { readFileSync } from "node:fs";
import * as cty from "@tsvider/cty";
import { typeToJSON } from "@tsvider/cty";
import { encodeJson } from "@tsvider/cty/json";
import { describe, expect, it } from "vitest";
import type { BodySchema } from "../body.js";
import type { Diagnostic } from "../diagnostic.js";
import type { EvalContext } from "../eval-context.js";
import type { Range } from "../pos.js";
import { parseJson, parseJsonExpression } from "./index.js";

interface GoRange {
  Filename: string;
  Start: { Line: number; Column: number; Byte: number };
  End: { Line: number; Column: number; Byte: number };
}
interface Case {
  src: string;
  mode: "justattrs" | "expr" | "exprctx" | "partial";
  schema?: {
    attributes: { Name: string; Required?: boolean }[];
    blocks: { Type: string; LabelNames?: string[] }[];
  };
  hcl: Record<string, unknown>;
}

const cases: Case[] = JSON.parse(
  readFileSync(new URL("testdata/hcl-json-cases.json", import.meta.url), "utf8"),
).cases;

const goRange = (r: Range | undefined): GoRange | null =>
  r === undefined
    ? null
    : {
        Filename: r.filename,
        Start: { Line: r.start.line, Column: r.start.column, Byte: r.start.byte },
        End: { Line: r.end.line, Column: r.end.column, Byte: r.end.byte },
      };
const goDiags = (ds: readonly Diagnostic[]) =>
  ds.map((d) => ({
    severity: d.severity,
    summary: d.summary,
    detail: d.detail ?? "",
    subject: goRange(d.subject),
    context: goRange(d.context),
  }));

const schemaOf = (c: Case): BodySchema => ({
  attributes: c.schema!.attributes.map((a) => ({ name: a.Name, required: a.Required === true })),
  blocks: c.schema!.blocks.map((b) => ({ type: b.Type, labelNames: b.LabelNames ?? [] })),
});

describe("JSON bodies as hcl reads them", () => {
  for (const c of cases.filter((x) => x.mode === "justattrs")) {
    it(JSON.stringify(c.src), () => {
      const { file, diagnostics } = parseJson(c.src, "t.json");
      const { content, diagnostics: contentDiags } = file.body.content(schemaOf(c));
      const attrs: Record<string, unknown> = {};
      for (const [k, a] of Object.entries(content.attributes)) {
        attrs[k] = {
          range: goRange(a.range),
          nameRange: goRange(a.nameRange),
          exprRange: goRange(a.expr.range),
        };
      }
      const ours = {
        parse: goDiags(diagnostics),
        content: goDiags(contentDiags),
        attrs,
        blocks: content.blocks.map((b) => ({
          type: b.type,
          labels: b.labels,
          defRange: goRange(b.defRange),
          typeRange: goRange(b.typeRange),
          labelRanges: b.labelRanges.map(goRange),
        })),
        missing: goRange(content.missingItemRange),
        just: goDiags(file.body.justAttributes().diagnostics),
      };
      expect(ours).toEqual(c.hcl);
    });
  }
});

describe("JSON expressions as hcl evaluates them without a context", () => {
  for (const c of cases.filter((x) => x.mode === "expr")) {
    it(JSON.stringify(c.src), () => {
      const { expression, diagnostics } = parseJsonExpression(c.src, "t.json");
      const { value, diagnostics: evalDiags } = expression.value();
      const ours: Record<string, unknown> = {
        parse: goDiags(diagnostics),
        eval: goDiags(evalDiags),
        type: typeToJSON(value.type),
        range: goRange(expression.range),
        start: goRange(expression.startRange),
      };
      if (value.value !== null || value.type.kind !== "dynamic") {
        if (!(typeof value.value === "symbol")) ours.value = JSON.parse(encodeJson(value.value, value.type));
      } else ours.value = null;
      expect(ours).toEqual(c.hcl);
    });
  }
});

describe("JSON expressions as hcl evaluates them in a context (strings as templates)", () => {
  const ctx: EvalContext = {
    variables: {
      name: { value: "world", type: cty.string },
      n: { value: 2, type: cty.number },
      nul: { value: null, type: cty.string },
      u: { value: cty.Unknown, type: cty.string },
    },
  };
  for (const c of cases.filter((x) => x.mode === "exprctx")) {
    it(JSON.stringify(c.src), () => {
      const { expression, diagnostics } = parseJsonExpression(c.src, "t.json");
      const { value, diagnostics: evalDiags } = expression.value(ctx);
      const known = !cty.containsUnknown(value.value);
      const ours: Record<string, unknown> = {
        parse: goDiags(diagnostics),
        eval: goDiags(evalDiags),
        type: cty.typeToJSON(value.type),
        known,
        vars: expression.variables().map((t) => t.map((step) => goRange(step.range))),
      };
      if (known) ours.value = value.value === null ? null : JSON.parse(encodeJson(value.value, value.type));
      expect(ours).toEqual(c.hcl);
    });
  }
});

describe("JSON bodies read in part, and what remains", () => {
  for (const c of cases.filter((x) => x.mode === "partial")) {
    it(JSON.stringify(c.src), () => {
      const { file, diagnostics } = parseJson(c.src, "t.json");
      const { content, remain, diagnostics: partialDiags } = file.body.partialContent(schemaOf(c));
      const rest = remain.justAttributes();
      const restContent = remain.content({ attributes: [{ name: "x" }], blocks: [{ type: "y" }] });
      expect({
        parse: goDiags(diagnostics),
        partial: goDiags(partialDiags),
        attrs: Object.keys(content.attributes).sort(),
        blocks: content.blocks.length,
        remainAttrs: Object.keys(rest.attributes).sort(),
        remainJust: goDiags(rest.diagnostics),
        remainContent: goDiags(restContent.diagnostics),
        remainBlocks: restContent.content.blocks.map((b) => b.type),
      }).toEqual(c.hcl);
    });
  }
});
