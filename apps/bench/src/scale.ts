// How long the work grows with the input, for the two sizes the tests check by counting
// operations instead (tests never read a clock): @tsvider/hcl parsing a file of N and 2N
// blocks (the tests count the parser's token reads: packages/hcl/src/native/limits.test.ts),
// and @tsvider/cty's setintersection of two sets of N and 2N strings (the tests count hashes and
// equality checks: packages/cty/src/stdlib/set.test.ts). Each is reported as the ratio of the
// time at 2N to the time at N, best of TSVIDER_BENCH_SCALE_ROUNDS (default 5): about 2 is
// linear, about 4 quadratic. TSVIDER_BENCH_SCALE_HCL (default 10,000 blocks, about 1 MB) and
// TSVIDER_BENCH_SCALE_SET (default 20,000 strings) set N.
import { set, string } from "@tsvider/cty";
import { callFunction } from "@tsvider/cty/function";
import { setIntersection } from "@tsvider/cty/stdlib";
import { parseConfig } from "@tsvider/hcl/native";

const rounds = Number(process.env.TSVIDER_BENCH_SCALE_ROUNDS ?? 5);
const hclBlocks = Number(process.env.TSVIDER_BENCH_SCALE_HCL ?? 10_000);
const setSize = Number(process.env.TSVIDER_BENCH_SCALE_SET ?? 20_000);

/** The best time of `rounds` runs of `work`, after one run to warm up. */
function best(work: () => void): number {
  work();
  let fastest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    work();
    fastest = Math.min(fastest, performance.now() - start);
  }
  return fastest;
}

// The same blocks as the test: a string template, a tuple, a comment, a heredoc.
const unit = (i: number) =>
  `resource "x" "r${i}" {\n  a = "v-\${var.x}"\n  n = [1, 2, ${i}]\n  # é comment\n  h = <<-EOT\n    text\n  EOT\n}\n`;
const hclFile = (n: number) => Array.from({ length: n }, (_, i) => unit(i)).join("");
const parse = (src: string) => () => {
  const { diagnostics } = parseConfig(src, "scale.hcl");
  if (diagnostics.length > 0)
    throw new Error(`the generated file does not parse: ${diagnostics[0]!.summary}`);
};

const stringSet = (n: number, offset: number) => ({
  value: Array.from({ length: n }, (_, i) => `k${i + offset}`),
  type: set(string),
});
const intersect = (n: number) => {
  const a = stringSet(n, 0);
  const b = stringSet(n, n / 2);
  return () => {
    const result = callFunction(setIntersection, [a, b]);
    if ((result.value as unknown[]).length !== n / 2) throw new Error("setintersection lost elements");
  };
};

interface Row {
  readonly what: string;
  readonly n: number;
  readonly once: number;
  readonly twice: number;
}
const rows: Row[] = [];
{
  const small = hclFile(hclBlocks);
  const big = hclFile(2 * hclBlocks);
  rows.push({
    what: `hcl parseConfig (${(Buffer.byteLength(small) / 1e6).toFixed(1)} MB at n)`,
    n: hclBlocks,
    once: best(parse(small)),
    twice: best(parse(big)),
  });
}
rows.push({
  what: "cty setintersection (strings)",
  n: setSize,
  once: best(intersect(setSize)),
  twice: best(intersect(2 * setSize)),
});

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(11);
console.log(`growth with the input, best of ${rounds}`);
console.log(`${"work".padEnd(36)} ${"n".padStart(8)}      at n     at 2n   growth`);
for (const row of rows) {
  console.log(
    `${row.what.padEnd(36)} ${String(row.n).padStart(8)} ${ms(row.once)}${ms(row.twice)}   ${(row.twice / row.once).toFixed(2)}x`,
  );
}
console.log("target: about 2x per doubling (linear), never about 4x (quadratic)");
