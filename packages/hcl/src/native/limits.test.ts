// Input nested beyond what the parser recurses into gives a diagnostic, never a stack
// overflow (hcl itself has no limit); huge input parses with work linear in its size (counted
// in token reads here; the time it takes is measured by apps/bench, src/scale.ts).
import * as cty from "@tsvider/cty";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { EvalContext } from "../eval-context.js";
import { expressionArb, templateArb } from "../internal/hcl-arbitraries.test-support.js";
import { initialPos } from "../pos.js";
import {
  maxExpressionHeight,
  maxNestingDepth,
  parseConfig,
  parseExpression,
  parseTemplate,
} from "./index.js";
import type { NativeExpression } from "./node.js";
import { Peeker } from "./peeker.js";
import { scanTokens } from "./scanner.js";

/** Each construct nested D deep. */
const nested = (D: number): Record<string, string> => ({
  brackets: "[".repeat(D) + "]".repeat(D),
  parentheses: `${"(".repeat(D)}1${")".repeat(D)}`,
  objects: `${"{a=".repeat(D)}1${"}".repeat(D)}`,
  negations: `${"-".repeat(D)}1`,
  nots: `${"!".repeat(D)}true`,
  templates: `${'"${'.repeat(D)}1${'}"'.repeat(D)}`,
  heredocs: `${"<<EOT\n${".repeat(D)}1${"}\nEOT\n".repeat(D)}`,
  calls: `${"f(".repeat(D)})${")".repeat(D - 1)}`,
  indexes: `a${"[a".repeat(D)}${"]".repeat(D)}`,
  conditionals: `${"true ? ".repeat(D)}1${" : 2".repeat(D)}`,
  fors: `${"[for x in ".repeat(D)}[1]${": x]".repeat(D)}`,
  fullSplats: `a${"[*]".repeat(D)}`,
  sums: Array(D).fill("1").join(" + "),
  dynamicIndexes: `a${"[a]".repeat(D)}`,
  directives: `"${"%{if true}".repeat(D)}x${"%{endif}".repeat(D)}"`,
});
const D = 10_000;
/** Reads of the parser's Peeker per token of a file, at most (about 2.7 for the file below today). */
const READS_PER_TOKEN = 4;
const deep = nested(D);
const ctx: EvalContext = { variables: { a: { value: 0, type: { kind: "number" } } }, functions: {} };

describe("nesting limits", () => {
  test.each(Object.keys(deep))("%s nested 10,000 deep", (name) => {
    const p = parseExpression(deep[name]!, "deep.hcl");
    const summaries = p.diagnostics.map((d) => d.summary);
    expect(summaries.some((s) => s === "Nesting too deep" || s === "Expression too deeply nested")).toBe(
      true,
    );
    const tooDeep = p.diagnostics.find((d) => d.summary.includes("deep"))!;
    expect(tooDeep.subject?.filename).toBe("deep.hcl");
    // The placeholder it gives evaluates and walks without trouble.
    expect(() => p.expression.value(ctx)).not.toThrow();
    expect(() => p.expression.variables()).not.toThrow();
  });

  test("attribute splats cannot chain (hcl's own error), however many there are", () => {
    const p = parseExpression(`a${".*".repeat(D)}`, "t");
    expect(p.diagnostics.map((d) => d.summary)).toEqual(["Nested splat expression not allowed"]);
  });

  test("blocks nested 10,000 deep", () => {
    const p = parseConfig(`${"b {\n".repeat(D)}${"}\n".repeat(D)}`, "deep.hcl");
    expect(p.diagnostics.map((d) => d.summary)).toEqual(["Nesting too deep"]);
  });

  test("template directives nested 10,000 deep in a bare template", () => {
    const p = parseTemplate(`${"%{for x in [1]}".repeat(D)}x${"%{endfor}".repeat(D)}`, "t");
    expect(p.diagnostics.map((d) => d.summary)).toEqual(["Nesting too deep"]);
  });

  test("just under the limits, everything parses and evaluates", () => {
    const n = maxNestingDepth - 1;
    const cases = [
      "[".repeat(n) + "]".repeat(n),
      `${"(".repeat(n)}1${")".repeat(n)}`,
      `${'"${'.repeat(n)}1${'}"'.repeat(n)}`,
      `${"true ? ".repeat(n)}1${" : 2".repeat(n)}`,
      Array(maxExpressionHeight - 1)
        .fill("1")
        .join(" + "),
    ];
    for (const src of cases) {
      const p = parseExpression(src, "t");
      expect(p.diagnostics).toEqual([]);
      expect(p.expression.value(ctx).diagnostics).toEqual([]);
    }
    expect(parseExpression(cases[4]!, "t").expression.value(ctx).value.value).toEqual(
      cty.decimalFromText(String(maxExpressionHeight - 1)),
    );
    const blocks = parseConfig(`${"b {\n".repeat(n)}${"}\n".repeat(n)}`, "t");
    expect(blocks.diagnostics).toEqual([]);
  });

  test("at the nesting limit, every construct parses with half the stack already used", () => {
    // The parser runs inside other code (a provider's RPC handler), so the limit must leave
    // room: with for expressions at the old limit of 500, any caller's frames overflowed it.
    const frames = stackFrames();
    const eatHalfThen = <T>(k: number, parse: () => T): T => (k === 0 ? parse() : eatHalfThen(k - 1, parse));
    const atLimit = nested(maxNestingDepth - 1);
    for (const [name, src] of Object.entries(atLimit)) {
      const p = eatHalfThen(Math.floor(frames / 2), () => parseExpression(src, "t"));
      expect([name, p.diagnostics.filter((d) => d.summary.includes("deep"))]).toEqual([name, []]);
    }
    const blocks = eatHalfThen(Math.floor(frames / 2), () =>
      parseConfig(`${"b {\n".repeat(maxNestingDepth - 1)}${"}\n".repeat(maxNestingDepth - 1)}`, "t"),
    );
    expect(blocks.diagnostics).toEqual([]);
  });
});

/** How many calls of a one-argument function fit on the stack from here. */
function stackFrames(): number {
  let depth = 0;
  const down = (k: number): number => {
    depth = k;
    return down(k + 1) + 1;
  };
  try {
    down(0);
  } catch {
    // RangeError: the stack is full; depth is how far it got.
  }
  return depth;
}

/** The height of a parsed tree, walked here independently of the parser's own measure. */
function treeHeight(root: NativeExpression): number {
  let height = 0;
  const stack: [NativeExpression, number][] = [[root, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [node, depth] = item;
    height = Math.max(height, depth);
    for (const c of node.children()) stack.push([c.node, depth + 1]);
  }
  return height;
}

// The parser skips measuring expressions under maxExpressionHeight / 4 bytes, on the ground
// that a path down the tree gains at most two nodes per byte of source (an empty template is
// two nodes on no bytes, hence the two more). These hold it to that.
describe("an expression's height is at most two nodes per byte, plus two", () => {
  const holds = (src: string, parse: typeof parseExpression | typeof parseTemplate) => {
    const { expression } = parse(src, "t");
    expect(treeHeight(expression as NativeExpression), src).toBeLessThanOrEqual(
      2 * Buffer.byteLength(src) + 2,
    );
  };
  test.each(Object.entries(nested(80)))("%s, 80 deep", (_, src) => holds(src, parseExpression));
  test("generated expressions and templates", () => {
    fc.assert(
      fc.property(expressionArb(), (src) => holds(src, parseExpression)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(templateArb(), (src) => holds(src, parseTemplate)),
      { numRuns: 200 },
    );
  });
});

describe("size", () => {
  // Scale by counting, not by the clock. Every token the parser looks at comes through its
  // Peeker, so the Peeker's reads (peek and read both) measure the parser's work: a parser that
  // went back over earlier input would read each token more often as the file grew.
  test("a 2 MB file parses, reading each token a bounded number of times, twice the reads for twice the input", () => {
    const unit = (i: number) =>
      `resource "x" "r${i}" {\n  a = "v-\${var.x}"\n  n = [1, 2, ${i}]\n  # é comment\n  h = <<-EOT\n    text\n  EOT\n}\n`;
    const make = (n: number) => Array.from({ length: n }, (_, i) => unit(i)).join("");
    const peeker = Peeker.prototype as unknown as { next(this: Peeker): unknown };
    const next = peeker.next;
    let reads = 0;
    // A counter around the real method, for this test only (restored below).
    peeker.next = function (this: Peeker) {
      reads++;
      return next.call(this);
    };
    try {
      const count = (src: string) => {
        reads = 0;
        const p = parseConfig(src, "big.hcl");
        expect(p.diagnostics).toEqual([]);
        return reads;
      };
      const tokens = (src: string) => scanTokens(Buffer.from(src), "big.hcl", initialPos, "normal").length;
      const small = make(2_000);
      const readsSmall = count(small);
      expect(readsSmall / tokens(small)).toBeLessThan(READS_PER_TOKEN);
      // The same blocks, twice and ten times as many: twice and ten times the reads (a parser
      // going back over earlier input would read about 4x and 100x).
      expect(count(make(4_000)) / readsSmall).toBeLessThan(2.05);
      const big = make(20_000);
      expect(Buffer.byteLength(big)).toBeGreaterThan(2_000_000);
      expect(count(big) / readsSmall).toBeLessThan(10.25);
    } finally {
      peeker.next = next;
    }
  });

  test("one very long string, comment and tuple", () => {
    expect(parseConfig(`a = "${"x".repeat(1_000_000)}"\n`, "t").diagnostics).toEqual([]);
    expect(parseConfig(`# ${"é".repeat(500_000)}\n`, "t").diagnostics).toEqual([]);
    const p = parseConfig(`a = [${"1,".repeat(100_000)}]\n`, "t");
    expect(p.diagnostics).toEqual([]);
  });
});
