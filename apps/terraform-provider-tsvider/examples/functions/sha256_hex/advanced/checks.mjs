// Checks of what provider::tsvider::sha256_hex returned, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";

const texts = ["", "héllo wörld", "日本語", "emoji 🎉"];

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(
    outputs.hashes,
    texts.map((text) => createHash("sha256").update(text, "utf8").digest("hex")),
    "each hash is the SHA-256 of the text's UTF-8 bytes",
  );
  assert.equal(outputs.same_as_builtin, true, "the function agrees with Terraform's sha256");
  assert.equal(outputs.matches_file, true, "the function agrees with the file's content_hash");
  assert.equal(existsSync(join(dir, "manifest.txt")), true);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "manifest.txt")), false, "destroy removed the file");
}
