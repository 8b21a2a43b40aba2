// Checks of what provider::tsvider::round returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.to_int, 4, "no precision: a whole number");
  assert.deepEqual(outputs.to_two, 3.14, "two places");
  assert.deepEqual(outputs.tie_even, 2, "ties go to the even neighbour");
}
