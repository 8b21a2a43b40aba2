// Checks of what the provider functions returned, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  const expected = createHash("sha256").update("Hello, functions!\n").digest("hex");
  assert.equal(outputs.hash, expected, "sha256_hex is the SHA-256 of the string's UTF-8 bytes, in hex");
  assert.equal(outputs.hash_matches_resource, true, "the function and the resource agree on the hash");
  assert.equal(outputs.path, "a/c/d.txt", "join_path joins and normalizes the segments");
  assert.equal(outputs.mode, 420, 'parse_mode("0644") is 420');
  assert.equal(readFileSync(join(dir, "out", "note.txt"), "utf8"), "Hello, functions!\n");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "note.txt")), false, "destroy removed the file");
}
