// Checks of the token this example issued, run by the conformance runner.
import { readFileSync } from "node:fs";
import { join } from "node:path";

// Private state is sealed with this secret; a practitioner sets their own.
export const env = { TSVIDER_PRIVATE_STATE_SECRET: "conformance-example-secret-0001" };

export function afterApply({ dir, outputs, assert, atLeast }) {
  const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}";
  assert.match(outputs.id, new RegExp(`^timed-token-id-${uuid}$`), "id names the token");
  assert.match(outputs.token, new RegExp(`^token-${uuid}$`), "the token is a random UUID");
  assert.match(outputs.expires_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, "UTC, in whole seconds");
  assert.equal(outputs.lifetime, "1h", "lifetime takes its default");
  const expires = Date.parse(outputs.expires_at);
  assert.ok(expires > Date.now(), "the token has not expired yet");
  // Rounded up to a whole second.
  assert.ok(expires <= Date.now() + 3600_000 + 1000, "it expires within the hour it was issued for");

  const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8"));
  const instance = state.resources.find((r) => r.type === "tsvider_timed_token").instances[0];
  assert.ok(instance.private, "the token has private state");
  const sealed = Buffer.from(instance.private, "base64").toString("latin1");
  assert.ok(!sealed.includes(outputs.token), "private state holds the token encrypted, not in clear");
  // OpenTofu and Terraform record an attribute sensitive by its schema in the state's
  // sensitive_attributes from 1.8 on (OpenTofu 1.6-1.7 and Terraform 1.5-1.7 leave it empty,
  // found by running this example on every host of the matrix).
  if (atLeast("1.8.0"))
    assert.ok(instance.sensitive_attributes.length > 0, "token is marked sensitive in state");
}
