// Checks of what provider::tsvider::format returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.message, "User admin has 3 roles.", "values in order");
  assert.deepEqual(outputs.numbered, "Hello, world", "numbered placeholders");
}
