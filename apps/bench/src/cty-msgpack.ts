// cty msgpack decode + encode of one large value, in @tsvider/cty and in go-cty (through the
// Go oracle), on the same bytes, reported as a ratio. Target: within 2x go-cty.
//
// The value: an object with 10,000 attributes (strings and numbers), a 100 x 100 list of
// lists of numbers, and a set of 10,000 strings.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as cty from "@tsvider/cty";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";

function largeValue(): { type: cty.CtyType; value: cty.CtyValue } {
  const attributes: Record<string, cty.CtyType> = {};
  const fields: Record<string, cty.CtyValue> = {};
  for (let i = 0; i < 10_000; i++) {
    const name = `attribute_${i}`;
    attributes[name] = i % 2 === 0 ? cty.string : cty.number;
    fields[name] = i % 2 === 0 ? `value number ${i}` : i % 3 === 0 ? i * 1000.25 : i;
  }
  const matrix = Array.from({ length: 100 }, (_, r) => Array.from({ length: 100 }, (_, c) => r * 100 + c));
  const members = Array.from({ length: 10_000 }, (_, i) => `member-${(i * 7919) % 10_000}`);
  const type = cty.object({
    fields: cty.object(attributes),
    matrix: cty.list(cty.list(cty.number)),
    members: cty.set(cty.string),
  });
  return { type, value: { fields, matrix, members } };
}

function timePerRound(round: () => void): number {
  for (let i = 0; i < 3; i++) round(); // warm up the JIT
  let rounds = 0;
  const start = process.hrtime.bigint();
  while (process.hrtime.bigint() - start < 2_000_000_000n || rounds < 5) {
    round();
    rounds++;
  }
  return Number(process.hrtime.bigint() - start) / rounds;
}

const { type, value } = largeValue();
const bytes = encodeMsgpack(value, type);
const decoded = decodeMsgpack(bytes, type);
if (Buffer.compare(Buffer.from(encodeMsgpack(decoded, type)), Buffer.from(bytes)) !== 0) {
  throw new Error("@tsvider/cty did not re-encode the value to the same bytes");
}
const ours = timePerRound(() => {
  encodeMsgpack(decodeMsgpack(bytes, type), type);
});

const oracleBuild = fileURLToPath(new URL("../../../tooling/oracles/build", import.meta.url));
const oracle = execFileSync(oracleBuild, ["cty"], { encoding: "utf8" }).trim();
const input = join(mkdtempSync(join(tmpdir(), "tsvider-bench-")), "value.json");
writeFileSync(input, JSON.stringify({ type: cty.typeToJSON(type), hex: Buffer.from(bytes).toString("hex") }));
const theirs = Number(execFileSync(oracle, ["bench", input], { encoding: "utf8" }).trim());

const ms = (ns: number) => `${(ns / 1e6).toFixed(2)} ms`;
console.log(
  `cty msgpack decode + encode, ${bytes.length} bytes (object of 10,000 attributes, 100x100 list, 10,000-element set)`,
);
console.log(`  @tsvider/cty  ${ms(ours)} per round`);
console.log(`  go-cty        ${ms(theirs)} per round`);
console.log(`  ratio         ${(ours / theirs).toFixed(2)}x go-cty (target: at most 2x)`);
