// Checks of what applying this example read, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

export function afterApply({ dir, outputs, assert }) {
  const motd = readFileSync(join(dir, "motd.txt"));
  assert.equal(outputs.motd_hash, sha256(motd), "content_hash is the SHA-256 of the file's bytes");
  assert.equal(outputs.motd_size, motd.length, "size is the file's size in bytes");
  assert.equal(outputs.greeting, "Hello, world!\n", "the data source read the file the resource wrote");
  assert.equal(outputs.greeting_hash_matches, true, "the data source and the resource agree on the hash");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "greeting.txt")), false, "destroy removed the written file");
  assert.equal(existsSync(join(dir, "motd.txt")), true, "the data source left the file it read alone");
}
