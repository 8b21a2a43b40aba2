// cty msgpack decode + encode of one large value, in @tsvider/cty and in go-cty (through the
// Go oracle), on the same bytes, reported as a ratio. Target (targets.ts): at most 1x go-cty.
//
// The value (cty-large-value.ts): an object with 10,000 attributes (strings and numbers), a
// 100 x 100 list of lists of numbers, and a set of 10,000 strings.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeMsgpack, encodeMsgpack } from "@tsvider/cty/msgpack";
import { goCtyNsPerRound, LARGE_VALUE, largeValue, writeLargeValueFile } from "./cty-large-value.js";
import { TARGETS, verdict } from "./targets.js";
import { timePerRound } from "./timing.js";

const { type, value } = largeValue();
const bytes = encodeMsgpack(value, type);
const decoded = decodeMsgpack(bytes, type);
if (Buffer.compare(Buffer.from(encodeMsgpack(decoded, type)), Buffer.from(bytes)) !== 0) {
  throw new Error("@tsvider/cty did not re-encode the value to the same bytes");
}
const ours = timePerRound(() => {
  encodeMsgpack(decodeMsgpack(bytes, type), type);
});

const dir = mkdtempSync(join(tmpdir(), "tsvider-bench-"));
writeLargeValueFile(join(dir, "value.json"), type, bytes);
const theirs = goCtyNsPerRound(join(dir, "value.json"));
rmSync(dir, { recursive: true, force: true });

const ms = (ns: number) => `${(ns / 1e6).toFixed(2)} ms`;
console.log(`cty msgpack decode + encode, ${bytes.length} bytes (${LARGE_VALUE})`);
console.log(`  @tsvider/cty  ${ms(ours)} per round`);
console.log(`  go-cty        ${ms(theirs)} per round`);
console.log(
  `  ratio         ${(ours / theirs).toFixed(2)}x go-cty (target: ${TARGETS.ctyCodec.rule}: ${verdict(TARGETS.ctyCodec, ours / theirs)})`,
);
