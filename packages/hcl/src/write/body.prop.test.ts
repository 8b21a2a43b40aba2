// writeBody against hclwrite itself (the Go oracle builds the same body with SetAttributeValue
// and AppendNewBlock), and its text read back: it parses to the same values, is already laid
// out as hclwrite.Format lays it out, and (where the binaries are at hand) `tofu fmt` and
// `terraform fmt` write it as formatTerraform does.
import { type CtyType, type CtyValue, containsUnknown, string, Unknown, valuesEqual } from "@tsvider/cty";
import { convert } from "@tsvider/cty/convert";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { requestHex, useHclOracle } from "../internal/go-oracle.test-support.js";
import { valueArb, variableType } from "../internal/hcl-arbitraries.test-support.js";
import { parseConfig } from "../native/index.js";
import type { NativeBody } from "../native/structure.js";
import { type AttributeToWrite, type BlockToWrite, type BodyToWrite, writeBody } from "./body.js";
import { fmtBinaries, runFmt } from "./fmt-binary.test-support.js";
import { formatHcl } from "./format.js";
import { formatTerraform } from "./terraform.js";

const oracle = useHclOracle();

const attributeArb: fc.Arbitrary<Omit<AttributeToWrite, "name">> = variableType.chain((type) =>
  valueArb(type, true)
    .filter((value) => !containsUnknown(value))
    .map((value) => ({ value, type })),
);

const attributesArb = fc
  .uniqueArray(fc.constantFrom("a", "bb", "long_name", "x-y", "é", "type", "count"), { maxLength: 4 })
  .chain((names) =>
    fc.tuple(...names.map(() => attributeArb)).map((as) => as.map((a, i) => ({ ...a, name: names[i]! }))),
  );

const labelArb = fc.oneof(
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a label that looks like a template
  fc.constantFrom("x", "", "é w", "a$b", "${x}", 'q"uote', "line\nbreak", "%{", "\u200b"),
  fc.string({ maxLength: 4 }),
);

function bodyArb(depth: number): fc.Arbitrary<BodyToWrite> {
  const blocks: fc.Arbitrary<BlockToWrite[]> =
    depth === 0
      ? fc.constant([])
      : fc.array(
          fc.record({
            type: fc.constantFrom("resource", "b", "dynamic", "variable", "nested_block"),
            labels: fc.array(labelArb, { maxLength: 2 }),
            body: bodyArb(depth - 1),
          }),
          { maxLength: 3 },
        );
  return fc.record({ attributes: attributesArb, blocks });
}

/** The body as the oracle's writeBody takes it: values as typed msgpack hex. */
function specOf(body: BodyToWrite): unknown {
  return {
    attributes: (body.attributes ?? []).map((a) => ({
      name: a.name,
      ...requestHex({ value: a.value, type: a.type }),
    })),
    blocks: (body.blocks ?? []).map((b) => ({
      type: b.type,
      labels: b.labels ?? [],
      body: specOf(b.body ?? {}),
    })),
  };
}

/** Each attribute read back (converted to the type written) equals the value written. */
function expectSameValues(written: BodyToWrite, read: NativeBody): void {
  const attrs = written.attributes ?? [];
  expect([...read.attributes.keys()]).toEqual(attrs.map((a) => a.name));
  for (const a of attrs) {
    const got = read.attributes.get(a.name)!.expr.value();
    expect(got.diagnostics).toEqual([]);
    const back = convert(got.value.value, got.value.type, a.type);
    expect(valuesEqual(back, a.value, a.type), a.name).toBe(true);
  }
  const blocks = written.blocks ?? [];
  expect(read.blocks.map((b) => [b.type, b.labels])).toEqual(blocks.map((b) => [b.type, b.labels ?? []]));
  blocks.forEach((b, i) => {
    expectSameValues(b.body ?? {}, read.blocks[i]!.body);
  });
}

describe("writeBody is hclwrite's SetAttributeValue and AppendNewBlock", () => {
  test("on generated bodies", async () => {
    await fc.assert(
      fc.asyncProperty(bodyArb(2), async (body) => {
        const reply = await oracle.request({ op: "writeBody", src: JSON.stringify(specOf(body)) });
        expect(reply.error).toBeUndefined();
        expect(writeBody(body)).toBe(reply.text);
      }),
      { numRuns: 150 },
    );
  });

  test("reads back to the same values, already formatted", () => {
    fc.assert(
      fc.property(bodyArb(2), (body) => {
        const text = writeBody(body);
        const { file, diagnostics } = parseConfig(text, "body.tf");
        expect(diagnostics).toEqual([]);
        expectSameValues(body, file.body);
        expect(formatHcl(text)).toBe(text);
      }),
      { numRuns: 150 },
    );
  });

  describe.each(fmtBinaries)("$name fmt writes it as formatTerraform does", ({ path }) => {
    test.skipIf(path === undefined)("on 100 generated bodies", () => {
      const seed = Math.floor(Math.random() * 2 ** 31);
      const texts = fc.sample(bodyArb(2), { numRuns: 100, seed }).map(writeBody);
      const files = new Map(texts.map((t, i) => [`b${i}.tf`, new TextEncoder().encode(t)]));
      const outcome = runFmt(path!, files);
      texts.forEach((t, i) => {
        expect(Buffer.from(outcome.get(`b${i}.tf`)!.after).toString("utf8"), `seed ${seed}`).toBe(
          formatTerraform(t).text,
        );
      });
    });
  });
});

describe("writeBody examples", () => {
  test("attributes, then blocks with quoted labels", () => {
    expect(
      writeBody({
        attributes: [
          { name: "name", value: "web", type: string },
          { name: "n", value: "x", type: string },
        ],
        blocks: [{ type: "resource", labels: ["a", "b"], body: { blocks: [{ type: "inner" }] } }],
      }),
    ).toBe('name = "web"\nn    = "x"\nresource "a" "b" {\n  inner {\n  }\n}\n');
  });

  test("refuses names that are not identifiers, repeated names and unknown values", () => {
    const v = { value: "x" as CtyValue, type: string as CtyType };
    expect(() => writeBody({ attributes: [{ name: "a b", ...v }] })).toThrow(
      /attribute "a b" is not an HCL identifier/,
    );
    expect(() => writeBody({ blocks: [{ type: "1x" }] })).toThrow(/block type "1x" is not an HCL identifier/);
    expect(() =>
      writeBody({
        attributes: [
          { name: "a", ...v },
          { name: "a", ...v },
        ],
      }),
    ).toThrow(/given twice/);
    expect(() => writeBody({ attributes: [{ name: "a", value: Unknown, type: string }] })).toThrow(
      /attribute "a": an unknown value/,
    );
  });
});
