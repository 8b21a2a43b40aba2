// Checks of what provider::tsvider::sum returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.total, 60, "10 + 20 + 30");
  assert.deepEqual(outputs.empty, 0, "an empty list sums to 0");
  assert.deepEqual(outputs.decimals, 0.6, "exactly 0.6");
}
