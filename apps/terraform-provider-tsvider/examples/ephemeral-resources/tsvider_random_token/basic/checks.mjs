// Checks that the ephemeral token was used during apply and stored nowhere.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function afterApply({ dir, assert }) {
  const used = readFileSync(join(dir, "used-token.txt"), "utf8");
  const match = /^Bearer ([A-Za-z0-9]{24})$/.exec(used);
  assert.ok(match, `the provisioner received a 24-character token, got ${JSON.stringify(used)}`);
  const token = match[1];
  const state = readFileSync(join(dir, "terraform.tfstate"), "utf8");
  assert.equal(state.includes(token), false, "the token is not in terraform.tfstate");
  // The resource that used it records the dependency by name only; no object of the type is kept.
  const types = JSON.parse(state).resources.map((r) => `${r.mode} ${r.type}`);
  assert.deepEqual(types, ["managed terraform_data"], "only the managed resource is in state");
  assert.ok(existsSync(join(dir, "used-token.txt")));
}
