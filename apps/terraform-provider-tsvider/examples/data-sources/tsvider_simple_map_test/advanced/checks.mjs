// Checks every input's processed map, written to disk by the example.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "results.json"), "utf8")), {
    empty: {},
    one: { name: "WEB" },
    many: { a: "X", b: "Y", "key with spaces": "Z", unicode: "STRASSE" },
  });
  assert.equal(outputs.hashes_differ, true);
  assert.deepEqual(outputs.none, { input: null, processed: {} });
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "results.json")), false);
}
