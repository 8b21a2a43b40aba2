// The action runs from the resource's action_trigger after the create, with the resource's
// computed hash in its message, and appends a line per echo to the log (the UTC time in whole
// seconds, then the message); the re-plan has nothing to do, so it does not run again.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  const message = `released v1.2.3 (${outputs.content_hash.slice(0, 12)})`;
  const lines = readFileSync(join(dir, "logs", "releases.log"), "utf8").split("\n");
  assert.equal(lines.pop(), "", "the log ends with a line break");
  assert.equal(lines.length, 3, "three echoed lines in the log");
  for (const line of lines) {
    const [, stamp, text] = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00) (.*)$/.exec(line) ?? [];
    assert.equal(text, message, `a line is the time and the message: ${line}`);
    assert.ok(!Number.isNaN(Date.parse(stamp)), `${stamp} is a valid time`);
  }
}

export function afterDestroy({ dir, assert }) {
  // Destroying the resource triggers nothing (no before_destroy event): the log is as it was.
  const log = readFileSync(join(dir, "logs", "releases.log"), "utf8");
  assert.equal(log.split("\n").filter(Boolean).length, 3);
}
