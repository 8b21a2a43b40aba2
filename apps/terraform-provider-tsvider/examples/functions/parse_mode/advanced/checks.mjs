// Checks of the mode provider::tsvider::parse_mode read and the file written with it.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.equal(outputs.bits, 0o640, '"0640" is 416');
  assert.equal(outputs.owner_writes, true, "the owner may write");
  assert.equal(outputs.others_read, false, "others may not read");
  assert.equal(statSync(join(dir, "secret.txt")).mode & 0o777, 0o640, "the file has that mode");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "secret.txt")), false, "destroy removed the file");
}
