// HCL native syntax: parse a generated corpus of Terraform-like .tf files (hcl-corpus.ts,
// some MB) and evaluate every attribute, in @tsvider/hcl and in hashicorp/hcl/v2 (through
// tooling/oracles/hcl-bench) on the same files, reported as ratios for parse, evaluate and
// both (best of N rounds each). Both sides report a checksum of their work (attributes,
// diagnostics, a SHA-256 of every value's type and JSON); a mismatch fails the bench.
//
// TSVIDER_BENCH_HCL_MB sets the corpus size (default 4), TSVIDER_BENCH_HCL_ROUNDS the rounds.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as cty from "@tsvider/cty";
import { encodeJson } from "@tsvider/cty/json";
import type { Attribute } from "@tsvider/hcl/body";
import type { EvalContext } from "@tsvider/hcl/eval-context";
import { stdlibContext } from "@tsvider/hcl/eval-context";
import { type NativeBody, type NativeFile, parseConfig } from "@tsvider/hcl/native";
import { generateCorpus } from "./hcl-corpus.js";

interface Result {
  parseNs: number;
  evaluateNs: number;
  totalNs: number;
  files: number;
  bytes: number;
  attributes: number;
  parseDiagnostics: number;
  evalDiagnostics: number;
  hash: string;
}

const megabytes = Number(process.env.TSVIDER_BENCH_HCL_MB ?? "4");
const rounds = Number(process.env.TSVIDER_BENCH_HCL_ROUNDS ?? "5");
const corpus = generateCorpus(megabytes);
const dir = mkdtempSync(join(tmpdir(), "tsvider-bench-hcl-"));
const contextType = corpus.context.type;
if (contextType.kind !== "object") throw new Error("the corpus context must be an object");
writeFileSync(
  join(dir, "context.json"),
  `{"type":${cty.typeToJSONText(contextType)},"value":${encodeJson(corpus.context.value, contextType)}}`,
);
const names = [...corpus.files.keys()].sort();
const sources = names.map((name) => {
  const bytes = Buffer.from(corpus.files.get(name) ?? "");
  writeFileSync(join(dir, name), bytes);
  return { name, bytes };
});

const variables: Record<string, { value: cty.CtyValue; type: cty.CtyType }> = {};
for (const name of contextType.attributeNames) {
  variables[name] = {
    value: corpus.context.value[name] ?? null,
    type: contextType.attributes[name] ?? cty.dynamic,
  };
}
const ctx: EvalContext = stdlibContext(variables);

// The same walk as the Go side's (see tooling/oracles/hcl-bench/main.go).
class Walker {
  attributes = 0;
  diagnostics = 0;
  readonly values: { path: string; value: cty.CtyValue; type: cty.CtyType }[] = [];

  body(body: NativeBody, path: string): void {
    let attrs: Iterable<Attribute>;
    if (body.blocks.length === 0) {
      const got = body.justAttributes();
      this.diagnostics += got.diagnostics.length;
      attrs = Object.values(got.attributes);
    } else {
      attrs = body.attributes.values();
    }
    // Byte-wise name order, as Go's sort.Strings (names are ASCII in the corpus).
    const sorted = [...attrs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const attr of sorted) {
      const { value, diagnostics } = attr.expr.value(ctx);
      this.attributes++;
      this.diagnostics += diagnostics.length;
      this.values.push({ path: `${path}.${attr.name}`, value: value.value, type: value.type });
    }
    for (const block of body.blocks) {
      let p = `${path}/${block.type}`;
      for (const label of block.labels) p += `[${JSON.stringify(label)}]`;
      this.body(block.body, p);
    }
  }

  hash(): string {
    const h = createHash("sha256");
    for (const { path, value, type } of this.values) {
      const json = cty.containsUnknown(value) ? "unknown" : encodeJson(value, type);
      h.update(`${path}\n${cty.typeToJSONText(type)}\n${json}\n`);
    }
    return h.digest("hex");
  }
}

function ours(): Result {
  const total = sources.reduce((n, s) => n + s.bytes.length, 0);
  const best: Result = {
    parseNs: Infinity,
    evaluateNs: Infinity,
    totalNs: Infinity,
    files: sources.length,
    bytes: total,
    attributes: 0,
    parseDiagnostics: 0,
    evalDiagnostics: 0,
    hash: "",
  };
  // Two unmeasured rounds warm up the JIT; the first also gives the checksum.
  for (let round = -2; round < rounds; round++) {
    const start = process.hrtime.bigint();
    const files: NativeFile[] = [];
    let parseDiagnostics = 0;
    for (const src of sources) {
      const { file, diagnostics } = parseConfig(src.bytes, src.name);
      files.push(file);
      parseDiagnostics += diagnostics.length;
    }
    const parsed = process.hrtime.bigint();
    const walker = new Walker();
    files.forEach((file, i) => {
      walker.body(file.body, sources[i]?.name ?? "");
    });
    const done = process.hrtime.bigint();
    if (round === -2) {
      best.parseDiagnostics = parseDiagnostics;
      best.attributes = walker.attributes;
      best.evalDiagnostics = walker.diagnostics;
      best.hash = walker.hash();
    }
    if (round < 0) continue;
    best.parseNs = Math.min(best.parseNs, Number(parsed - start));
    best.evaluateNs = Math.min(best.evaluateNs, Number(done - parsed));
    best.totalNs = Math.min(best.totalNs, Number(done - start));
  }
  return best;
}

try {
  const mine = ours();
  const oracleBuild = fileURLToPath(new URL("../../../tooling/oracles/build", import.meta.url));
  const oracle = execFileSync(oracleBuild, ["hcl-bench"], { encoding: "utf8" }).trim();
  const theirs = JSON.parse(execFileSync(oracle, [dir, String(rounds)], { encoding: "utf8" })) as Result;

  const ms = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`.padStart(10);
  console.log(
    `hcl native syntax: ${mine.files} generated .tf files, ${(mine.bytes / 1e6).toFixed(2)} MB, ${mine.attributes} attributes, best of ${rounds}`,
  );
  console.log(`                 parse     evaluate     total`);
  console.log(`  @tsvider/hcl ${ms(mine.parseNs)}  ${ms(mine.evaluateNs)}  ${ms(mine.totalNs)}`);
  console.log(`  hcl/v2       ${ms(theirs.parseNs)}  ${ms(theirs.evaluateNs)}  ${ms(theirs.totalNs)}`);
  const x = (a: number, b: number) => `${(a / b).toFixed(2)}x`.padStart(10);
  console.log(
    `  ratio        ${x(mine.parseNs, theirs.parseNs)}  ${x(mine.evaluateNs, theirs.evaluateNs)}  ${x(mine.totalNs, theirs.totalNs)}  (ours / Go)`,
  );
  const checks = ["files", "bytes", "attributes", "parseDiagnostics", "evalDiagnostics", "hash"] as const;
  const mismatches = checks.filter((k) => mine[k] !== theirs[k]);
  if (mismatches.length > 0) {
    for (const k of mismatches) console.error(`  checksum mismatch: ${k}: ours ${mine[k]}, Go ${theirs[k]}`);
    throw new Error("@tsvider/hcl and hcl/v2 did not do the same work; the timings compare nothing");
  }
  if (mine.parseDiagnostics + mine.evalDiagnostics > 0) {
    throw new Error(
      `the corpus gave ${mine.parseDiagnostics} parse and ${mine.evalDiagnostics} evaluation diagnostics on both sides; the generator must produce valid configuration`,
    );
  }
  console.log(`  checksum     same on both sides (${mine.hash.slice(0, 16)}…)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
