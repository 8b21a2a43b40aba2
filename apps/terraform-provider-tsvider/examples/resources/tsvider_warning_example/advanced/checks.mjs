// Checks of the names this example resolved, run by the conformance runner.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const expected = { current: "billing", from_file: "from_file:templates/service.conf", legacy: "billing-v1" };

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(outputs.names, expected, "each name from its source");
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "out", "names.json"), "utf8")), expected);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "names.json")), false);
}
