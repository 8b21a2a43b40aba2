// Checks of what provider::tsvider::length returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.missing, 1, "one required field missing");
  assert.deepEqual(outputs.empty, 0, "an empty list");
  assert.deepEqual(outputs.status, "invalid", "a condition on lengths");
}
