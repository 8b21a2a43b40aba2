// Checks exact arithmetic, pass-through of nested values and the hash.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.equal(outputs.big_plus_one, "9007199254740994", "no precision lost beyond 2^53");
  assert.equal(outputs.ratio_plus_one, "1.1", "decimals added exactly");
  assert.deepEqual(outputs.counts, { a: 2, b: 3 });
  // As pyvider hashes it: Python's json.dumps(..., sort_keys=True, default=str) over numbers
  // held as Decimals, which it writes as strings.
  const text = '{"a": "2", "b": "3"}';
  assert.equal(outputs.counts_hash, createHash("sha256").update(text).digest("hex"));
  const written = JSON.parse(readFileSync(join(dir, "results.json"), "utf8"));
  assert.equal(written.label, "EDGE");
  assert.deepEqual(written.nested, { keep: "as is" });
  assert.deepEqual(written.ports, [80, 443]);
  assert.equal(written.enabled, false);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "results.json")), false);
}
