// Checks of what provider::tsvider::max returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.largest, 150, "150 is the largest");
  assert.deepEqual(outputs.decimals, 0.25, "decimals compare exactly");
  assert.deepEqual(outputs.single, 7, "one number is its own maximum");
}
