// Checks of what provider::tsvider::subtract returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.difference, 6, "10 - 4 is 6");
  assert.deepEqual(outputs.exact, 0.1, "1.1 - 1 is exactly 0.1");
  assert.deepEqual(outputs.below_zero, -2, "a negative result");
}
