// Checks of what provider::tsvider::lens_jq returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.name, "Alice", "a field");
  assert.deepEqual(outputs.count, 3, "a builtin");
  assert.deepEqual(outputs.first, "one", "an index");
}
