// Under both OpenTofu and Terraform: the lease was renewed while the provisioner still used it
// (the copy shows a renewal and an expiry moved past the first one), then closed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, assert }) {
  const renewed = JSON.parse(readFileSync(join(dir, "renewed.json"), "utf8"));
  assert.equal(renewed.name, "schema migration");
  assert.ok(renewed.renewals >= 1, `renewed at least once: ${JSON.stringify(renewed)}`);
  assert.deepEqual(readdirSync(join(dir, "locks")), [], "closed: the lease file is gone");
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "locks", "migration.lease")), false);
}
