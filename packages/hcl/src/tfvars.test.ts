// .tfvars files read as Terraform reads them, checked by examples and against Terraform's own
// reading (the Go oracle runs Terraform's steps with hashicorp/hcl) on generated files.
import { decimalFromText, number, object, string, tuple, typeToJSONText } from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { diagnosticShape, goTfvars, hex, useHclOracle } from "./internal/go-oracle.test-support.js";
import { expressionArb } from "./internal/hcl-arbitraries.test-support.js";
import { parseTfvars } from "./tfvars.js";

const oracle = useHclOracle();

describe("parseTfvars", () => {
  test("reads attributes as values of their own types", () => {
    const { values, diagnostics } = parseTfvars(
      'region = "eu-west-1"\ncount = 3\ntags = { a = "x" }\nids = [1, 2]\n',
      "x.tfvars",
    );
    expect(diagnostics).toEqual([]);
    expect(values.region).toEqual({ value: "eu-west-1", type: string });
    // A literal is go-cty's 512-bit number (cty.ParseNumberVal), a Decimal here.
    expect(values.count).toEqual({ value: decimalFromText("3"), type: number });
    expect(typeToJSONText(values.tags!.type)).toBe(typeToJSONText(object({ a: string })));
    expect(values.ids!.type.kind).toBe("tuple");
    expect(Object.keys(values)).toEqual(["region", "count", "tags", "ids"]);
  });

  test("refuses variable references and function calls", () => {
    const { diagnostics } = parseTfvars('a = var.x\nb = upper("x")\n', "x.tfvars");
    expect(diagnostics.map((d) => d.summary)).toEqual([
      "Variables not allowed",
      "Function calls not allowed",
    ]);
    expect(diagnostics[0]!.subject).toMatchObject({
      start: { line: 1, column: 5 },
      end: { line: 1, column: 8 },
    });
  });

  test("explains a variable block, and reads no values then", () => {
    const { values, diagnostics } = parseTfvars(
      'a = 1\nvariable "region" {\n  default = "x"\n}\n',
      "prod.tfvars",
    );
    expect(values).toEqual({});
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]!.summary).toBe("Variable declaration in .tfvars file");
    expect(diagnostics[0]!.detail).toContain('To declare variable "region"');
    expect(diagnostics[0]!.detail).toContain(
      "in prod.tfvars, use the definition syntax instead:\n    region = <value>",
    );
    expect(diagnostics[0]!.subject).toMatchObject({
      filename: "prod.tfvars",
      start: { line: 2, column: 1 },
      end: { line: 2, column: 9 },
    });
  });

  test("refuses other blocks", () => {
    const { diagnostics } = parseTfvars("a = 1\nb {}\n", "x.tfvars");
    expect(diagnostics.map((d) => d.summary)).toEqual(['Unexpected "b" block']);
  });

  test("reads no values from a file with syntax errors", () => {
    const { values, diagnostics } = parseTfvars("a = 1\nb = \n", "x.tfvars");
    expect(values).toEqual({});
    expect(diagnostics[0]!.severity).toBe("error");
  });

  test("gives a diagnostic, not a stack overflow, for deep nesting", () => {
    const { diagnostics } = parseTfvars(`a = ${"[".repeat(10_000)}${"]".repeat(10_000)}\n`, "x.tfvars");
    expect(diagnostics.some((d) => /nest/i.test(d.summary) && d.subject !== undefined)).toBe(true);
  });

  test("gives a diagnostic for bytes that are not UTF-8", () => {
    const { diagnostics } = parseTfvars(Uint8Array.from([0x61, 0x3d, 0x22, 0xff, 0x22, 0x0a]), "x.tfvars");
    expect(diagnostics.some((d) => d.severity === "error")).toBe(true);
  });

  test("reads .tfvars.json files as JSON", () => {
    const { values, diagnostics } = parseTfvars('{"region": "eu", "ids": [1, 2]}', "x.tfvars.json");
    expect(diagnostics).toEqual([]);
    expect(values.region).toEqual({ value: "eu", type: string });
    expect(values.ids!.type).toEqual(tuple([number, number]));
  });
});

const tfvarsFile = fc
  .array(
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(fc.constantFrom("a", "b", "region", "count"), expressionArb({ depth: 2 }))
          .map(([n, e]) => `${n} = ${e}`),
      },
      { weight: 1, arbitrary: fc.constantFrom('variable "x" {}', "b {}", "variable {}", "# comment", "") },
    ),
    { maxLength: 5 },
  )
  .map((lines) => `${lines.join("\n")}\n`);

/** Ours against Terraform's reading of the same file. */
async function expectSameAsTerraform(src: string, filename: string): Promise<void> {
  const go = await goTfvars(oracle, src, filename);
  const ours = parseTfvars(src, filename);
  // Terraform evaluates each value on its own, later: its diagnostics come after the file's.
  const goDiagnostics = [
    ...go.diagnostics,
    ...Object.keys(ours.values).flatMap((n) => go.values?.[n]?.diagnostics ?? []),
  ];
  expect(ours.diagnostics.map(diagnosticShape), src).toEqual(goDiagnostics);
  const goValues = Object.fromEntries(
    Object.entries(go.values ?? {}).map(([n, v]) => [n, { type: typeToJSONText(v.type), hex: v.hex }]),
  );
  const ourValues = Object.fromEntries(
    Object.entries(ours.values).map(([n, v]) => [
      n,
      { type: typeToJSONText(v.type), hex: hex(encodeMsgpack(v.value, v.type)) },
    ]),
  );
  expect(ourValues, src).toEqual(goValues);
}

describe("parseTfvars reads as Terraform reads", () => {
  test("generated files: diagnostics and values", async () => {
    await fc.assert(
      fc.asyncProperty(tfvarsFile, (src) => expectSameAsTerraform(src, "test.tfvars")),
      { numRuns: 150 },
    );
  });

  test("generated .tfvars.json files", async () => {
    const json = fc.oneof(
      fc
        .dictionary(fc.constantFrom("a", "b", "region", "variable", "é"), fc.jsonValue({ maxDepth: 3 }))
        .map((o) => JSON.stringify(o)),
      fc.json({ maxDepth: 2 }),
      fc.constantFrom("", "{", '{"a": }', "[]", '{"a": 1, "a": 2}', '{"variable": {"x": {}}}'),
    );
    await fc.assert(
      fc.asyncProperty(json, (src) => expectSameAsTerraform(src, "test.tfvars.json")),
      { numRuns: 150 },
    );
  });
});
