// Checks of what provider::tsvider::replace returned, run by the conformance runner.
export function afterApply({ outputs, assert }) {
  assert.deepEqual(outputs.dns, "billing-api-v2", "spaces to hyphens, parentheses gone");
  assert.deepEqual(outputs.removed, "20240115", "an empty replacement removes");
}
