// The action runs from the resource's action_trigger after the create, with the resource's
// computed hash in its message, and appends a line per echo to the log; the re-plan has
// nothing to do, so it does not run again.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  const message = `released v1.2.3 (${outputs.content_hash.slice(0, 12)})`;
  const log = readFileSync(join(dir, "logs", "releases.log"), "utf8");
  assert.equal(log, `${message}\n`.repeat(3), "three echoed lines in the log");
}

export function afterDestroy({ dir, assert }) {
  // Destroying the resource triggers nothing (no before_destroy event): the log is as it was.
  const log = readFileSync(join(dir, "logs", "releases.log"), "utf8");
  assert.equal(log.split("\n").filter(Boolean).length, 3);
}
