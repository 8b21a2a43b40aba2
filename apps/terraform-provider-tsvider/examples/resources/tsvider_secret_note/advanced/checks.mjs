// Checks of a note taking an ephemeral secret, run by the conformance runner. The no-op plan
// after apply is the point: a new random token every run changes nothing while secret_version
// stays the same.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, outputs, assert }) {
  assert.match(outputs.digest, /^[0-9a-f]{16}$/, "a digest was computed from the ephemeral token");
  assert.equal(
    readFileSync(join(dir, "out", "api-key.fingerprint"), "utf8"),
    `api-key 2026-q1 ${outputs.digest}\n`,
  );
  const instance = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8")).resources.find(
    (r) => r.type === "tsvider_secret_note",
  ).instances[0];
  assert.equal(instance.attributes.secret_value, null, "the ephemeral secret is not in state");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "api-key.fingerprint")), false);
}
