// Checks of what provider::tsvider::contains returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.endpoint, "/api/v2", "flag on");
  assert.deepEqual(outputs.by_value, true, "numbers equal by value");
  assert.deepEqual(outputs.no_coercion, false, "a string is not a number");
  assert.deepEqual(outputs.objects, true, "objects equal attribute by attribute");
}
