// Checks of the import by identity, run by the conformance runner.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const expected = "Written before tofu knew about it.\n";

export function afterApply({ dir, outputs, assert }) {
  assert.equal(readFileSync(join(dir, "existing.txt"), "utf8"), expected, "the imported file is unchanged");
  assert.equal(
    outputs.content_hash,
    createHash("sha256").update(expected).digest("hex"),
    "read filled in content_hash for the imported file",
  );
  const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8"));
  const instance = state.resources.find((r) => r.type === "tsvider_file_content").instances[0];
  assert.deepEqual(instance.identity, { filename: "./existing.txt" }, "state holds the identity imported by");
  assert.equal(instance.identity_schema_version, 0, "at identity version 0");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(
    existsSync(join(dir, "existing.txt")),
    false,
    "destroy removed the file, which it now managed",
  );
}
