// Checks of what provider::tsvider::multiply returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.product, 42, "6 \u00d7 7 is 42");
  assert.deepEqual(outputs.exact, 8.468, "an hourly price times 730 hours, exactly");
  assert.deepEqual(outputs.by_zero, 0, "anything times zero");
}
