// Checks of what provider::tsvider::divide returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.quotient, 4, "12 / 3 is 4");
  assert.deepEqual(outputs.fraction, 2.5, "5 / 2 is 2.5");
  assert.deepEqual(outputs.exact, 0.1, "0.3 / 3 is exactly 0.1");
}
