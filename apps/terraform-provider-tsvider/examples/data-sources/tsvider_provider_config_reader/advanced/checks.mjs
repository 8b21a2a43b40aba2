// Checks that each provider configuration reads back its own settings, on disk and in outputs.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

const expected = {
  production: {
    endpoint: "https://api.example.com",
    timeout: 30,
    retries: 3,
    tls_verified: true,
    headers: { "X-Environment": "production" },
    has_token: false,
  },
  staging: {
    // The trailing slash is dropped: paths are appended after one.
    endpoint: "https://staging.example.internal:8443",
    timeout: 2.5,
    retries: 0,
    tls_verified: false,
    headers: { "X-Environment": "staging", "X-Debug": "1" },
    has_token: true,
  },
};

export function afterApply({ dir, outputs, assert }) {
  assert.deepEqual(outputs.summary, expected);
  assert.deepEqual(JSON.parse(readFileSync(join(dir, "provider-settings.json"), "utf8")), expected);
}

export function afterDestroy({ dir, assert }) {
  assert.equal(existsSync(join(dir, "provider-settings.json")), false);
}
