// Checks of what provider::tsvider::min returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.clamped, [2, 4, 10], "each count kept within 2..10");
  assert.deepEqual(outputs.cheapest, 0.0116, "the cheapest hourly price");
}
