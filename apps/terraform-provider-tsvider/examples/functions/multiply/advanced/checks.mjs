// Checks of what provider::tsvider::multiply returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.costs, [8.468, 70.08, 8.395], "each price \u00d7 hours");
  assert.deepEqual(outputs.total, 86.943, "the fleet's month");
  assert.deepEqual(outputs.doubled, 173.886, "twice the fleet");
}
