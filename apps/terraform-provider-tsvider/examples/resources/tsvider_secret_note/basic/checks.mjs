// Checks that the write-only secret reached the provider and nothing kept it, run by the
// conformance runner.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const SECRET = "correct horse battery staple";

export function afterApply({ dir, outputs, assert }) {
  const digest = createHash("sha256").update(SECRET).digest("hex").slice(0, 16);
  assert.equal(outputs.digest, digest, "the digest was computed from the secret, so the secret arrived");
  const stateText = readFileSync(join(dir, "terraform.tfstate"), "utf8");
  assert.ok(!stateText.includes(SECRET), "the secret is not in the state file");
  const instance = JSON.parse(stateText).resources.find((r) => r.type === "tsvider_secret_note").instances[0];
  assert.equal(instance.attributes.secret_value, null, "secret_value is null in state");
  assert.deepEqual(instance.identity, { name: "database-password" }, "the note's identity is its name");
}
