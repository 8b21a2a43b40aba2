// Checks of what provider::tsvider::contains returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.has_apple, true, "present");
  assert.deepEqual(outputs.has_grape, false, "absent");
}
