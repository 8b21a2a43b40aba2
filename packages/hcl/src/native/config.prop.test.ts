// Differential tests of config files: our parseConfig against hclsyntax.ParseConfig itself (the
// Go oracle), on generated bodies: the same diagnostics, the same attributes and blocks with
// the same ranges, and each attribute evaluating to the same value with the same diagnostics.
import { typeToJSONText } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  type DiagnosticShape,
  diagnosticShape,
  type GoBody,
  goConfig,
  goModuloPanicAsOurRefusal,
  hex,
  ourContext,
  plainRange,
  type SharedContext,
  useHclOracle,
  withSuggestionsSettled,
} from "../internal/go-oracle.test-support.js";
import {
  callableFunctions,
  configArb,
  mutated,
  variablesArb,
} from "../internal/hcl-arbitraries.test-support.js";
import { parseConfig } from "./index.js";
import type { NativeBody } from "./structure.js";

const oracle = useHclOracle();

function bodyShape(body: NativeBody, ctx: SharedContext): unknown {
  const evalCtx = ourContext(ctx);
  return {
    range: plainRange(body.range),
    endRange: plainRange(body.endRange),
    attributes: [...body.attributes.values()]
      .sort((a, b) => a.range.start.byte - b.range.start.byte)
      .map((a) => {
        const { value, diagnostics } = a.expr.value(evalCtx);
        return {
          name: a.name,
          range: plainRange(a.range),
          nameRange: plainRange(a.nameRange),
          equalsRange: plainRange(a.equalsRange),
          exprRange: plainRange(a.expr.range),
          exprStartRange: plainRange(a.expr.startRange),
          value: {
            type: typeToJSONText(value.type),
            hex: hex(encodeMsgpack(value.value, value.type)),
            diagnostics: diagnostics.map(diagnosticShape),
          },
        };
      }),
    blocks: body.blocks.map((b) => ({
      type: b.type,
      labels: b.labels,
      typeRange: plainRange(b.typeRange),
      labelRanges: b.labelRanges.map(plainRange),
      openBraceRange: plainRange(b.openBraceRange),
      closeBraceRange: plainRange(b.closeBraceRange),
      defRange: plainRange(b.defRange),
      body: bodyShape(b.body, ctx),
    })),
  };
}

/** Our body's shape with each attribute's suggestions settled against Go's (see withSuggestionsSettled). */
function settled(ours: unknown, go: GoBody): unknown {
  const o = ours as {
    attributes: { value: { diagnostics: DiagnosticShape[] } }[];
    blocks: { body: unknown }[];
  };
  return {
    ...o,
    attributes: o.attributes.map((a, i) => ({
      ...a,
      value: {
        ...a.value,
        diagnostics: withSuggestionsSettled(
          a.value.diagnostics,
          goModuloPanicAsOurRefusal(go.attributes[i]?.value?.diagnostics ?? []),
        ),
      },
    })),
    blocks: o.blocks.map((b, i) => {
      const theirs = go.blocks[i];
      return theirs ? { ...b, body: settled(b.body, theirs.body) } : b;
    }),
  };
}

function goBodyShape(body: GoBody): unknown {
  return {
    ...body,
    attributes: body.attributes.map((a) => ({
      ...a,
      value: a.value && {
        type: typeToJSONText(a.value.type),
        hex: a.value.hex,
        diagnostics: goModuloPanicAsOurRefusal(a.value.diagnostics),
      },
    })),
    blocks: body.blocks.map((b) => ({ ...b, body: goBodyShape(b.body) })),
  };
}

describe("parseConfig parses as hclsyntax.ParseConfig", () => {
  test.each([
    ["generated configs", configArb],
    ["broken configs", mutated(configArb)],
  ])("%s: diagnostics, structure, ranges and values", async (_, configs) => {
    await fc.assert(
      fc.asyncProperty(configs, variablesArb, async (src, variables) => {
        const ctx: SharedContext = { variables, functions: callableFunctions };
        const go = await goConfig(oracle, src, "test.hcl", ctx);
        const { file, diagnostics } = parseConfig(src, "test.hcl");
        expect(
          withSuggestionsSettled(diagnostics.map(diagnosticShape), go.diagnostics),
          `diagnostics of ${src}`,
        ).toEqual(go.diagnostics);
        expect(settled(bodyShape(file.body, ctx), go.body), `body of ${src}`).toEqual(goBodyShape(go.body));
      }),
      { numRuns: 150 },
    );
  });
});
