// The value the cty msgpack benches decode and encode (an object of 10,000 attributes, strings
// and numbers; a 100 x 100 list of lists of numbers; a set of 10,000 strings), the file every
// side of them reads it from, and go-cty's time for it (tooling/oracles/cty bench).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as cty from "@tsvider/cty";
import { encodeMsgpack } from "@tsvider/cty/msgpack";

export const LARGE_VALUE = "object of 10,000 attributes, 100x100 list, 10,000-element set";

export function largeValue(): { type: cty.CtyType; value: cty.CtyValue } {
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

/**
 * Writes `{ type, hex }` (the type in cty's JSON form, the value's msgpack bytes) to `file`, the
 * input of go-cty's `cty-oracle bench`, of cty-rounds.ts and of tooling/pyvider/cty_bench.py.
 * Returns the size of the msgpack bytes.
 */
export function writeLargeValueFile(file: string, type: cty.CtyType, bytes: Uint8Array): number {
  writeFileSync(
    file,
    JSON.stringify({ type: cty.typeToJSON(type), hex: Buffer.from(bytes).toString("hex") }),
  );
  return bytes.length;
}

/** Writes the large value's file and returns its msgpack size in bytes. */
export function writeLargeValue(file: string): number {
  const { type, value } = largeValue();
  return writeLargeValueFile(file, type, encodeMsgpack(value, type));
}

const oracleBuild = fileURLToPath(new URL("../../../tooling/oracles/build", import.meta.url));

/** go-cty's nanoseconds per decode + encode of the value in `file` (about two seconds of rounds). */
export function goCtyNsPerRound(file: string): number {
  const oracle = execFileSync(oracleBuild, ["cty"], { encoding: "utf8" }).trim();
  return Number(execFileSync(oracle, ["bench", file], { encoding: "utf8" }).trim());
}
