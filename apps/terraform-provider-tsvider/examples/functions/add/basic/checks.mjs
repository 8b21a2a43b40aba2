// Checks of what provider::tsvider::add returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.sum, 8, "add(5, 3) is 8");
  assert.deepEqual(outputs.exact, 0.3, "decimals add without binary rounding");
  assert.deepEqual(outputs.negative, -4.5, "signs and fractions");
}
