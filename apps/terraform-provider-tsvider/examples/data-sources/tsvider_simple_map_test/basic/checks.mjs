// The provider runs in test mode for this example; checks the map came back upper-cased.
import { createHash } from "node:crypto";

export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.processed, { team: "PLATFORM", tier: "BACKEND" });
  // SHA-256 of the processed map as JSON with sorted keys and no spaces.
  const canonical = JSON.stringify({ team: "PLATFORM", tier: "BACKEND" });
  assert.equal(outputs.hash, createHash("sha256").update(canonical).digest("hex"));
}
