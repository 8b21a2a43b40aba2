// Under OpenTofu and Terraform: the file holds a 32-character token that no state holds, and a
// re-plan (which opens a new token) changes nothing, since content_wo_version did not change.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, assert }) {
  const token = readFileSync(join(dir, "secrets", "api-key.txt"), "utf8");
  assert.match(token, /^[A-Za-z0-9]{32}$/);
  const state = readFileSync(join(dir, "terraform.tfstate"), "utf8");
  assert.equal(state.includes(token), false, "the token is not in the state");
  const [resource] = JSON.parse(state).resources;
  assert.equal(resource.type, "tsvider_secret_file");
  assert.equal(resource.instances[0].attributes.content_wo, null, "write-only: stored as null");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "secrets", "api-key.txt")), false);
}
