// Checks of what provider::tsvider::round returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.cents, [19.99, 20.0, 20.0], "to cents, ties to even");
  assert.deepEqual(outputs.hundreds, 1200, "a negative precision rounds to hundreds");
  assert.deepEqual(outputs.scaled, 4, "3 \u00d7 85/70 is about 3.64");
}
