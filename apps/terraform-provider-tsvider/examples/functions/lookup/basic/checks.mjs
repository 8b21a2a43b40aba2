// Checks of what provider::tsvider::lookup returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.found, "db.example.com", "the key is there");
  assert.deepEqual(outputs.fallback, "default", "the default for a missing key");
  assert.deepEqual(outputs.no_default, 5432, "no default needed for a present key");
}
