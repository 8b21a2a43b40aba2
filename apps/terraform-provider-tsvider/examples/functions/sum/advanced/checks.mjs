// Checks of what provider::tsvider::sum returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.total_gb, 1850, "all volumes");
  assert.deepEqual(outputs.total_text, "1.8 TB", "in human units");
  assert.deepEqual(outputs.over_budget, true, "compares as a number");
}
