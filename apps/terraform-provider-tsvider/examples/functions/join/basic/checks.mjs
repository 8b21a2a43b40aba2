// Checks of what provider::tsvider::join returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.joined, "apple, banana, cherry", "with comma and space");
  assert.deepEqual(outputs.mixed, "v-2-true", "numbers and bools as text");
}
