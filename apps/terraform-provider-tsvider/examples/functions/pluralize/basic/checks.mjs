// Checks of what provider::tsvider::pluralize returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.one, "apple", "1: the singular");
  assert.deepEqual(outputs.many, "apples", "2: the plural");
  assert.deepEqual(outputs.custom, "people", "a plural of our own");
}
