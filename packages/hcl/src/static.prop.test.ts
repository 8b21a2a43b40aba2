// Differential tests of static analysis: generated expressions (native syntax) and JSON
// documents whose strings hold native expressions, traversals and calls, analysed by ours and
// by hashicorp/hcl (the Go oracle) three levels deep: lists, maps, calls, traversals,
// keywords, with every refusal's diagnostic and range.
import fc from "fast-check";
import { expect, test } from "vitest";
import { typeConstraint, typeConstraintWithDefaults, typeExact } from "./ext/typeexpr.js";
import { useHclOracle } from "./internal/go-oracle.test-support.js";
import { expressionArb, mutated } from "./internal/hcl-arbitraries.test-support.js";
import { goStatic, ourStaticInfo } from "./internal/static-analysis.test-support.js";
import { typeExprArb } from "./internal/typeexpr-arbitraries.test-support.js";
import { parseJsonExpression } from "./json/index.js";
import { maxNestingDepth, parseExpression } from "./native/index.js";

const oracle = useHclOracle();

const nativeArb = fc.oneof(expressionArb({ depth: 2 }), typeExprArb(3), mutated(typeExprArb(2)));

test("native expressions are analysed as hcl analyses them", async () => {
  await fc.assert(
    fc.asyncProperty(nativeArb, async (src) => {
      const ours = parseExpression(src, "t.hcl");
      const go = await goStatic(oracle, src, "native", "t.hcl");
      // Parse errors are the parser's tests' business; analysis of a broken tree is not compared.
      if (go.parseDiagnostics.length > 0 || ours.diagnostics.length > 0) return;
      expect(ourStaticInfo(ours.expression)).toEqual(go.info);
    }),
    { numRuns: 250 },
  );
});

/** JSON values whose strings are native expressions, references and type expressions. */
const jsonArb: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc
      .oneof(expressionArb({ depth: 1 }), typeExprArb(2), fc.constantFrom("a.b[0]", "a", "f(x)", " a", "a "))
      .map((s) => JSON.stringify(s)),
    fc.constantFrom("1", "null", "true", "false", "[]", "{}", '"\\u0061.b"', '"a\\tb"'),
    fc.array(tie("value"), { maxLength: 3 }).map((vs) => `[${vs.join(", ")}]`),
    fc
      .array(fc.tuple(fc.constantFrom("a", "b", "a.b", "f(x)", "null", ""), tie("value")), { maxLength: 3 })
      .map((kvs) => `{${kvs.map(([k, v]) => `${JSON.stringify(k)}: ${v}`).join(", ")}}`),
  ),
})).value;

test("JSON expressions are analysed as hcl analyses them", async () => {
  await fc.assert(
    fc.asyncProperty(jsonArb, async (src) => {
      const ours = parseJsonExpression(src, "t.json");
      const go = await goStatic(oracle, src, "json", "t.json");
      expect(ours.diagnostics.length > 0).toBe(go.parseDiagnostics.length > 0);
      if (go.parseDiagnostics.length > 0) return;
      expect(ourStaticInfo(ours.expression)).toEqual(go.info);
    }),
    { numRuns: 250 },
  );
});

test("bad input: analysis and type reading of broken trees never throw", () => {
  const broken = fc.oneof(
    mutated(nativeArb).map((src) => parseExpression(src, "t.hcl").expression),
    mutated(jsonArb).map((src) => parseJsonExpression(src, "t.json").expression),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => parseExpression(bytes, "t.hcl").expression),
    fc.uint8Array({ maxLength: 40 }).map((bytes) => parseJsonExpression(bytes, "t.json").expression),
  );
  fc.assert(
    fc.property(broken, (expression) => {
      ourStaticInfo(expression);
      for (const read of [typeExact, typeConstraint, typeConstraintWithDefaults]) {
        const r = read(expression);
        // Whatever was read, a refusal always says where.
        for (const d of r.diagnostics) expect(d.subject).toBeDefined();
      }
    }),
    { numRuns: 300 },
  );
});

test("bad input: deeply nested type expressions are read without overflowing", () => {
  // As deep as the parser nests (one level per call's parentheses), so the type walk is as deep.
  const depth = maxNestingDepth - 1;
  const src = `${"list(".repeat(depth)}string${")".repeat(depth)}`;
  const { expression, diagnostics } = parseExpression(src, "t.hcl");
  expect(diagnostics).toEqual([]);
  let t = typeConstraint(expression).type;
  for (let i = 0; i < depth; i++) {
    expect(t.kind).toBe("list");
    t = (t as { element: typeof t }).element;
  }
  expect(t.kind).toBe("string");
});
