// Checks that the reader shows the provider block's settings, with the defaults for the rest.
export function afterApply({ outputs, assert }) {
  assert.equal(outputs.endpoint, "https://api.example.com/v1");
  assert.equal(outputs.timeout, 10);
  assert.equal(outputs.retries, 3, "api_retries defaults to 3");
  assert.equal(outputs.tls_verified, true, "api_insecure_skip_verify defaults to false");
  assert.deepEqual(outputs.headers, {}, "no api_headers: an empty map");
  assert.equal(outputs.token, "example-token", "output -json shows a sensitive output's value");
}
