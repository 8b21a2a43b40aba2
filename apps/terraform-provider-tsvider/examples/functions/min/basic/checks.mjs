// Checks of what provider::tsvider::min returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.smallest, 3, "3 is the smallest");
  assert.deepEqual(outputs.negative, -2, "negative numbers count");
  assert.deepEqual(outputs.single, 7, "one number is its own minimum");
}
