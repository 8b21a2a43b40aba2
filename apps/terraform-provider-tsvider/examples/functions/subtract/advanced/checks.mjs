// Checks of what provider::tsvider::subtract returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.spread, 105, "150 - 45");
  assert.deepEqual(outputs.round_trip, 0.7, "subtract undoes add exactly");
  assert.deepEqual(outputs.remaining, -293, "100 minus the total");
}
