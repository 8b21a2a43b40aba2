// Checks of the tokens this example issued, run by the conformance runner.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export const env = { TSVIDER_PRIVATE_STATE_SECRET: "conformance-example-secret-0002" };

const LIFETIMES = { cache: 2 * 3600_000, database: 30 * 60_000, queue: 90 * 60_000 };

export function afterApply({ dir, outputs, assert }) {
  const registry = JSON.parse(readFileSync(join(dir, "out", "token-registry.json"), "utf8"));
  assert.deepEqual(Object.keys(registry).sort(), ["cache", "database", "queue"]);
  for (const [name, ms] of Object.entries(LIFETIMES)) {
    const expires = Date.parse(registry[name].expires_at);
    assert.equal(registry[name].expires_at, outputs.expiries[name], `${name}'s expiry is the one in state`);
    // The expiry is rounded up to a whole second.
    assert.ok(
      expires > Date.now() && expires <= Date.now() + ms + 1000,
      `${name}'s token lives for its lifetime`,
    );
    assert.match(registry[name].id, /^timed-token-id-/);
  }

  const token = readFileSync(join(dir, "out", "database.token"), "utf8");
  assert.match(token, /^token-[0-9a-f-]{36}$/, "the database token was written to its file");
  assert.equal(statSync(join(dir, "out", "database.token")).mode & 0o777, 0o600);
  const state = JSON.parse(readFileSync(join(dir, "terraform.tfstate"), "utf8"));
  const database = state.resources
    .find((r) => r.type === "tsvider_timed_token")
    .instances.find((i) => i.index_key === "database");
  assert.equal(database.attributes.token, token, "the file holds the database service's token");
  const registryText = readFileSync(join(dir, "out", "token-registry.json"), "utf8");
  for (const instance of state.resources.find((r) => r.type === "tsvider_timed_token").instances) {
    assert.ok(!registryText.includes(instance.attributes.token), "no token is in the registry");
  }
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "out", "token-registry.json")), false);
  assert.equal(existsSync(join(dir, "out", "database.token")), false);
}
