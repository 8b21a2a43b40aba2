// The trigger ran after the create, with the resource's computed hash in the marker.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.match(outputs.content_hash, /^[0-9a-f]{64}$/);
  assert.equal(readFileSync(join(dir, "markers", "deployed.sha256"), "utf8"), outputs.content_hash);
}
