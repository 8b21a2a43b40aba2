/* biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL templates in HCL source */
// formatTerraform against the real `tofu fmt` and `terraform fmt`: a batch of generated files
// (the formatter's configs, variable blocks with quoted and bare collection types,
// interpolation-only strings, labels of every shape, valueToHcl's output as attribute values)
// is written to a temporary directory, the command runs once over it, and every file must
// come back as formatTerraform writes it, or be refused with the errors formatTerraform gives.
import { type CtyType, type CtyValue, containsUnknown } from "@tsvider/cty";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  configArb,
  expressionArb,
  hclBytesArb,
  valueArb,
  variableType,
} from "../internal/hcl-arbitraries.test-support.js";
import { fmtBinaries, runFmt } from "./fmt-binary.test-support.js";
import { formatHclBytes } from "./format.js";
import { formatTerraformBytes } from "./terraform.js";
import { valueToHcl } from "./value.js";

const encoder = new TextEncoder();
const expr = expressionArb();
const gap = fc.constantFrom("", " ", "  ", "\t");

const typeText = fc.constantFrom(
  '"string"',
  '"list"',
  '"map"',
  '"set"',
  '"number"',
  '"String"',
  '""',
  "list",
  "map",
  "set",
  "string",
  "any",
  "list(string)",
  "map(number)",
  "object({ a = string })",
  '"${string}"',
  "list /* c */",
  "(list)",
);

// Values whose whole text is one interpolation, and near misses that must stay as they are.
const interpolated = fc.oneof(
  expr.map((e) => `"\${${e}}"`),
  expr.map((e) => `"\${~ ${e} ~}"`),
  expr.map((e) => `"\${\n${e}\n}"`),
  fc.tuple(expr, expr).map(([a, b]) => `"\${${a}}\${${b}}"`),
  fc.tuple(expr, fc.constantFrom("a", " ", "$", "%%{")).map(([e, t]) => `"${t}\${${e}}"`),
  fc.constantFrom(
    '"${x ? 1 : 2}"',
    '"${\n  x\n  ? 1\n  : 2\n}"',
    '"${(\n  x\n)}"',
    '"${(\n  x\n) + (1\n)}"',
    '"${foo("${bar}")}"',
    '"${"${a}"}"',
    '"${[\n  1,\n  2\n]}"',
    '"${{\n  a = 1\n}}"',
    '"${<<EOT\nhi ${x}\nEOT\n}"',
    '"%{if x}a%{endif}"',
    '"${x}%{if x}a%{endif}"',
    '"${x # c\n}"',
    '"${x /* c */}"',
    '"${~x}"',
    '"${x}\\n"',
    '"${ "a" }"',
  ),
);

// Index keys hclwrite's reader keeps (strings, numbers) and loses (bools, null) in a
// variable's traversal, and the same keys where no variable's traversal holds them.
const indexed = fc.constantFrom(
  "a[true]",
  "a.b[null][0]",
  "a[ /* c */ false ]",
  "a[\n  true\n]",
  "a[b[true]]",
  "a.0[true].c",
  'a["k"][1]',
  "[for x in y : x[true]]",
  "f(a)[true]",
  "(a)[null]",
  "a[*].b[true]",
  "a.b[true][*]",
  '"${a[true]}"',
);

const label = fc.constantFrom(
  '"x"',
  "y",
  '"é w"',
  '""',
  '"a\\u0041"',
  '"a\\"b"',
  '"a$b"',
  '"$"',
  '"%"',
  '"a%b"',
  '"$${x}"',
  '"%%{x}"',
  '"\\n"',
  '/* c */ "z"',
  "/* c */ w",
);

const attribute = fc
  .tuple(
    gap,
    fc.constantFrom("a", "type", "default", "long_name"),
    gap,
    fc.oneof(interpolated, expr, typeText, indexed),
  )
  .map(([g, n, g2, v]) => `${g}${n}${g2}= ${v}`);

const variableBlock = fc
  .tuple(
    fc.constantFrom("variable", "variable", "output", "locals"),
    fc.array(label, { minLength: 1, maxLength: 2 }),
    gap,
    typeText,
    fc.option(fc.oneof(interpolated, expr), { nil: undefined }),
    fc.option(attribute, { nil: undefined }),
  )
  .map(
    ([kind, labels, g, t, d, extra]) =>
      `${kind} ${labels.join(" ")} {\n${g}type = ${t}\n${d === undefined ? "" : `default = ${d}\n`}${extra ?? ""}\n}`,
  );

// A variable block inside another block: its type is not rewritten.
const nestedVariable = fc
  .tuple(fc.constantFrom("module", "variable", "dynamic"), label, typeText, interpolated)
  .map(
    ([outer, l, t, v]) =>
      `${outer} ${l} {\n  variable "v" {\n    type = ${t}\n    x = ${v}\n  }\n  type = ${t}\n}`,
  );

const labelledBlock = fc
  .tuple(
    fc.constantFrom("resource", "data", "b"),
    fc.array(label, { maxLength: 3 }),
    gap,
    fc.array(attribute, { maxLength: 3 }),
  )
  .map(([t, ls, g, attrs]) => `${t}${ls.map((l) => ` ${l}`).join("")}${g}{\n${attrs.join("\n")}\n}`);

const rewriteFile = fc
  .array(fc.oneof(variableBlock, nestedVariable, labelledBlock, attribute), { minLength: 1, maxLength: 6 })
  .map((items) => `${items.join("\n")}\n`);

// valueToHcl's text as an attribute's value.
const valueFile = variableType
  .chain((type) => valueArb(type, true).map((value): [CtyType, CtyValue] => [type, value]))
  .filter(([, value]) => !containsUnknown(value))
  .map(([type, value]) => `value = ${valueToHcl(value, type)}\nother = 1\n`);

const fileArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 2, arbitrary: configArb.map((t) => encoder.encode(t)) },
  { weight: 3, arbitrary: rewriteFile.map((t) => encoder.encode(t)) },
  { weight: 1, arbitrary: valueFile.map((t) => encoder.encode(t)) },
  // Bytes of all kinds (invalid UTF-8 included): mostly refused, some formatted.
  { weight: 1, arbitrary: hclBytesArb },
);

/** Our outcome in the shape runFmt reports the command's. */
function ours(name: string, src: Uint8Array): { after: Uint8Array; errors: string[] } {
  const { bytes, diagnostics } = formatTerraformBytes(src, name);
  const errors = diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${d.summary} (line ${d.subject?.start.line ?? 0})`);
  return { after: bytes ?? src, errors: errors.sort() };
}

const show = (b: Uint8Array) => JSON.stringify(Buffer.from(b).toString("latin1"));

describe.each(fmtBinaries)("formatTerraform is $name fmt", ({ name, path }) => {
  test.skipIf(path === undefined)("on a batch of 150 generated files", () => {
    // One run of the command over the whole batch (it takes a directory), so no shrinking: a
    // failure names the seed and the files that differ.
    const seed = Math.floor(Math.random() * 2 ** 31);
    const files = new Map(fc.sample(fileArb, { numRuns: 150, seed }).map((b, i) => [`f${i}.tf`, b]));
    const theirs = runFmt(path!, files);
    const mismatches: string[] = [];
    let refused = 0;
    let rewritten = 0;
    for (const [file, src] of files) {
      const mine = ours(file, src);
      // Where Terraform's rewrites changed more than hclwrite.Format alone would.
      if (mine.errors.length === 0 && Buffer.compare(mine.after, formatHclBytes(src)) !== 0) rewritten++;
      const found = theirs.get(file)!;
      // The command prints a file's errors sorted by position, hcl reports them in parse order.
      const their = { ...found, errors: [...found.errors].sort() };
      if (mine.errors.length > 0) refused++;
      if (
        Buffer.compare(mine.after, their.after) !== 0 ||
        mine.errors.join("\n") !== their.errors.join("\n")
      ) {
        mismatches.push(
          `${file}: input ${show(src)}\n  ${name}: ${show(their.after)} ${their.errors.join("; ")}\n  ours: ${show(mine.after)} ${mine.errors.join("; ")}`,
        );
      }
    }
    expect(mismatches.slice(0, 3).join("\n"), `seed ${seed}: ${mismatches.length} files differ`).toBe("");
    // The batch exercises refusals, plain formatting and Terraform's own rewrites.
    expect(refused).toBeGreaterThan(0);
    expect(rewritten).toBeGreaterThan(10);
    expect(refused + rewritten).toBeLessThan(files.size);
  });
});
