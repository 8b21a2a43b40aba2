// The provider runs in test mode for this example; checks the map came back upper-cased.
import { createHash } from "node:crypto";

export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.processed, { team: "PLATFORM", tier: "BACKEND" });
  // SHA-256 of the processed map as pyvider writes it: Python's json.dumps with sorted keys.
  const canonical = '{"team": "PLATFORM", "tier": "BACKEND"}';
  assert.equal(outputs.hash, createHash("sha256").update(canonical).digest("hex"));
}
