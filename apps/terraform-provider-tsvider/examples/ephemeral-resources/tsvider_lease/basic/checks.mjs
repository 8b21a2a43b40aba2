// The lease file existed while the provisioner ran (its copy holds the lease the run was
// given), and was removed when the run closed the lease; its id is in no state file.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, assert }) {
  const held = JSON.parse(readFileSync(join(dir, "held.json"), "utf8"));
  const leaseId = readFileSync(join(dir, "lease-id.txt"), "utf8");
  assert.match(leaseId, /^[0-9a-f-]{36}$/);
  assert.equal(held.lease_id, leaseId, "the lease file held the lease the run was given");
  assert.equal(held.name, "deploy");
  assert.equal(held.renewals, 0);
  // Expiring 30 seconds (the default) after it was opened, which is in the past or near future.
  assert.ok(Date.parse(held.expires_at) > Date.now() - 120_000, held.expires_at);
  assert.deepEqual(
    readdirSync(join(dir, "locks")),
    [],
    "closed: the lease file is gone, nothing left beside it",
  );
  assert.equal(readFileSync(join(dir, "terraform.tfstate"), "utf8").includes(leaseId), false);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "locks", "deploy.lease")), false);
}
